import fc from "fast-check";
import { addDays, utcDay } from "../../../app/lib/dates";
import {
  EMAILS,
  FIELD_NAMES,
  HOSTILE_DATES,
  HOSTILE_KEYS,
  INJECTION,
  INVISIBLE,
  NUMBERS,
  OPEN_REDIRECTS,
  UNICODE,
} from "./corpus";
import type { FuzzContext } from "./requests";

// The fields of a fuzzed request: one of our own forms (any of them, sent to any action) with
// some fields replaced by hostile values, dropped or repeated, and some keys added.

type Tagged = { v: string; tag: string };
export type Pair = { k: string; v: string; tag: string; keyTag?: string };

export const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const tagged = (tag: string, arb: fc.Arbitrary<string>): fc.Arbitrary<Tagged> => arb.map((v) => ({ v, tag }));
/** 0-99, evenly (fast-check's integers lean to small values, which would skew the shares). */
export const percent = fc.noBias(fc.integer({ min: 0, max: 99 }));
export const hex = (n: number) =>
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
export function templates(c: FuzzContext, h: string): Record<string, string>[] {
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
export function formArb(c: FuzzContext): fc.Arbitrary<Pair[]> {
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
