import crypto from "node:crypto";

// A signed "this form was handed out at" time (issue 23). The inquiry form carries one in a
// hidden field, so the server can tell how long the form was open without keeping anything per
// visitor: a script that posts the moment it loads the form is refused. HMAC-SHA256 under a key
// derived from the session secret, so a stamp cannot be made up or moved to another purpose
// (one venue's form to another's).

export type FormStamps = {
  /** A stamp of the time `at` (now by default) for forms of `purpose`. */
  issue(purpose: string, at?: number): string;
  /** Milliseconds since the stamp was issued; null when it is not a stamp of ours for `purpose`. */
  age(purpose: string, stamp: string, now?: number): number | null;
};

/** A stamp from the future beyond this much clock difference (between instances) is refused. */
const SKEW_MS = 60_000;
const STAMP = /^(\d{1,15})\.([\w-]{43})$/;

export function createFormStamps(secret: string): FormStamps {
  const key = crypto.createHmac("sha256", secret).update("vv form stamps").digest();
  const mac = (purpose: string, at: number) =>
    crypto.createHmac("sha256", key).update(`${purpose}\n${at}`).digest("base64url");
  return {
    issue: (purpose, at = Date.now()) => `${at}.${mac(purpose, at)}`,
    age(purpose, stamp, now = Date.now()) {
      const m = STAMP.exec(stamp);
      if (!m) return null;
      const at = Number(m[1]);
      const expected = Buffer.from(mac(purpose, at));
      const given = Buffer.from(m[2]!);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      if (at > now + SKEW_MS) return null;
      return Math.max(0, now - at);
    },
  };
}
