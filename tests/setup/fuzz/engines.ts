// `npm test` runs the integration suite on PGlite and then, when TEST_DATABASE_URL is set, on
// PostgreSQL, which is the same PostgreSQL compiled to WebAssembly. The fuzz suite's work is
// shared between them, each engine with a seed of its own, so that together they send what the
// suite must (1,000 requests per action, issue 7). A request on PGlite costs about 1.6 times one
// on PostgreSQL, and PGlite's stage runs beside the browser tests, so it takes a fifth (issue 40).
export const ON_POSTGRES = process.env.TEST_DB === "postgres";
const BOTH = !!process.env.TEST_DATABASE_URL;

/** This engine's part of `total` runs: all of them alone, a fifth on PGlite beside PostgreSQL. */
export const runsOf = (total: number) =>
  !BOTH ? total : ON_POSTGRES ? total - Math.round(total / 5) : Math.round(total / 5);

/** The requests of a fixed list this engine sends: all alone; PGlite every fifth, PostgreSQL the rest. */
export const ourShare = <T>(items: T[]): T[] =>
  BOTH ? items.filter((_, i) => (i % 5 === 0) !== ON_POSTGRES) : items;
