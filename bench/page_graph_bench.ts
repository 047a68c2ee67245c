import { benchPage } from "./_page.ts";

await benchPage("memory-read_graph.json");
