import * as sba from '../../src/engine/sba.ts';
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { ChoiceNeeded, derive, Game, isValidPayment, legalPayments, parseCost, runScenario, type GameState, type ManaUnit } from '../../src/engine/index.ts';
import { runEditionFor } from '../../src/sandbox/model.ts';
import { paymentKey } from '../../src/engine/mana.ts';
// The engine's seeded sequence (mulberry32), so the property tests are reproducible.
import { seeded as prng } from '../../src/engine/random.ts';

const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario!).filter(Boolean);

/** States taken from the scenarios: the setup and the state after every step, under every edition each runs under. */
function sampleStates(): { state: GameState; where: string }[] {
  const out: { state: GameState; where: string }[] = [];
  for (const s of scenarios) {
    for (const edition of new Set([s.ruleset, ...(s.compare ?? []).map((c) => c.ruleset), ...s.attach.map((a) => runEditionFor(s, a.edition))])) {
      runScenario(s, { edition, onState: (state, i) => out.push({ state, where: `${s.id} (${edition}) ${i < 0 ? 'setup' : `after step ${i}`}` }) });
    }
  }
  return out;
}
const samples = sampleStates();

it('samples every step of every scenario, not only the setups', () => {
  // one state per setup plus one per step, per edition run: more than twice the number of scenarios
  const steps = scenarios.reduce((n, s) => n + s.steps.length, 0);
  expect(samples.length).toBeGreaterThanOrEqual(scenarios.length + steps);
});

describe('the characteristics view is a pure function of the state', () => {
  it('gives equal results for equal states and never mutates the state', () => {
    for (const { state: st, where } of samples) {
      const before = JSON.stringify(st);
      const a = derive(st);
      const b = derive(structuredClone(st));
      expect(JSON.stringify(st), where).toBe(before);
      expect(b, where).toEqual(a);
    }
  });
});

describe('state-based actions reach a fixed point', () => {
  it('after settle() no state-based action applies, from every step of every scenario (random damage and counters, seeded)', () => {
    const rnd = prng(704);
    let checked = 0;
    let ended = 0;
    const stops: string[] = [];
    for (const { state, where } of samples) {
      const st = structuredClone(state);
      for (const o of Object.values(st.objects)) {
        if (o.zone !== 'battlefield') continue;
        if (rnd() < 0.5) o.damage = Math.floor(rnd() * 5);
        if (rnd() < 0.3) o.counters['-1/-1'] = Math.floor(rnd() * 4);
        if (rnd() < 0.3) o.counters['+1/+1'] = Math.floor(rnd() * 3);
      }
      if (rnd() < 0.2) st.players.P2.life = 0;
      st.seq++;
      const g = new Game(st, {});
      try {
        sba.settle(g);
      } catch (e) {
        // only a choice the rules give a player (616.1 replacement order, 704.5j legend rule) may stop the loop;
        // any other error, an illegal action included, fails the test
        if (!(e instanceof ChoiceNeeded)) throw new Error(`${where}: ${String(e)}`);
        stops.push(`${where}: ${e.choice}`);
        continue;
      }
      if (g.s.result) ended++;
      else {
        expect(sba.collectSBA(g), where).toEqual([]);
        checked++;
      }
    }
    // the fixed point is checked on most samples; a game that ended (704.5a) has nothing left to check
    expect(checked + ended + stops.length).toBe(samples.length);
    expect(checked).toBeGreaterThan(samples.length / 2);
    expect(stops.length).toBeLessThan(samples.length / 20);
  });
});

describe('the payment solver and the validator agree', () => {
  const SYMBOLS = ['{W}', '{U}', '{G}', '{C}', '{1}', '{2}', '{W/U}', '{G/W}', '{2/W}', '{W/P}', '{G/P}', '{S}'];
  const UNITS: ManaUnit[] = [{ type: 'W' }, { type: 'U' }, { type: 'G' }, { type: 'C' }, { type: 'W', snow: true }, { type: 'G', snow: true }];
  const subMultisets = (pool: ManaUnit[]): ManaUnit[][] => {
    const out: ManaUnit[][] = [];
    for (let m = 0; m < 1 << pool.length; m++) out.push(pool.filter((_, i) => m & (1 << i)));
    return out;
  };
  it('every listed payment is valid, and every valid payment is listed (400 seeded cases)', () => {
    const rnd = prng(107);
    for (let n = 0; n < 400; n++) {
      const cost = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => SYMBOLS[Math.floor(rnd() * SYMBOLS.length)]!).join('');
      const pool = Array.from({ length: Math.floor(rnd() * 6) }, () => ({ ...UNITS[Math.floor(rnd() * UNITS.length)]! }));
      const life = Math.floor(rnd() * 7);
      const sym = parseCost(cost);
      const listed = legalPayments(sym, pool, life);
      for (const p of listed) expect(isValidPayment(sym, p, life), `${cost} ${JSON.stringify(p)}`).toBe(true);
      const brute = new Set<string>();
      for (const sub of subMultisets(pool)) for (let l = 0; l <= 6; l += 2) if (isValidPayment(sym, { mana: sub, life: l }, life)) brute.add(paymentKey({ mana: sub, life: l }));
      expect(new Set(listed.map(paymentKey)), `${cost} from ${JSON.stringify(pool)} at ${life} life`).toEqual(brute);
    }
  });
  it('respects the life limit of 118.4', () => {
    expect(legalPayments(parseCost('{W/P}{W/P}'), [], 3).map((p) => p.life)).toEqual([]);
    expect(legalPayments(parseCost('{W/P}{W/P}'), [], 4).map((p) => p.life)).toEqual([4]);
  });
});
