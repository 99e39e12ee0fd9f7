/**
 * Crew (702.121 / 702.122 in 2026), convoke (702.50 / 702.51) and triggered mana abilities (605.1b, 605.4a) beyond
 * their CR examples (those are scenarios in content/scenarios): the cases each rule names, as small games run through
 * the scenario runner the site uses, under both rules profiles where the editions differ.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Expectation, type Scenario } from '../../src/engine/index.ts';

/** Object expectations and the special keys (trace, illegal, stack) share one record; TypeScript can't type that mix. */
const ex = (e: Record<string, unknown>) => e as Expectation;
type Objects = NonNullable<Scenario['setup']['objects']>;

function run(objects: Objects, steps: Scenario['steps'], edition = '2019-01-25', pool = '') {
  const s: Scenario = {
    id: 'test', formatVersion: 1, attach: [], ruleset: '2019-01-25',
    setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20, pool }, P2: { life: 20 } }, objects },
    steps,
  };
  const r = runScenario(s, { edition });
  return { r, failed: r.expectations.filter((e) => !e.passed) };
}

const becomesCreature = [{ op: 'create-effect', effect: { affects: 'self', addTypes: ['artifact', 'creature'], until: 'end-of-turn' } }];
const vehicle = (crew: number, types = ['artifact']): Objects[string] =>
  ({ owner: 'P1', zone: 'battlefield', card: { name: 'Vehicle', types, subtypes: ['Vehicle'], pt: [3, 3], activated: [{ crew, effects: becomesCreature }] } }) as Objects[string];
const creature = (name: string, pt: [number, number], extra: Record<string, unknown> = {}, card: Record<string, unknown> = {}): Objects[string] =>
  ({ owner: 'P1', zone: 'battlefield', ...extra, card: { name, types: ['creature'], pt, ...card } }) as Objects[string];

