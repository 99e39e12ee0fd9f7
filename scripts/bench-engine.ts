/**
 * Times every engine scenario under every edition's rules it is run under (its own, those it is compared with and
 * those of every page it is attached to): median of several runs.
 * Exported for `npm run bench` (scripts/bench.ts); `npx tsx scripts/bench-engine.ts` prints the table.
 */
import { runScenario, type Scenario } from '../src/engine/index.ts';
import { runEditionFor } from '../src/sandbox/model.ts';
import { loadScenario, scenarioFiles } from './scenario.ts';
import { median } from './stats.ts';

export async function benchEngine(runs = 7): Promise<{ name: string; median_ms: number; runs: number }[]> {
  const out: { name: string; median_ms: number; runs: number }[] = [];
  const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario).filter((s) => s !== undefined);
  const editions = (s: Scenario) => [...new Set([s.ruleset, ...(s.compare ?? []).map((c) => c.ruleset), ...s.attach.map((a) => runEditionFor(s, a.edition))])];
  const runsPerPass = scenarios.reduce((n, s) => n + editions(s).length, 0);
  const total: number[] = [];
  const per = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    for (const s of scenarios) {
      const t = performance.now();
      for (const edition of editions(s)) runScenario(s, { edition });
      const list = per.get(s.id) ?? [];
      list.push(performance.now() - t);
      per.set(s.id, list);
    }
    total.push(performance.now() - t0);
  }
  out.push({ name: `engine: all ${scenarios.length} scenarios (${runsPerPass} runs: every edition each is attached to or compared with)`, median_ms: Math.round(median(total) * 100) / 100, runs });
  const slowest = [...per.entries()].map(([id, xs]) => ({ id, m: median(xs) })).sort((a, b) => b.m - a.m)[0];
  if (slowest) out.push({ name: `engine: slowest scenario (${slowest.id})`, median_ms: Math.round(slowest.m * 100) / 100, runs });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchEngine()) process.stdout.write(`${r.name}: ${r.median_ms} ms (median of ${r.runs})\n`);
}
