import crypto from "node:crypto";

// A signed "this form was handed out at" time (issue 23). The inquiry form carries one in a
// hidden field, so the server can tell how long the form was open: a script that posts the
// moment it loads the form is refused. HMAC-SHA256 under a key derived from the session secret,
// so a stamp cannot be made up or moved to another purpose (one venue's form to another's). A
// random nonce makes each stamp its own, so that its one use can be recorded (issue 39:
// services/form-stamps.server.ts) even when two forms are handed out in the same millisecond.

export type StampRead = {
  /** When the stamp was issued (ms since the epoch). */
  issuedAt: number;
  /** Milliseconds since then. */
  age: number;
  /** The stamp's signature: what tells this stamp from every other. */
  id: string;
};

export type FormStamps = {
  /** A stamp of the time `at` (now by default) for forms of `purpose`. */
  issue(purpose: string, at?: number): string;
  /** The stamp's time and id; null when it is not a stamp of ours for `purpose`. */
  read(purpose: string, stamp: string, now?: number): StampRead | null;
  /** Milliseconds since the stamp was issued; null when it is not a stamp of ours for `purpose`. */
  age(purpose: string, stamp: string, now?: number): number | null;
};

/** A stamp from the future beyond this much clock difference (between instances) is refused. */
const SKEW_MS = 60_000;
// time.nonce.signature; stamps issued before the nonce (claim links in mails sent then) have none.
const STAMP = /^(\d{1,15})\.(?:([\w-]{16})\.)?([\w-]{43})$/;

export function createFormStamps(secret: string): FormStamps {
  const key = crypto.createHmac("sha256", secret).update("vv form stamps").digest();
  const mac = (purpose: string, at: number, nonce: string | undefined) =>
    crypto
      .createHmac("sha256", key)
      .update(nonce === undefined ? `${purpose}\n${at}` : `${purpose}\n${at}\n${nonce}`)
      .digest("base64url");
  const read: FormStamps["read"] = (purpose, stamp, now = Date.now()) => {
    const m = STAMP.exec(stamp);
    if (!m) return null;
    const at = Number(m[1]);
    const expected = Buffer.from(mac(purpose, at, m[2]));
    const given = Buffer.from(m[3]!);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    if (at > now + SKEW_MS) return null;
    return { issuedAt: at, age: Math.max(0, now - at), id: m[3]! };
  };
  return {
    issue(purpose, at = Date.now()) {
      const nonce = crypto.randomBytes(12).toString("base64url");
      return `${at}.${nonce}.${mac(purpose, at, nonce)}`;
    },
    read,
    age: (purpose, stamp, now) => read(purpose, stamp, now)?.age ?? null,
  };
}
