/**
 * Objects and zones: moving an object between zones makes a new object (400.7) unless it stays on the battlefield;
 * moves go through replacement effects (614.1, 614.6, 614.12) and leave last-known information for look-back
 * triggers (603.10). Also the simple events on objects and players that change zones: destruction and regeneration
 * (701.7, 701.14), tapping (701.20), counters (121), drawing (120) and discarding (701.8). A permanent entering the
 * battlefield gets its enters-the-battlefield replacements first: "enter as a copy" (614.1c, 706), then "enters tapped"
 * and "enters with counters" from itself as copied and from permanents already there (614.12). Rule numbers here and in the
 * other area modules are those of 2019-01-25, the numbering the engine cites in (rules.ts translates them). Objects
 * leaving at the same time share one look-back snapshot (withLookBack: 704.7's simultaneous state-based actions, a
 * sacrifice of several at once).
 */
import * as replacements from './replacements.ts';
import * as triggers from './triggers.ts';
import { copyEffect, copyValues, layerOneCard } from './copy.ts';
import { asEntersChoices } from './linked.ts';
import { flashbackDestination } from './flashback.ts';
import type { Game, GameEvent } from './game.ts';
import { list, M, obj, pl, word, zone, type Msg } from './msg.ts';
import { hasKeyword, matches, type View } from './layers.ts';
import { IllegalAction, type EffectDef, type GameState, type PlayerId, type Zone } from './types.ts';
import { seeded } from './random.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** Move an object; it becomes a new object (400.7). Returns the events to check for triggers. */
export function rawMove(g: Game, id: string, to: Zone, opts: { tapped?: boolean; controller?: PlayerId; bottom?: boolean; asEnters?: EffectDef } = {}): GameEvent {
  const pre = g.lookBack?.pre ?? g.view();
  const preState = g.lookBack?.preState ?? clone(g.s);
  const o = g.s.objects[id]!;
  const from = o.zone;
  if (from === 'battlefield') {
    // last known information: as the object last existed on the battlefield (for simultaneous events, before all of them: 704.7)
    const lkiCounters = preState.objects[id]?.inc === o.inc ? preState.objects[id]!.counters : o.counters;
    g.s.lki[id] = { inc: o.inc, chars: pre[id] ?? g.view()[id]!, counters: { ...lkiCounters } };
    for (const other of Object.values(g.s.objects)) {
      if (other.attachedTo !== id) continue;
      delete other.attachedTo;
      if (other.bestowed) {
        // 702.103f of 2026: a bestowed Aura that becomes unattached ceases to be bestowed (an exception to 704.5m)
        delete other.bestowed;
        g.cite('rule', ['702.102e'], M`${obj(other.id, other.card.name ?? other.id)} becomes unattached and ceases to be bestowed: it is a creature again`);
      }
    }
    if (g.s.combat) {
      delete g.s.combat.attackers[id];
      delete g.s.combat.blockers[id];
      for (const a of Object.values(g.s.combat.attackers)) a.blockers = a.blockers.filter((b) => b !== id);
    }
  }
  // a new object (400.7) is no longer bestowed; a bestowed Aura spell stays one as it resolves (702.103b of 2026)
  if (o.bestowed && !(from === 'stack' && to === 'battlefield') && to !== 'stack') delete o.bestowed;
  if (to !== 'stack') delete o.flashback;
  o.zone = to;
  const was = o.inc;
  o.inc++;
  if (from === 'stack' && to === 'battlefield') {
    // 400.7a: effects of spells and abilities that changed the permanent spell go on applying to the permanent
    let kept = 0;
    for (const e of g.s.effects) for (const l of e.copy ? [] : (e.locked ?? [])) if (l.obj === id && l.inc === was) { l.inc = o.inc; kept++; }
    if (kept) g.cite('rule', ['400.7a'], M`${obj(id, o.card.name ?? id)}: effects that changed the spell go on applying to the permanent (${kept})`);
  }
  o.tapped = !!opts.tapped;
  o.damage = 0;
  o.counters = {};
  if (to === 'battlefield' && o.card.types.includes('planeswalker') && o.card.loyalty !== undefined) {
    // 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty
    o.counters['loyalty'] = o.card.loyalty;
    g.cite('event', ['306.5b'], M`${o.card.name ? obj(id, o.card.name) : M`the planeswalker`} enters with ${o.card.loyalty} loyalty counters`);
  }
  delete o.attachedTo;
  delete o.deathtouched;
  delete o.loyaltyTurn; // a new object (400.7) may activate a loyalty ability again (606.3)
  delete o.chosen; // and has made no "as … enters" choice (607.5a of 2026)
  delete o.exiledWith;
  const spent = from === 'stack' && to === 'battlefield' ? o.stackInfo?.spent : undefined;
  if (to !== 'stack') delete o.stackInfo;
  o.controller = opts.controller ?? o.owner;
  o.timestamp = g.tick();
  o.controlledSince = g.s.turn.number;
  o.pos = opts.bottom ? g.s.clock + 1e6 : g.s.clock;
  if (to === 'library' && !opts.bottom) o.pos = -g.s.clock;
  g.touch();
  if (to === 'battlefield' && opts.asEnters) {
    // 611.2e: "that permanent is [characteristic]" applies simultaneously with the permanent entering
    g.s.effects.push({ eid: `e${g.tick()}`, def: { ...opts.asEnters, affects: id }, controller: o.controller, timestamp: o.timestamp, locked: [{ obj: id, inc: o.inc }], until: 'indefinite', label: `${o.card.name ?? id}` });
    g.touch();
    g.cite('effect', ['611.2e'], M`${obj(id, o.card.name ?? id)} has that characteristic as it enters the battlefield`);
  }
  if (to === 'battlefield') entering(g, id, spent);
  return snapshotFor(g, { kind: 'zone', obj: id, from, to, pre, preState });
}

