import fc from "fast-check";
import { NUL_QUERIES } from "./corpus";
import { encodingArb, bytes, FORM } from "./encodings";
import { formArb, hex, percent, pick, templates } from "./forms";
import type { RawRequest } from "./raw-http";

// The fuzz suite's request generator (fast-check arbitraries). A request is one of our own forms
// (any of them, sent to any action) with some fields replaced by hostile values and some keys
// added, then framed in a right or wrong way: method, content type, multipart structure, size,
// origin and cookies. Every request carries tags naming what was done to it, for the counts.

export type Persona = "guest" | "user";

/** What the generator needs to know about the site: real values make requests reach deeper. */
export type FuzzContext = {
  origin: string;
  /** The action's address: real ones (with real parameters) and malformed ones. */
  paths: { valid: string[]; malformed: string[] };
  /** An index route: its action is addressed with `?index`. */
  index: boolean;
  /** The signed-in persona's account (its password is real, so some sign-ins succeed). */
  email: string;
  password: string;
  otherEmail: string;
  venueId: string;
  pendingVenueId: string;
  /** A live password-reset token (of another account), so the reset form can succeed once. */
  resetToken: string;
  /** The action's limit for a plain form, when it is not the default (the calendar's). */
  formLimit?: number;
};

export type Planned = {
  request: RawRequest;
  /** Whether a fresh session of the action's user goes in the Cookie header, plus any junk. */
  cookie: { session: boolean; junk?: string };
  tags: string[];
};

const JUNK_COOKIES = [
  "vv.session_token=garbage",
  `vv.session_token=${"A".repeat(32)}.${"B".repeat(43)}%3D`,
  "vv.session_token=%",
  "vv.session_token=; vv.session_token=x.y",
  `vv.session_token=${"x".repeat(6000)}`,
  "vv_flash=garbage",
  "vv_flash=eyJ0eXBlIjoiZXJyb3IifQ%3D%3D.bad",
  "=; ; ;=",
  "\u00ff=\u00ff",
];

const QUERY_JUNK = [
  "redirectTo=%2F%2Fevil.example",
  "%ZZ",
  "_data=routes%2Fauth%2Flogin",
  "index&index",
  "type=recovery&token=bogus",
  `q=${"a".repeat(4000)}`,
  ...NUL_QUERIES,
];

/**
 * One of our forms filled in as a user would, sent as our page sends it (own origin, the session,
 * url-encoded), to a malformed address of the action (a non-UUID id in the path) or with NUL bytes
 * in its query: so that a bad id or query meets the action's own checks, past its framing ones.
 */
function cleanRequestArb(c: FuzzContext, persona: Persona): fc.Arbitrary<Planned> {
  const malformed = c.paths.malformed.length > 0;
  return fc
    .tuple(
      pick(malformed ? c.paths.malformed : c.paths.valid),
      hex(8),
      percent,
      // A bad address with a clean query or a NUL one; a good address always with a NUL one.
      malformed ? fc.option(pick(NUL_QUERIES), { freq: 3 }) : pick(NUL_QUERIES),
    )
    .map(([path, h, n, nul]) => {
      const all = templates(c, h);
      const fields = all[n % (all.length - 1)]!; // not the empty one
      const document = n % 10 === 0;
      const query = [...(c.index ? ["index"] : []), ...(nul ? [nul] : [])];
      const tags = ["request:clean", `target:${document ? "document" : "data"}`];
      if (malformed) tags.push("path:malformed");
      if (nul) tags.push("query:nul");
      return {
        request: {
          method: "POST",
          path: `${document ? path : `${path === "/" ? "/_root" : path}.data`}${query.length ? `?${query.join("&")}` : ""}`,
          headers: {
            "user-agent": "vv-fuzz",
            origin: c.origin,
            "content-type": FORM,
            ...(document ? { accept: "text/html" } : {}),
          },
          body: bytes(new URLSearchParams(fields).toString()),
        },
        cookie: { session: persona === "user" },
        tags,
      };
    });
}

