/**
 * Triggered abilities (603): detecting the events they trigger on (603.2, 603.6 zone changes with look-back 603.10,
 * 508.2a/509.5 combat triggers, 700.1 events, crewing a Vehicle 702.121b, tapping a permanent for mana 106.11a),
 * intervening "if" clauses (603.4), the mana the triggered mana abilities would add (605.1b; they resolve at once,
 * 605.4a, in costs.ts tappedForMana), and putting waiting abilities on the stack in APNAP order with each controller's chosen order (603.3b, 101.4).
 */
import * as targeting from './targeting.ts';
import type { Game, GameEvent } from './game.ts';
import { M, obj, pl } from './msg.ts';
import { hasKeyword, matches, opponentOf, type Ctx, type View } from './layers.ts';
import { parsePool } from './mana.ts';
import { translateRule } from './rules.ts';
import type { Condition, GameState, ManaLetter, PendingTrigger, PlayerId, StackItem, TargetRef, TriggerDef } from './types.ts';

export function detect(g: Game, ev: GameEvent): void {
  const post = g.view();
  const lookBack = ev.kind === 'zone' && ev.from === 'battlefield';
  const st = lookBack ? ev.preState : g.s;
  const v = lookBack ? ev.pre : post;
  const sources = Object.values(st.objects).filter((o) => o.zone === 'battlefield').map((o) => o.id);
  // a permanent entering the battlefield is checked too (603.6a)
  if (ev.kind === 'zone' && ev.to === 'battlefield' && !sources.includes(ev.obj)) sources.push(ev.obj);
  for (const src of sources) {
    const c = v[src];
    if (!c) continue;
    const defs: TriggerDef[] = [...c.triggers];
    if (hasKeyword(c, 'undying')) defs.push({ on: 'dies', self: true, effects: [{ op: 'undying' }] });
    for (const def of defs) matchTrigger(g, def, src, c.controller, ev, v, st);
  }
  // delayed triggers (603.7)
  for (const d of [...g.s.delayed]) {
    let fire = false;
    if (d.on === 'ltb' && ev.kind === 'zone' && ev.from === 'battlefield' && d.obj && ev.obj === d.obj.obj && ev.preState.objects[ev.obj]!.inc === d.obj.inc) fire = true;
    if (d.on === 'becomes-untapped' && ev.kind === 'untapped' && d.obj && ev.obj === d.obj.obj && g.s.objects[ev.obj]!.inc === d.obj.inc) fire = true;
    if (d.on === 'step-begins' && ev.kind === 'step' && ev.step === d.step && (d.step !== 'end' || g.s.turn.number >= d.createdTurn)) fire = true;
    if (fire) {
      g.s.delayed = g.s.delayed.filter((x) => x !== d);
      g.s.pendingTriggers.push({ controller: d.controller, source: d.source ?? '', def: { on: 'ltb', effects: d.effects }, bindings: d.bindings, label: `delayed triggered ability` });
      g.cite('trigger', ['603.7'], M`a delayed triggered ability triggers`);
    }
  }
}

