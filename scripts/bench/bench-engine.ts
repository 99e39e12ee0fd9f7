/**
 * Times every engine scenario under every edition's rules it is run under (its own, those it is compared with and
 * those of every page it is attached to): median of several runs, with the scenario runs per second; and combat
 * legality on boards of 5, 10 and 20 creatures a side (issue 23), with requirements and restrictions: checking an
 * attack declaration and a block declaration (each computes the most requirements that can be obeyed, 508.1d,
 * 509.1c), with how much the process's peak memory grew meanwhile.
 * Exported for `npm run bench` (scripts/bench/bench.ts); `npx tsx scripts/bench/bench-engine.ts` prints the table.
 */
import * as combat from '../../src/engine/combat.ts';
import { Game, runScenario, type GameState, type Scenario } from '../../src/engine/index.ts';
import { seeded } from '../../src/engine/random.ts';
import { runEditionFor } from '../../src/sandbox/model.ts';
import { loadScenario, scenarioFiles } from '../scenario.ts';
import { median } from '../stats.ts';

type Objects = NonNullable<Scenario['setup']['objects']>;

/**
 * A board of n creatures a side with requirements and restrictions (seeded): attackers with menace, flying, "attacks
 * if able" or "can't attack alone"; blockers with reach, "blocks if able" or "can block an additional creature"; with
 * `allMenace`, every attacker has menace and every blocker must block (the block search's hardest case).
 */
function combatBoard(n: number, allMenace: boolean): Objects {
  const r = seeded(n * 31 + (allMenace ? 1 : 0));
  const objs: Objects = {};
  for (let i = 0; i < n; i++) {
    const kw = [allMenace || r() < 0.4 ? 'menace' : '', r() < 0.2 ? 'flying' : '', r() < 0.4 ? 'attacks-if-able' : '', r() < 0.2 ? 'cant-attack-alone' : '', r() < 0.2 ? 'protection-from-green' : ''].filter(Boolean);
    objs[`a${i}`] = { owner: 'P1', zone: 'battlefield', card: { name: `Attacker ${i}`, types: ['creature'], pt: [2, 2], keywords: kw } } as Objects[string];
    const kb = [r() < 0.2 ? 'reach' : '', allMenace || r() < 0.5 ? 'blocks-if-able' : '', r() < 0.2 ? 'can-block-additional-creature' : ''].filter(Boolean);
    objs[`b${i}`] = { owner: 'P2', zone: 'battlefield', card: { name: `Blocker ${i}`, types: ['creature'], pt: [2, 2], colors: [r() < 0.3 ? 'green' : 'white'], keywords: kb } } as Objects[string];
  }
  return objs;
}

/** The game at P1's declare attackers step on that board. */
function combatGame(objects: Objects): Game {
  const s: Scenario = { id: 'bench-combat', formatVersion: 1, attach: [{ edition: '2019-01-25', rule: '508.1d', example: 1 }], ruleset: '2019-01-25', setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects }, steps: [{ do: { op: 'advance', to: 'declare-attackers' } }] };
  let state: GameState | undefined;
  runScenario(s, { onState: (st, i) => { if (i === 0) state = st; } });
  return new Game(state!);
}

export function benchCombat(runs = 7): { name: string; median_ms: number; runs: number }[] {
  const out: { name: string; median_ms: number; runs: number }[] = [];
  for (const [n, allMenace] of [[5, false], [10, false], [20, false], [20, true]] as const) {
    const board = combatBoard(n, allMenace);
    const times: number[] = [];
    const rss0 = process.resourceUsage().maxRSS;
    let verdict = '';
    for (let i = 0; i < runs; i++) {
      const g = combatGame(board);
      const t = performance.now();
      const attackers = g.battlefield().filter((id) => combat.canAttack(g, id));
      const attack = combat.attackError(g, attackers);
      g.s.combat = { attackers: Object.fromEntries(attackers.map((id) => [id, { at: 'P2', blocked: false, blockers: [] }])), blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
      g.s.turn.step = 'declare-blockers';
      g.touch();
      const block = combat.blockError(g, []);
      times.push(performance.now() - t);
      verdict = `attack ${attack ? attack.rule : 'legal'}, no blocks ${block ? block.rule : 'legal'}`;
    }
    const grew = Math.round((process.resourceUsage().maxRSS - rss0) / 1024);
    out.push({ name: `engine: combat legality, ${n} v ${n}${allMenace ? ', every attacker with menace, every blocker required' : ''} (${verdict}; peak RSS grew ${grew} MB)`, median_ms: Math.round(median(times) * 1000) / 1000, runs });
  }
  return out;
}

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
  const perSecond = Math.round(runsPerPass / (median(total) / 1000));
  out.push({ name: `engine: all ${scenarios.length} scenarios (${runsPerPass} runs: every edition each is attached to or compared with; ${perSecond} scenario runs per second)`, median_ms: Math.round(median(total) * 100) / 100, runs });
  const slowest = [...per.entries()].map(([id, xs]) => ({ id, m: median(xs) })).sort((a, b) => b.m - a.m)[0];
  if (slowest) out.push({ name: `engine: slowest scenario (${slowest.id})`, median_ms: Math.round(slowest.m * 100) / 100, runs });
  out.push(...benchCombat(runs));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchEngine()) process.stdout.write(`${r.name}: ${r.median_ms} ms (median of ${r.runs})\n`);
}
