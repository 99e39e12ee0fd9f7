/**
 * Additional steps (500.10 of 2026): "you get N additional upkeep steps after this phase" creates N beginning phases
 * after the current phase, each with only an upkeep step (the untap and draw steps of those phases are skipped,
 * 500.11); in another player's turn it adds nothing (500.10a). The turn state keeps what is pending (turn.extra);
 * turn.ts puts the steps in as the phase ends. Not after the ending phase (the sandbox doesn't model that).
 */
import type { Game } from './game.ts';
import { M, pl } from './msg.ts';
import { IllegalAction, type PlayerId, type Step } from './types.ts';

/** The phase a step belongs to (500.1). */
export const phaseOf = (s: Step): string => (s === 'untap' || s === 'upkeep' || s === 'draw' ? 'beginning' : s === 'main1' || s === 'main2' ? s : s === 'end' || s === 'cleanup' ? 'ending' : 'combat');

/** Adds `n` additional upkeep steps after the current phase for `p` (500.10, 500.10a). */
export function addUpkeeps(g: Game, p: PlayerId, n: number): void {
  const t = g.s.turn;
  if (t.active !== p) return g.cite('rule', ['=500.10a'], M`it isn't ${pl(p)}'s turn: no steps are added`);
  if (n <= 0) return;
  const phase = phaseOf(t.step);
  if (phase === 'ending') throw new IllegalAction(M`the sandbox doesn't add steps after the ending phase`, '=500.10');
  t.extra = { phase, n: (t.extra && !t.extra.resume && t.extra.phase === phase ? t.extra.n : 0) + n };
  g.touch();
  g.cite('rule', ['=500.10'], M`${pl(p)} gets ${n} additional upkeep steps after this phase: each in a beginning phase of its own, whose untap and draw steps are skipped`);
}
