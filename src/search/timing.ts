/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE: the bench's query timing, the same in Node
 * (scripts/bench/bench-search.ts) and in Chromium (bench-entry.ts), so the two latency columns measure
 * one thing.
 *
 * Steady state, not the compiler at work: the queries run WARM_UPS times before any is timed. After a
 * single pass V8 can still be optimising the long questions' code: in one of two runs on 2026-11-29 the
 * first timed round's English p95 was 1.04 ms and the next five rounds' 0.55–0.58 ms, so one round's
 * luck decided the cell.
 */
import type { SearchSession } from './session.ts';

export const WARM_UPS = 3;

/** Each query's time in milliseconds: the median of `runs`, after WARM_UPS passes over all of them. */
export function timeQueries(session: SearchSession, queries: readonly string[], runs: number): number[] {
  for (let w = 0; w < WARM_UPS; w++) for (const q of queries) session.searchLoaded(q, 10);
  return queries.map((q) => {
    const ts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const a = performance.now();
      session.searchLoaded(q, 10);
      ts.push(performance.now() - a);
    }
    ts.sort((a, b) => a - b);
    return ts[ts.length >> 1]!;
  });
}
