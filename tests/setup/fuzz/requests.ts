import fc from "fast-check";
import { FORM_BODY_LIMIT } from "../../../app/infra/form.server";
import { addDays, utcDay } from "../../../app/lib/dates";
import {
  EMAILS,
  FIELD_NAMES,
  HOSTILE_DATES,
  HOSTILE_KEYS,
  INJECTION,
  INVISIBLE,
  NUL_QUERIES,
  NUMBERS,
  ODD_CONTENT_TYPES,
  OPEN_REDIRECTS,
  RAW_FRAGMENTS,
  UNICODE,
} from "./corpus";
import type { Body, RawRequest } from "./raw-http";

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
};

export type Planned = {
  request: RawRequest;
  /** Whether a fresh session of the action's user goes in the Cookie header, plus any junk. */
  cookie: { session: boolean; junk?: string };
  tags: string[];
};

type Tagged = { v: string; tag: string };
type Pair = { k: string; v: string; tag: string; keyTag?: string };

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const tagged = (tag: string, arb: fc.Arbitrary<string>): fc.Arbitrary<Tagged> => arb.map((v) => ({ v, tag }));
/** 0-99, evenly (fast-check's integers lean to small values, which would skew the shares). */
const percent = fc.noBias(fc.integer({ min: 0, max: 99 }));
const hex = (n: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: n, maxLength: n });

/** The longest value each field takes (app/lib/validation/fields.ts MAX); others: 200. */
const MAX_BY_FIELD: Record<string, number> = {
  name: 100,
  email: 254,
  password: 128,
  currentPassword: 128,
  newPassword: 128,
  confirmPassword: 128,
  avatarUrl: 2048,
  comment: 2000,
};

/** The fields that take a day or a month: most of their hostile values are hostile dates. */
const DATE_FIELDS = new Set(["from", "to", "weddingDate", "month", "date"]);
let hostileDates: fc.Arbitrary<Tagged> | undefined;

/** Values that are wrong in every way we could think of, for any field. */
function hostileValue(key: string): fc.Arbitrary<Tagged> {
  const max = MAX_BY_FIELD[key] ?? 200;
  let arb = hostileValues.get(max);
  if (!arb) hostileValues.set(max, (arb = hostileValueUpTo(max)));
  if (DATE_FIELDS.has(key))
    return (hostileDates ??= fc.oneof(
      { weight: 1, arbitrary: arb },
      { weight: 3, arbitrary: tagged("value:date", pick(HOSTILE_DATES)) },
    ));
  return arb;
}

/**
 * One arbitrary per length limit, made once: the requests are drawn through `chain`, which would
 * otherwise build one per field of every request, and building fast-check's grapheme strings
 * costs more than drawing from them (a twentieth of the suite's CPU).
 */
const hostileValues = new Map<number, fc.Arbitrary<Tagged>>();
function hostileValueUpTo(max: number): fc.Arbitrary<Tagged> {
  const overlong = fc
    .tuple(
      fc.constantFrom(max + 1, max * 2 + 1, 5_000, 30_000, 90_000),
      pick(["a", "\u00E9", "\u{1F600}", "<", " "]),
    )
    .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));
  return fc.oneof(
    { weight: 2, arbitrary: tagged("value:empty", fc.constant("")) },
    {
      weight: 3,
      arbitrary: tagged(
        "value:nul",
        pick(["\u0000", "a\u0000b", "Fuzzy\u0000Couple", "\u0000".repeat(50), "x@test.example\u0000"]),
      ),
    },
    { weight: 3, arbitrary: tagged("value:overlong", overlong) },
    { weight: 3, arbitrary: tagged("value:invisible", pick(INVISIBLE)) },
    { weight: 3, arbitrary: tagged("value:unicode", pick(UNICODE)) },
    { weight: 2, arbitrary: tagged("value:number", pick(NUMBERS)) },
    { weight: 2, arbitrary: tagged("value:injection", pick(INJECTION)) },
    { weight: 2, arbitrary: tagged("value:redirect", pick(OPEN_REDIRECTS)) },
    { weight: 2, arbitrary: tagged("value:email-ish", pick(EMAILS)) },
    { weight: 2, arbitrary: tagged("value:random", fc.string({ unit: "grapheme", maxLength: 40 })) },
    { weight: 2, arbitrary: tagged("value:random", fc.string({ unit: "binary", maxLength: 40 })) },
    { weight: 1, arbitrary: tagged("value:uuid", fc.uuid()) },
  );
}