/**
 * Replacement effects that modify how a permanent enters the battlefield (614.1c), applied as it enters (614.12):
 * first its own "enter as a copy" (706.5: the copied replacements then apply too), then "enters tapped" and "enters
 * with counters" from itself and from other permanents already on the battlefield — not from permanents entering
 * at the same time or from itself when it affects only others (614.12 example: Orb of Dreams enters untapped).
 */
function entering(g: Game, id: string, spent?: readonly string[]): void {
  const o = g.s.objects[id]!;
  enterAsCopyOfOther(g, id);
  for (const r of layerOneCard(g.s, o).card.replacement ?? []) {
    if (r.kind !== 'enter-as-copy') continue;
    const v = g.view();
    const filter = r.of ?? { types: ['creature'] };
    const cands = Object.keys(g.s.objects).filter((x) => x !== id && g.s.objects[x]!.zone === 'battlefield' && matches(g.s, v, x, filter, { you: o.controller, self: id }));
    if (!cands.length) {
      g.cite('replacement', ['614.1c'], M`${g.ref(id)} could enter as a copy, but there is nothing to copy`);
      continue;
    }
    const pick = g.choice<string | null>(`copy:${id}`, [...cands, null], `${o.controller} chooses what ${g.name(id)} enters as a copy of`);
    if (pick === null) continue;
    if (!cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} can't be chosen for ${g.ref(id)} to copy`, '706.2');
    const label = `${o.card.name ?? id} (copy of ${g.name(pick)})`;
    const values = copyValues(g.s, id, pick, r.except);
    g.s.effects.push(copyEffect(g.s, id, pick, values, o.timestamp, label));
    g.touch();
    const rules = ['614.1c', '706.2', '613.1a'];
    if (r.except) rules.push(r.except.keepColors ? '706.9b' : '706.9c');
    if (r.except?.pt) rules.push('706.9d');
    g.cite('replacement', rules, M`${obj(id, o.card.name ?? id)} enters the battlefield as a copy of ${g.ref(pick)}`);
    const ifCreature = r.except?.ifCreature;
    if (ifCreature && values.types.includes('creature')) {
      for (const [k, n] of Object.entries(ifCreature.counters ?? {})) o.counters[k] = (o.counters[k] ?? 0) + n;
      g.cite('replacement', ['707.9f'], M`${g.ref(id)} is a creature as a copy: the exceptions that apply only to a creature apply`);
    } else if (ifCreature) {
      g.cite('replacement', ['707.9f'], M`${g.ref(id)} isn't a creature as a copy: the exceptions that apply only to a creature don't apply`);
    }
  }
  asEntersChoices(g, id, (card, text) => move(g, card, 'exile', { rule: '614.1c', text }));
  const v = g.view();
  const own = v[id]?.replacements ?? [];
  for (const r of own) {
    if (r.kind === 'enters-tapped' && !r.filter) {
      o.tapped = true;
      g.cite('replacement', ['614.1c', '614.12'], M`${g.ref(id)} enters the battlefield tapped`);
    }
    if (r.kind === 'sunburst') {
      // 702.43a-c (702.44a-c of 2026): a counter for each color of mana spent to cast it, only entering from the stack
      const colors = new Set((spent ?? []).filter((m) => 'WUBRG'.includes(m))).size;
      const kind = r.counter ?? (v[id]?.types.includes('creature') ? '+1/+1' : 'charge');
      if (colors > 0) o.counters[kind] = (o.counters[kind] ?? 0) + colors;
      g.cite('replacement', colors > 0 ? ['702.43a', '614.1c'] : ['702.43b'], colors > 0 ? M`${g.ref(id)} enters with a ${word(kind)} counter for each color of mana spent to cast it: ${colors}` : M`no colored mana was spent to cast ${g.ref(id)} as it entered from the stack: sunburst adds no counters`);
    }
    if (r.kind === 'enters-with-counters') {
      for (const [k, n] of Object.entries(r.counters)) if (n > 0) o.counters[k] = (o.counters[k] ?? 0) + n;
      for (const [k, n] of Object.entries(r.counters)) g.cite('replacement', ['614.1c', '614.12', '121.6'], M`${g.ref(id)} enters the battlefield with ${word(k)} counters on it: ${n}`);
    }
  }
  for (const other of g.battlefield()) {
    if (other === id) continue;
    for (const r of v[other]?.replacements ?? []) {
      if (r.kind !== 'enters-tapped' || !r.filter || o.tapped) continue;
      if (!matches(g.s, v, id, r.filter, { you: v[other]!.controller, self: other })) continue;
      o.tapped = true;
      g.record.replacements.push({ source: other, chooser: o.controller });
      g.cite('replacement', ['614.1c', '614.12'], M`${g.ref(other)}: ${g.ref(id)} enters the battlefield tapped`);
    }
  }
  g.touch();
}

