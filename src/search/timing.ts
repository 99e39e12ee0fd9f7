/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE: the bench's query timing, the same in Node
 * (scripts/bench/bench-search.ts) and in Chromium (bench-entry.ts), so the two latency columns measure
 * one thing.
 *
 * Steady state, not the compiler at work: the queries run WARM_UPS times before any is timed. After a
 * single pass V8 can still be optimising the long questions' code: in one of two runs on 2026-11-29 the
 * first timed round's English p95 was 1.04 ms and the next five rounds' 0.55–0.58 ms, so one round's
 * luck decided the cell.
 *
 * Several rounds, each timing every query: the machine comes and goes in a slower state for seconds at
 * a time, in which the same code runs 1.7–2.2 times slower while a register-bound loop on the same
 * thread keeps its speed (measured 2026-11-29, design notes §3.10; likely the memory system, shared with
 * other machines on the host). One round is a few seconds, so rounds tell the code's cost from the
 * machine's moment.
 */
import type { SearchSession } from './session.ts';

export const WARM_UPS = 3;

/**
 * Each round's time per query in milliseconds (the median of `runs` back-to-back runs), after WARM_UPS
 * passes over all of them.
 */
export function timeQueries(session: SearchSession, queries: readonly string[], runs: number, rounds: number): number[][] {
  for (let w = 0; w < WARM_UPS; w++) for (const q of queries) session.searchLoaded(q, 10);
  return Array.from({ length: rounds }, () =>
    queries.map((q) => {
      const ts: number[] = [];
      for (let i = 0; i < runs; i++) {
        const a = performance.now();
        session.searchLoaded(q, 10);
        ts.push(performance.now() - a);
      }
      ts.sort((a, b) => a - b);
      return ts[ts.length >> 1]!;
    }),
  );
}
