/**
 * A seeded knowledge graph for the memory server's `read_graph` capture:
 * 1,150 entities (900 people, 250 services, projects and migrations) and
 * 2,279 relations, the same for the same seed.
 */
import { random } from "./generate.ts";

/** An entity as server-memory's `create_entities` takes it. */
export interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}

/** A relation as server-memory's `create_relations` takes it. */
export interface Relation {
  from: string;
  to: string;
  relationType: string;
}

const FIRST = [
  "Ada",
  "Bilal",
  "Chiara",
  "Dmitri",
  "Efua",
  "Farid",
  "Greta",
  "Haruto",
  "Ines",
  "Jonas",
  "Kavya",
  "Lucas",
  "Mei",
  "Nadia",
  "Olu",
  "Pilar",
  "Quentin",
  "Ravi",
  "Sanne",
  "Tomas",
  "Uma",
  "Viktor",
  "Wanjiru",
  "Ximena",
  "Yusuf",
  "Zofia",
];
const LAST = [
  "Abara",
  "Berg",
  "Costa",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Horvat",
  "Ito",
  "Jovanovic",
  "Kaur",
  "Lindqvist",
  "Moreau",
  "Nowak",
  "Okafor",
  "Petrov",
  "Quispe",
  "Rossi",
  "Sato",
  "Tan",
  "Urquhart",
  "Varga",
  "Weiss",
  "Yamada",
  "Zulu",
];
const TEAMS = [
  "Payments",
  "Platform",
  "Mobile",
  "Data",
  "Search",
  "Billing",
  "Identity",
  "Infra",
  "Growth",
  "Support Tools",
];
const ROLES = [
  "Backend Engineer",
  "Frontend Engineer",
  "Tech Lead",
  "Engineering Manager",
  "Product Manager",
  "SRE",
  "Security Engineer",
  "Data Engineer",
  "QA Engineer",
  "Principal Engineer",
];
const HABITS = [
  "Runs the Thursday architecture review",
  "Keeps a running list of flaky tests and fixes one a week",
  "Prefers written proposals to long meetings",
  "On call for the primary database cluster this quarter",
  "Wrote the onboarding guide for new hires",
  "Based in Nairobi; overlaps with Berlin in the morning",
  "Time zone UTC-5; answers messages after 14:00 UTC",
  "Likes to pair on tricky migrations",
  "Reviews every change to the billing schema",
  "Moved from the support team two years ago",
  "Speaks Spanish, French and English",
  "Mentors two interns this summer",
];
const TOPICS = [
  "Kafka",
  "PostgreSQL 17",
  "gRPC",
  "Terraform",
  "Rust",
  "Go",
  "WebAssembly",
  "Redis",
  "OpenTelemetry",
  "Kubernetes",
  "SQLite",
  "Deno",
  "GraphQL",
  "Elixir",
];
const TOPIC_VERBS = [
  "asked about",
  "is learning",
  "gave a talk on",
  "prefers",
  "migrated a job to",
];
const CODENAMES = [
  "Basalt",
  "Comet",
  "Delta",
  "Ember",
  "Fjord",
  "Glacier",
  "Harbor",
  "Iris",
  "Juniper",
  "Kestrel",
  "Lantern",
  "Meridian",
  "Nebula",
  "Orchid",
  "Pylon",
  "Quartz",
  "Raven",
  "Sequoia",
  "Tundra",
];
const KINDS = ["Service", "Project", "Migration", "Initiative"];
const STATES = ["planned", "in progress", "blocked", "shipped", "being retired"];
const RELATIONS = [
  ["maintains", 450],
  ["reviews", 420],
  ["advises", 410],
  ["contributes_to", 400],
  ["pairs_with", 205],
  ["mentors", 200],
  ["reports_to", 194],
] as const;

/** The graph: `entities` first, then `relations` between them. */
export function knowledgeGraph(seed = 11): { entities: Entity[]; relations: Relation[] } {
  const rng = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const day = () =>
    `2025-${String(int(1, 12)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`;

  const people: Entity[] = [];
  for (let i = 0; i < 900; i++) {
    const habits = new Set<string>();
    const count = int(1, 4);
    while (habits.size < count) habits.add(pick(HABITS));
    people.push({
      name: `${pick(FIRST)} ${pick(LAST)} #${i}`,
      entityType: "person",
      observations: [
        `Team: ${pick(TEAMS)}`,
        `Role: ${pick(ROLES)}`,
        ...habits,
        `${pick(TOPIC_VERBS)} ${pick(TOPICS)}`,
        `Last contacted ${day()}`,
      ],
    });
  }
  const things: Entity[] = [];
  const types = ["service", "project", "migration"];
  for (let i = 0; i < 250; i++) {
    const team = pick(TEAMS);
    const slug = team.toLowerCase().replace(/ /g, "-");
    const name = `${pick(KINDS)} ${pick(CODENAMES)}-${i + 1}`;
    things.push({
      name,
      entityType: types[i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : 2],
      observations: [
        `Stack: ${pick(TOPICS)}, ${pick(TOPICS)}, ${pick(TOPICS)}`,
        `State: ${pick(STATES)}`,
        `Owned by the ${team} team`,
        `Next milestone ${day().replace("2025", "2026")}`,
        `Repository: git@code.example.invalid:${slug}/${name.toLowerCase().replace(/ /g, "-")}.git`,
        `Budget ${int(40, 900)}k EUR; ${int(2, 30)} engineers`,
      ],
    });
  }
  const relations: Relation[] = [];
  const seen = new Set<string>();
  for (const [relationType, count] of RELATIONS) {
    const personal = relationType === "pairs_with" || relationType === "mentors" ||
      relationType === "reports_to";
    for (let made = 0; made < count;) {
      const from = pick(people).name;
      const to = personal ? pick(people).name : pick(things).name;
      const key = `${from}\u0000${to}\u0000${relationType}`;
      if (from === to || seen.has(key)) continue;
      seen.add(key);
      relations.push({ from, to, relationType });
      made++;
    }
  }
  // Grouped by the person, as a graph built up over time tends to read.
  relations.sort((a, b) => Number(a.from.split("#")[1]) - Number(b.from.split("#")[1]));
  return { entities: [...people, ...things], relations };
}