/**
 * "[Creatures] you control enter as a copy of [this permanent]" (Essence of the Wild; 614.1c): a copy effect from
 * another permanent applied as this one enters, before its own enters replacements, which it no longer has if the
 * copy doesn't (616.1c: copy effects first; 616.1f's example of 2026: Rusted Sentinel enters untapped).
 */
function enterAsCopyOfOther(g: Game, id: string): void {
  const o = g.s.objects[id]!;
  for (const other of g.battlefield()) {
    if (other === id) continue;
    const v = g.view();
    for (const r of v[other]?.replacements ?? []) {
      if (r.kind !== 'others-enter-as-copy') continue;
      if (!matches(g.s, v, id, r.filter ?? { types: ['creature'], controller: 'you' }, { you: v[other]!.controller, self: other })) continue;
      const values = copyValues(g.s, id, other);
      g.s.effects.push(copyEffect(g.s, id, other, values, o.timestamp, `${o.card.name ?? id} (copy of ${g.name(other)})`));
      g.record.replacements.push({ source: other, chooser: o.controller });
      g.touch();
      g.cite('replacement', ['614.1c', '616.1c', '706.2'], M`${g.ref(other)}: ${obj(id, o.card.name ?? id)} enters the battlefield as a copy of ${g.ref(other)}`);
      return;
    }
  }
}

