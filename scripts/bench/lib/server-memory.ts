// A benchmarked server process: its memory (the kernel's figures and V8's, from /metrics) and
// its readiness. For scripts/bench/load.ts.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";

/** The longest wait after the load for V8 to give back its heap (settle()). */
const SETTLE_MAX_SECONDS = 120;

const statusMb = (status: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;

export function rssMb(pid: number): number {
  return statusMb(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
}

export type Memory = { rss: number; anon: number; heapUsed: number; heapTotal: number; external: number };

/** A server's resident memory (the kernel's figures) and V8's share of it (its /metrics). */
export async function memory(pid: number, port: number, token: string): Promise<Memory> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 2 ** 20;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return {
    rss: statusMb(status, "VmRSS"),
    anon: statusMb(status, "RssAnon"),
    heapUsed: mb("nodejs_heap_size_used_bytes"),
    heapTotal: mb("nodejs_heap_size_total_bytes"),
    external: mb("nodejs_external_memory_bytes"),
  };
}

/**
 * Waits until V8 has given back the heap the load grew: each server's heap (its /metrics) at most
 * 1.5 times its fresh size, read every 2 s. V8 shrinks an idle heap when its memory reducer runs,
 * which it forces at the latest 100 s after the last collection; so at most SETTLE_MAX_SECONDS.
 */
export async function settle(pids: number[], ports: number[], fresh: Memory[], token: string) {
  const deadline = performance.now() + SETTLE_MAX_SECONDS * 1000;
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = await Promise.all(pids.map((pid, i) => memory(pid, ports[i]!, token)));
    if (now.every((m, i) => m.heapTotal <= 1.5 * fresh[i]!.heapTotal)) return;
  }
}

export async function waitForHealth(origin: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const log = await fsp.readFile(logFile, "utf8").catch(() => "");
      throw new Error(`the server exited (${child.exitCode}):\n${log.slice(-3000)}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not answer /healthz within 5 minutes");
}
