/**
 * The engine on any input (issue 23; the review's hostile inputs, "The engine sandbox" §6): sandbox edits (`set`) that
 * would reach Object.prototype or write nonsense, a token id that is taken, counts no game needs, loops of triggers,
 * and one process running scenario after scenario, as the test runner, `scenario --all` and the sandbox page do.
 * Each bad input is a located error; nothing a scenario does reaches the next one.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { applyOverrides, checkScenario, runScenario, validateScenario, type Scenario } from '../../src/engine/index.ts';

type Objects = NonNullable<Scenario['setup']['objects']>;
const bear = { owner: 'P1', zone: 'battlefield', card: { name: 'Grizzly Bears', types: ['creature'], pt: [2, 2] } } as Objects[string];
function scenario(steps: Scenario['steps'], objects: Objects = { b: bear }): Scenario {
  return { id: 'hostile', formatVersion: 1, attach: [{ edition: '2019-01-25', rule: '100.1', example: 1 }], ruleset: '2019-01-25', setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects }, steps };
}
const set = (path: string, value: unknown) => ({ do: { op: 'set', path, value } }) as Scenario['steps'][number];

describe('sandbox edits (set)', () => {
  it('never reach a prototype: located by the checker, refused by the engine, Object.prototype untouched', () => {
    for (const path of ['__proto__.phasedOut', 'objects.b.constructor.prototype.x', 'players.__proto__.polluted']) {
      const s = scenario([set(path, true)]);
      expect(checkScenario(s).map((e) => e.path)).toEqual(['$.steps[0].do.path']);
      const r = runScenario(s);
      expect(r.errors[0]).toMatch(/^step 0: "(__proto__|constructor)" can't be part of a path/);
    }
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)['phasedOut']).toBeUndefined();
  });

  it('set only fields that exist, with values of their type; the state is left as it was', () => {
    const cases: [string, unknown, RegExp][] = [
      ['turn.step', 'banana', /^step 0: "turn.step" must be one of "untap", .*"cleanup"; got "banana"$/],
      ['objects.b.card', null, /^step 0: "objects.b.card" holds an object; a sandbox edit sets/],
      ['objects.b.card.pt', [5], /^step 0: "objects.b.card.pt" must be 2 whole numbers in a list; got \[5\]$/],
      ['players.P1.life', '20', /^step 0: "players.P1.life" must be a whole number; got "20"$/],
      ['players.P1.mana', 3, /^step 0: the game state has no field "players.P1.mana"$/],
      ['objects.nothing.tapped', true, /^step 0: "objects.nothing" isn't a part of the game state that holds fields$/],
      ['objects.b.zone', 'field', /^step 0: "objects.b.zone" must be one of "battlefield", /],
      ['objects.b.counters', { '+1/+1': -1 }, /must be counters: an object of whole numbers of zero or more/],
      ['players.P1.pool', '{Q}', /^step 0: "players.P1.pool" must be mana symbols/],
    ];
    for (const [path, value, message] of cases) {
      const r = runScenario(scenario([set(path, value)]));
      expect(r.errors, path).toHaveLength(1);
      expect(r.errors[0], path).toMatch(message);
      // the step's changes are discarded: the state is the setup's
      expect(r.final.turn.step, path).toBe('main1');
      expect(r.final.objects['b'], path).toMatchObject({ zone: 'battlefield', power: 2, toughness: 2 });
    }
  });

  it('still edits what a scenario may edit: life, power and toughness, counters, the pool, a step', () => {
    const r = runScenario(scenario([
      { ...set('players.P1.life', 3), expect: { P1: { life: 3 } } as never },
      { ...set('objects.b.card.pt', [5, 4]), expect: { b: { pt: [5, 4] } } as never },
      { ...set('objects.b.counters', { '+1/+1': 2 }), expect: { b: { pt: [7, 6] } } as never },
      { ...set('players.P2.pool', '{G}{G}'), expect: { P2: { pool: '{G}{G}' } } as never },
      { ...set('turn.step', 'main2') },
    ]));
    expect(r.errors).toEqual([]);
    expect(r.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(r.final.turn.step).toBe('main2');
  });

  it('a knob path that names a prototype is refused by the checker and by applyOverrides', () => {
    const s = { ...scenario([{ do: { op: 'check-sba' } }]), knobs: [{ path: '__proto__.toString', label: { en: 'x' }, kind: 'number' }] } as Scenario;
    expect(checkScenario(s)).toEqual([{ path: '$.knobs[0].path', message: '"__proto__" can\'t be part of a path: it names a JavaScript object\'s prototype, not a field of the game state' }]);
    expect(() => applyOverrides(s, { '__proto__.toString': 1 })).toThrow(/can't be part of a path/);
    expect(typeof Object.prototype.toString).toBe('function');
  });
});

describe('tokens', () => {
  it('a token with an id that is taken is an error, located by the checker; the Bear is not replaced', () => {
    const s = scenario([{ do: { op: 'create-token', id: 'b', card: { name: 'Goblin', types: ['creature'], pt: [1, 1] } } }]);
    expect(checkScenario(s)).toEqual([{ path: '$.steps[0].do.id', message: '"b" already names an object of the setup; a token needs a new id' }]);
    const r = runScenario(s);
    expect(r.errors).toEqual(['step 0: create-token: the id "b" already names an object (Grizzly Bears); a token is a new object and needs a new id']);
    expect(r.final.objects['b']!.name).toBe('Grizzly Bears');
  });

  it('a billion tokens, or a library of ten million cards, are schema errors at their place', () => {
    const tokens = validateScenario(scenario([{ do: { op: 'create-token', id: 'g', n: 1_000_000_000, card: { name: 'Goblin', types: ['creature'], pt: [1, 1] } } }]));
    expect(tokens.errors).toEqual([{ path: '$.steps[0].do.n', message: 'must be at most 1000000; got 1000000000' }]);
    const library = scenario([{ do: { op: 'check-sba' } }]);
    library.setup.players.P1 = { life: 20, library: 10_000_000 };
    expect(validateScenario(library).errors).toEqual([{ path: '$.setup.players.P1.library', message: 'must be at most 1000; got 10000000' }]);
  });

  it('a number of tokens the game computes is bounded too (1000 at once)', () => {
    const s = scenario([{ do: { op: 'create-token', id: 'g', n: 5000, card: { name: 'Goblin', types: ['creature'], pt: [1, 1] } } }]);
    const r = runScenario(s);
    expect(r.errors).toEqual(['step 0: create-token: 5000 tokens at once; at most 1000']);
  });
});

describe('loops of triggers', () => {
  it('a state trigger that is always true: the error says it is a loop, of what, and where', () => {
    const loop = { owner: 'P1', zone: 'battlefield', card: { name: 'Loop Engine', types: ['enchantment'], triggered: [{ on: 'state', if: { lifeAtLeast: 0 }, effects: [{ op: 'gain-life', player: 'you', n: 1 }] }] } } as Objects[string];
    const r = runScenario(scenario([{ do: { op: 'advance', to: 'end' } }], { loop }));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^step 0: a loop: the game never reaches the end step, because abilities keep triggering and resolving: Loop Engine \(loop\) \d+ times; it is stuck at turn 2, main1 step \(a loop of mandatory actions, 104\.4b\)$/);
  });

  it('"whenever a creature enters, create a creature token": a loop, not a hang', () => {
    const maker = { owner: 'P1', zone: 'battlefield', card: { name: 'Token Maker', types: ['enchantment'], triggered: [{ on: 'etb', filter: { types: ['creature'] }, effects: [{ op: 'create-token', card: { name: 'Soldier', types: ['creature'], pt: [1, 1] } }] }] } } as Objects[string];
    const r = runScenario(scenario([{ do: [{ op: 'create-token', id: 's', card: { name: 'Soldier', types: ['creature'], pt: [1, 1] } }, { op: 'advance', to: 'end' }] }], { maker }));
    expect(r.errors[0]).toMatch(/^step 0: a loop: .*Token Maker \(maker\) \d+ times/);
  });
});

describe('each run starts from a fresh state', () => {
  it('every scenario gives the same result before and after hostile scenarios ran in the same process', () => {
    const scenarios = scenarioFiles().map((f) => loadScenario(f).scenario!);
    const digest = () => scenarios.map((s) => JSON.stringify(runScenario(s)));
    const before = digest();
    // what the review ran in one process: a polluting edit, nonsense edits, a token collision, a loop
    runScenario(scenario([set('__proto__.phasedOut', true)]));
    runScenario(scenario([set('turn.step', 'banana'), set('objects.b.card', null)]));
    runScenario(scenario([{ do: { op: 'create-token', id: 'b', card: { name: 'Goblin', types: ['creature'], pt: [1, 1] } } }]));
    // and every scenario mutated after its run (a caller may keep and change what it got)
    for (const s of scenarios) {
      const r = runScenario(s);
      for (const o of Object.values(r.final.objects)) o.types.push('mutated');
      r.steps.forEach((st) => st.entries.splice(0));
    }
    expect(digest()).toEqual(before);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