/** Zone change with replacement effects (614, 616). */
export function move(g: Game, id: string, to: Zone, why: { rule?: string; text?: Msg; opts?: { tapped?: boolean; controller?: PlayerId; asEnters?: EffectDef }; cantEnter?: (id: string) => string | undefined } = {}): void {
  const o = g.obj(id);
  let dest = flashbackDestination(g, id, to);
  let shuffle = false;
  const applied = new Set<string>();
  for (;;) {
    const cands = replacements.replacementsFor(g, (r) => {
      if (applied.has(r.rid)) return false;
      if (r.def.kind === 'graveyard-to-exile') return dest === 'graveyard' && !o.token;
      if (r.def.kind === 'die-to-library') return dest === 'graveyard' && o.zone === 'battlefield' && r.source === id && g.chars(id).types.includes('creature');
      if (r.def.kind === 'shuffle-into-library-instead') return dest === 'graveyard' && r.source === id;
      return false;
    });
    if (!cands.length) break;
    const pick = cands.length === 1 ? cands[0]! : replacements.pickReplacement(g, cands, o.controller, `${g.name(id)} would be put into a graveyard`);
    if (cands.length === 1) g.record.replacements.push({ source: pick.source ?? pick.rid, chooser: o.controller });
    applied.add(pick.rid);
    dest = pick.def.kind === 'graveyard-to-exile' ? 'exile' : 'library';
    shuffle = pick.def.kind === 'shuffle-into-library-instead';
    g.cite('replacement', cands.length > 1 ? ['614.1a', '616.1', '616.1e'] : ['614.1a'], M`${g.ref(pick.source ?? '')} replaces the event: ${g.ref(id)} goes to ${zone(dest)} instead`);
  }
  const from = o.zone;
  const ev = rawMove(g, id, dest, why.opts ?? {});
  const forbidden = dest === 'battlefield' && why.cantEnter ? why.cantEnter(id) : undefined;
  if (forbidden !== undefined) return cantEnter(g, id, from, forbidden);
  g.cite('event', why.rule ? [why.rule] : [], why.text ?? M`${g.ref(id)} moves from ${zone(from)} to ${zone(dest)}`);
  if (shuffle && dest === 'library') shuffleLibrary(g, o.owner, 1);
  triggers.detect(g, ev);
  // a move that is one of several simultaneous ones: the caller returns the exiled cards once all have moved
  if (!g.lookBack) returnExiledUntil(g);
}

/**
 * A permanent that can't enter the battlefield (614.17d), found so once its enters replacements applied (a Clone that
 * would be a copy of a land, under "Lands can't enter the battlefield"): the entering is undone — the effects that
 * began with it end, no event happened — and the card is put into its owner's graveyard instead (608.3b; 608.3e of 2026).
 */
function cantEnter(g: Game, id: string, from: Zone, by: string): void {
  const o = g.s.objects[id]!;
  const name = g.name(id);
  g.s.effects = g.s.effects.filter((e) => !(e.locked ?? []).some((l) => l.obj === id && l.inc === o.inc));
  o.zone = from;
  g.touch();
  g.cite('rule', ['614.17d', '608.3b'], M`${g.ref(by)}: ${obj(id, name)} can't enter the battlefield; it is put into its owner's graveyard`);
  triggers.detect(g, rawMove(g, id, 'graveyard'));
}

