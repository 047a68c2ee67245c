import { benchPage } from "./_page.ts";

await benchPage("synthetic-search-results-dict.json");
