import { benchPage } from "./_page.ts";

await benchPage("synthetic-app-log-2mb.json");