function matchTrigger(g: Game, def: TriggerDef, src: string, controller: PlayerId, ev: GameEvent, v: View, st: GameState): void {
  const ctx: Ctx = { you: controller, self: src };
  const objOk = (id: string, view: View, state: GameState) =>
    (def.self ? id === src : true) && (!def.filter || matches(state, view, id, { ...def.filter, zone: 'any' }, ctx));
  let bindings: Record<string, TargetRef> | null = null;
  let amount: number | undefined;
  let mana: ManaLetter[] | undefined;
  let rules: string[] = ['603.2'];
  const ref = (id: string): TargetRef => ({ obj: id, inc: g.s.objects[id]!.inc });
  switch (def.on) {
    case 'etb':
      if (ev.kind === 'zone' && ev.to === 'battlefield' && objOk(ev.obj, g.view(), g.s)) { bindings = { that: ref(ev.obj) }; rules = ['603.6a']; }
      break;
    case 'dies':
    case 'to-graveyard-from-battlefield':
    case 'ltb':
      if (ev.kind === 'zone' && ev.from === 'battlefield' && (def.on === 'ltb' || ev.to === 'graveyard')) {
        if (def.on === 'dies' && !ev.pre[ev.obj]?.types.includes('creature')) break;
        if (objOk(ev.obj, ev.pre, ev.preState)) { bindings = { that: ref(ev.obj) }; rules = ['603.6c', '603.10a']; }
      }
      break;
    case 'attacks':
      if (ev.kind === 'attacks' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj) }; rules = ['508.2a']; }
      break;
    case 'blocks':
      if (ev.kind === 'blocks' && objOk(ev.blocker, v, st)) { bindings = { that: ref(ev.attacker) }; rules = ['509.5a']; }
      break;
    case 'becomes-blocked':
      if (ev.kind === 'becomes-blocked' && objOk(ev.attacker, v, st)) { bindings = { that: ref(ev.attacker) }; rules = ['509.5c', '700.1']; }
      break;
    case 'becomes-blocked-by':
      if (ev.kind === 'becomes-blocked-by' && (def.self ? ev.attacker === src : true) && (!def.filter || matches(st, v, ev.blocker, { ...def.filter, zone: 'any' }, ctx))) {
        bindings = { that: ref(ev.blocker) };
        rules = ['509.5d', '509.5f', '700.1'];
      }
      break;
    case 'gain-life':
      if (ev.kind === 'gain-life' && ev.player === g.player(def.player ?? 'you', ctx)) { bindings = {}; amount = ev.amount; rules = ['603.2', '702.15e']; }
      break;
    case 'becomes-tapped':
      if (ev.kind === 'tapped' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj) }; rules = ['603.2d']; }
      break;
    case 'becomes-untapped':
      if (ev.kind === 'untapped' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj) }; rules = ['603.2d']; }
      break;
    case 'step-begins':
      if (ev.kind === 'step' && ev.step === def.step && (def.whose !== 'you' || g.s.turn.active === controller)) { bindings = {}; rules = ['603.2', '503.1a']; }
      break;
    case 'expend':
      if (ev.kind === 'expend' && ev.player === controller && def.expend !== undefined && ev.from < def.expend && ev.to >= def.expend) {
        bindings = {};
        rules = ['=700.14'];
      }
      break;
    case 'cast':
      if (ev.kind === 'cast' && (!def.filter || matches(g.s, v, ev.obj, { ...def.filter, zone: 'stack' }, ctx))) { bindings = { that: ref(ev.obj) }; rules = ['603.2', '601.2i']; }
      break;
    case 'crews':
      if (ev.kind === 'crews' && objOk(ev.creature, v, st)) { bindings = { that: ref(ev.vehicle) }; rules = ['603.2', '702.121b']; }
      break;
    case 'tapped-for-mana':
      if (ev.kind === 'tapped-for-mana' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj), player: { player: ev.by } }; mana = ev.mana; rules = ['603.2', '106.11a']; }
      break;
    case 'reveals-first-draw':
      // the linked static ability reveals the first card its controller draws each turn; the trigger sees only that
      if (ev.kind === 'first-draw' && ev.player === controller) {
        g.cite('event', ['603.11'], M`${g.ref(src)}: ${pl(controller)} reveals the first card they drew this turn, ${g.ref(ev.obj)}`);
        if (!def.filter || matches(g.s, g.view(), ev.obj, { ...def.filter, zone: 'any' }, ctx)) { bindings = { that: ref(ev.obj) }; rules = ['603.2', '603.11']; }
      }
      break;
    case 'combat-damage-to-player':
      // batched ("one or more"): one trigger event however many of them dealt such damage (603.2c)
      if (ev.kind === 'damage-batch' && ev.items.some((i) => i.combat && i.amount > 0 && 'player' in i.to && (!def.filter || (!!v[i.source] && matches(g.s, v, i.source, { ...def.filter, zone: 'any' }, ctx))))) { bindings = {}; rules = ['603.2', '603.2c']; }
      break;
    case 'deals-damage':
      // the source watched: this object (self), or any source matching the filter (never any source at all)
      if (ev.kind === 'damage' && ev.amount > 0 && (def.self ? ev.source === src : !!def.filter && !!v[ev.source] && matches(g.s, v, ev.source, { ...def.filter, zone: 'any' }, ctx))) { bindings = {}; amount = ev.amount; rules = ['603.2', '603.2f']; }
      break;
  }
  if (!bindings) return;
  const c = v[src] ?? g.view()[src];
  // intervening "if" (603.4): checked as it triggers
  if (def.if && !checkCondition(g, def.if, ctx)) {
    g.cite('trigger', ['603.4'], M`${obj(src, c?.name ?? src)}'s ability doesn't trigger: its "if" condition is false`);
    return;
  }
  if (def.effects[0]?.op === 'undying') {
    const lki = g.s.lki[src];
    if (lki && (lki.counters['+1/+1'] ?? 0) > 0) {
      g.cite('trigger', ['702.92a', '704.7'], M`undying doesn't trigger: when ${obj(src, c?.name ?? src)} was last on the battlefield it had a +1/+1 counter`);
      // the rule cited above is recorded as "not triggered"; keep 702.92a out of the list of applied rules
      g.trace[g.trace.length - 1]!.rules = [translateRule('704.7', g.s.ruleset)];
      return;
    }
    rules = ['702.92a'];
  }
  const pending: PendingTrigger = { controller, source: src, def, bindings, label: `${c?.name ?? src}: triggered ability (${def.on})` };
  if (amount !== undefined) pending.eventAmount = amount;
  if (mana) pending.eventMana = mana;
  const inc = st.objects[src]?.inc;
  if (inc !== undefined) pending.sourceInc = inc;
  g.s.pendingTriggers.push(pending);
  g.touch();
  g.cite('trigger', rules, M`${obj(src, c?.name ?? src)}'s triggered ability triggers`);
}

