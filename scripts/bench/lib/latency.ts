// Latencies by scenario, as scripts/bench/load.ts records them, and the autocannon helpers it uses.
import os from "node:os";
import type autocannon from "autocannon";

export type Row = { latencies: number[]; expected: number; errors: number; statuses: Map<number, number> };
const rows = new Map<string, Row>();
export const row = (name: string) => {
  let r = rows.get(name);
  if (!r) rows.set(name, (r = { latencies: [], expected: 0, errors: 0, statuses: new Map() }));
  return r;
};

export function record(name: string, status: number, startedAt: number) {
  const r = row(name);
  r.latencies.push(performance.now() - startedAt);
  r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
  if (status === 401 || status === 429) r.expected++;
  else if (status < 200 || status >= 400) r.errors++;
}

export function percentile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
}

/** The 1, 5 and 15 minute load averages: on a shared machine the figures depend on them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
}

/** An autocannon request whose hooks see the connection's context as a `C`. */
export function hooked<C>(
  setup: (req: autocannon.Request, c: C) => autocannon.Request,
  onResponse: (status: number, c: C, headers: Record<string, string | string[] | undefined>) => void,
): autocannon.Request {
  return {
    setupRequest: (req, context) => setup(req, context as C),
    onResponse: (status, _body, context, headers) => onResponse(status, context as C, headers ?? {}),
  };
}

/** The session cookie among Set-Cookie headers, as a Cookie header. */
export function sessionCookie(setCookies: string[]): string | undefined {
  const session = setCookies.map((c) => c.split(";")[0]!).find((c) => /session_token=./.test(c));
  return session;
}