/** One request to one action, as `persona`: mostly a mangled one, some clean ones to bad addresses. */
export function requestArb(c: FuzzContext, persona: Persona): fc.Arbitrary<Planned> {
  return fc.oneof(
    { weight: 85, arbitrary: mangledRequestArb(c, persona) },
    { weight: 15, arbitrary: cleanRequestArb(c, persona) },
  );
}

function mangledRequestArb(c: FuzzContext, persona: Persona): fc.Arbitrary<Planned> {
  const method = fc.oneof(
    { weight: 80, arbitrary: fc.constant("POST") },
    { weight: 6, arbitrary: fc.constant("PUT") },
    { weight: 6, arbitrary: fc.constant("PATCH") },
    { weight: 6, arbitrary: fc.constant("DELETE") },
  );
  const path = c.paths.malformed.length
    ? fc.oneof(
        { weight: 85, arbitrary: pick(c.paths.valid).map((p) => ({ p, tag: "" })) },
        { weight: 15, arbitrary: pick(c.paths.malformed).map((p) => ({ p, tag: "path:malformed" })) },
      )
    : pick(c.paths.valid).map((p) => ({ p, tag: "" }));
  const target = fc.oneof(
    // Document requests render the whole page (100 ms and more each under Vite): a few suffice.
    { weight: 98, arbitrary: fc.constant("data" as const) },
    { weight: 2, arbitrary: fc.constant("document" as const) },
  );
  const query = fc.tuple(percent, pick(QUERY_JUNK)).map(([n, junk]) => {
    const parts = [];
    if (c.index ? n >= 10 : n < 4) parts.push("index");
    if (n % 12 === 5) parts.push(junk);
    return { q: parts.length ? `?${parts.join("&")}` : "", tag: n % 12 === 5 ? "query:junk" : "" };
  });
  const origin = fc.oneof(
    { weight: 92, arbitrary: fc.constant<Record<string, string>>({ origin: c.origin }) },
    { weight: 4, arbitrary: fc.constant<Record<string, string>>({}) },
    { weight: 2, arbitrary: fc.constant<Record<string, string>>({ origin: "https://evil.example" }) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({ origin: "null" }) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({ referer: `${c.origin}/login` }) },
  );
  const cookie = fc.tuple(percent, pick(JUNK_COOKIES)).map(([n, junk]) => ({
    session: persona === "user" && n >= 2,
    junk: n < (persona === "user" ? 4 : 6) ? junk : undefined,
  }));
  const body = formArb(c).chain((pairs) => encodingArb(pairs, c.formLimit).map((e) => ({ e, pairs })));

  return fc
    .tuple(method, path, target, query, origin, cookie, body)
    .map(([m, p, tgt, q, o, ck, { e, pairs }]) => {
      const base = tgt === "data" ? `${p.p === "/" ? "/_root" : p.p}.data` : p.p;
      const headers: Record<string, string> = { "user-agent": "vv-fuzz", ...o };
      if (e.contentType !== undefined) headers["content-type"] = e.contentType;
      const tags = new Set<string>([
        `method:${m}`,
        `target:${tgt}`,
        e.tag,
        `origin:${o.origin === c.origin ? "ours" : o.origin ? "foreign" : o.referer ? "referer-only" : "none"}`,
      ]);
      if (p.tag) tags.add(p.tag);
      if (q.tag) tags.add(q.tag);
      if (ck.junk) tags.add("cookie:junk");
      if (e.form)
        for (const pair of pairs) {
          tags.add(pair.tag);
          if (pair.keyTag) tags.add(pair.keyTag);
        }
      return {
        request: { method: m, path: base + q.q, headers, body: e.body },
        // An aborted upload gets no answer, and the server may go on with it after we counted rows:
        // without a session it can change nothing that is not a refusal's (rate counters).
        cookie: e.body.kind === "abort" ? { junk: ck.junk, session: false } : ck,
        tags: [...tags].filter(Boolean),
      };
    });
}
