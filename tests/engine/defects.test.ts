/**
 * Engine defects found by the independent scenarios (issue 12), each as a small game run through the same scenario
 * runner the site uses, under both rules profiles.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Expectation, type Scenario } from '../../src/engine/index.ts';

/** Object expectations and the special keys (trace, illegal, result) share one record; TypeScript can't type that mix. */
const ex = (e: Record<string, unknown>) => e as Expectation;

type Objects = NonNullable<Scenario['setup']['objects']>;
const creature = (owner: 'P1' | 'P2', name: string, pt: [number, number], extra: Record<string, unknown> = {}) =>
  ({ owner, zone: 'battlefield', card: { name, types: ['creature'], pt, ...extra } }) as Objects[string];

function scenario(objects: Objects, steps: Scenario['steps'], step: Scenario['setup']['turn']['step'] = 'main1'): Scenario {
  return {
    id: 'test', formatVersion: 1, attach: [], ruleset: '2019-01-25',
    setup: { turn: { active: 'P1', step }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects },
    steps,
  };
}

function run(s: Scenario, edition = '2019-01-25') {
  const r = runScenario(s, { edition });
  return { r, failed: r.expectations.filter((e) => !e.passed), errors: r.errors };
}

const EDITIONS = ['2019-01-25', '2026-01-16'];