/** A plausible value for one of our fields (so that some requests get past validation). */
function realValue(key: string, c: FuzzContext): fc.Arbitrary<Tagged> {
  const real = (...xs: string[]) => tagged("value:real", pick(xs));
  switch (key) {
    case "intent":
      return real(
        "login",
        "register",
        "revoke-sessions",
        "delete",
        "LOGIN",
        // The venue manager's edit page (issue 13).
        "faq-add",
        "faq-delete",
        "reply-save",
        "reply-delete",
        "image-remove",
        "image-cover",
        "image-move",
        // A venue's calendar (issue 24).
        "mark",
      );
    case "direction":
      return real("up", "down", "sideways");
    case "url":
      return real("/uploads/seed/a-800.webp", "/uploads/../../etc/passwd", "https://evil.example/x.jpg");
    case "email":
      return fc.oneof(
        real(c.email, c.otherEmail),
        tagged(
          "value:real",
          hex(8).map((h) => `fuzz-${h}@test.example`),
        ),
      );
    case "password":
    case "currentPassword":
      return real(c.password, "fresh-fuzz-password-1", "123456");
    case "newPassword":
    case "confirmPassword":
      return real("fresh-fuzz-password-1", "short");
    case "name":
      return real("Fuzzy Couple", "Zo\u00EB \u00D1\u00FA\u00F1ez");
    case "comment":
      return real("Lovely venue, kind staff.", "ok");
    case "rating":
      return real("1", "2", "3", "4", "5");
    case "venueId":
    case "save":
      return real(c.venueId, c.pendingVenueId, "00000000-0000-4000-8000-000000000000");
    case "saved":
      return real("true", "false");
    case "redirectTo":
      return tagged("value:redirect", pick(OPEN_REDIRECTS));
    case "token":
      return real(c.resetToken, "bogus-token-1234567890");
    case "type":
      return real("recovery");
    case "avatarUrl":
      return real("https://img.example/a.png", "", "http://127.0.0.1:1/x.png");
    case "status":
      return real("booked", "held", "available");
    case "from":
    case "to":
    case "weddingDate":
    case "date":
      return real(SOON, addDays(SOON, 1));
    case "month":
      return real(SOON.slice(0, 7));
    default:
      return hostileValue(key);
  }
}

/** A day the calendar and the inquiry form take. */
const SOON = addDays(utcDay(), 60);

/** Our forms, filled in as a user would (any of them may be sent to any action). */
function templates(c: FuzzContext, h: string): Record<string, string>[] {
  return [
    { intent: "login", email: c.email, password: c.password, redirectTo: "/account" },
    {
      intent: "register",
      name: "Fuzzy Couple",
      email: `fuzz-${h}@test.example`,
      password: "fresh-fuzz-password-1",
      confirmPassword: "fresh-fuzz-password-1",
      redirectTo: "/",
    },
    { email: c.email },
    { token: c.resetToken, password: "fresh-fuzz-password-1", confirmPassword: "fresh-fuzz-password-1" },
    {
      currentPassword: c.password,
      newPassword: "fresh-fuzz-password-2",
      confirmPassword: "fresh-fuzz-password-2",
    },
    { name: "Fuzzy Couple", email: c.email, avatarUrl: "https://img.example/a.png" },
    { intent: "revoke-sessions" },
    { rating: "4", comment: "Lovely venue, kind staff." },
    { venueId: c.venueId, saved: "true" },
    // The venue manager's edit page (issue 13): an FAQ, a reply, an image change.
    { intent: "faq-add", question: "Is there parking?", answer: "Yes, for 80 cars." },
    { intent: "reply-save", reviewId: "00000000-0000-4000-8000-000000000000", reply: "Thank you!" },
    { intent: "image-move", url: "/uploads/seed/a-800.webp", direction: "up" },
    // A venue's calendar, and the inquiry form (issues 23, 24, 39: their dates).
    { intent: "mark", from: SOON, to: SOON, status: "booked" },
    {
      name: "Fuzzy Couple",
      email: c.email,
      weddingDate: SOON,
      guests: "80",
      message: "Is your garden free that day?",
    },
    {},
  ];
}