export function checkCondition(g: Game, cond: Condition, ctx: Ctx): boolean {
  if (cond.lifeAtLeast !== undefined) return g.s.players[g.player(cond.player ?? 'you', ctx)].life >= cond.lifeAtLeast;
  if (cond.sinceYourLastUpkeep) {
    // in a two-player game a player's last upkeep was two turns ago; an object under control from the start (0) wasn't
    const o = ctx.self ? g.s.objects[ctx.self] : undefined;
    return !!o && o.controlledSince !== 0 && o.controlledSince >= g.s.turn.number - 2;
  }
  if (cond.handEmpty !== undefined) return (g.zoneOf(g.player(cond.player ?? 'you', ctx), 'hand').length === 0) === cond.handEmpty;
  if (cond.differentNames) {
    // 201.2b: the largest group with different names takes one object per name; an object with no name joins none
    const v = g.view();
    const f = cond.differentNames.filter;
    const names = new Set(Object.keys(g.s.objects).filter((id) => matches(g.s, v, id, f, ctx)).map((id) => v[id]!.name).filter((n) => n !== ''));
    return names.size >= cond.differentNames.atLeast;
  }
  return true;
}

/**
 * State triggers (603.8): a state-triggered ability triggers whenever the game state matches its condition — checked
 * after every event, even in the middle of a resolution — and then doesn't trigger again until it has resolved or
 * otherwise left the stack.
 */
export function checkStateTriggers(g: Game): void {
  const v = g.view();
  for (const src of g.battlefield()) {
    const c = v[src]!;
    c.triggers.forEach((def, i) => {
      if (def.on !== 'state' || !def.if) return;
      const key = `${src}:state${i}`;
      const waiting = g.s.pendingTriggers.some((t) => t.stateKey === key) || g.s.stack.some((t) => t.stateKey === key);
      if (waiting || !checkCondition(g, def.if, { you: c.controller, self: src })) return;
      const { if: _condition, ...rest } = def;
      void _condition;
      g.s.pendingTriggers.push({ controller: c.controller, source: src, def: rest, bindings: {}, label: `${c.name}: triggered ability`, stateKey: key });
      g.touch();
      g.cite('trigger', ['603.8'], M`${obj(src, c.name)}'s state-triggered ability triggers`);
    });
  }
}

/**
 * The mana the triggered mana abilities on the battlefield would add for `by` if `id` were tapped for `mana` now
 * (605.1b, 605.4a): for choosing which permanents to tap (costs.ts autoMana); tapping them triggers the real ones.
 * Only fixed amounts count (a typeProduced mana, a fixed mana string).
 */
export function triggeredManaYield(g: Game, id: string, by: PlayerId, mana: ManaLetter[]): ManaLetter[] {
  const v = g.view();
  const out: ManaLetter[] = [];
  for (const src of g.battlefield()) {
    for (const def of v[src]!.triggers) {
      if (def.on !== 'tapped-for-mana' || def.targets?.length || !def.effects.length || !def.effects.every((e) => e.op === 'add-mana')) continue;
      const ctx: Ctx = { you: v[src]!.controller, self: src, bindings: { that: { obj: id, inc: g.s.objects[id]!.inc }, player: { player: by } } };
      if ((def.self && id !== src) || (def.filter && !matches(g.s, v, id, { ...def.filter, zone: 'any' }, ctx))) continue;
      for (const e of def.effects) {
        if (e.op !== 'add-mana' || g.player(e.player ?? 'you', ctx) !== by) continue;
        if (e.typeProduced && mana.length) out.push(mana[0]!);
        else if (e.mana && e.times === undefined && e.colorOf === undefined && !e.typeProduced) out.push(...parsePool(e.mana).map((u) => u.type));
      }
    }
  }
  return out;
}

/** 603.3b: APNAP order; each player's triggers in the order they triggered unless a choice orders them. */
export function putTriggersOnStack(g: Game): boolean {
  if (!g.s.pendingTriggers.length) return false;
  const ap = g.s.turn.active;
  const order = [ap, opponentOf(ap)];
  const pend = g.s.pendingTriggers;
  g.s.pendingTriggers = [];
  for (const p of order) {
    for (const t of pend.filter((x) => x.controller === p)) {
      const item: StackItem = {
        sid: `ab${g.tick()}`, kind: 'ability', obj: t.source, controller: p, effects: t.def.effects, targets: {}, ability: t.def,
        targetDefs: t.def.targets ?? [], bindings: t.bindings, label: t.label,
      };
      if (t.def.if) item.condition = t.def.if;
      if (t.eventAmount !== undefined) item.eventAmount = t.eventAmount;
      if (t.stateKey) item.stateKey = t.stateKey;
      if (t.sourceInc !== undefined) item.sourceSnapshot = { inc: t.sourceInc };
      if (t.def.targets?.length) {
        const chosen = g.choice<Record<string, string>>(`targets:${t.source}`, [], `${p} chooses targets for ${t.label}`, p);
        item.targets = targeting.chooseTargets(g, t.def.targets, chosen, { you: p, self: t.source });
      }
      g.s.stack.push(item);
      g.cite('trigger', ['603.3', '603.3b'], (t.source ? M`${g.ref(t.source)}'s triggered ability is put on the stack (${pl(p)})` : M`a delayed triggered ability is put on the stack (${pl(p)})`));
    }
  }
  g.touch();
  return true;
}
