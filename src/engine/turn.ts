/**
 * Turn structure and priority (500-514, 116): passing priority, the stack resolving when all players pass in
 * succession (116.4 → 608), moving to the next step, turn-based actions at the start of a step (502 untap, 504 draw,
 * 514 cleanup) and mana emptying between steps (500.4 in 2019, 500.5 / 703.4q in 2026).
 */
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import * as sba from './sba.ts';
import * as resolution from './resolution.ts';
import * as combat from './combat.ts';
import type { Game } from './game.ts';
import { list, M, pl, step } from './msg.ts';
import { hasKeyword, opponentOf } from './layers.ts';
import { PLAYERS, STEPS, type PlayerId, type Step } from './types.ts';
import { phaseOf } from './extra-steps.ts';

export function pass(g: Game, by?: PlayerId): void {
  const t = g.s.turn;
  const who = by ?? t.priority ?? t.active;
  t.passes++;
  g.cite('priority', ['116.3d'], M`${pl(who)} passes priority`);
  t.priority = opponentOf(who);
  if (t.passes >= 2) {
    t.passes = 0;
    g.cite('priority', ['116.4'], M`all players passed in succession`);
    if (g.s.stack.length) resolution.resolveTop(g);
    else nextStep(g);
  }
  g.touch();
}

export function passAll(g: Game): void {
  const t = g.s.turn;
  const first = t.priority ?? t.active;
  if (t.passes === 0) pass(g, first);
  pass(g, opponentOf(first));
}

function nextStep(g: Game): void {
  const t = g.s.turn;
  endStep(g);
  let i = STEPS.indexOf(t.step) + 1;
  let next: Step;
  if (i >= STEPS.length) {
    t.number++;
    t.active = opponentOf(t.active);
    delete t.attackedWith;
    for (const p of PLAYERS) {
      g.s.players[p].landsPlayed = 0;
      delete g.s.players[p].drawnThisTurn;
      delete g.s.players[p].manaSpentOnSpells;
    }
    next = 'untap';
    g.cite('turn', ['500.1'], M`turn ${t.number} begins (${pl(t.active)})`);
  } else {
    next = STEPS[i]!;
    const noAttackers = !g.s.combat || !Object.keys(g.s.combat.attackers).length;
    if (next === 'declare-blockers' && noAttackers) next = 'end-of-combat'; // 508.8
    if (next === 'first-strike-damage') {
      const fs = g.s.combat && combatants(g).some((id) => hasKeyword(g.chars(id), 'first-strike') || hasKeyword(g.chars(id), 'double-strike'));
      if (!fs) next = 'combat-damage';
      else g.s.combat!.firstStrikeStep = true;
    }
    i = STEPS.indexOf(next);
    // 500.10 of 2026: additional upkeep steps after the phase that just ended, then the turn goes on
    const ex = t.extra;
    if (ex && ex.resume === undefined && ex.phase === phaseOf(t.step) && phaseOf(next) !== ex.phase) ex.resume = next;
    if (ex?.resume !== undefined) {
      if (ex.n > 0) {
        ex.n--;
        next = 'upkeep';
        g.cite('turn', ['=500.10'], M`an additional beginning phase begins; it has only an upkeep step`);
      } else {
        next = ex.resume;
        delete t.extra;
      }
    }
  }
  t.step = next;
  t.priority = null;
  t.passes = 0;
  g.touch();
  beginStep(g);
}

function combatants(g: Game): string[] {
  if (!g.s.combat) return [];
  return [...Object.keys(g.s.combat.attackers), ...Object.keys(g.s.combat.blockers)].filter((id) => g.onBattlefield(id));
}

function endStep(g: Game): void {
  const t = g.s.turn;
  const pools = PLAYERS.filter((p) => g.s.players[p].pool.length);
  for (const p of pools) g.s.players[p].pool = [];
  if (pools.length) g.cite('tba', ['500.4'], M`the step ends: unspent mana empties from the pools of ${list(pools.map(pl))}`);
  if (t.step === 'end-of-combat') {
    const ending = g.s.effects.filter((e) => e.until === 'end-of-combat');
    g.s.effects = g.s.effects.filter((e) => e.until !== 'end-of-combat');
    g.s.combat = null;
    if (ending.length) g.cite('tba', ['500.5'], M`"until end of combat" effects end`);
    g.cite('tba', ['511.3'], M`creatures are removed from combat`);
  }
  g.touch();
}

function beginStep(g: Game): void {
  const t = g.s.turn;
  g.cite('turn', ['500.1'], M`${step(t.step)} step begins`);
  switch (t.step) {
    case 'untap': {
      const mine = g.battlefield().filter((id) => g.chars(id).controller === t.active && g.s.objects[id]!.tapped);
      for (const id of mine) zones.untap(g, id);
      g.cite('tba', ['502.2', '502.3'], M`${pl(t.active)} untaps their permanents`);
      triggers.detect(g, { kind: 'step', step: 'untap' });
      return nextStep(g); // 502.3: no priority in the untap step
    }
    case 'draw':
      g.cite('tba', ['504.1'], M`${pl(t.active)} draws a card`);
      zones.draw(g, t.active, 1);
      break;
    case 'beginning-of-combat':
      g.s.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
      break;
    case 'first-strike-damage':
    case 'combat-damage':
      combat.combatDamageStep(g);
      break;
    case 'cleanup': {
      // 514.1: the active player discards down to their maximum hand size (402.2: seven unless an effect changes it)
      const ap = t.active;
      const inHand = g.zoneOf(ap, 'hand').length;
      const max = g.s.players[ap].maxHandSize;
      if (inHand > max) {
        g.cite('tba', ['514.1'], M`cleanup: ${pl(ap)} has ${inHand} cards in hand, more than their maximum hand size of ${max}, and discards ${inHand - max}`);
        zones.discard(g, ap, inHand - max);
      }
      const dmg = g.battlefield().filter((id) => g.s.objects[id]!.damage > 0);
      for (const id of dmg) g.s.objects[id]!.damage = 0;
      const ending = g.s.effects.filter((e) => e.until === 'end-of-turn');
      g.s.effects = g.s.effects.filter((e) => e.until !== 'end-of-turn');
      g.s.replacements = g.s.replacements.filter((e) => e.until !== 'end-of-turn');
      g.s.shields = [];
      g.touch();
      g.cite('tba', ['514.2'], (dmg.length ? M`cleanup: damage is removed from ${list(dmg.map((d) => g.ref(d)))} and "until end of turn" effects end (${ending.length}), simultaneously` : M`cleanup: damage is removed and "until end of turn" effects end (${ending.length}), simultaneously`));
      sba.settle(g);
      break;
    }
    default:
      break;
  }
  triggers.detect(g, { kind: 'step', step: t.step });
  t.priority = t.active;
  if (t.step !== 'cleanup') g.cite('priority', ['116.3a'], M`${pl(t.active)} receives priority`);
}
