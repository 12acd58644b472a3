// Timing calls and printing their percentiles, for the benchmarks that time calls in-process.
import type { Stats } from "../stats";

const ms = (n: number) => n.toFixed(1).padStart(7);
export function line(label: string, st: Stats, extra = "") {
  console.log(
    `  ${label.padEnd(34)} n=${String(st.n).padEnd(5)} p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  p99 ${ms(st.p99)}  max ${ms(st.max)} ms${extra}`,
  );
}

export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const out = await fn();
  return [performance.now() - start, out];
}
