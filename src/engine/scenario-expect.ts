/**
 * Checking a step's expectations (the scenario format's `expect`, schema-expect.ts) against the game after the step:
 * objects and players, the stack, legality and its rules, a query's answer, the trace's citations and what the step
 * did (Game.record); and translating an expectation's rule numbers to the edition a scenario runs under (crosswalk).
 * Each check is one ExpectationResult with what was expected and what the engine gave.
 */
import type { Game } from './game.ts';
import { derive } from './layers.ts';
import { formatUnits } from './mana.ts';
import { translateBetween } from './rules.ts';
import type { Expectation, ExpectationResult, Scenario, StepResult } from './scenario-types.ts';
import type { GameState, PlayerId } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

export function translateExpect(e: Expectation | undefined, from: string, to: string, already: boolean): Expectation | undefined {
  if (!e || from === to || already) return e;
  const out = clone(e);
  const tr = out['trace'] as { cites?: string[]; notCites?: string[] } | undefined;
  if (tr?.cites) tr.cites = tr.cites.map((r) => translateBetween(r, from, to));
  if (tr?.notCites) tr.notCites = tr.notCites.map((r) => translateBetween(r, from, to));
  const il = out['illegal'] as { rule?: string; rules?: string[] } | undefined;
  if (il && typeof il === 'object' && il.rule) il.rule = translateBetween(il.rule, from, to);
  if (il && typeof il === 'object' && il.rules) il.rules = il.rules.map((r) => translateBetween(r, from, to));
  return out;
}

// ------------------------------------------------------------------ expectations
const PLAYER_KEYS = new Set(['P1', 'P2']);

function sameSet(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  const ka = a.map(canon).sort();
  const kb = b.map(canon).sort();
  return ka.every((x, i) => x === kb[i]);
}
function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${k}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}
/** Deep equality in which arrays called "options" compare as sets. */
function deepEq(a: unknown, b: unknown, key = ''): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (key === 'options') return sameSet(a, b);
    return a.length === b.length && a.every((x, i) => deepEq(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEq((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], k));
  }
  return a === b;
}