const keyArb: fc.Arbitrary<{ k: string; tag?: string }> = fc.oneof(
  { weight: 4, arbitrary: pick(FIELD_NAMES).map((k) => ({ k })) },
  { weight: 2, arbitrary: pick(HOSTILE_KEYS).map((k) => ({ k, tag: "key:hostile" })) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }).map((k) => ({ k, tag: "key:random" })),
  },
);

/** One of our forms with fields replaced, dropped or repeated, and random keys added. */
function formArb(c: FuzzContext): fc.Arbitrary<Pair[]> {
  return fc.tuple(percent, hex(8)).chain(([n, h]) => {
    const all = templates(c, h);
    const tpl = all[n % all.length]!;
    const fields = Object.entries(tpl).map(([k, v]) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant<Pair[]>([{ k, v, tag: "value:real" }]) },
        { weight: 5, arbitrary: hostileValue(k).map((t): Pair[] => [{ k, v: t.v, tag: t.tag }]) },
        { weight: 1, arbitrary: fc.constant<Pair[]>([]) },
        {
          weight: 1,
          arbitrary: hostileValue(k).map((t): Pair[] => [
            { k, v: t.v, tag: t.tag, keyTag: "key:repeated" },
            { k, v, tag: "value:real" },
          ]),
        },
      ),
    );
    const extra = fc.array(
      keyArb.chain(({ k, tag }) =>
        fc
          .oneof(realValue(k, c), hostileValue(k))
          .map((t): Pair[] => [{ k, v: t.v, tag: t.tag, keyTag: tag }]),
      ),
      { maxLength: 4 },
    );
    return fc.tuple(fc.tuple(...fields), extra).map(([a, b]) => [...a.flat(), ...b.flat()]);
  });
}

const urlencode = (pairs: Pair[]) => new URLSearchParams(pairs.map((p) => [p.k, p.v])).toString();