describe('the legend rule (704.5j)', () => {
  const legends: Objects = {
    a: creature('P1', 'Isamaru, Hound of Konda', [2, 2], { supertypes: ['legendary'] }),
    b: creature('P1', 'Isamaru, Hound of Konda', [2, 2], { supertypes: ['legendary'] }),
    c: creature('P2', 'Isamaru, Hound of Konda', [2, 2], { supertypes: ['legendary'] }),
  };
  for (const edition of EDITIONS) {
    it(`the controller keeps the one they choose; another player's copy stays (${edition})`, () => {
      const { failed, errors, r } = run(scenario(legends, [{ do: { op: 'check-sba' }, choices: { 'legend:P1:Isamaru, Hound of Konda': 'b' }, expect: ex({ a: { zone: 'graveyard' }, b: { zone: 'battlefield' }, c: { zone: 'battlefield' }, trace: { cites: ['704.5j'] } }) }]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
      expect(r.expectations.length).toBe(4);
      // who made the choice, and what: the legend rule's choice is the controller's (704.5j)
      expect(r.steps[0]!.record!.choices).toEqual([{ choice: 'legend:P1:Isamaru, Hound of Konda', by: 'P1', value: 'b' }]);
    });
  }

  it('asks for the choice when the scenario does not give it', () => {
    const { r } = run(scenario(legends, [{ do: { op: 'check-sba' } }]));
    expect(r.errors[0]).toMatch(/chooses one to keep.*choices\.legend:P1:Isamaru/);
  });

  it('refuses to keep a permanent that is not one of the legends', () => {
    const { r } = run(scenario(legends, [{ do: { op: 'check-sba' }, choices: { 'legend:P1:Isamaru, Hound of Konda': 'c' } }]));
    expect(r.steps[0]!.illegal?.rule).toBe('704.5j');
  });

  it('leaves nonlegendary permanents with the same name alone', () => {
    const { failed } = run(scenario({ a: creature('P1', 'Grizzly Bears', [2, 2]), b: creature('P1', 'Grizzly Bears', [2, 2]) }, [{ do: { op: 'check-sba' }, expect: ex({ a: { zone: 'battlefield' }, b: { zone: 'battlefield' } }) }]));
    expect(failed).toEqual([]);
  });
});

describe('the world rule (704.5k)', () => {
  const world = (owner: 'P1' | 'P2', name: string, zone = 'battlefield') => ({ owner, zone, card: { name, supertypes: ['world'], types: ['enchantment'] } }) as Objects[string];
  for (const edition of EDITIONS) {
    it(`only the newest world permanent stays (${edition})`, () => {
      const { failed, errors } = run(scenario({ old: world('P1', 'Concordant Crossroads'), neu: world('P2', 'Living Plane', 'hand') }, [
        { do: { op: 'move', obj: 'neu', to: 'battlefield' }, expect: ex({ old: { zone: 'graveyard' }, neu: { zone: 'battlefield' }, trace: { cites: ['704.5k'] } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('protection from a color stops blocking by creatures of that color (702.16f)', () => {
  const objs: Objects = {
    knight: creature('P1', 'Knight of Meadowgrain', [2, 2], { keywords: ['protection-from-green'] }),
    bear: creature('P2', 'Grizzly Bears', [2, 2], { colors: ['green'] }),
    ogre: creature('P2', 'Gray Ogre', [2, 2], { colors: ['red'] }),
  };
  const attack = { do: [{ op: 'advance', to: 'declare-attackers' }, { op: 'declare-attackers', by: 'P1', attackers: ['knight'] }, { op: 'advance', to: 'declare-blockers' }] } as Scenario['steps'][number];
  for (const edition of EDITIONS) {
    it(`a green creature can't block, a red one can (${edition})`, () => {
      const { failed, errors } = run(scenario(objs, [
        attack,
        { do: { op: 'declare-blockers', by: 'P2', blocks: [{ blocker: 'bear', attackers: ['knight'] }] }, expect: ex({ illegal: { rule: '702.16f' } }) },
        { do: { op: 'query', what: 'legal-blocks' }, expect: ex({ result: { options: [{}, { ogre: ['knight'] }] } }) },
        { do: { op: 'declare-blockers', by: 'P2', blocks: [{ blocker: 'ogre', attackers: ['knight'] }] }, expect: ex({ knight: { blocked: true } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('a planeswalker enters with its loyalty (306.5b)', () => {
  for (const edition of EDITIONS) {
    it(`cast from hand, it stays on the battlefield with its printed loyalty (${edition})`, () => {
      const s = scenario({ jace: { owner: 'P1', zone: 'hand', card: { name: 'Jace Beleren', manaCost: '{1}{U}{U}', types: ['planeswalker'], subtypes: ['Jace'], loyalty: 3 } } }, [
        { do: [{ op: 'cast', by: 'P1', card: 'jace', payment: { mana: '{U}{U}{U}' } }, { op: 'pass-all' }], expect: ex({ jace: { zone: 'battlefield', counters: { loyalty: 3 } }, trace: { cites: ['306.5b'] } }) },
      ]);
      s.setup.players.P1 = { life: 20, pool: '{U}{U}{U}' };
      const { failed, errors } = run(s, edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
});

describe('questions about combat damage outside combat', () => {
  it('are illegal actions citing 510.1, not crashes', () => {
    const { r } = run(scenario({ bear: creature('P1', 'Grizzly Bears', [2, 2]) }, [{ do: { op: 'query', what: 'legal-damage-assignments', attacker: 'bear' }, expect: ex({ illegal: { rule: '510.1' } }) }]));
    expect(r.errors).toEqual([]);
    // The whole reason, exactly: the rule, the English text and the message key the page translates (trace.json).
    const text = 'there is no combat now, so no creature assigns combat damage';
    expect(r.steps[0]!.illegal).toEqual({ rule: '510.1', text, msg: { key: text, args: [] } });
    expect(r.passed).toBe(true);
  });
});

describe('attaching an Aura or Equipment gives it a new timestamp (613.6d; 613.7e in 2026)', () => {
  // two layer-7b effects on one creature: the later timestamp wins, so re-attaching changes the result
  const objs: Objects = {
    bear: creature('P1', 'Grizzly Bears', [2, 2]),
    wolf: creature('P1', 'Timber Wolves', [1, 1]),
    eq: { owner: 'P1', zone: 'battlefield', attachedTo: 'bear', card: { name: 'Equipment', types: ['artifact'], subtypes: ['Equipment'], static: [{ affects: { attached: 'enchanted' }, setPT: [5, 5] }] } } as Objects[string],
  };
  for (const [edition, rule] of [['2019-01-25', '613.6d'], ['2026-01-16', '613.7e']] as const) {
    it(`re-attached Equipment applies after an earlier "becomes 1/1" effect (${edition})`, () => {
      const { failed, errors } = run(scenario(objs, [
        { do: { op: 'create-effect', effect: { affects: 'bear', setPT: [1, 1], until: 'end-of-turn' } }, expect: ex({ bear: { pt: [1, 1] } }) },
        { do: { op: 'attach', obj: 'eq', to: 'wolf' }, expect: ex({ bear: { pt: [1, 1] }, wolf: { pt: [5, 5] }, trace: { cites: ['701.3a', rule] } }) },
        { do: { op: 'attach', obj: 'eq', to: 'bear' }, expect: ex({ bear: { pt: [5, 5] }, wolf: { pt: [1, 1] } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it('attaching to something not on the battlefield is illegal (701.3a)', () => {
    const o = { ...objs, gone: { ...creature('P2', 'Gone', [1, 1]), zone: 'graveyard' } } as Objects;
    const { r } = run(scenario(o, [{ do: { op: 'attach', obj: 'eq', to: 'gone' }, expect: ex({ illegal: { rule: '701.3a' } }) }]));
    expect(r.passed).toBe(true);
  });
});

describe('every reason an action is illegal', () => {
  const objs: Objects = {
    bird: creature('P1', 'Suntail Hawk', [1, 1], { keywords: ['flying'] }),
    knight: creature('P1', 'Knight of Meadowgrain', [2, 2], { keywords: ['protection-from-green'] }),
    bear: creature('P2', 'Grizzly Bears', [2, 2], { colors: ['green'] }),
    elf: creature('P2', 'Llanowar Elves', [1, 1], { colors: ['green'] }),
  };
  it('a block declaration breaking two rules reports both (702.9b flying, 702.16f protection)', () => {
    const { failed, errors, r } = run(scenario(objs, [
      { do: [{ op: 'advance', to: 'declare-attackers' }, { op: 'declare-attackers', by: 'P1', attackers: ['bird', 'knight'] }, { op: 'advance', to: 'declare-blockers' }] },
      { do: { op: 'declare-blockers', by: 'P2', blocks: [{ blocker: 'bear', attackers: ['bird'] }, { blocker: 'elf', attackers: ['knight'] }] }, expect: ex({ illegal: { rule: '702.9b', rules: ['702.9b', '702.16f'] } }) },
    ]));
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(r.steps[1]!.illegal!.reasons!.map((x) => x.text)).toEqual([
      "Grizzly Bears can't block Suntail Hawk, which has flying",
      "Llanowar Elves can't block Knight of Meadowgrain, which has protection from green",
    ]);
  });
});

describe('snow mana: which source made it, and which mana paid {S} (107.4h)', () => {
  const land = (name: string, snow: boolean) => ({ owner: 'P1', zone: 'battlefield', card: { name, ...(snow ? { supertypes: ['snow'] } : {}), types: ['land'], activated: [{ tap: true, effects: [{ op: 'add-mana', player: 'you', mana: '{G}' }] }] } }) as Objects[string];
  const spell = { owner: 'P1', zone: 'hand', card: { name: 'Icequake-like spell', manaCost: '{S}{G}', types: ['sorcery'], spell: { effects: [{ op: 'gain-life', player: 'you', n: 1 }] } } } as Objects[string];
  for (const edition of EDITIONS) {
    it(`mana from a snow land pays {S}; the payment records which (${edition})`, () => {
      const { failed, errors } = run(scenario({ snowy: land('Snow-Covered Forest', true), plain: land('Forest', false), spell }, [
        { do: [{ op: 'activate', by: 'P1', obj: 'snowy' }, { op: 'activate', by: 'P1', obj: 'plain' }], expect: ex({ P1: { pool: '{G}{G}' }, trace: { cites: ['107.4h'] } }) },
        { do: { op: 'cast', by: 'P1', card: 'spell', payment: { mana: '{G}{G}' } }, expect: ex({ illegal: { rule: '601.2h' } }) },
        { do: { op: 'cast', by: 'P1', card: 'spell', payment: { mana: '{G}{G}', snow: '{G}' } }, expect: ex({ spell: { zone: 'stack' }, events: { payments: [{ for: 'Icequake-like spell', mana: '{G}{G}', snow: '{G}', life: 0 }] } }) },
      ]), edition);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    });
  }
  it('without a snow source {S} cannot be paid: the pool holds no snow mana to spend (117.3)', () => {
    const { failed, errors } = run(scenario({ a: land('Forest', false), b: land('Forest', false), spell }, [
      { do: [{ op: 'activate', by: 'P1', obj: 'a' }, { op: 'activate', by: 'P1', obj: 'b' }, { op: 'cast', by: 'P1', card: 'spell', payment: { mana: '{G}{G}', snow: '{G}' } }], expect: ex({ illegal: { rule: '117.3' } }) },
    ]));
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });
});