export function checkExpect(exp: Expectation, step: number, state: GameState, res: StepResult, g: Game, scn: Scenario): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  const add = (path: string, expected: unknown, actual: unknown, passed: boolean) => out.push({ step, path, expected, actual, passed });
  const v = derive(state);
  for (const [key, val] of Object.entries(exp)) {
    if (key === 'illegal') {
      if (val === false) add('illegal', false, res.illegal ?? false, !res.illegal);
      else if (val === true) add('illegal', true, res.illegal ?? false, !!res.illegal);
      else {
        const want = (val as { rule: string; rules?: string[] }).rule;
        add('illegal.rule', want, res.illegal?.rule ?? null, res.illegal?.rule === want);
        const all = (val as { rules?: string[] }).rules;
        if (all) {
          const got = (res.illegal?.reasons ?? (res.illegal ? [res.illegal] : [])).map((r) => r.rule);
          add('illegal.rules', all, got, sameSet(all, got));
        }
      }
      continue;
    }
    if (key === 'result') {
      add('result', val, res.result, deepEq(val, res.result));
      continue;
    }
    if (key === 'stack') {
      const labels = state.stack.map((s) => s.obj);
      if (typeof val === 'number') add('stack', val, labels.length, labels.length === val);
      else add('stack', val, labels, deepEq(val, labels));
      continue;
    }
    if (key === 'game') {
      add('game', val, state.result, deepEq(val, state.result ?? {}));
      continue;
    }
    if (key === 'turn') {
      for (const [k, x] of Object.entries(val as Record<string, unknown>)) {
        const actual = (state.turn as Record<string, unknown>)[k];
        add(`turn.${k}`, x, actual, actual === x);
      }
      continue;
    }
    if (key === 'events') {
      // what the step did that the state doesn't show (Game.record): each listed part is compared exactly
      const want = val as Partial<Record<keyof Game['record'], unknown>>;
      for (const [k, x] of Object.entries(want)) {
        const actual = g.record[k as keyof Game['record']];
        add(`events.${k}`, x, actual, deepEq(x, actual));
      }
      continue;
    }
    if (key === 'damageEvent') {
      const actual = g.damageEvents[g.damageEvents.length - 1] ?? [];
      const want = (val as { stage: string; items: string[] }[]).map((s) => ({ stage: s.stage, items: [...s.items].sort() }));
      const got = actual.map((s) => ({ stage: s.stage, items: [...s.items].sort() }));
      add('damageEvent', val, actual, deepEq(want, got));
      continue;
    }
    if (key === 'trace') {
      const t = val as { cites?: string[]; notCites?: string[]; sbaRounds?: number; layerBreakdown?: { obj: string; rows: string[] } };
      for (const r of t.cites ?? []) add(`trace.cites ${r}`, true, res.rules.includes(r), res.rules.includes(r));
      for (const r of t.notCites ?? []) add(`trace.notCites ${r}`, false, res.rules.includes(r), !res.rules.includes(r));
      if (t.sbaRounds !== undefined) add('trace.sbaRounds', t.sbaRounds, g.sbaRounds, g.sbaRounds === t.sbaRounds);
      if (t.layerBreakdown) {
        const rows = (v[t.layerBreakdown.obj]?.layerLog ?? []).filter((r) => r.layer.startsWith('7')).map((r) => `${r.layer} ${r.text}`);
        add(`trace.layerBreakdown ${t.layerBreakdown.obj}`, t.layerBreakdown.rows, rows, deepEq(t.layerBreakdown.rows, rows));
      }
      continue;
    }
    if (PLAYER_KEYS.has(key)) {
      const p = key as PlayerId;
      const ps = state.players[p];
      const zoneCount = (z: string) => Object.values(state.objects).filter((o) => o.owner === p && o.zone === z).length;
      const library = (q: PlayerId) => Object.values(state.objects).filter((o) => o.owner === q && o.zone === 'library').sort((a, b) => a.pos - b.pos).map((o) => o.id);
      for (const [k, x] of Object.entries(val as Record<string, unknown>)) {
        let actual: unknown;
        switch (k) {
          case 'life': actual = ps.life; break;
          case 'poison': actual = ps.poison; break;
          case 'pool': actual = formatUnits(ps.pool); break;
          case 'restrictedPool': actual = formatUnits(ps.pool.filter((u) => u.only)); break;
          case 'libraryTop': actual = library(p).slice(0, (x as unknown[]).length); break;
          case 'library': actual = library(p); break;
          case 'handCount': actual = zoneCount('hand'); break;
          case 'libraryCount': actual = zoneCount('library'); break;
          case 'graveyardCount': actual = zoneCount('graveyard'); break;
          case 'exileCount': actual = zoneCount('exile'); break;
          case 'lost': actual = !!ps.lost; break;
          case 'won': actual = !!ps.won; break;
          default: actual = `unknown field ${k}`;
        }
        add(`${p}.${k}`, x, actual, k === 'library' ? Array.isArray(actual) && sameSet(x as unknown[], actual) : deepEq(x, actual));
      }
      continue;
    }
    // an object
    const o = state.objects[key];
    const c = v[key];
    const fields = val as Record<string, unknown>;
    for (const [k, x] of Object.entries(fields)) {
      let actual: unknown;
      if (k === 'exists') actual = !!o;
      else if (!o || !c) actual = 'no such object';
      else {
        switch (k) {
          case 'zone': actual = o.zone; break;
          case 'pt': actual = c.power === undefined ? null : [c.power, c.toughness]; break;
          case 'power': actual = c.power ?? null; break;
          case 'toughness': actual = c.toughness ?? null; break;
          case 'colors': actual = c.colors; break;
          case 'types': actual = c.types; break;
          case 'subtypes': actual = c.subtypes; break;
          case 'supertypes': actual = c.supertypes; break;
          case 'has': actual = (x as string[]).filter((kw) => c.keywords.includes(kw)); break;
          case 'lacks': actual = (x as string[]).filter((kw) => !c.keywords.includes(kw)); break;
          case 'counters': actual = Object.fromEntries(Object.entries(o.counters).filter(([, n]) => n > 0)); break;
          case 'damage': actual = o.damage; break;
          case 'tapped': actual = o.tapped; break;
          case 'controller': actual = c.controller; break;
          case 'manaValue': actual = c.manaValue; break;
          case 'name': actual = c.name; break;
          case 'manaCost': actual = c.manaCost; break;
          case 'abilities': actual = c.hasAbilities ? 'any' : 'none'; break;
          case 'preventionShield': actual = state.shields.filter((s) => s.kind === 'prevent-next' && 'obj' in s.to && s.to.obj === key && s.to.inc === o.inc).reduce((n, s) => n + (s.kind === 'prevent-next' ? s.remaining : 0), 0); break;
          case 'attacking': actual = !!state.combat?.attackers[key]; break;
          case 'blocked': actual = !!state.combat?.attackers[key]?.blocked; break;
          case 'owner': actual = o.owner; break;
          default: actual = `unknown field ${k}`;
        }
      }
      const passed = k === 'types' || k === 'colors' || k === 'subtypes' || k === 'supertypes'
        ? Array.isArray(actual) && sameSet(x as unknown[], actual)
        : deepEq(x, actual);
      add(`${key}.${k}`, x, actual, passed);
    }
    void scn;
  }
  return out;
}
