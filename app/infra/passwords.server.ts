// Password hashes: scrypt as better-auth makes them (N = 2^14, r = 16, p = 1, a 64-byte key
// stored as "salt:key"), with the cost a setting (PASSWORD_HASH_COST). A hash made at another
// cost says so ("N:salt:key"), so that every server verifies every hash whatever its setting.
// The tests run at cost 10, as Laravel's tests run bcrypt at 4 rounds: a hash there costs 7 ms
// of CPU instead of 110, and one integration run makes about 390 (ADR 038).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export const DEFAULT_PASSWORD_COST = 14;
export const PASSWORD_COSTS = { min: 10, max: 16 } as const;
const R = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_BYTES,
      { N: n, r: R, p: 1, maxmem: 128 * n * R * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** A power of two within the costs this server accepts (a stored hash is data, not trusted). */
function knownN(n: number): boolean {
  const cost = Math.log2(n);
  return Number.isInteger(cost) && cost >= PASSWORD_COSTS.min && cost <= PASSWORD_COSTS.max;
}

/** better-auth's `emailAndPassword.password` for a cost (log2 of scrypt's N). */
export function passwordHasher(cost: number) {
  const n = 2 ** cost;
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      const key = (await derive(password, salt, n)).toString("hex");
      return cost === DEFAULT_PASSWORD_COST ? `${salt}:${key}` : `${n}:${salt}:${key}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parts = hash.split(":");
      const [hashN, salt, key] =
        parts.length === 3
          ? [Number(parts[0]), parts[1], parts[2]]
          : [2 ** DEFAULT_PASSWORD_COST, parts[0], parts[1]];
      if (!salt || !key || !/^[\da-f]+$/.test(key) || !knownN(hashN)) return false;
      const expected = Buffer.from(key, "hex");
      const actual = await derive(password, salt, hashN);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
