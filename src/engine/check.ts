/**
 * Checks of a scenario beyond its JSON Schema: references to objects, mana strings, knob paths, compare indices.
 * Each problem names the JSON path and what was expected.
 */
import { parseCost } from './mana.ts';
import { pathProblem } from './state-edit.ts';
import { getPath, type Scenario } from './scenario.ts';
import { type SchemaError } from './scenario-validate.ts';
import { jsonPath } from '../model/json-path.ts';
import { isCountedCardId, isPlayerId } from './types.ts';

const REF_KEYS = new Set(['card', 'obj', 'attacker', 'blocker', 'source', 'from']);

/** Every object in a value with its JSON path (iterative; the validator has already bounded the depth). */
function walk(root: unknown, visit: (v: Record<string, unknown>, path: string) => void): void {
  const todo: { v: unknown; path: PropertyKey[] }[] = [{ v: root, path: [] }];
  while (todo.length) {
    const { v, path } = todo.pop()!;
    if (Array.isArray(v)) v.forEach((x, i) => todo.push({ v: x, path: [...path, i] }));
    else if (v && typeof v === 'object') {
      visit(v as Record<string, unknown>, jsonPath(path));
      for (const [k, x] of Object.entries(v)) todo.push({ v: x, path: [...path, k] });
    }
  }
}

export function checkScenario(s: Scenario): SchemaError[] {
  const errs: SchemaError[] = [];
  const ids = new Set(Object.keys(s.setup.objects ?? {}));
  const created = new Set<string>();
  const walkCreated = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walkCreated);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ((o['op'] === 'create-token' || o['op'] === 'create-token-copy') && typeof o['id'] === 'string') {
        created.add(o['id']);
        for (let i = 1; i <= 9; i++) created.add(`${o['id']}${i}`);
      }
      Object.values(o).forEach(walkCreated);
    }
  };
  walkCreated(s);
  const known = (id: string) => ids.has(id) || created.has(id) || id === 'self' || id.startsWith('$') || isPlayerId(id) || isCountedCardId(id);
  const mana = (v: unknown, path: string) => {
    if (typeof v !== 'string') return;
    try {
      parseCost(v);
    } catch (e) {
      errs.push({ path, message: `invalid mana string: ${(e as Error).message}` });
    }
  };
  for (const [id, o] of Object.entries(s.setup.objects ?? {})) {
    mana(o.card.manaCost, `$.setup.objects.${id}.card.manaCost`);
    if (o.attachedTo && !ids.has(o.attachedTo)) errs.push({ path: `$.setup.objects.${id}.attachedTo`, message: `unknown object "${o.attachedTo}"; expected one of ${[...ids].join(', ')}` });
  }
  for (const p of ['P1', 'P2'] as const) mana(s.setup.players[p]?.pool, `$.setup.players.${p}.pool`);
  // a trigger on damage names whose damage it watches: without self or a filter it would fire for any source at all;
  // a token is a new object, so its id can't be one the setup already uses
  walk(s, (v, path) => {
    if ((v['op'] === 'create-token' || v['op'] === 'create-token-copy') && typeof v['id'] === 'string' && ids.has(v['id'])) errs.push({ path: `${path}.id`, message: `"${v['id']}" already names an object of the setup; a token needs a new id` });
    if (v['on'] === 'deals-damage' && Array.isArray(v['effects']) && !v['self'] && !v['filter']) {
      errs.push({ path, message: 'a "deals-damage" trigger must say whose damage it watches: "self": true (this object) or a "filter" for the source' });
    }
  });
  s.steps.forEach((st, i) => {
    const acts = Array.isArray(st.do) ? st.do : [st.do];
    acts.forEach((act, j) => {
      const a = act as Record<string, unknown> & { op: string };
      const base = Array.isArray(st.do) ? `$.steps[${i}].do[${j}]` : `$.steps[${i}].do`;
      for (const k of a.op === 'put-counters' || a.op === 'remove-counters' ? [...REF_KEYS, 'on'] : REF_KEYS) {
        const v = a[k];
        if (typeof v === 'string' && !known(v)) errs.push({ path: `${base}.${k}`, message: `unknown object "${v}"; expected one of ${[...ids].join(', ')}` });
      }
      // the creatures tapped for a crew cost (702.121a) or for convoke (702.50a), the permanents tapped for mana while casting
      for (const k of ['crew', 'tapForMana'] as const) {
        const v = a[k];
        if (Array.isArray(v)) v.forEach((x, n) => typeof x === 'string' && !known(x) && errs.push({ path: `${base}.${k}[${n}]`, message: `unknown object "${x}"` }));
      }
      if (a['convoke'] && typeof a['convoke'] === 'object') {
        for (const [c, m] of Object.entries(a['convoke'] as Record<string, unknown>)) {
          if (!known(c)) errs.push({ path: `${base}.convoke.${c}`, message: `unknown object "${c}"` });
          mana(m, `${base}.convoke.${c}`);
        }
      }
      if (a.op === 'query' && typeof a['cost'] === 'string') mana(a['cost'], `${base}.cost`);
      if (a.op === 'set' && typeof a['path'] === 'string') {
        const problem = pathProblem(a['path']);
        if (problem) errs.push({ path: `${base}.path`, message: problem });
      }
      if (a['targets'] && typeof a['targets'] === 'object') {
        for (const [t, v] of Object.entries(a['targets'] as Record<string, unknown>)) if (typeof v === 'string' && !known(v)) errs.push({ path: `${base}.targets.${t}`, message: `unknown object "${v}"` });
      }
    });
    for (const k of Object.keys(st.expect ?? {})) {
      if (['illegal', 'result', 'stack', 'trace', 'damageEvent', 'events', 'game', 'turn', 'P1', 'P2'].includes(k)) continue;
      if (!known(k)) errs.push({ path: `$.steps[${i}].expect.${k}`, message: `unknown object "${k}"; expected an object id, P1, P2 or one of illegal, result, stack, trace, damageEvent, game, turn` });
    }
  });
  (s.knobs ?? []).forEach((k, i) => {
    const problem = pathProblem(k.path);
    if (problem) errs.push({ path: `$.knobs[${i}].path`, message: problem });
    else if (getPath(s, k.path) === undefined) errs.push({ path: `$.knobs[${i}].path`, message: `"${k.path}" doesn't name a value in this scenario` });
  });
  (s.compare ?? []).forEach((c, i) => {
    for (const k of Object.keys(c.expectAt ?? {})) if (Number(k) >= s.steps.length) errs.push({ path: `$.compare[${i}].expectAt.${k}`, message: `there is no step ${k} (the scenario has ${s.steps.length} steps)` });
    for (const k of c.skipSteps ?? []) if (k >= s.steps.length) errs.push({ path: `$.compare[${i}].skipSteps`, message: `there is no step ${k}` });
  });
  return errs;
}
