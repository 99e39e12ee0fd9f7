/**
 * The engine defects of issue 23 (review 2026-11-27, "The engine sandbox" §5), each as a small game run through the
 * scenario runner the site uses. Each test failed before its fix; the reproductions are the review's.
 */
import { describe, expect, it } from 'vitest';
import { checkScenario } from '../../src/engine/check.ts';
import { runScenario, type Expectation, type Scenario } from '../../src/engine/index.ts';

const ex = (e: Record<string, unknown>) => e as Expectation;
type Objects = NonNullable<Scenario['setup']['objects']>;
type Obj = Objects[string];
const creature = (owner: 'P1' | 'P2', name: string, pt: [number, number], extra: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
  ({ owner, zone: 'battlefield', ...more, card: { name, types: ['creature'], pt, ...extra } }) as Obj;
const basic = (name: string, sub: string) => ({ owner: 'P1', zone: 'battlefield', card: { name, types: ['land'], subtypes: [sub] } }) as Obj;
const elves = (extra: Record<string, unknown> = {}) =>
  creature('P1', 'Llanowar Elves', [1, 1], { colors: ['green'], activated: [{ tap: true, effects: [{ op: 'add-mana', player: 'you', mana: '{G}' }] }] }, extra);
const giantGrowth = { owner: 'P1', zone: 'hand', card: { name: 'Giant Growth', manaCost: '{G}', types: ['instant'], spell: { targets: [{ id: 't', filter: { types: ['creature'] } }], effects: [{ op: 'create-effect', effect: { affects: '$t', delta: [3, 3], until: 'end-of-turn' } }] } } } as Obj;

function scenario(objects: Objects, steps: Scenario['steps'], ruleset: Scenario['ruleset'] = '2019-01-25'): Scenario {
  return {
    id: 'test', formatVersion: 1, attach: [], ruleset,
    setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects },
    steps,
  };
}
function run(s: Scenario, edition: string = s.ruleset) {
  const r = runScenario(s, { edition });
  return { r, failed: r.expectations.filter((e) => !e.passed), errors: r.errors };
}
const EDITIONS = ['2019-01-25', '2026-01-16'] as const;

