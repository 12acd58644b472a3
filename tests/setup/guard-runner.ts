import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { expect, vi } from "vitest";
import { queryRows } from "../../app/infra/db.server";
import routes from "../../app/routes";
import * as schema from "../../database/schema";
import type { HttpTestApp } from "./http-app";
import type { TestApp } from "./test-app";

// The one runner of the route × role tables (admin-guard, manager-guard, routes, guards): the
// routes of app/routes.ts, what a refusal answers, and proof that a refusal changed nothing.

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
export type RouteInfo = { file: string; pattern: string; loader: boolean; action: boolean };

const flatten = (entries: RouteEntry[], parent = ""): { file: string; pattern: string }[] =>
  entries.flatMap((r) => {
    const pattern = r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
    return [{ file: r.file, pattern }, ...flatten(r.children ?? [], pattern)];
  });

/** Every file app/routes.ts names, nested routes included. */
export const routeFiles = (): string[] => flatten(routes as RouteEntry[]).map((r) => r.file);

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
/** The routes under `dir` (e.g. "routes/admin/"), with their URL patterns and whether each has a loader, an action. */
export async function routesUnder(dir: string): Promise<RouteInfo[]> {
  const found: RouteInfo[] = [];
  for (const r of flatten(routes as RouteEntry[])) {
    if (!r.file.startsWith(dir)) continue;
    const mod = (await import(/* @vite-ignore */ path.join(APP_DIR, r.file))) as {
      loader?: unknown;
      action?: unknown;
    };
    found.push({ ...r, loader: typeof mod.loader === "function", action: typeof mod.action === "function" });
  }
  return found;
}

export type Body = { body: BodyInit; headers: Record<string, string> };
/** A urlencoded form post's body. */
export const form = (fields: Record<string, string>): Body => ({
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
/** A multipart body of fields and files (a PNG, or a text file of `type`). */
export const multipart = (
  fields: Record<string, string>,
  files: { field: string; bytes: Buffer | string; name?: string; type?: string }[] = [],
): Body => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) {
    const bytes = typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes);
    body.append(f.field, new Blob([bytes], { type: f.type ?? "image/png" }), f.name ?? "p.png");
  }
  return { body, headers: {} };
};

/** The venue form's post, filled in by someone who may not save it (the venue type `typeId`). */
export const strangersVenueEdit = (typeId: string): Body =>
  multipart({
    name: "Renamed By A Stranger",
    description: "x",
    addressLine1: "1 Main St",
    city: "Denver",
    postalCode: "80202",
    region: "Denver Metro & Surrounding Areas",
    category: typeId,
    priceType: "single",
    price: "100",
    capacity: "10",
    latitude: "",
    longitude: "",
  });

/** A day a month from today (a calendar's form posts). */
export const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** Where a single-fetch (`.data`) answer sends the browser, or null when it is no redirect. */
export function dataRedirect(res: Response, text: string): string | null {
  // React Router answers a redirect to a `.data` request with 202 and the target in the payload.
  if (res.status !== 202 && res.status !== 204) return null;
  const m = /"redirect","([^"]+)"/.exec(text) ?? /redirect[^/]*?(\/[^"\s]*)/.exec(text);
  return m ? m[1]! : null;
}

/** The `.data` address of a page's address (its query kept). */
export function dataUrlOf(url: string): string {
  const { pathname, search } = new URL(url, "http://x");
  return `${pathname}.data${search}`;
}

/**
 * A status, "login" for a redirect to /login that comes back to `url`, "account" for a redirect
 * to /account (a signed-in visitor without the area's role), or another address to be sent to;
 * every redirect but the one to /login carries its reason in a flash toast.
 */
export type Outcome = number | "login" | "account" | `/${string}`;

/** Where `want` sends the visitor, or null when it is a plain status. */
export const redirectOf = (want: Outcome, url: string) =>
  typeof want === "number"
    ? null
    : want === "login"
      ? `/login?redirectTo=${encodeURIComponent(url)}`
      : want === "account"
        ? "/account"
        : want;

