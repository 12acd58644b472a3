// Percentiles of a benchmark's samples (milliseconds), shared by the benchmarks that time calls.

export type Stats = { n: number; p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles of the samples. */
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1]! };
}