describe('automatic payment taps only what could be tapped by hand (302.6)', () => {
  for (const edition of EDITIONS) {
    it(`a creature under summoning sickness is not tapped for mana (${edition})`, () => {
      const { failed, errors, r } = run(scenario({ elves: elves({ summoningSick: true }), gg: giantGrowth }, [
        { do: { op: 'tap-for-mana', by: 'P1', obj: 'elves' }, expect: ex({ illegal: { rule: '302.6' } }) },
        { do: { op: 'cast', by: 'P1', card: 'gg', targets: { t: 'elves' }, payment: { auto: true } }, expect: ex({ illegal: { rule: '601.2h' }, elves: { tapped: false } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
      expect(r.steps[1]!.entries.some((e) => /taps Llanowar Elves/.test(e.text))).toBe(false);
    });
    it(`nor a land creature the turn it came under its controller's control (Dryad Arbor, ${edition})`, () => {
      const arbor = { owner: 'P1', zone: 'battlefield', summoningSick: true, card: { name: 'Dryad Arbor', types: ['land', 'creature'], subtypes: ['Forest', 'Dryad'], colors: ['green'], pt: [1, 1] } } as Obj;
      const { failed, errors } = run(scenario({ arbor, gg: giantGrowth }, [
        { do: { op: 'cast', by: 'P1', card: 'gg', targets: { t: 'arbor' }, payment: { auto: true } }, expect: ex({ illegal: { rule: '601.2h' }, arbor: { tapped: false } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
    it(`the same Elves a turn later pay (the control: ${edition})`, () => {
      const { failed, errors } = run(scenario({ elves: elves(), gg: giantGrowth }, [
        { do: { op: 'cast', by: 'P1', card: 'gg', targets: { t: 'elves' }, payment: { auto: true } }, expect: ex({ gg: { zone: 'stack' }, elves: { tapped: true } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it("also on the opponent's turn: Elves that came under P2's control during P1's turn can't tap for mana yet (302.6)", () => {
    const p2elves = { ...elves({ summoningSick: true }), owner: 'P2' } as Obj;
    const old = { ...elves(), owner: 'P2' } as Obj;
    const { failed, errors } = run(scenario({ fresh: p2elves, old }, [
      { do: { op: 'tap-for-mana', by: 'P2', obj: 'fresh' }, expect: ex({ illegal: { rule: '302.6' } }) },
      { do: { op: 'tap-for-mana', by: 'P2', obj: 'old' }, expect: ex({ old: { tapped: true }, P2: { pool: '{G}' } }) },
    ]));
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  for (const [what, obj] of [
    ['a creature with haste (702.10)', creature('P1', 'Hasty Elves', [1, 1], { keywords: ['haste'], activated: [{ tap: true, effects: [{ op: 'add-mana', player: 'you', mana: '{G}' }] }] }, { summoningSick: true })],
    ['a noncreature artifact that just came under P1\'s control (302.6 is about creatures)', { owner: 'P1', zone: 'battlefield', summoningSick: true, card: { name: 'Green Stone', types: ['artifact'], activated: [{ tap: true, effects: [{ op: 'add-mana', player: 'you', mana: '{G}' }] }] } } as Obj],
  ] as const) {
    it(`still taps ${what}: the check is no broader than 302.6`, () => {
      const { failed, errors } = run(scenario({ src: obj, bear: creature('P1', 'Grizzly Bears', [2, 2]), gg: giantGrowth }, [
        { do: { op: 'cast', by: 'P1', card: 'gg', targets: { t: 'bear' }, payment: { auto: true } }, expect: ex({ gg: { zone: 'stack' }, src: { tapped: true } }) },
      ]));
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it('looks at every mana source, not the first 12: twelve Plains then a Forest pay {G}', () => {
    const objs: Objects = { gg: giantGrowth, bear: creature('P1', 'Grizzly Bears', [2, 2]) };
    for (let i = 1; i <= 12; i++) objs[`plains${i}`] = basic('Plains', 'Plains');
    objs['forest'] = basic('Forest', 'Forest');
    const { failed, errors } = run(scenario(objs, [
      { do: { op: 'cast', by: 'P1', card: 'gg', targets: { t: 'bear' }, payment: { auto: true } }, expect: ex({ gg: { zone: 'stack' }, forest: { tapped: true }, plains1: { tapped: false }, plains12: { tapped: false } }) },
    ]));
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('on a board of 60 lands pays {3}{W}{U}{B} with six of them, the fewest (601.2g)', () => {
    const objs: Objects = { spell: { owner: 'P1', zone: 'hand', card: { name: 'Big Spell', manaCost: '{3}{W}{U}{B}', types: ['sorcery'], spell: { effects: [{ op: 'gain-life', player: 'you', n: 1 }] } } } as Obj };
    const kinds = [['Forest', 'Forest'], ['Mountain', 'Mountain'], ['Plains', 'Plains'], ['Island', 'Island'], ['Swamp', 'Swamp']];
    for (let i = 0; i < 60; i++) objs[`land${i}`] = basic(kinds[i % 5]![0]!, kinds[i % 5]![1]!);
    const { failed, errors, r } = run(scenario(objs, [{ do: { op: 'cast', by: 'P1', card: 'spell', payment: { auto: true } }, expect: ex({ spell: { zone: 'stack' } }) }]));
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(Object.values(r.final.objects).filter((o) => o.tapped).length).toBe(6);
  });
});

describe('"its power" of an object that left the battlefield is its last known information (608.2g; 608.2h and 113.7a in 2026)', () => {
  for (const edition of EDITIONS) {
    it(`Fling sacrificing a 2/2 with a +1/+1 counter and +3/+0 deals 6 (${edition})`, () => {
      const fling = { owner: 'P1', zone: 'hand', card: { name: 'Fling', manaCost: '{1}{R}', types: ['instant'], spell: { additionalCosts: [{ sacrifice: { types: ['creature'] } }], targets: [{ id: 't', player: true }], effects: [{ op: 'deal-damage', to: '$t', n: { power: '$sacrificed' } }] } } } as Obj;
      const s = scenario({ bear: creature('P1', 'Grizzly Bears', [2, 2], {}, { counters: { '+1/+1': 1 } }), fling }, [
        { do: { op: 'create-effect', effect: { affects: 'bear', delta: [3, 0], until: 'end-of-turn' } }, expect: ex({ bear: { pt: [6, 3] } }) },
        { do: [{ op: 'cast', by: 'P1', card: 'fling', sacrifice: 'bear', targets: { t: 'P2' }, payment: { mana: '{R}{R}' } }, { op: 'pass-all' }], expect: ex({ P2: { life: 14 }, bear: { zone: 'graveyard' } }) },
      ]);
      s.setup.players.P1 = { life: 20, pool: '{R}{R}' };
      const { failed, errors } = run(s, edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
    it(`"when this dies, it deals damage equal to its power": a 2/2 with two +1/+1 counters deals 4 (${edition})`, () => {
      const s = scenario({ c: creature('P1', 'Vengeful Creature', [2, 2], { triggered: [{ on: 'dies', self: true, effects: [{ op: 'deal-damage', to: 'P2', n: { power: 'self' } }] }] }, { counters: { '+1/+1': 2 } }) }, [
        { do: [{ op: 'destroy', obj: 'c' }, { op: 'pass-all' }], expect: ex({ P2: { life: 16 } }) },
      ]);
      const { failed, errors } = run(s, edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('a land card is played, never cast (305.9)', () => {
  const arbor = { owner: 'P1', zone: 'hand', card: { name: 'Dryad Arbor', types: ['land', 'creature'], subtypes: ['Forest', 'Dryad'], colors: ['green'], pt: [1, 1] } } as Obj;
  const forest = { owner: 'P1', zone: 'hand', card: { name: 'Forest', types: ['land'], subtypes: ['Forest'] } } as Obj;
  for (const edition of EDITIONS) {
    it(`casting Dryad Arbor is illegal, asking says so, and it can still be played (${edition})`, () => {
      const { failed, errors } = run(scenario({ arbor, forest }, [
        { do: { op: 'query', what: 'can-cast', by: 'P1', card: 'arbor' }, expect: ex({ result: { legal: false, rule: '305.9' } }) },
        { do: { op: 'cast', by: 'P1', card: 'arbor', payment: { auto: true } }, expect: ex({ illegal: { rule: '305.9' }, arbor: { zone: 'hand' } }) },
        { do: { op: 'cast', by: 'P1', card: 'forest', payment: { auto: true } }, expect: ex({ illegal: { rule: '305.1' }, forest: { zone: 'hand' } }) },
        { do: { op: 'play-land', by: 'P1', card: 'arbor' }, expect: ex({ arbor: { zone: 'battlefield' } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('a token whose effect gives it no name is named after its subtypes (110.5c; 111.4 in 2026)', () => {
  for (const [edition, name] of [['2019-01-25', 'Dwarf Berserker'], ['2026-01-16', 'Dwarf Berserker Token']] as const) {
    it(`"create two 2/1 red Dwarf Berserker creature tokens" → ${name} (${edition})`, () => {
      const { failed, errors, r } = run(scenario({}, [
        { do: { op: 'create-token', id: 'dwarf', n: 2, card: { types: ['creature'], subtypes: ['Dwarf', 'Berserker'], colors: ['red'], pt: [2, 1] } }, expect: ex({ dwarf1: { name, subtypes: ['Dwarf', 'Berserker'] }, dwarf2: { name } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
      // the trace names the tokens, never by their scenario ids
      const line = edition === '2026-01-16' ? `${name} is created` : `a ${name} token is created`;
      expect(r.steps[0]!.entries.map((e) => e.text).filter((t) => t.includes('created'))).toEqual([line, line]);
    });
  }
});

describe('"can\'t block" is a restriction (509.1b), not the untapped-creature rule (509.1a)', () => {
  for (const edition of EDITIONS) {
    it(`a creature that can't block is refused citing 509.1b (${edition})`, () => {
      const { failed, errors } = run(scenario({ bear: creature('P1', 'Grizzly Bears', [2, 2]), wall: creature('P2', 'Sightless Ghoul', [2, 2], { keywords: ['cant-block'] }), tapped: creature('P2', 'Tired Ogre', [2, 2], {}, { tapped: true }) }, [
        { do: [{ op: 'advance', to: 'declare-attackers' }, { op: 'declare-attackers', by: 'P1', attackers: ['bear'] }, { op: 'advance', to: 'declare-blockers' }] },
        { do: { op: 'declare-blockers', by: 'P2', blocks: [{ blocker: 'wall', attackers: ['bear'] }] }, expect: ex({ illegal: { rule: '509.1b' } }) },
        { do: { op: 'declare-blockers', by: 'P2', blocks: [{ blocker: 'tapped', attackers: ['bear'] }] }, expect: ex({ illegal: { rule: '509.1a' } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('a deals-damage trigger names the source it watches', () => {
  const disa = (trigger: Record<string, unknown>) => creature('P1', 'Disa-like Watcher', [1, 1], { triggered: [{ on: 'deals-damage', ...trigger, effects: [{ op: 'gain-life', player: 'you', n: 1 }] }] });
  const shock = { owner: 'P2', zone: 'hand', card: { name: 'Shock', manaCost: '{R}', types: ['instant'], colors: ['red'], spell: { targets: [{ id: 't', player: true }], effects: [{ op: 'deal-damage', to: '$t', n: 2 }] } } } as Obj;
  it("an opponent's spell dealing damage doesn't trigger \"whenever a creature you control deals damage\"", () => {
    const s = scenario({ disa: disa({ filter: { types: ['creature'], controller: 'you' } }), bear: creature('P1', 'Grizzly Bears', [2, 2]), shock }, [
      { do: [{ op: 'cast', by: 'P2', card: 'shock', targets: { t: 'P1' }, payment: { mana: '{R}' } }, { op: 'pass-all' }], expect: ex({ P1: { life: 18 }, stack: [] }) },
      { do: { op: 'deal-damage', from: 'bear', to: 'P2', n: 2 }, expect: ex({ P2: { life: 18 }, stack: ['disa'] }) },
    ]);
    s.setup.players.P2 = { life: 20, pool: '{R}' };
    const { failed, errors } = run(s);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });
  it('a deals-damage trigger with neither self nor a filter is a located error of the scenario', () => {
    const s = scenario({ disa: disa({}) }, [{ do: { op: 'check-sba' } }]);
    expect(checkScenario(s)).toEqual([{ path: '$.setup.objects.disa.card.triggered[0]', message: 'a "deals-damage" trigger must say whose damage it watches: "self": true (this object) or a "filter" for the source' }]);
  });
});
