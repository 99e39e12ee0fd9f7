/**
 * State-based actions (704): collected from one snapshot and performed as one event (704.3), repeated until none
 * apply; never checked during resolution (704.4). Objects leaving at the same time see each other's last-known
 * information (704.7 in 2019, 704.8 in 2026), which is what undying and "dies" triggers look back at.
 */
import type { Game, GameEvent } from './game.ts';
import type { View } from './layers.ts';
import { PLAYERS, type GameState, type PlayerId } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** 704.3: perform all applicable SBAs simultaneously, repeat; then put triggers on the stack (603.3b). */
export function settle(g: Game): void {
  for (let guard = 0; guard < 100; guard++) {
    if (g.s.result) return;
    const did = g.sbaRound();
    if (did) continue;
    if (g.putTriggersOnStack()) continue;
    return;
  }
  throw new Error('state-based actions did not reach a fixed point after 100 rounds');
}

/** Which SBAs apply (from one snapshot of the state). */
export function collectSBA(g: Game): { rule: string; kind: string; obj?: string; player?: PlayerId; text: string }[] {
  const v = g.view();
  const out: { rule: string; kind: string; obj?: string; player?: PlayerId; text: string }[] = [];
  for (const p of PLAYERS) {
    const ps = g.s.players[p];
    if (ps.lost) continue;
    if (ps.life <= 0) out.push({ rule: '704.5a', kind: 'lose', player: p, text: `${p} has ${ps.life} life and loses the game` });
    else if (ps.drewFromEmpty) out.push({ rule: '704.5b', kind: 'lose', player: p, text: `${p} attempted to draw from an empty library and loses the game` });
    else if (ps.poison >= 10) out.push({ rule: '704.5c', kind: 'lose', player: p, text: `${p} has ten or more poison counters and loses the game` });
  }
  for (const o of Object.values(g.s.objects)) {
    const c = v[o.id]!;
    if (o.token && o.zone !== 'battlefield' && o.zone !== 'stack') {
      out.push({ rule: '704.5d', kind: 'cease', obj: o.id, text: `the token ${c.name} ceases to exist` });
      continue;
    }
    if (o.zone !== 'battlefield') continue;
    if (c.types.includes('creature') && c.toughness !== undefined) {
      if (c.toughness <= 0) out.push({ rule: '704.5f', kind: 'graveyard', obj: o.id, text: `${c.name} has toughness ${c.toughness} and is put into its owner's graveyard` });
      else if (o.damage > 0 && o.damage >= c.toughness) out.push({ rule: '704.5g', kind: 'destroy', obj: o.id, text: `${c.name} has lethal damage (${o.damage} ≥ ${c.toughness}) and is destroyed` });
      else if (o.deathtouched) out.push({ rule: '704.5h', kind: 'destroy', obj: o.id, text: `${c.name} was dealt damage by a source with deathtouch and is destroyed` });
    }
    if (c.types.includes('planeswalker') && (o.counters['loyalty'] ?? 0) <= 0) out.push({ rule: '704.5i', kind: 'graveyard', obj: o.id, text: `${c.name} has no loyalty and is put into its owner's graveyard` });
    if (c.subtypes.includes('Aura') && (!o.attachedTo || !g.onBattlefield(o.attachedTo))) out.push({ rule: '704.5m', kind: 'graveyard', obj: o.id, text: `${c.name} isn't attached to an object and is put into its owner's graveyard` });
    const plus = o.counters['+1/+1'] ?? 0;
    const minus = o.counters['-1/-1'] ?? 0;
    if (plus > 0 && minus > 0) out.push({ rule: '704.5q', kind: 'annihilate', obj: o.id, text: `${Math.min(plus, minus)} +1/+1 and -1/-1 counters are removed from ${c.name}` });
  }
  return out;
}

export function sbaRound(g: Game): boolean {
  const acts = g.collectSBA();
  if (!acts.length) return false;
  g.sbaRounds++;
  const moving = acts.filter((a) => a.kind === 'graveyard' || a.kind === 'destroy');
  g.cite('sba', ['704.3', ...new Set(acts.map((a) => a.rule)), ...(moving.length ? ['704.7'] : [])], `state-based actions (round ${g.sbaRounds}, performed simultaneously): ${acts.map((a) => a.text).join('; ')}`);
  // all at once: one snapshot of last known information for every permanent that leaves (704.7)
  const pre = g.view();
  const preState = clone(g.s);
  const events: GameEvent[] = [];
  for (const a of acts) {
    if (a.kind === 'annihilate') {
      const o = g.s.objects[a.obj!]!;
      if (o.zone !== 'battlefield') continue;
      const n = Math.min(o.counters['+1/+1'] ?? 0, o.counters['-1/-1'] ?? 0);
      o.counters['+1/+1']! -= n;
      o.counters['-1/-1']! -= n;
      for (const k of ['+1/+1', '-1/-1']) if (o.counters[k] === 0) delete o.counters[k];
      g.touch();
    }
    if (a.kind === 'lose') {
      g.s.players[a.player!].lost = a.rule;
      g.touch();
    }
    if (a.kind === 'cease') {
      delete g.s.objects[a.obj!];
      g.touch();
    }
  }
  for (const a of moving) {
    if (!g.onBattlefield(a.obj!) || g.s.objects[a.obj!]!.inc !== preState.objects[a.obj!]!.inc) continue;
    if (a.kind === 'destroy') {
      const before = g.trace.length;
      g.withLookBack(pre, preState, () => g.destroy(a.obj!, { rule: a.rule }));
      void before;
    } else {
      g.withLookBack(pre, preState, () => g.move(a.obj!, 'graveyard', { rule: a.rule, text: `${pre[a.obj!]!.name} is put into its owner's graveyard` }));
    }
  }
  void events;
  const losers = PLAYERS.filter((p) => g.s.players[p].lost);
  if (losers.length) {
    if (losers.length === PLAYERS.length) {
      g.s.result = { draw: true };
      g.cite('game', ['104.4a'], 'all players lose simultaneously: the game is a draw');
    } else {
      const w = PLAYERS.find((p) => !g.s.players[p].lost)!;
      g.s.players[w].won = true;
      g.s.result = { winner: w };
      g.cite('game', ['104.2a'], `${w} wins the game`);
    }
  }
  return true;
}

export function withLookBack(g: Game, pre: View, preState: GameState, f: () => void): void {
  g.lookBack = { pre, preState };
  try {
    f();
  } finally {
    g.lookBack = null;
  }
}

/** Hook used by rawMove: simultaneous events share one snapshot. */
export function snapshotFor(g: Game, ev: GameEvent): GameEvent {
  if (g.lookBack && ev.kind === 'zone') return { ...ev, pre: g.lookBack.pre, preState: g.lookBack.preState };
  return ev;
}
