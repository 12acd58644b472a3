import { sql } from "drizzle-orm";
import { venuePath } from "../../../app/lib/venue-url";
import { venueManagers } from "../../../database/schema";
import { createVenue } from "../factories";
import { isOnSite, redirectTarget } from "./checks";
import { ourShare } from "./engines";
import { HOSTILE_DATES, NUL_QUERIES, OPEN_REDIRECTS } from "./corpus";
import { ALL_LOADERS, DATE_PAGES, PARAMS, pathsFor, readsDates, roleFor } from "./routes";
import { get, inBatches, loggedErrors, send, sessionCookie, type FuzzSite } from "./site";

// The fuzz suite's GET sweeps and its redirect checks of the sign-in (tests/setup/fuzz/suite.ts
// says what each asserts). Each returns the problems it found and what the app logged meanwhile.

const browser = (cookie: string) => ({
  ...(cookie ? { cookie } : {}),
  accept: "text/html",
  "user-agent": "vv-fuzz",
});

/** Each page of the area, as its role, with malformed ids and NUL bytes in its query. */
export async function sweepPages(site: FuzzSite, includes: (file: string) => boolean) {
  const requests = new Set<string>();
  const personaOf = new Map<string, string>();
  for (const page of ALL_LOADERS.filter((p) => includes(p.file))) {
    const persona = site.pagePersonas.get(roleFor(page.file));
    if (!persona) continue;
    const unknown = page.params.filter((p) => !PARAMS[p]);
    if (unknown.length) throw new Error(`Add ${unknown.map((p) => `:${p}`).join(", ")} to PARAMS`);
    const paths = pathsFor(page, persona.known);
    const add = (p: string, queries: string[]) => {
      for (const q of queries)
        for (const target of [p, `${p}.data`]) {
          const request = `${target}${q ? `?${q}` : ""}`;
          requests.add(request);
          personaOf.set(request, persona.cookie);
        }
    };
    for (const p of paths.valid) add(p, ["", ...NUL_QUERIES]);
    for (const p of paths.malformed) add(p, ["", NUL_QUERIES[0]!]);
  }
  const problems: string[] = [];
  const all = ourShare([...requests]);
  // A loader that catches a database error logs it and shows 'Failed to load ...' with a 200.
  const logged = await loggedErrors(site, () =>
    inBatches(all, async (request) => {
      const res = await get(site, request, browser(personaOf.get(request)!));
      if (res.status === undefined) problems.push(`GET ${request}: no answer (${res.error})`);
      else if (res.status >= 500) problems.push(`GET ${request}: ${res.status}`);
      else if (res.status === 200 && /Failed to load/.test(res.body.toString("utf8")))
        problems.push(`GET ${request}: 'Failed to load' in the page`);
    }),
  );
  console.log(`pages: ${all.length} GETs with malformed ids and NUL bytes`);
  return { problems, logged };
}

/** The route files of the part that read a day or a month and have no line in DATE_PAGES. */
export const unlistedDatePages = (includes: (file: string) => boolean) =>
  ALL_LOADERS.filter(
    (r) => includes(r.file) && readsDates(r.file) && !DATE_PAGES.some((p) => p.file === r.file),
  ).map((r) => r.file);

/** Each page of DATE_PAGES in the part, with each hostile day or month: all answered 400. */
export async function sweepDatePages(site: FuzzSite, includes: (file: string) => boolean) {
  const pages = DATE_PAGES.filter((p) => includes(p.file));
  const venue = await createVenue(site.t.db, { name: "Fuzz Dates Hall" });
  const cookies: Record<string, string> = {};
  for (const role of ["admin", "venue_manager"] as const) {
    const { id } = await site.t.signUp({ name: "Fuzz Dates Persona", role });
    if (role === "venue_manager")
      await site.t.db.insert(venueManagers).values({ userId: id, venueId: venue.id });
    cookies[role] = await sessionCookie(site, id);
  }
  const requests = pages.flatMap((p) => {
    const [pathname, query] = p.path
      .replace("{id}", venue.id)
      .replace("{slug}", venuePath(venue).slice("/venue/".length))
      .split("?") as [string, string];
    return HOSTILE_DATES.filter(Boolean).flatMap((value) =>
      [pathname, `${pathname}.data`].map((target) => ({
        path: `${target}?${query}${encodeURIComponent(value)}`,
        cookie: p.role ? cookies[p.role]! : "",
      })),
    );
  });
  const problems: string[] = [];
  const mine = ourShare(requests);
  const logged = await loggedErrors(site, () =>
    inBatches(mine, async (r) => {
      const res = await get(site, r.path, browser(r.cookie));
      if (res.status !== 400) problems.push(`GET ${r.path}: ${res.status ?? `no answer (${res.error})`}`);
    }),
  );
  console.log(`date pages: ${mine.length} GETs with hostile days and months`);
  return { problems, logged };
}

/** Where `res` sends the browser, as a problem when that is nowhere or off the site. */
function offSite(site: FuzzSite, what: string, res: Awaited<ReturnType<typeof send>>, notRedirect = "") {
  const target = res.status === undefined ? null : redirectTarget(res);
  if (target === null) return [`${what}: answered ${res.status}${notRedirect}`];
  if (!isOnSite(target, site.server.origin)) return [`${what}: redirects to ${JSON.stringify(target)}`];
  return [];
}

/** A signed-in visit to /login with each redirectTo of the corpus. */
export async function signedInLoginRedirects(site: FuzzSite) {
  const cookie = await sessionCookie(site, site.accounts.values().next().value!.id);
  const problems: string[] = [];
  for (const [i, redirectTo] of OPEN_REDIRECTS.entries())
    for (const path of i % 4 === 0 ? ["/login", "/login.data"] : ["/login.data"]) {
      const res = await get(site, `${path}?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie });
      problems.push(...offSite(site, `${path} ${JSON.stringify(redirectTo)}`, res));
    }
  return problems;
}

/** A successful sign-in with every fourth redirectTo of the corpus. */
export async function signInRedirects(site: FuzzSite) {
  const password = "redirect-corpus-password";
  const { email } = await site.t.signUp({ password });
  const problems: string[] = [];
  // Each sign-in hashes a password (150 ms and more here): every fourth entry of the corpus
  // (it is grouped by kind of trick); the signed-in visit above runs all of it.
  const sample = OPEN_REDIRECTS.filter((_, i) => i % 4 === 0);
  for (const [i, redirectTo] of sample.entries()) {
    // The sign-in throttles are not under test here: every attempt starts from a clean slate.
    await site.t.db.execute(sql`delete from rate_limits`);
    const document = i % 3 === 0;
    const res = await send(site, {
      method: "POST",
      path: document ? "/login" : "/login.data",
      headers: { origin: site.server.origin, "content-type": "application/x-www-form-urlencoded" },
      body: {
        kind: "bytes",
        framing: "length",
        bytes: Buffer.from(new URLSearchParams({ intent: "login", email, password, redirectTo }).toString()),
      },
    });
    problems.push(...offSite(site, JSON.stringify(redirectTo), res, ", not a redirect"));
  }
  return problems;
}
