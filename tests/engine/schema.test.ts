/**
 * The scenario format has one description (src/engine/schema.ts, zod). The published JSON Schema is generated from
 * it and must be current; validation messages are located and friendly (more cases in diagnostics.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, schemaFileText } from '../../scripts/scenario.ts';
import { MAX_DEPTH, validateScenario } from '../../src/engine/scenario-validate.ts';

describe('the published JSON Schema', () => {
  it('is the one generated from the zod description (run `npm run -s cr -- scenario --schema` after changing it)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaFileText());
  });

  it('keeps one named definition per concept of the format', () => {
    const js = JSON.parse(schemaFileText()) as { $defs: Record<string, unknown>; required: string[]; additionalProperties: boolean };
    for (const name of ['card', 'action', 'effect', 'filter', 'expect', 'objectExpect', 'rule', 'mana', 'edition', 'step']) expect(Object.keys(js.$defs)).toContain(name);
    expect(js.required).toEqual(['id', 'formatVersion', 'attach', 'ruleset', 'setup', 'steps']);
    expect(js.additionalProperties).toBe(false);
  });
});

describe('validation that a schema alone cannot give', () => {
  const base = () => ({
    id: 'v', formatVersion: 1, attach: [{ edition: '2019-01-25', rule: '613.4', example: 2 }], ruleset: '2019-01-25',
    setup: { turn: { active: 'P1', step: 'main1' }, players: {} }, steps: [{ do: { op: 'check-sba' } }],
  });

  it('accepts the minimal scenario', () => {
    expect(validateScenario(base()).errors).toEqual([]);
  });

  it('rejects keys that reach an object prototype, located', () => {
    const s = JSON.parse(JSON.stringify(base()).replace('"players":{}', '"players":{"__proto__":{"life":1}}')) as unknown;
    expect(validateScenario(s).errors).toEqual([{ path: '$.setup.players.__proto__', message: '"__proto__" is not allowed as a key (it names a JavaScript object\'s prototype)' }]);
    const c = { ...base(), names: { constructor: { en: 'x' } } };
    expect(validateScenario(c).errors[0]?.path).toBe('$.names.constructor');
  });

  it('answers a very deep document with a located message, not a stack overflow', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200_000; i++) deep = (deep['a'] = {}) as Record<string, unknown>;
    const r = validateScenario({ ...base(), setup: root });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.path).toBe(`$.setup${'.a'.repeat(MAX_DEPTH)}`);
    expect(r.errors[0]!.message).toMatch(/nested more than 64 levels deep/);
  });

  it('says which values are allowed and which fields are unknown', () => {
    const s = base() as Record<string, unknown>;
    s['ruleset'] = '2020-01-01';
    s['stpes'] = [];
    expect(validateScenario(s).errors).toEqual([
      { path: '$.ruleset', message: 'expected one of "2019-01-25", "2026-01-16"; got "2020-01-01"' },
      { path: '$.stpes', message: 'unknown field "stpes"' },
    ]);
  });

  it('checks each action against the one form of its op, located, with the nearest ops for an unknown one', () => {
    const withDo = (d: unknown) => ({ ...base(), steps: [{ do: d }] });
    expect(validateScenario(withDo({ op: 'cast', by: 'P1', card: 'bear', paymnet: { auto: true } })).errors).toEqual([{ path: '$.steps[0].do.paymnet', message: 'unknown field "paymnet"' }]);
    expect(validateScenario(withDo({ op: 'cats', by: 'P1', card: 'bear' })).errors).toEqual([{ path: '$.steps[0].do.op', message: 'unknown op "cats"; did you mean "cast" or "pass" or "set"?' }]);
    expect(validateScenario(withDo({ op: 'declare-attackers', by: 'P1' })).errors).toEqual([{ path: '$.steps[0].do', message: 'missing required field "attackers"' }]);
    // inside an ability only instructions are allowed: a player action there is an unknown op
    const nested = withDo({ op: 'create-delayed', on: 'step-begins', step: 'end', effects: [{ op: 'draw', n: 1 }, { op: 'pass' }] });
    expect(validateScenario(nested).errors).toEqual([{ path: '$.steps[0].do.effects[1].op', message: 'unknown op "pass"; did you mean "tap"?' }]);
  });
});