/**
 * "Exile … until [the source] leaves the battlefield" (610.3): right after that event, each card so exiled returns to
 * the battlefield under its owner's control (610.3b); cards whose "until" events happened at the same time return at
 * the same time (610.3c; 610.3d of 2026: two Banisher Priests destroyed together return both cards together).
 */
export function returnExiledUntil(g: Game): void {
  const due = Object.values(g.s.objects).filter((o) => {
    const w = o.exiledWith;
    if (o.zone !== 'exile' || !w?.until) return false;
    const src = g.s.objects[w.obj];
    return !(src && src.zone === 'battlefield' && src.inc === w.inc);
  }).map((o) => o.id);
  if (!due.length) return;
  g.cite('rule', due.length > 1 ? ['610.3', '610.3c'] : ['610.3'], M`what exiled ${list(due.map((id) => g.ref(id)))} has left the battlefield: returned at the same time`);
  const pre = g.view();
  const preState = clone(g.s);
  for (const id of due) withLookBack(g, pre, preState, () => move(g, id, 'battlefield', { rule: '610.3b', text: M`${g.ref(id)} returns to the battlefield under its owner's control` }));
}

export function destroy(g: Game, id: string, opts: { noRegen?: boolean; rule?: string } = {}): void {
  if (!g.onBattlefield(id)) return;
  const c = g.chars(id);
  if (hasKeyword(c, 'indestructible')) {
    g.cite('event', ['702.12b'], M`${obj(id, c.name)} is indestructible and isn't destroyed`);
    return;
  }
  const o = g.obj(id);
  if (!opts.noRegen) {
    const shield = g.s.shields.find((sh) => sh.kind === 'regenerate' && sh.on.obj === id && sh.on.inc === o.inc);
    const staticRegen = replacements.replacementsFor(g, (r) => r.def.kind === 'regenerate' && r.source === id)[0];
    if (shield || staticRegen) {
      if (shield) g.s.shields = g.s.shields.filter((x) => x !== shield);
      o.damage = 0;
      if (!o.tapped) tap(g, id);
      if (g.s.combat) {
        delete g.s.combat.attackers[id];
        delete g.s.combat.blockers[id];
        for (const a of Object.values(g.s.combat.attackers)) a.blockers = a.blockers.filter((b) => b !== id);
      }
      g.touch();
      g.cite('replacement', ['701.14a', '614.8'], M`${obj(id, c.name)} regenerates: instead of being destroyed, its damage is removed, it's tapped and removed from combat`);
      return;
    }
  }
  move(g, id, 'graveyard', { rule: opts.rule ?? '701.7a', text: M`${obj(id, c.name)} is destroyed and put into its owner's graveyard` });
}

export function tap(g: Game, id: string): void {
  const o = g.obj(id);
  if (o.tapped) return;
  o.tapped = true;
  g.touch();
  triggers.detect(g, { kind: 'tapped', obj: id });
}

export function untap(g: Game, id: string): void {
  const o = g.obj(id);
  if (!o.tapped) return;
  o.tapped = false;
  g.touch();
  triggers.detect(g, { kind: 'untapped', obj: id });
}

export function putCounters(g: Game, id: string, kind: string, n: number): void {
  if (n <= 0) return;
  const o = g.obj(id);
  o.counters[kind] = (o.counters[kind] ?? 0) + n;
  g.touch();
  g.cite('event', ['121.1'], M`${word(kind)} counters put on ${g.ref(id)}: ${n}`);
}

export function removeCounters(g: Game, id: string, kind: string, n: number): void {
  const o = g.obj(id);
  const have = o.counters[kind] ?? 0;
  const k = Math.min(have, n);
  if (k <= 0) return;
  o.counters[kind] = have - k;
  if (o.counters[kind] === 0) delete o.counters[kind];
  g.touch();
  g.cite('event', ['121.1'], M`${word(kind)} counters removed from ${g.ref(id)}: ${k}`);
}

