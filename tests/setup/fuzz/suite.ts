import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_ACTIONS, ONLY, PARAMS, partOf, type FuzzPart } from "./routes";
import { fuzzAction, RUNS, SEED, summary } from "./runner";
import { closeSite, openSite, sessionCookie, type FuzzSite } from "./site";
import {
  signedInLoginRedirects,
  signInRedirects,
  sweepDatePages,
  sweepPages,
  unlistedDatePages,
} from "./sweeps";

// Nothing a stranger sends can hurt (issue 7). Every action of app/routes.ts gets FUZZ_RUNS
// malformed requests as a guest and as many as a signed-in user, over real HTTP: wrong methods,
// wrong and broken content types, truncated multipart, huge, empty and aborted bodies, NUL,
// overlong, invisible and odd-unicode values, random keys, open-redirect targets, foreign or
// missing origins, junk cookies (./requests.ts); and some sent as our own page sends them but
// to a malformed address (a non-UUID id) or with NUL bytes in the query. For each we assert:
//   - no answer is a 5xx (and every request that waits for an answer gets one);
//   - a refused request (4xx) wrote no row: row counts of every table of database/schema/,
//     sessions and verifications included, before and after (rate_limits counts attempts by design);
//   - a redirect never leaves the site;
//   - the server still answers /healthz.
// The site's part and one of the back office's also GET each page of their routes, as the area's
// role (a signed-in person on the site), with malformed ids in its URL and NUL bytes in its query:
// no 5xx, and no database failure logged (issue 21; the site's since a report page's bad id
// reached the database, issue 46). The site's part and the back office's GET their pages that take a day or a month
// (DATE_PAGES) with hostile ones: each answered, with a 400, and no database failure logged
// (issue 39). A new action is fuzzed without touching the suite; a new dynamic URL segment needs
// a line in PARAMS (./routes.ts; the test says so). FUZZ_SEED replays a run; FUZZ_RUNS changes
// its size; FUZZ_ONLY=<part of a route file> fuzzes only the matching actions.

/** The back office: the admin and venue manager areas. */
export const isBackOffice = (file: string) => /^routes\/(admin|manager)\//.test(file);

type Sweeps = {
  /** GET the pages of the route files this takes, with malformed ids and NUL queries. */
  pages?: (file: string) => boolean;
  /** GET the DATE_PAGES of the route files this takes, with hostile days and months. */
  dates?: (file: string) => boolean;
  /** Check where the sign-in sends the browser. */
  loginRedirects?: boolean;
};

/** The fuzz suite over the actions of app/routes.ts in `part` (./routes.ts partOf), and `sweeps`. */
export function describeFuzz(label: string, part: FuzzPart, sweeps: Sweeps = {}) {
  const actions = ALL_ACTIONS.filter((a) => partOf(a.file) === part);
  let site: FuzzSite;
  beforeAll(async () => {
    site = await openSite(actions, { pages: !!sweeps.pages });
    // A minted session is a real one.
    const first = site.accounts.values().next().value;
    if (first) {
      const res = await site.server.fetch("/account", { cookie: await sessionCookie(site, first.id) });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
  }, 120_000);
  afterAll(() => closeSite(site));

  describe(`fuzzing ${label} (seed ${SEED}, ${RUNS} runs per persona)`, () => {
    it.skipIf(ONLY)("finds the actions", () => {
      expect(actions.length).toBeGreaterThan(0);
    });

    for (const action of actions) {
      it(`${action.file} (${action.pattern})`, { timeout: 300_000 }, async () => {
        const unknown = action.params.filter((p) => !PARAMS[p]);
        if (unknown.length)
          throw new Error(
            `The action route ${action.pattern} (${action.file}) has URL segment(s) ${unknown
              .map((p) => `:${p}`)
              .join(", ")} that the fuzz suite cannot fill: add a real value and malformed ones to ` +
              `PARAMS in tests/setup/fuzz/routes.ts.`,
          );
        const started = performance.now();
        const stats = await fuzzAction(site, action);
        console.log(summary(action, stats, performance.now() - started));

        const health = await site.server.fetch("/healthz");
        await health.body?.cancel();
        expect(health.status, "GET /healthz after the fuzzing").toBe(200);

        if (stats.failures.length) {
          const shown = stats.failures.slice(0, 12);
          throw new Error(
            `${stats.failures.length} problem(s) fuzzing ${action.pattern} (seed ${SEED}):\n\n` +
              shown.map((f) => `- ${f.problem}\n    ${f.request}\n    [${f.tags.join(" ")}]`).join("\n\n") +
              (stats.failures.length > shown.length
                ? `\n\n... and ${stats.failures.length - shown.length} more`
                : ""),
          );
        }
      });
    }

    const pages = sweeps.pages;
    if (pages)
      it(
        "GETs each page of the area with malformed ids and NUL bytes in its query: no 5xx, no database failure",
        { timeout: 300_000 },
        async () => {
          const { problems, logged } = await sweepPages(site, pages);
          expect(problems.slice(0, 20)).toEqual([]);
          expect(logged.slice(0, 10)).toEqual([]);
        },
      );

    const dates = sweeps.dates;
    if (dates)
      it(
        "GETs each page that takes a day or a month with hostile ones: each answered 400, no database failure",
        { timeout: 300_000 },
        async () => {
          expect(
            unlistedDatePages(dates),
            "add these pages to DATE_PAGES in tests/setup/fuzz/routes.ts",
          ).toEqual([]);
          const { problems, logged } = await sweepDatePages(site, dates);
          expect(problems.slice(0, 20)).toEqual([]);
          expect(logged.slice(0, 10)).toEqual([]);
        },
      );

    if (sweeps.loginRedirects) {
      it("a signed-in visit to /login never sends the browser off-site, whatever redirectTo says", async () => {
        expect(await signedInLoginRedirects(site)).toEqual([]);
      });

      it("a successful sign-in never sends the browser off-site either", { timeout: 60_000 }, async () => {
        expect(await signInRedirects(site)).toEqual([]);
      });
    }

    it("still answers /healthz afterwards", async () => {
      const res = await site.server.fetch("/healthz");
      expect(res.status).toBe(200);
      await res.body?.cancel();
    });
  });
}
