/**
 * The sandbox edit `set` (a scenario step that changes one value of the game state, e.g. `players.P1.life` = 3),
 * made safe for any input (issue 23): the path walks only the state's own fields, never `__proto__`, `constructor`
 * or `prototype` (which would reach Object.prototype and change every later scenario in the same process or page);
 * the field must exist; and the value must be of the field's type, with the named values a field allows (a step
 * name, a player, a zone). A list of plain values (a card's types, its power and toughness) is replaced by a list of
 * values of the same kind; counters are whole numbers of zero or more; a mana pool is given as mana symbols. A whole
 * card or other structure is not replaced (its parts are). Anything else is refused with a message saying what was
 * expected, so `turn.step = "banana"` or `objects.b.card = null` is a located error, never a restarted turn or a crash.
 */
import { parsePool } from './mana.ts';
import { PLAYERS, type GameState } from './types.ts';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const STEP_NAMES = ['untap', 'upkeep', 'draw', 'main1', 'beginning-of-combat', 'declare-attackers', 'declare-blockers', 'first-strike-damage', 'combat-damage', 'end-of-combat', 'main2', 'end', 'cleanup'];
const ZONES = ['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command'];

/** Fields whose string value is one of a few names. */
const NAMED: Record<string, readonly string[]> = { step: STEP_NAMES, active: PLAYERS, controller: PLAYERS, owner: PLAYERS, zone: ZONES };

class StateEditError extends Error {}

const show = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 60);
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Problems of a path alone, before any state exists (for checkScenario): forbidden or empty segments. */
export function pathProblem(path: string): string | null {
  const parts = path.split('.');
  const bad = parts.find((p) => FORBIDDEN.has(p));
  if (bad) return `"${bad}" can't be part of a path: it names a JavaScript object's prototype, not a field of the game state`;
  if (parts.some((p) => p === '')) return `"${path}" has an empty part`;
  return null;
}

/**
 * Sets `path` of the state to `value` when the field exists and the value is of its type; throws a StateEditError
 * saying why not. Returns the value as stored (a pool given as mana symbols is stored as mana).
 */
export function setStateField(state: GameState, path: string, value: unknown): unknown {
  const problem = pathProblem(path);
  if (problem) throw new StateEditError(problem);
  const parts = path.split('.');
  let cur: unknown = state;
  for (const [i, p] of parts.slice(0, -1).entries()) {
    const next = cur !== null && typeof cur === 'object' && Object.hasOwn(cur, p) ? (cur as Record<string, unknown>)[p] : undefined;
    if (next === null || typeof next !== 'object') throw new StateEditError(`"${parts.slice(0, i + 1).join('.')}" isn't a part of the game state that holds fields`);
    cur = next;
  }
  const last = parts[parts.length - 1]!;
  const holder = cur as Record<string, unknown>;
  if (!Object.hasOwn(holder, last)) throw new StateEditError(`the game state has no field "${path}"`);
  const old = holder[last];
  const stored = checked(path, last, old, value);
  holder[last] = stored;
  return stored;
}

function checked(path: string, key: string, old: unknown, value: unknown): unknown {
  const expected = (what: string) => new StateEditError(`"${path}" must be ${what}; got ${show(value)}`);
  if (key === 'pool' && Array.isArray(old)) {
    if (typeof value !== 'string') throw expected('mana symbols such as "{G}{G}"');
    try {
      return parsePool(value);
    } catch (e) {
      throw expected(`mana symbols such as "{G}{G}" (${(e as Error).message})`);
    }
  }
  if (Array.isArray(old) && old.every((x) => ['number', 'string', 'boolean'].includes(typeof x))) {
    // a list of plain values: the same kind of values (and as many, for a pair such as power and toughness)
    const kinds = new Set(old.map((x) => typeof x));
    const want = kinds.size === 1 ? [...kinds][0]! : 'string';
    const pair = key === 'pt';
    if (!Array.isArray(value) || value.some((x) => typeof x !== want || (want === 'number' && !Number.isSafeInteger(x))) || (pair && value.length !== old.length)) {
      throw expected(`${pair ? `${old.length} ` : 'a list of '}${want === 'number' ? 'whole numbers' : `${want}s`}${pair ? ' in a list' : ''}`);
    }
    return [...value];
  }
  if (key === 'counters' && old !== null && typeof old === 'object') {
    const ok = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.entries(value).every(([k, n]) => !FORBIDDEN.has(k) && Number.isInteger(n) && (n as number) >= 0);
    if (!ok) throw expected('counters: an object of whole numbers of zero or more, by kind');
    return { ...(value as Record<string, number>) };
  }
  if (key === 'priority') {
    if (value === null || PLAYERS.includes(value as never)) return value;
    throw expected(`one of ${PLAYERS.map(show).join(', ')} or null`);
  }
  const names = NAMED[key];
  if (names && typeof old === 'string') {
    if (typeof value === 'string' && names.includes(value)) return value;
    throw expected(`one of ${names.map(show).join(', ')}`);
  }
  switch (kind(old)) {
    case 'number':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw expected('a whole number');
    case 'string':
      if (typeof value === 'string') return value;
      throw expected('a string');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw expected('true or false');
    default:
      throw new StateEditError(`"${path}" holds ${kind(old) === 'null' ? 'nothing' : `an ${kind(old)}`}; a sandbox edit sets a number, a string, true or false, a list of them, counters or a mana pool`);
  }
}
