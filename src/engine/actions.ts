/**
 * What a player (or the sandbox) does in a scenario step: one handler per op of the PlayerAction union
 * (schema-action.ts), in a map keyed by `op`, so TypeScript checks that every op has exactly one handler with the
 * right form. Priority and the turn's structure (117.3-117.4, 500.2), casting and activating (601, 602), mana
 * abilities (605), playing a land (305), declaring attackers and blockers (508, 509), the damage assignment order
 * (509.2 in 2019) and the combat damage assignment (510.1), questions (queries.ts) and sandbox edits. An instruction
 * given directly in a step (an injection) runs with its handler in instructions.ts.
 */
import * as effects from './effects.ts';
import * as sba from './sba.ts';
import * as instructions from './instructions.ts';
import * as casting from './casting.ts';
import * as turn from './turn.ts';
import * as combat from './combat.ts';
import * as queries from './queries.ts';
import type { Game } from './game.ts';
import { M } from './msg.ts';
import { ChoiceNeeded, type Action, type PlayerAction } from './types.ts';

type Of<K extends PlayerAction['op']> = Extract<PlayerAction, { op: K }>;
type PlayerActionHandlers = { [K in PlayerAction['op']]: (g: Game, a: Of<K>) => void };

/** A combat damage step waiting for the assignment (510.1) before anything else can happen. */
export function awaitingAssignment(g: Game): boolean {
  return !!(g.s.combat as { awaiting?: boolean } | null)?.awaiting;
}
function assignIfForced(g: Game, what: string): void {
  if (awaitingAssignment(g) && !combat.autoAssign(g)) throw new ChoiceNeeded(`combat damage must be assigned before ${what}`, 'assign-combat-damage', []);
}

const PLAYER_ACTIONS: PlayerActionHandlers = {
  pass: (g, a) => turn.pass(g, a.by),
  'pass-all': (g) => {
    sba.settle(g);
    turn.passAll(g);
  },
  'pass-until': (g) => {
    // until the current step ends: all players pass in succession with an empty stack (500.2)
    const start = g.s.turn.step;
    const startTurn = g.s.turn.number;
    const resolvedBefore = g.record.resolved.length;
    for (let i = 0; i < MAX_PASSES && g.s.turn.step === start && g.s.turn.number === startTurn; i++) {
      assignIfForced(g, 'the step can end');
      sba.settle(g);
      turn.passAll(g);
    }
    if (g.s.turn.step === start && g.s.turn.number === startTurn && !g.s.result) throw new Error(notReached(g, `the end of the ${start} step`, resolvedBefore));
  },
  advance: (g, a) => {
    const resolvedBefore = g.record.resolved.length;
    for (let i = 0; i < MAX_PASSES; i++) {
      assignIfForced(g, 'the game can advance');
      sba.settle(g);
      if (g.s.result) return;
      turn.passAll(g);
      if (g.s.turn.step === a.to && !g.s.stack.length) return;
    }
    throw new Error(notReached(g, `the ${a.to} step`, resolvedBefore));
  },
  'check-sba': (g) => sba.settle(g),
  cast: (g, a) => casting.castSpell(g, a),
  activate: (g, a) => casting.activate(g, a),
  'tap-for-mana': (g, a) => casting.activate(g, a),
  'play-land': (g, a) => casting.playLand(g, a),
  'declare-attackers': (g, a) => combat.declareAttackers(g, a),
  'declare-blockers': (g, a) => combat.declareBlockers(g, a),
  'order-blockers': (g, a) => combat.orderBlockers(g, a),
  'assign-combat-damage': (g, a) => combat.assignCombatDamage(g, a),
  query: (g, a) => {
    g.queryResult = queries.query(g, a);
  },
  set: (g, a) => effects.setPath(g, a.path, a.value),
};

/** How many rounds of passing priority an advance may take; a real game reaches any step in far fewer. */
const MAX_PASSES = 200;

/**
 * Why the game didn't get somewhere: when the same spells or abilities kept resolving, it is a loop of mandatory
 * actions (104.4b), said with what loops and where the game is, not only that the step wasn't reached.
 */
function notReached(g: Game, where: string, resolvedBefore: number): string {
  const counts = new Map<string, number>();
  for (const id of g.record.resolved.slice(resolvedBefore)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const looping = [...counts].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]);
  const at = `turn ${g.s.turn.number}, ${g.s.turn.step} step`;
  if (!looping.length) return `could not reach ${where} after ${MAX_PASSES} rounds of passing priority (the game is at ${at})`;
  const what = looping.slice(0, 3).map(([id, n]) => `${g.name(id)} (${id}) ${n} times`).join(', ');
  return `a loop: the game never reaches ${where}, because abilities keep triggering and resolving: ${what}; it is stuck at ${at} (a loop of mandatory actions, 104.4b)`;
}

const isPlayerAction = (a: Action): a is PlayerAction => Object.hasOwn(PLAYER_ACTIONS, a.op);

/** Runs one action of a step: a player action with its handler, or an instruction injected by the sandbox. */
export function runAction(g: Game, a: Action): void {
  if (isPlayerAction(a)) {
    const handler = PLAYER_ACTIONS[a.op] as (g: Game, a: PlayerAction) => void;
    return handler(g, a);
  }
  g.cite('injection', [], M`the sandbox makes this happen, as the example takes it as given`);
  instructions.exec(g, a, { you: a.by ?? g.s.turn.active, ...(a.source !== undefined ? { self: a.source } : {}) }, a.label ?? '');
}