/** Asserts an answer (an HTTP response, or a guard's outcome) is `want`. */
export function expectAnswer(
  res: { status: number; headers: Headers },
  want: Outcome,
  url: string,
  label = url,
) {
  const to = redirectOf(want, url);
  if (to === null) return expect(res.status, label).toBe(want);
  expect(res.status, label).toBe(302);
  expect(res.headers.get("location"), label).toBe(to);
  if (want !== "login")
    expect(res.headers.get("set-cookie"), `${label}: the message travels as a flash toast`).toMatch(
      /vv_flash=/,
    );
}

/** Asserts a single-fetch (`.data`) answer redirects where `want` sends the visitor. */
export function expectDataRedirect(res: Response, text: string, want: Outcome, url: string, label: string) {
  const to = res.headers.get("location") ?? dataRedirect(res, text);
  expect(to, `${label}: ${res.status} ${text.slice(0, 200)}`).toBe(redirectOf(want, url));
}

/**
 * Watches a test app's database and error log: `unchanged(label, fn)` runs the refused requests
 * of `fn` and asserts no table changed (sign-in bookkeeping aside) and nothing was logged as an
 * error; it returns the snapshot taken before, for what the allowed request then changes.
 */
export function watchTables(t: TestApp) {
  const tables = Object.values(schema)
    .filter((v) => is(v, PgTable))
    .map((v) => getTableName(v as PgTable))
    // Sign-in bookkeeping: sessions are touched by reads; rate limits count attempts.
    .filter((name) => name !== "sessions" && name !== "rate_limits")
    .sort();
  // Every refusal is an answer, never an exception: anything logged as an error fails.
  const errors = vi.spyOn(t.app.logger, "error");

  /** Every table's content as one digest per table: any insert, update or delete shows. */
  async function snapshot(): Promise<Record<string, string>> {
    const columns = tables
      .map(
        (name) =>
          `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x) as "${name}"`,
      )
      .join(", ");
    const [row] = await queryRows<Record<string, string>>(t.db, sql.raw(`select ${columns}`));
    return row!;
  }
  const changed = (a: Record<string, string>, b: Record<string, string>) =>
    tables.filter((n) => a[n] !== b[n]);
  const errorsSince = (n: number) => errors.mock.calls.slice(n);

  async function unchanged(label: string, fn: () => Promise<void>) {
    const before = await snapshot();
    const errorsBefore = errors.mock.calls.length;
    await fn();
    expect(changed(before, await snapshot()), `tables changed by ${label}`).toEqual([]);
    expect(errorsSince(errorsBefore), `errors logged while refusing`).toEqual([]);
    return { before, errorsBefore, changedSince: async () => changed(before, await snapshot()) };
  }
  return { snapshot, changed, errorsSince, unchanged };
}

/** The visitors the admin area refuses, with their answers: a guest 401, a user and a venue manager 403. */
export async function nonAdmins(t: TestApp) {
  const user = await t.signUp();
  const manager = await t.signUp({ role: "venue_manager" });
  return [
    [undefined, 401],
    [user.cookie, 403],
    [manager.cookie, 403],
  ] as const;
}

/**
 * Posts `body()` to `url` and to its `.data` address as each visitor, and asserts the refusal:
 * its status (in the payload where single fetch answers 200/202) and, where given, its text.
 */
export async function expectRefusedPosts(
  http: HttpTestApp,
  url: string,
  body: () => Body,
  visitors: { who: string; cookie: string | undefined; status: number; text?: string }[],
) {
  const dataUrl = url.replace(/(\?|$)/, ".data$1");
  for (const v of visitors)
    for (const target of [url, dataUrl]) {
      const res = await http.fetch(target, { method: "POST", ...body(), cookie: v.cookie });
      const text = await res.text();
      if (target === dataUrl && res.status !== v.status)
        expect(text, `${v.who} POST ${target}`).toContain(String(v.status));
      else expect(res.status, `${v.who} POST ${target}: ${text.slice(0, 200)}`).toBe(v.status);
      if (v.text) expect(text, `${v.who} POST ${target}`).toContain(v.text);
    }
}
