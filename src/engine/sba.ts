/**
 * State-based actions (704): collected from one snapshot and performed as one event (704.3), repeated until none
 * apply; never checked during resolution (704.4). Objects leaving at the same time see each other's last-known
 * information (704.7 in 2019, 704.8 in 2026), which is what undying and "dies" triggers look back at.
 */
import * as replacements from './replacements.ts';
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import * as instructions from './instructions.ts';
import type { Game, GameEvent } from './game.ts';
import { code, M, obj, pl, type Msg } from './msg.ts';
import { hasKeyword, type View } from './layers.ts';
import { stillControlled } from './effects.ts';
import { checkStateTriggers } from './triggers.ts';
import { IllegalAction, PLAYERS, type PlayerId } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** 704.3: perform all applicable SBAs simultaneously, repeat; then put triggers on the stack (603.3b). */
/** "For as long as you control [source]" effects end when that stops being true (611.2b). */
function endControlDurations(g: Game): void {
  const over = g.s.effects.filter((e) => e.until === 'while-you-control-source' && !stillControlled(g, e.source, e.controller));
  if (!over.length) return;
  g.s.effects = g.s.effects.filter((e) => !over.includes(e));
  g.touch();
  for (const e of over) g.cite('effect', ['611.2b'], M`${e.source ? obj(e.source, e.label ?? g.name(e.source)) : M`an effect`} ends: its "for as long as" duration is over`);
}

export function settle(g: Game): void {
  for (let guard = 0; guard < 100; guard++) {
    if (g.s.result) return;
    endControlDurations(g);
    checkStateTriggers(g);
    const did = sbaRound(g);
    if (did) continue;
    if (triggers.putTriggersOnStack(g)) continue;
    return;
  }
  throw new Error(`a loop: state-based actions and triggered abilities kept happening for 100 rounds without stopping (turn ${g.s.turn.number}, ${g.s.turn.step} step; a loop of mandatory actions, 104.4b)`);
}

/** Which SBAs apply (from one snapshot of the state). */
/** One state-based action found in a snapshot (704.3): what happens, to what, under which rule. */
export interface SbaAction {
  rule: string;
  kind: string;
  obj?: string;
  player?: PlayerId;
  text: Msg;
}

export function collectSBA(g: Game): SbaAction[] {
  const v = g.view();
  const out: SbaAction[] = [];
  for (const p of PLAYERS) {
    const ps = g.s.players[p];
    if (ps.lost) continue;
    if (ps.life <= 0) out.push({ rule: '704.5a', kind: 'lose', player: p, text: M`${pl(p)} has ${ps.life} life and loses the game` });
    // each reason is its own state-based action (704.7's example names 704.5a and 704.5b at once)
    if (ps.drewFromEmpty) out.push({ rule: '704.5b', kind: 'lose', player: p, text: M`${pl(p)} attempted to draw from an empty library and loses the game` });
    if (ps.poison >= 10) out.push({ rule: '704.5c', kind: 'lose', player: p, text: M`${pl(p)} has ten or more poison counters and loses the game` });
  }
  for (const o of Object.values(g.s.objects)) {
    const c = v[o.id]!;
    if (o.token && o.zone !== 'battlefield' && o.zone !== 'stack') {
      out.push({ rule: '704.5d', kind: 'cease', obj: o.id, text: M`the token ${obj(o.id, c.name)} ceases to exist` });
      continue;
    }
    if (o.zone !== 'battlefield') continue;
    if (c.types.includes('creature') && c.toughness !== undefined) {
      if (c.toughness <= 0) out.push({ rule: '704.5f', kind: 'graveyard', obj: o.id, text: M`${obj(o.id, c.name)} has toughness ${c.toughness} and is put into its owner's graveyard` });
      // an indestructible creature isn't destroyed (702.12b): the destroying state-based actions don't apply to it, so
      // they don't repeat for ever (a loop the property test found on a Bark-Knuckle Boxer with lethal damage)
      else if (o.damage > 0 && o.damage >= c.toughness && !hasKeyword(c, 'indestructible')) out.push({ rule: '704.5g', kind: 'destroy', obj: o.id, text: M`${obj(o.id, c.name)} has lethal damage (${o.damage} ≥ ${c.toughness}) and is destroyed` });
      else if (o.deathtouched && !hasKeyword(c, 'indestructible')) out.push({ rule: '704.5h', kind: 'destroy', obj: o.id, text: M`${obj(o.id, c.name)} was dealt damage by a source with deathtouch and is destroyed` });
    }
    if (c.types.includes('planeswalker') && (o.counters['loyalty'] ?? 0) <= 0) out.push({ rule: '704.5i', kind: 'graveyard', obj: o.id, text: M`${obj(o.id, c.name)} has no loyalty and is put into its owner's graveyard` });
    if (c.subtypes.includes('Aura') && (!o.attachedTo || !g.onBattlefield(o.attachedTo))) out.push({ rule: '704.5m', kind: 'graveyard', obj: o.id, text: M`${obj(o.id, c.name)} isn't attached to an object and is put into its owner's graveyard` });
    const plus = o.counters['+1/+1'] ?? 0;
    const minus = o.counters['-1/-1'] ?? 0;
    if (plus > 0 && minus > 0) out.push({ rule: '704.5q', kind: 'annihilate', obj: o.id, text: M`${Math.min(plus, minus)} +1/+1 and -1/-1 counters are removed from ${obj(o.id, c.name)}` });
  }
  out.push(...legendRule(g, v), ...worldRule(g, v));
  return out;
}

