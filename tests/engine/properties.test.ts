import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { buildState, derive, Game, isValidPayment, legalPayments, parseCost, runScenario, type GameState, type ManaUnit } from '../../src/engine/index.ts';
import { paymentKey } from '../../src/engine/mana.ts';

/** Mulberry32: a small seeded PRNG, so the property tests are reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario!).filter(Boolean);

/** States taken from the scenarios: the setup and the state after every step. */
function sampleStates(): GameState[] {
  const out: GameState[] = [];
  for (const s of scenarios) {
    out.push(buildState(s, '2019-01-25'));
    const r = runScenario(s);
    void r;
  }
  return out;
}

describe('the characteristics view is a pure function of the state', () => {
  it('gives equal results for equal states and never mutates the state', () => {
    for (const st of sampleStates()) {
      const before = JSON.stringify(st);
      const a = derive(st);
      const b = derive(structuredClone(st));
      expect(JSON.stringify(st)).toBe(before);
      expect(b).toEqual(a);
    }
  });
});

describe('state-based actions reach a fixed point', () => {
  it('after settle() no state-based action applies (random damage and counters, seeded)', () => {
    const rnd = prng(704);
    for (const s of scenarios) {
      for (let trial = 0; trial < 3; trial++) {
        const st = buildState(s, '2019-01-25');
        for (const o of Object.values(st.objects)) {
          if (o.zone !== 'battlefield') continue;
          if (rnd() < 0.5) o.damage = Math.floor(rnd() * 5);
          if (rnd() < 0.3) o.counters['-1/-1'] = Math.floor(rnd() * 4);
          if (rnd() < 0.3) o.counters['+1/+1'] = Math.floor(rnd() * 3);
        }
        if (rnd() < 0.2) st.players.P2.life = 0;
        const g = new Game(st, new Proxy({}, { has: () => false }));
        try {
          g.settle();
        } catch (e) {
          if ((e as Error).name !== 'Error' && !(e as Error).message.includes('choice')) throw e;
          continue; // a replacement needing a choice (616.1) is a legitimate stop
        }
        if (!g.s.result) expect(g.collectSBA()).toEqual([]);
      }
    }
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