/** A multipart body as browsers write it (names escaped as the HTML spec says). */
function multipart(pairs: Pair[], boundary: string, opts: { file?: Buffer; eol?: string } = {}): Buffer {
  const eol = opts.eol ?? "\r\n";
  const esc = (s: string) => s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const parts: Buffer[] = pairs.map((p) =>
    Buffer.from(
      `--${boundary}${eol}Content-Disposition: form-data; name="${esc(p.k)}"${eol}${eol}${p.v}${eol}`,
    ),
  );
  if (opts.file)
    parts.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name="avatar"; filename="a.png"${eol}Content-Type: image/png${eol}${eol}`,
      ),
      opts.file,
      Buffer.from(eol),
    );
  parts.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(parts);
}

/** `form`: whether the generated fields went out (as opposed to a body of another kind). */
type Encoded = { body: Body; contentType?: string; tag: string; form?: boolean };
const bytes = (b: Buffer | string, framing: "length" | "chunked" = "length"): Body => ({
  kind: "bytes",
  bytes: Buffer.isBuffer(b) ? b : Buffer.from(b),
  framing,
});
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** The same form, framed right or wrong. */
function encodingArb(pairs: Pair[]): fc.Arbitrary<Encoded> {
  const boundary = hex(16).map((h) => `----fuzz${h}`);
  // Bodies are built only for the framing drawn (a value may be 90,000 characters long).
  const text = lazy(() => urlencode(pairs));
  const wellFormed = boundary.map((b) => ({ b, body: multipart(pairs, b) }));
  return fc.oneof(
    {
      weight: 34,
      arbitrary: fc
        .tuple(
          pick([FORM, `${FORM}; charset=UTF-8`, "Application/X-WWW-Form-Urlencoded"]),
          fc.boolean(),
          percent,
        )
        .map(([ct, chunked, n]) => ({
          body: bytes(text(), chunked && n < 20 ? "chunked" : "length"),
          contentType: ct,
          tag: "body:urlencoded",
          form: true,
        })),
    },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(pick(RAW_FRAGMENTS), fc.nat()), { minLength: 1, maxLength: 4 })
        .map((frags) => {
          let s = text();
          for (const [f, at] of frags) {
            const i = s.length ? at % (s.length + 1) : 0;
            s = s.slice(0, i) + f + s.slice(i);
          }
          const raw = Buffer.concat([Buffer.from(s), Buffer.from([0x80, 0xff, 0xc3])]);
          return { body: bytes(raw), contentType: FORM, tag: "body:urlencoded-broken", form: true };
        }),
    },
    {
      weight: 12,
      arbitrary: fc
        .tuple(boundary, fc.option(fc.uint8Array({ maxLength: 300 }), { freq: 4 }))
        .map(([b, file]) => ({
          body: bytes(multipart(pairs, b, { file: file ? Buffer.from(file) : undefined })),
          contentType: `${MULTIPART}; boundary=${b}`,
          tag: "body:multipart",
          form: true,
        })),
    },
    {
      weight: 4,
      arbitrary: wellFormed.map(({ body }) => ({
        body: bytes(body),
        contentType: MULTIPART,
        tag: "body:multipart-no-boundary",
        form: true,
      })),
    },
    {
      weight: 5,
      arbitrary: wellFormed.chain(({ b, body }) =>
        fc.noBias(fc.nat(Math.max(0, body.length - 2))).map((cut) => ({
          body: bytes(body.subarray(0, cut)),
          contentType: `${MULTIPART}; boundary=${b}`,
          tag: "body:multipart-truncated",
          form: true,
        })),
      ),
    },
    { weight: 5, arbitrary: brokenMultipart(pairs) },
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(
          () => JSON.stringify(Object.fromEntries(pairs.map((p) => [p.k, p.v]))),
          () => `{"email": "${pairs[0]?.v ?? ""}"`,
          () => "[]",
          () => "null",
          () => '{"__proto__": {"admin": true}}',
        )
        .map((s) => ({ body: bytes(s()), contentType: "application/json", tag: "body:json" })),
    },
    {
      weight: 3,
      arbitrary: fc.constant(null).map(() => ({
        body: bytes(pairs.map((p) => `${p.k}=${p.v}`).join("\r\n")),
        contentType: "text/plain",
        tag: "body:text-plain",
        form: true,
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .constant(null)
        .map(() => ({ body: bytes(text()), tag: "body:no-content-type", form: true })),
    },
    {
      weight: 4,
      arbitrary: pick(ODD_CONTENT_TYPES).map((ct) => ({
        body: bytes(text()),
        contentType: ct,
        tag: "body:odd-content-type",
        form: true,
      })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ minLength: 1, maxLength: 2048 }),
          fc.option(pick([FORM, MULTIPART, "application/json"])),
        )
        .map(([garbage, ct]) => ({
          body: bytes(Buffer.from(garbage)),
          contentType: ct ?? undefined,
          tag: "body:garbage-bytes",
        })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.option(pick([FORM, `${MULTIPART}; boundary=x`, "text/plain"])),
          pick(["length", "chunked"] as const),
        )
        .map(([ct, framing]) => ({
          body: bytes(Buffer.alloc(0), framing),
          contentType: ct ?? undefined,
          tag: "body:empty",
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(FORM_BODY_LIMIT + 1, 2 * 1024 * 1024, 200 * 1024 * 1024, 600 * 1024 * 1024)
        .map((length) => ({
          body: { kind: "declared", length } as Body,
          contentType: FORM,
          tag: "body:huge-declared",
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.integer({ min: FORM_BODY_LIMIT + 1, max: 4 * FORM_BODY_LIMIT }),
          pick([FORM, `${MULTIPART}; boundary=x`]),
        )
        .map(([size, ct]) => ({
          body: { kind: "stream", size, fill: Buffer.from(`name=${"a".repeat(16 * 1024)}&`) } as Body,
          contentType: ct,
          tag: "body:huge-chunked",
        })),
    },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 1, max: 20 * 1024 }).map((extra) => ({
        body: bytes(`comment=${"x".repeat(FORM_BODY_LIMIT + extra)}`),
        contentType: FORM,
        tag: "body:over-limit-sent",
      })),
    },
    {
      weight: 3,
      arbitrary: fc.integer({ min: 50 * 1024, max: FORM_BODY_LIMIT - 2048 }).map((n) => ({
        body: bytes(`${text()}&${pairs[0]?.k ?? "comment"}=${"y".repeat(n)}`.slice(0, FORM_BODY_LIMIT - 1)),
        contentType: FORM,
        tag: "body:near-limit",
        form: true,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 4000 }).map((sent) => ({
        body: { kind: "abort", declared: sent + 5000, sent } as Body,
        contentType: FORM,
        tag: "body:aborted-upload",
      })),
    },
  );
}

/** Multipart bodies that break the format in one place each. */
function brokenMultipart(pairs: Pair[]): fc.Arbitrary<Encoded> {
  const b = "fuzzboundary";
  const ct = `${MULTIPART}; boundary=${b}`;
  const good = lazy(() => multipart(pairs, b).toString("latin1"));
  const variants: (() => [string, string])[] = [
    () => [`${MULTIPART}; boundary=other`, good()],
    () => [ct, good().replace(new RegExp(`--${b}--\\r\\n$`), "")],
    () => [ct, multipart(pairs, b, { eol: "\n" }).toString("latin1")],
    () => [ct, `--${b}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--\r\n`],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="email"\r\nX-${"h".repeat(10_000)}: 1\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    () => [ct, `--${b}\r\nno colon here\r\n\r\nx\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data; name="a"b"\r\n\r\nx\r\n--${b}--\r\n`],
    () => [ct, `--${b}\r\nContent-Disposition: form-data; name*=UTF-8''%E2%9C%93\r\n\r\nx\r\n--${b}--\r\n`],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="email"\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@\r\n--${b}--\r\n`,
    ],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n\u00ff\u00fe\r\n--${b}--\r\n`,
    ],
    () => [ct, `preamble junk\r\n${good()}epilogue junk`],
    () => [ct, `--${b}--\r\n`],
    () => [ct, `--${b}\r\n`.repeat(500)],
    () => [`${MULTIPART}; boundary=${"x".repeat(71)}`, multipart(pairs, "x".repeat(71)).toString("latin1")],
    () => [`${MULTIPART}; boundary="a b"`, multipart(pairs, "a b").toString("latin1")],
    () => [
      ct,
      `--${b}\r\nContent-Disposition: form-data; name="inner"\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n--in\r\n\r\nx\r\n--in--\r\n--${b}--\r\n`,
    ],
  ];
  return pick(variants).map((variant) => {
    const [contentType, body] = variant();
    return { body: bytes(Buffer.from(body, "latin1")), contentType, tag: "body:multipart-malformed" };
  });
}

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
  const body = formArb(c).chain((pairs) => encodingArb(pairs).map((e) => ({ e, pairs })));

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
