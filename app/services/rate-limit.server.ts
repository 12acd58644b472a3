import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/infra/db.server";

export type Limit = { max: number; windowSeconds: number };

/** Per-email limits stop guessing one account; per-address limits stop spraying many. */
export const LIMITS = {
  signInEmail: { max: 8, windowSeconds: 15 * 60 },
  signInIp: { max: 60, windowSeconds: 15 * 60 },
  registerIp: { max: 30, windowSeconds: 60 * 60 },
  resetEmail: { max: 3, windowSeconds: 15 * 60 },
  resetIp: { max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts one attempt against every key (fixed windows, stored in the database so all server
 * instances share them) and says whether any of them is over its limit.
 */
export async function hitRateLimits(db: Db, checks: { key: string; limit: Limit }[]): Promise<boolean> {
  let limited = false;
  for (const { key, limit } of checks) {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count`,
    );
    if (Number(row?.count) > limit.max) limited = true;
  }
  return limited;
}

export function clientAddress(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