export function draw(g: Game, p: PlayerId, n: number): void {
  for (let i = 0; i < n; i++) {
    // "you may skip that draw instead" (614.1a, 614.10): the draw doesn't happen (what it paid for stays paid, 118.11 of 2026)
    const skip = replacements.replacementsFor(g, (r) => r.def.kind === 'may-skip-draw' && g.player((r.def as { player?: string }).player ?? 'you', { you: r.controller }) === p)[0];
    if (skip && g.choice<boolean>(`skip-draw:${skip.source ?? skip.rid}`, [true, false], `${p} chooses whether to skip the draw`, p) === true) {
      g.record.replacements.push({ source: skip.source ?? skip.rid, chooser: p });
      g.cite('replacement', ['614.1a', '614.10'], M`${g.ref(skip.source ?? '')}: ${pl(p)} skips that draw instead`);
      continue;
    }
    const repl = replacements.replacementsFor(g, (r) => r.def.kind === 'draw-to-return' && g.player((r.def as { player: string }).player, { you: r.controller }) === p)[0];
    if (repl) {
      const gy = g.zoneOf(p, 'graveyard');
      g.cite('replacement', ['614.1a', '616.2'], M`${g.ref(repl.source ?? '')}: instead of drawing, ${pl(p)} returns a card from their graveyard to their hand`);
      const pick = gy.length ? g.choice<string>('return', gy, `${p} chooses a card in their graveyard`, p) : undefined;
      if (pick) move(g, pick, 'hand', { rule: '614.1a', text: M`${g.ref(pick)} returns from the graveyard to ${pl(p)}'s hand` });
      continue;
    }
    const lib = g.zoneOf(p, 'library');
    if (!lib.length) {
      g.s.players[p].drewFromEmpty = true;
      g.touch();
      g.cite('event', ['120.4'], M`${pl(p)} can't draw: the library is empty (checked by 704.5b)`);
      break; // drawing from it again changes nothing more (and a huge n would only repeat this line)
    }
    const card = lib[0]!;
    rawMove(g, card, 'hand');
    g.cite('event', ['120.1'], M`${pl(p)} draws a card`);
    const ps = g.s.players[p];
    ps.drawnThisTurn = (ps.drawnThisTurn ?? 0) + 1;
    if (ps.drawnThisTurn === 1) triggers.detect(g, { kind: 'first-draw', obj: card, player: p });
  }
}

export function discard(g: Game, p: PlayerId, n: number | 'all'): void {
  const hand = g.zoneOf(p, 'hand');
  const k = n === 'all' ? hand.length : Math.min(n, hand.length);
  if (n !== 'all' && n > hand.length) g.cite('rule', ['609.3'], M`${pl(p)} has fewer cards in hand (${hand.length}) than asked: they discard as many as possible`);
  for (const id of hand.slice(0, k)) move(g, id, 'graveyard', { rule: '701.8a', text: M`${pl(p)} discards ${g.ref(id)}` });
}

/**
 * Shuffling a library (701.19a, 103.1: a random order): a Fisher–Yates shuffle driven by a seeded sequence, so a
 * scenario runs the same every time; the library keeps its cards, only their order changes.
 */
export function shuffleLibrary(g: Game, p: PlayerId, seed: number): void {
  const lib = g.zoneOf(p, 'library');
  const slots = lib.map((id) => g.s.objects[id]!.pos);
  const next = seeded(seed);
  for (let i = lib.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [lib[i], lib[j]] = [lib[j]!, lib[i]!];
  }
  lib.forEach((id, i) => (g.s.objects[id]!.pos = slots[i]!));
  g.record.shuffles.push(p);
  g.touch();
  g.cite('event', ['701.19a'], M`${pl(p)} shuffles their library (cards: ${lib.length})`);
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
function snapshotFor(g: Game, ev: GameEvent): GameEvent {
  if (g.lookBack && ev.kind === 'zone') return { ...ev, pre: g.lookBack.pre, preState: g.lookBack.preState };
  return ev;
}
