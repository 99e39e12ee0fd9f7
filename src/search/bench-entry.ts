/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE: bundled by scripts/bench/bench-search.ts and run in
 * Chromium to time the same core the worker runs. Exposes `globalThis.crBench`.
 */
import { Searcher } from './engine.ts';
import { SearchSession } from './session.ts';
import type { SearchBundle } from './types.ts';
import { timeQueries } from './timing.ts';

/** Builds the session from bundles and times each query in each round (timing.ts), in milliseconds. */
function run(bundles: SearchBundle[], nativeId: string, queries: string[], runs: number, rounds: number): { build: number; rounds: number[][] } {
  const t0 = performance.now();
  const native = new Searcher(bundles.find((b) => b.id === nativeId)!);
  const build = performance.now() - t0;
  const session = new SearchSession(native);
  for (const b of bundles) if (b.id !== nativeId) session.provide(new Searcher(b));
  return { build, rounds: timeQueries(session, queries, runs, rounds) };
}

(globalThis as unknown as { crBench: typeof run }).crBench = run;
