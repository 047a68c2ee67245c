import { benchPage } from "./_page.ts";

await benchPage("synthetic-github-issues-5000.json.gz");