describe('crew', () => {
  it('taps creatures with total power N or greater, even a creature that came under its controller\'s control this turn (702.121a)', () => {
    const { failed, r } = run({ v: vehicle(3), a: creature('A', [2, 2], { summoningSick: true }), b: creature('B', [1, 1]) }, [
      { do: { op: 'activate', by: 'P1', obj: 'v', crew: ['a', 'b'] }, expect: ex({ a: { tapped: true }, b: { tapped: true }, stack: ['v'] }) },
      { do: { op: 'pass-all' }, expect: ex({ v: { types: ['artifact', 'creature'], pt: [3, 3] } }) },
    ]);
    expect(r.errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  for (const [edition, rule] of [['2019-01-25', '702.121a'], ['2026-01-16', '702.122a']] as const) {
    it(`refuses less total power, a tapped creature and a creature named twice, giving every reason (${edition})`, () => {
      const { r } = run({ v: vehicle(5), a: creature('A', [2, 2]), t: creature('T', [4, 4], { tapped: true }) }, [
        { do: { op: 'activate', by: 'P1', obj: 'v', crew: ['a', 't', 'a'] } },
        { do: { op: 'activate', by: 'P1', obj: 'v', crew: ['a'] } },
      ], edition);
      expect(r.steps[0]!.illegal?.reasons?.map((x) => x.text)).toEqual(['T is tapped, so it can\'t crew', 'A can be tapped only once']);
      expect(r.steps[1]!.illegal).toMatchObject({ rule, text: 'the creatures tapped have total power 2, less than 5' });
      expect(r.final.objects['a']!.tapped).toBe(false);
    });
  }

  it('lets a Vehicle that is already a creature crew itself in 2019 ("untapped creatures") but not in 2026 ("other untapped creatures")', () => {
    const steps: Scenario['steps'] = [{ do: { op: 'activate', by: 'P1', obj: 'v', crew: ['v'] } }];
    const objects = { v: vehicle(1, ['artifact', 'creature']) };
    expect(run(objects, steps, '2019-01-25').r.steps[0]!.illegal).toBeUndefined();
    expect(run(objects, steps, '2019-01-25').r.final.objects['v']!.tapped).toBe(true);
    expect(run(objects, steps, '2026-01-16').r.steps[0]!.illegal).toMatchObject({ rule: '702.122a', text: 'Vehicle can\'t crew itself: crew taps other creatures' });
  });
});

describe('convoke', () => {
  const wurm = { owner: 'P1', zone: 'hand', card: { name: 'Wurm', manaCost: '{2}{G}', types: ['creature'], pt: [4, 4], keywords: ['convoke'] } } as Objects[string];
  const green = (n: string) => creature(n, [1, 1], {}, { manaCost: '{G}' });

  it('pays the whole total cost with creatures, none of the pool (702.50a), even with creatures that came under control this turn', () => {
    const { failed } = run({ wurm, g1: green('G1'), g2: green('G2'), g3: creature('G3', [1, 1], { summoningSick: true }, { manaCost: '{G}' }) }, [
      { do: { op: 'cast', by: 'P1', card: 'wurm', convoke: { g1: '{G}', g2: '{1}', g3: '{1}' } }, expect: ex({ P1: { pool: '{R}' }, stack: ['wurm'], g3: { tapped: true }, events: { payments: [{ for: 'Wurm', mana: '', snow: '', life: 0 }] } }) },
    ], '2019-01-25', '{R}');
    expect(failed).toEqual([]);
  });

  it('reads a 2019 scenario\'s illegal.rules in 2026 numbers when run under 2026 (702.50a → 702.51a)', () => {
    const seven = Object.fromEntries([1, 2, 3, 4].map((i) => [`g${i}`, green(`G${i}`)]));
    const { failed } = run({ wurm, ...seven }, [
      { do: { op: 'cast', by: 'P1', card: 'wurm', convoke: { g1: '{G}', g2: '{1}', g3: '{1}', g4: '{1}' } }, expect: ex({ illegal: { rule: '702.50a', rules: ['702.50a'] } }) },
    ], '2026-01-16');
    expect(failed).toEqual([]);
  });

  it('refuses a spell without convoke, a tapped creature, and a creature paying a color it does not have — every reason', () => {
    const plain = { owner: 'P1', zone: 'hand', card: { name: 'Bear', manaCost: '{1}{G}', types: ['creature'], pt: [2, 2] } } as Objects[string];
    const { r } = run({ wurm, plain, g1: green('G1'), t: creature('T', [1, 1], { tapped: true }, { manaCost: '{G}' }), w: creature('W', [1, 1], {}, { manaCost: '{W}' }) }, [
      { do: { op: 'cast', by: 'P1', card: 'plain', convoke: { g1: '{G}' }, payment: { mana: '{G}' } } },
      { do: { op: 'cast', by: 'P1', card: 'wurm', convoke: { t: '{1}', w: '{G}', g1: '{2}' }, payment: { mana: '{G}{G}' } } },
    ], '2026-01-16', '{G}{G}');
    expect(r.steps[0]!.illegal).toMatchObject({ rule: '702.51a', text: 'Bear doesn\'t have convoke' });
    expect(r.steps[1]!.illegal?.reasons?.map((x) => [x.rule, x.text])).toEqual([
      ['702.51a', 'T is already tapped'],
      ['702.51a', 'W isn\'t green, so it can\'t pay {G}'],
      ['702.51a', 'a creature tapped for convoke pays {1} or one colored mana, not {2}'],
    ]);
  });
});

describe('triggered mana abilities', () => {
  const forest = { owner: 'P1', zone: 'battlefield', card: { name: 'Forest', types: ['land'], subtypes: ['Forest'], activated: [{ tap: true, effects: [{ op: 'add-mana', mana: '{G}' }] }] } } as Objects[string];
  const enchantment = (effects: unknown[]) => ({ owner: 'P2', zone: 'battlefield', card: { name: 'E', types: ['enchantment'], triggered: [{ on: 'tapped-for-mana', filter: { types: ['land'] }, effects }] } }) as Objects[string];

  it('resolves at once, outside casting too, adding mana for the player who tapped the land, whoever controls the source (605.4a)', () => {
    const { failed } = run({ forest, e: enchantment([{ op: 'add-mana', player: '$player', typeProduced: true }]) }, [
      { do: { op: 'tap-for-mana', by: 'P1', obj: 'forest' }, expect: ex({ P1: { pool: '{G}{G}' }, P2: { pool: '' }, stack: 0, trace: { cites: ['605.4a'] } }) },
    ]);
    expect(failed).toEqual([]);
  });

  it('counts when the player lets the engine choose what to tap: one Forest pays {1}{G} (601.2g, 605.4a)', () => {
    const spell = { owner: 'P1', zone: 'hand', card: { name: 'Bear', manaCost: '{1}{G}', types: ['creature'], pt: [2, 2] } } as Objects[string];
    const { failed } = run({ forest, spell, e: enchantment([{ op: 'add-mana', player: '$player', typeProduced: true }]) }, [
      { do: { op: 'cast', by: 'P1', card: 'spell', payment: { auto: true } }, expect: ex({ forest: { tapped: true }, P1: { pool: '' }, stack: ['spell'], events: { payments: [{ for: 'Bear', mana: '{G}{G}', snow: '', life: 0 }] } }) },
    ]);
    expect(failed).toEqual([]);
  });

  it('is not a mana ability when it could not add mana: it uses the stack (605.5a)', () => {
    const { failed } = run({ forest, e: enchantment([{ op: 'gain-life', player: '$player', n: 1 }]) }, [
      { do: { op: 'tap-for-mana', by: 'P1', obj: 'forest' }, expect: ex({ P1: { pool: '{G}', life: 20 }, stack: ['e'], trace: { notCites: ['605.4a'] } }) },
      { do: { op: 'pass-all' }, expect: ex({ P1: { life: 21 }, stack: 0 }) },
    ]);
    expect(failed).toEqual([]);
  });

  it('does not trigger when the land produced no mana (106.11a)', () => {
    const barren = { owner: 'P1', zone: 'battlefield', card: { name: 'Barren', types: ['land'], activated: [{ tap: true, effects: [{ op: 'add-mana', mana: '{G}', times: 0 }] }] } } as Objects[string];
    const { failed } = run({ barren, e: enchantment([{ op: 'add-mana', player: '$player', typeProduced: true }]) }, [
      { do: { op: 'tap-for-mana', by: 'P1', obj: 'barren' }, expect: ex({ P1: { pool: '' }, trace: { notCites: ['106.11a', '605.4a'] } }) },
    ]);
    expect(failed).toEqual([]);
  });
});