/**
 * 704.5j, the "legend rule": a player who controls two or more legendary permanents with the same name chooses one
 * of them (scenario choice `legend:{player}:{name}`, the id to keep); the rest go to their owners' graveyards.
 */
function legendRule(g: Game, v: View): SbaAction[] {
  const out: SbaAction[] = [];
  const groups = new Map<string, string[]>();
  for (const id of g.battlefield()) {
    const c = v[id]!;
    if (!c.supertypes.includes('legendary') || !c.name) continue;
    const k = `${c.controller}:${c.name}`;
    groups.set(k, [...(groups.get(k) ?? []), id]);
  }
  for (const [k, ids] of groups) {
    if (ids.length < 2) continue;
    const [player, name] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
    const keep = g.choice<string>(`legend:${k}`, ids, `${player} controls ${ids.length} legendary permanents named ${name} and chooses one to keep`, player as PlayerId);
    if (!ids.includes(keep)) throw new IllegalAction(M`${g.s.objects[keep] ? g.ref(keep) : code(keep)} isn't one of the legendary permanents named ${g.ref(ids[0]!)} that ${pl(player as PlayerId)} controls`, '704.5j');
    for (const id of ids) if (id !== keep) out.push({ rule: '704.5j', kind: 'graveyard', obj: id, text: M`${pl(player as PlayerId)} chooses which legendary ${g.ref(id)} to keep; the other one is put into its owner's graveyard` });
  }
  return out;
}

/**
 * 704.5k, the "world rule": of two or more permanents with the supertype world, all but the one that has had it for
 * the shortest time (the latest timestamp) go to their owners' graveyards; if several tie for shortest, all of them go.
 */
function worldRule(g: Game, v: View): SbaAction[] {
  const worlds = g.battlefield().filter((id) => v[id]!.supertypes.includes('world'));
  if (worlds.length < 2) return [];
  const newest = Math.max(...worlds.map((id) => g.s.objects[id]!.timestamp));
  const keep = worlds.filter((id) => g.s.objects[id]!.timestamp === newest);
  const going = keep.length === 1 ? worlds.filter((id) => id !== keep[0]) : worlds;
  return going.map((id) => ({ rule: '704.5k', kind: 'graveyard', obj: id, text: keep.length === 1 ? M`${g.ref(keep[0]!)} is the newest world permanent; ${g.ref(id)} is put into its owner's graveyard` : M`several world permanents are tied for newest; ${g.ref(id)} is put into its owner's graveyard` }));
}

function sbaRound(g: Game): boolean {
  const acts = collectSBA(g);
  if (!acts.length) return false;
  g.sbaRounds++;
  const moving = acts.filter((a) => a.kind === 'graveyard' || a.kind === 'destroy');
  g.cite('sba', ['704.3', ...(moving.length ? ['704.7'] : [])], M`state-based actions (round ${g.sbaRounds}), performed simultaneously:`);
  for (const a of acts) g.cite('sba', [a.rule], a.text);
  // all at once: one snapshot of last known information for every permanent that leaves (704.7)
  const pre = g.view();
  const preState = clone(g.s);
  const events: GameEvent[] = [];
  // 704.5b looks at draws from an empty library since the last check: this check has seen them
  for (const p of PLAYERS) delete g.s.players[p].drewFromEmpty;
  const replaced = new Set<PlayerId>();
  const deferred: (() => void)[] = [];
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
      if (replaceLoss(g, a.player!, replaced, moving, deferred)) continue;
      g.s.players[a.player!].lost ??= a.rule;
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
      zones.withLookBack(g, pre, preState, () => zones.destroy(g, a.obj!, { rule: a.rule }));
      void before;
    } else {
      zones.withLookBack(g, pre, preState, () => zones.move(g, a.obj!, 'graveyard', { rule: a.rule, text: M`${obj(a.obj!, pre[a.obj!]!.name)} is put into its owner's graveyard` }));
    }
  }
  zones.returnExiledUntil(g);
  for (const f of deferred) f();
  void events;
  const losers = PLAYERS.filter((p) => g.s.players[p].lost);
  if (losers.length) {
    if (losers.length === PLAYERS.length) {
      g.s.result = { draw: true };
      g.cite('game', ['104.4a'], M`all players lose simultaneously: the game is a draw`);
    } else {
      const w = PLAYERS.find((p) => !g.s.players[p].lost)!;
      g.s.players[w].won = true;
      g.s.result = { winner: w };
      g.cite('game', ['104.2a'], M`${pl(w)} wins the game`);
    }
  }
  return true;
}

/**
 * "If you would lose the game, instead …" (614.1a): the first loss found for a player this round looks for such a
 * replacement; it replaces the loss once, whatever the reasons (704.5a and 704.5b together in 704.7's example, Lich's
 * Mirror). True when the player's loss this round is replaced.
 */
function replaceLoss(g: Game, p: PlayerId, replaced: Set<PlayerId>, moving: SbaAction[], deferred: (() => void)[]): boolean {
  if (replaced.has(p)) return true;
  const cands = replacements.replacementsFor(g, (r) => r.def.kind === 'would-lose-game' && g.player(r.def.player ?? 'you', { you: r.controller }) === p);
  if (!cands.length) return false;
  const pick = cands.length === 1 ? cands[0]! : replacements.pickReplacement(g, cands, p, `${p} would lose the game`);
  if (cands.length === 1) g.record.replacements.push({ source: pick.source ?? pick.rid, chooser: p });
  replaced.add(p);
  g.cite('replacement', ['614.1a'], pick.source ? M`${g.ref(pick.source)} replaces the event: ${pl(p)} doesn't lose the game` : M`a replacement effect: ${pl(p)} doesn't lose the game`);
  const def = pick.def as Extract<typeof pick.def, { kind: 'would-lose-game' }>;
  const src = pick.source;
  const run = () => {
    // a source that has meanwhile changed zones is a new object (400.7): "this creature" no longer names it
    const same = src !== undefined && g.s.objects[src]?.zone === 'battlefield';
    for (const e of def.instead) instructions.exec(g, e, { you: pick.controller, ...(same ? { self: src } : {}) }, src ? g.name(src) : '');
  };
  // the replacement's own source leaves the battlefield in the same state-based actions (Exquisite Archangel with
  // lethal damage): the events are simultaneous and the player chooses which happens to it (400.6's example)
  if (src && moving.some((m) => m.obj === src)) {
    const first = g.choice<string>(`sba-order:${src}`, ['replacement-first', 'moves-first'], `${p} chooses whether ${g.name(src)} follows the replacement's instructions first or the state-based action that moves it`, p);
    if (first === 'moves-first') {
      g.cite('replacement', ['614.1a'], M`${pl(p)} has ${g.ref(src)} put where the state-based action puts it first; the replacement's instructions follow`);
      deferred.push(run);
      return true;
    }
  }
  run();
  return true;
}
