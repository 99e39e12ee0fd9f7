/**
 * The instructions of spells and abilities (608.2c): one handler per op of the Instruction union (schema-action.ts),
 * in a map keyed by `op`, so TypeScript checks that every op has exactly one handler with the right form. Each handler
 * cites the rules it applies: damage (120 / 119 in 2019), life (119 / 118), counters (122 / 121), destroy and
 * sacrifice (701.7, 701.16), zone changes (400.7), mana (106), continuous effects (611), replacement and prevention
 * shields (614, 615), delayed triggers (603.7), tokens (111 / 110.5b), costs paid on resolution (117.12), options that
 * can't be taken (608.2d), undying (702.92) and attaching (701.3, 613.7e / 613.6d).
 */
import { num, objs, player, targetRefs, type Of } from './refs.ts';
import { addManaInstruction, doubleMana } from './mana-instructions.ts';
import * as costs from './costs.ts';
import * as replacements from './replacements.ts';
import * as effects from './effects.ts';
import * as targeting from './targeting.ts';
import * as zones from './zones.ts';
import * as events from './events.ts';
import * as damage from './damage.ts';
import * as tokens from './tokens.ts';
import { copyEffect, copyValues } from './copy.ts';
import { auraSwap } from './aura-swap.ts';
import { exileSameName } from './search.ts';
import { addUpkeeps } from './extra-steps.ts';
import type { Game } from './game.ts';
import { list, M, obj, pl, step, sym, word, zone } from './msg.ts';
import { matches, opponentOf, refObj, type Ctx } from './layers.ts';
import { parseCost } from './mana.ts';
import { IllegalAction, type Instruction, type PlayerId, type StackItem, type TargetRef } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** One handler per op: `sourceLabel` names the spell or ability that gives the instruction (for the trace). */
type InstructionHandlers = { [K in Instruction['op']]: (g: Game, a: Of<K>, ctx: Ctx, sourceLabel: string) => void };

function sacrificeSimultaneously(g: Game, picks: string[]): void {
  const pre = g.view();
  const preState = clone(g.s);
  // 701.24g (2026): a library shuffled at the same time as an object is put at a position in it ends shuffled with the
  // object at that position: the objects that will be shuffled in move first
  const shuffles = (id: string) => replacements.replacementsFor(g, (r) => r.def.kind === 'shuffle-into-library-instead' && r.source === id).length > 0;
  const ordered = [...picks.filter(shuffles), ...picks.filter((id) => !shuffles(id))];
  if (ordered.some(shuffles) && ordered.length > 1) g.cite('rule', [g.profile.edition === '2026-01-16' ? '=701.24g' : '701.19'], M`the library is shuffled first; an object put at a position in it at the same time stays there`);
  for (const id of ordered) zones.withLookBack(g, pre, preState, () => zones.move(g, id, 'graveyard', { rule: '701.16a', text: M`${g.ref(id)} is sacrificed (simultaneously)` }));
  zones.returnExiledUntil(g);
}

/** "A card exiled with [this]" (607.2a): one the source (as it is now) exiled with the exile of this link; the
 * controller chooses among several. */
function exiledWith(g: Game, link: string, ctx: Ctx): string | undefined {
  const src = ctx.self ? g.s.objects[ctx.self] : undefined;
  const cands = Object.values(g.s.objects).filter((o) => o.zone === 'exile' && src && o.exiledWith?.obj === src.id && o.exiledWith.inc === src.inc && o.exiledWith.link === link).map((o) => o.id);
  if (cands.length <= 1) return cands[0];
  const pick = g.choice<string>(`copy:${ctx.self}`, cands, `${ctx.you} chooses a card exiled with ${g.name(ctx.self!)}`, ctx.you);
  if (!cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} wasn't exiled with ${g.ref(ctx.self!)}`, '607.2a');
  return pick;
}

const INSTRUCTIONS: InstructionHandlers = {
  'deal-damage': (g, a, ctx, sourceLabel) => {
    const from = a.from ? refObj(g.s, a.from, ctx) : ctx.self;
    if (!from) return g.cite('rule', ['608.2b'], M`the source of the damage no longer exists`);
    const n = num(g, ctx, a.n);
    damage.dealDamage(g, targetRefs(g, ctx, a.to).map((to) => ({ source: from, to, amount: n, combat: false })), sourceLabel || `${g.name(from)} deals damage`);
  },
  'gain-life': (g, a, ctx) => events.gainLife(g, player(g, ctx, a.player), num(g, ctx, a.n)),
  'lose-life': (g, a, ctx) => events.loseLife(g, player(g, ctx, a.player), num(g, ctx, a.n)),
  'set-life': (g, a, ctx) => {
    // 118.5 (119.5 of 2026; the engine cites 2019 numbers): a life total that "becomes" a number: the player gains or loses the difference (so replacements apply)
    const p = player(g, ctx, a.player);
    const n = num(g, ctx, a.n);
    const diff = n - g.s.players[p].life;
    g.cite('rule', ['118.5'], M`${pl(p)}'s life total becomes ${n}`);
    if (diff > 0) events.gainLife(g, p, diff);
    else if (diff < 0) events.loseLife(g, p, -diff, '118.5');
  },
  'put-counters': (g, a, ctx) => {
    for (const id of objs(g, ctx, a.on)) zones.putCounters(g, id, a.kind, num(g, ctx, a.n, 1));
  },
  'remove-counters': (g, a, ctx) => {
    for (const id of objs(g, ctx, a.on)) zones.removeCounters(g, id, a.kind, num(g, ctx, a.n, 1));
  },
  destroy: (g, a, ctx) => {
    const all = a.all;
    const ids = objs(g, ctx, a.obj).concat(all ? Object.keys(g.s.objects).filter((id) => matches(g.s, g.view(), id, all, ctx)) : []);
    if (ids.length > 1) {
      // simultaneous destruction: one look-back snapshot (603.10a)
      const pre = g.view();
      const preState = clone(g.s);
      g.cite('event', ['701.7a'], M`${list(ids.map((i) => g.ref(i)))} are destroyed at the same time`);
      for (const id of ids) zones.withLookBack(g, pre, preState, () => zones.destroy(g, id, { noRegen: !!a.noRegen }));
      zones.returnExiledUntil(g);
    } else for (const id of ids) zones.destroy(g, id, { noRegen: !!a.noRegen });
  },
  sacrifice: (g, a, ctx) => {
    const ids = objs(g, ctx, a.obj).filter((id) => g.onBattlefield(id));
    // several permanents sacrificed by one instruction go at the same time (701.16a)
    if (ids.length > 1) return sacrificeSimultaneously(g, ids);
    for (const id of ids) zones.move(g, id, 'graveyard', { rule: '701.16a', text: M`${g.ref(id)} is sacrificed` });
  },
  'each-player-sacrifices': (g, a) => {
    // 101.4: APNAP order of choices, then all sacrificed simultaneously
    const ap = g.s.turn.active;
    const picks: string[] = [];
    for (const p of [ap, opponentOf(ap)]) {
      const cands = g.battlefield().filter((id) => matches(g.s, g.view(), id, { ...a.filter, controller: 'you' }, { you: p }));
      if (!cands.length) continue;
      const pick = g.choice<string>(`sacrifice:${p}`, cands, `${p} chooses a permanent to sacrifice`, p);
      if (!cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} can't be chosen by ${pl(p)}`, '101.4');
      g.cite('choice', ['101.4'], (p === ap ? M`${pl(p)} chooses ${g.ref(pick)} (the active player chooses first)` : M`${pl(p)} chooses ${g.ref(pick)} (then the nonactive player)`));
      picks.push(pick);
    }
    sacrificeSimultaneously(g, picks);
  },
  exile: (g, a, ctx) => {
    const src = ctx.self ? g.s.objects[ctx.self] : undefined;
    for (const id of objs(g, ctx, a.obj)) {
      // 610.3a: "until [this] leaves the battlefield" when it already has: the object doesn't move
      if (a.until && !(src && src.zone === 'battlefield' && (ctx.selfInc === undefined || src.inc === ctx.selfInc))) {
        g.cite('rule', [g.profile.edition === '2026-01-16' && ctx.ability ? '=610.3b' : '610.3a'], M`${g.ref(ctx.self ?? '')} has already left the battlefield, so ${g.ref(id)} isn't exiled`);
        continue;
      }
      zones.move(g, id, 'exile');
      const o = g.s.objects[id];
      if (o?.zone === 'exile' && src && (a.until || a.link)) {
        o.exiledWith = { obj: src.id, inc: src.inc, ...(a.link ? { link: a.link } : {}), ...(a.until ? { until: true } : {}) };
        g.touch();
      }
    }
  },
  move: (g, a, ctx) => {
    const asEnters = a.is ? { affects: 'self', ...a.is } : undefined;
    const ids = objs(g, ctx, a.obj);
    if (a.to === 'battlefield' && ids.length > 1) g.enteringTogether = ids;
    try {
      for (const id of ids) zones.move(g, id, a.to, { opts: { ...(a.tapped ? { tapped: true } : {}), ...(asEnters ? { asEnters } : {}) } });
    } finally {
      g.enteringTogether = [];
    }
  },
  'return-to-hand': (g, a, ctx) => {
    for (const id of objs(g, ctx, a.obj)) if (g.onBattlefield(id)) zones.move(g, id, 'hand', { rule: '608.2c', text: M`${g.ref(id)} is returned to its owner's hand` });
  },
  tap: (g, a, ctx) => {
    for (const id of objs(g, ctx, a.obj)) zones.tap(g, id);
  },
  untap: (g, a, ctx) => {
    for (const id of objs(g, ctx, a.obj)) zones.untap(g, id);
  },
  draw: (g, a, ctx) => zones.draw(g, player(g, ctx, a.player), num(g, ctx, a.n, 1)),
  discard: (g, a, ctx) => zones.discard(g, player(g, ctx, a.player), a.n === 'all' ? 'all' : num(g, ctx, a.n, 1)),
  'add-mana': addManaInstruction,
  'double-mana': (g, a, ctx) => doubleMana(g, player(g, ctx, a.player), ctx.self),
  shuffle: (g, a, ctx) => zones.shuffleLibrary(g, player(g, ctx, a.player), a.seed ?? 1),
  'shuffle-into-library': (g, a, ctx) => {
    // 701.19c: the library is shuffled even if the object isn't in the zone it's expected to be in
    const from = a.from ?? 'graveyard';
    const ids = objs(g, ctx, a.obj).filter((id) => g.s.objects[id]);
    const owners = new Set<PlayerId>(ids.map((id) => g.s.objects[id]!.owner));
    // "target player shuffles any number of target cards … into their library": that library is shuffled even if the
    // set is empty (701.19d; 701.24d of 2026)
    if (a.player !== undefined) {
      const p = player(g, ctx, a.player);
      if (!ids.length) g.cite('rule', ['701.19d'], M`no object is shuffled into ${pl(p)}'s library; the library is shuffled anyway`);
      owners.add(p);
    }
    for (const id of ids) {
      if (g.s.objects[id]!.zone === from) {
        // (only flashback redirects a move into a library: then the event says where it went)
        zones.move(g, id, 'library', g.s.objects[id]!.flashback ? { rule: '701.19c' } : { rule: '701.19c', text: M`${g.ref(id)} is put into its owner's library` });
        // a replacement (flashback) may have moved it elsewhere: the library is shuffled anyway (701.24c of 2026)
        if (g.s.objects[id]!.zone !== 'library') g.cite('rule', ['701.19c'], M`${g.ref(id)} went to the ${zone(g.s.objects[id]!.zone)} instead; the library is shuffled anyway`);
      } else g.cite('rule', ['701.19c'], M`${g.ref(id)} isn't in the ${zone(from)} any more, so it stays where it is; the library is shuffled anyway`);
    }
    for (const p of owners) zones.shuffleLibrary(g, p, a.seed ?? 1);
  },
  'win-game': (g, a, ctx) => {
    const p = player(g, ctx, a.player);
    g.s.players[p].won = true;
    g.s.players[opponentOf(p)].lost = 'effect';
    g.s.result = { winner: p };
    g.touch();
    g.cite('game', ['104.2b'], M`${pl(p)} wins the game`);
  },
  'create-effect': (g, a, ctx, sourceLabel) => effects.createEffect(g, a.effect, ctx, a.label ?? sourceLabel),
  'end-effect': (g, a) => {
    g.s.effects = g.s.effects.filter((e) => e.def.id !== a.id && e.eid !== a.id);
    g.touch();
    g.cite('event', ['611.2a'], M`a continuous effect ends`);
  },
  'create-replacement': (g, a, ctx) => {
    const def = a.replacement;
    g.s.replacements.push({ rid: `rep${g.tick()}`, def, controller: ctx.you, timestamp: g.s.clock, until: a.until ?? 'end-of-turn', ...(ctx.self ? { source: ctx.self } : {}) });
    g.touch();
    g.cite('effect', ['614.1a', '615.1a'], M`a replacement or prevention effect is created`);
  },
  'create-prevention': (g, a, ctx) => {
    const amount = num(g, ctx, a.amount);
    const to = targetRefs(g, ctx, a.to);
    let all = to;
    if (a.andSharingColor) {
      // 615.11: the affected set is determined as the ability resolves
      const first = to[0];
      if (first && 'obj' in first) {
        const others = g.battlefield().filter((id) => id !== first.obj && matches(g.s, g.view(), id, { types: ['creature'], sharesColorWith: first.obj }, ctx));
        all = [...to, ...others.map((id) => ({ obj: id, inc: g.s.objects[id]!.inc }))];
      }
    }
    for (const t of all) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'prevent-next', to: t, remaining: amount, timestamp: g.s.clock });
    g.touch();
    g.cite('effect', ['615.7', ...(a.andSharingColor ? ['615.11'] : [])], M`prevention shields (the next ${amount} damage) on ${list(all.map((t) => g.refT(t)))}`);
  },
  'prevent-next-from-source': (g, a, ctx) => {
    for (const t of targetRefs(g, ctx, a.source)) if ('obj' in t) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'prevent-from-source', from: t, ...(a.gainLife ? { gainLife: ctx.you } : {}), timestamp: g.s.clock });
    g.touch();
    g.cite('effect', ['615.5'], M`the next time the creature would deal damage this turn, that damage will be prevented`);
  },
  regenerate: (g, a, ctx) => {
    for (const t of targetRefs(g, ctx, a.obj)) if ('obj' in t) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'regenerate', on: t, timestamp: g.s.clock });
    g.touch();
    g.cite('effect', ['701.14a'], M`a regeneration shield is created`);
  },
  'create-delayed': (g, a, ctx) => {
    const on = a.on;
    const o = a.obj ? targetRefs(g, ctx, a.obj)[0] : undefined;
    const bindings: Record<string, TargetRef> = { ...(ctx.bindings ?? {}) };
    if (o && 'obj' in o) bindings['that'] = o;
    if (on === 'ltb' && o && 'obj' in o && !g.onBattlefield(o.obj)) {
      return g.cite('rule', ['603.7a'], M`${g.ref(o.obj)} already left the battlefield: the delayed triggered ability will never trigger`);
    }
    if (on !== 'step-begins' && (!o || !('obj' in o))) {
      return g.cite('rule', ['603.7a'], M`the object the delayed trigger refers to no longer exists: it will never trigger`);
    }
    g.s.delayed.push({
      did: `d${g.tick()}`, controller: ctx.you, on, ...(a.step ? { step: a.step } : {}),
      ...(o && 'obj' in o ? { obj: o } : {}), effects: a.effects, bindings, ...(ctx.self ? { source: ctx.self } : {}), createdTurn: g.s.turn.number,
    });
    g.touch();
    g.cite('effect', ['603.7a'], (on === 'step-begins' ? (a.step ? M`a delayed triggered ability is created: it triggers at the beginning of the next ${step(a.step)} step` : M`a delayed triggered ability is created: it names no step, so it never triggers`) : on === 'ltb' ? M`a delayed triggered ability is created: it triggers when ${g.ref(o && 'obj' in o ? o.obj : '')} leaves the battlefield` : M`a delayed triggered ability is created: it triggers when ${g.ref(o && 'obj' in o ? o.obj : '')} becomes untapped`));
  },
  'create-token': (g, a, ctx) => {
    if (a.card.name === undefined) g.cite('rule', ['110.5c'], M`the effect doesn't name the token: it is named after its subtypes`);
    tokens.createTokens(g, a.card, { n: num(g, ctx, a.n, 1), id: a.id, controller: player(g, ctx, a.controller), blocking: a.blocking, ctx });
  },
  'create-token-copy': (g, a, ctx) => {
    // 706.2 (707.2 of 2026): the token's copiable values, its name among them, are the original's (111.4's example of
    // 2026: a token copy of Doomed Dissenter is named Doomed Dissenter); no original, no token (111.12 of 2026)
    const of = a.ofExiledWith !== undefined ? exiledWith(g, a.ofExiledWith, ctx) : a.of !== undefined ? refObj(g.s, a.of, ctx) : undefined;
    if (!of || !g.s.objects[of]) return g.cite('rule', [g.profile.edition === '2026-01-16' ? '=111.12' : '706.2'], M`the object to copy doesn't exist, so no token is created`);
    g.cite('rule', ['706.2'], M`the token copies the copiable values of ${g.ref(of)}`);
    tokens.createTokens(g, copyValues(g.s, of, of), { n: num(g, ctx, a.n, 1), id: a.id, controller: player(g, ctx, a.controller), ctx });
  },
  'if-you-do': (g, a, ctx, sourceLabel) => {
    // 117.12: a cost paid during resolution; "if you do" checks whether it was paid
    if (effects.payResolutionCost(g, a.cost, ctx)) for (const e of a.then) exec(g, e, ctx, sourceLabel);
    else g.cite('rule', ['117.12'], M`the cost can't be paid, so nothing else happens`);
  },
  reflexive: (g, a, ctx) => {
    // 603.12: it triggers now, as the event it waits for happened during this resolution; like a delayed triggered
    // ability (603.7) it goes on the stack the next time a player would receive priority
    const source = ctx.self ?? '';
    g.s.pendingTriggers.push({ controller: ctx.you, source, def: { on: 'etb', effects: a.effects, ...(a.targets ? { targets: a.targets } : {}) }, bindings: { ...(ctx.bindings ?? {}) }, label: 'reflexive triggered ability' });
    g.touch();
    g.cite('trigger', ['603.12'], source ? M`${g.ref(source)}'s reflexive triggered ability triggers` : M`a reflexive triggered ability triggers`);
  },
  'may-sacrifice-else': (g, a, ctx, sourceLabel) => {
    // 608.2d: an option that can't be taken is not available
    const cands = g.battlefield().filter((id) => matches(g.s, g.view(), id, { ...a.filter, controller: 'you' }, ctx));
    const pick = cands.length ? g.choice<string | null>('sacrifice', [...cands, null], `${ctx.you} may sacrifice a permanent`, ctx.you) : null;
    if (!cands.length) g.cite('rule', ['608.2d'], M`${pl(ctx.you)} controls nothing that can be sacrificed, so that option isn't available`);
    if (pick) zones.move(g, pick, 'graveyard', { rule: '701.16a', text: M`${g.ref(pick)} is sacrificed` });
    else for (const e of a.else) exec(g, e, ctx, sourceLabel);
  },
  'for-each': (g, a, ctx, sourceLabel) => {
    // 608.2f (2026): one after another, each time with that one bound
    for (const name of a.each) {
      const b = ctx.bindings?.[name];
      if (!b || ('obj' in b && g.s.objects[b.obj]?.inc !== b.inc)) continue;
      g.cite('rule', [g.profile.edition === '2026-01-16' ? '=608.2f' : '608.2c'], M`for ${'obj' in b ? g.ref(b.obj) : pl(b.player)}:`);
      const inner: Ctx = { ...ctx, bindings: { ...ctx.bindings, [a.as]: b } };
      for (const e of a.effects) exec(g, e, inner, sourceLabel);
    }
  },
  'exile-top': (g, a, ctx) => {
    const p = player(g, ctx, a.player);
    for (let i = 0; i < num(g, ctx, a.n, 1); i++) {
      const top = g.zoneOf(p, 'library')[0];
      if (!top) return g.cite('rule', ['608.2d'], M`${pl(p)}'s library is empty: nothing is exiled`);
      zones.move(g, top, 'exile', { rule: '406.1', text: M`${pl(p)} exiles the top card of their library, ${g.ref(top)}` });
      if (a.bind) ctx.bindings = { ...ctx.bindings, [a.bind]: { obj: top, inc: g.s.objects[top]!.inc } };
    }
  },
  'put-exiled': (g, a, ctx) => {
    // 607.2a: only a card the source exiled with the linked exile ability (607.5 of 2026: not one another ability exiled)
    const src = ctx.self ? g.s.objects[ctx.self] : undefined;
    const v = g.view();
    const cands = Object.values(g.s.objects).filter((o) => o.zone === 'exile' && src && o.exiledWith?.obj === src.id && o.exiledWith.inc === src.inc && o.exiledWith.link === a.link && (!a.filter || matches(g.s, v, o.id, { ...a.filter, zone: 'exile' }, ctx))).map((o) => o.id);
    if (!cands.length) return g.cite('rule', ['607.2a'], M`no card was exiled with ${g.ref(ctx.self ?? '')} by the linked ability: nothing is put onto the battlefield`);
    const pick = g.choice<string>(`put-exiled:${ctx.self}`, cands, `${ctx.you} chooses a card exiled with ${g.name(ctx.self!)}`, ctx.you);
    if (!cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} wasn't exiled with ${g.ref(ctx.self!)} by the linked ability`, '607.2a');
    zones.move(g, pick, 'battlefield', { rule: '607.2a', text: M`${g.ref(pick)} is put onto the battlefield under ${pl(ctx.you)}'s control`, opts: { controller: ctx.you } });
  },
  undying: (g, _a, ctx) => {
    const id = ctx.self!;
    const o = g.s.objects[id];
    if (!o || o.zone !== 'graveyard') return;
    zones.move(g, id, 'battlefield', { rule: '702.92a', text: M`${g.ref(id)} returns to the battlefield` });
    zones.putCounters(g, id, '+1/+1', 1);
  },
  attach: (g, a, ctx) => {
    // 613.6d (2019) / 613.7e (2026): an Aura or Equipment gets a new timestamp each time it becomes attached
    const [att] = objs(g, ctx, a.obj);
    const [to] = objs(g, ctx, a.to);
    if (!att || !to || !g.onBattlefield(att) || !g.onBattlefield(to)) throw new IllegalAction(M`both the Aura or Equipment and what it becomes attached to must be on the battlefield`, '701.3a');
    const o = g.s.objects[att]!;
    o.attachedTo = to;
    o.timestamp = g.tick();
    g.touch();
    g.cite('event', ['701.3a', '613.6d'], M`${g.ref(att)} becomes attached to ${g.ref(to)} and receives a new timestamp`);
  },
  'change-targets': (g, a, ctx) => {
    // 114.7d-e: the new targets must be legal; only the final set of targets is evaluated
    const id = refObj(g.s, a.spell, ctx);
    const item = g.s.stack.find((x) => x.kind === 'spell' && x.obj === id);
    if (!id || !item) return g.cite('rule', ['608.2b'], M`the spell is no longer on the stack`);
    const current: Record<string, string> = {};
    for (const [k, t] of Object.entries(item.targets)) current[k] = 'obj' in t ? t.obj : t.player;
    const chosen = { ...current, ...a.targets };
    const targets = targeting.chooseTargets(g, item.targetDefs, chosen, { you: item.controller, self: item.obj }, g.chars(item.obj).colors);
    item.targets = targets;
    const so = g.s.objects[item.obj]!;
    if (so.stackInfo) so.stackInfo.targets = targets;
    g.touch();
    for (const v of Object.values(a.targets)) g.cite('event', ['114.7d', '114.7e'], M`${g.ref(item.obj)}: a new target is chosen, ${g.refAny(v)}`);
  },
  'copy-spell': (g, a, ctx) => {
    // 706.10: a copy of the spell, with every decision made for it, put on the stack (not cast); 706.10c: new targets
    const id = refObj(g.s, a.spell, ctx);
    const item = g.s.stack.find((x) => x.kind === 'spell' && !x.copy && x.obj === id);
    if (!id || !item) return g.cite('rule', ['608.2b'], M`the spell is no longer on the stack`);
    const copy: StackItem = { ...clone(item), sid: `cp${g.tick()}`, controller: ctx.you, copy: true, label: `${item.label} (copy)` };
    // no mana was spent to cast a copy: mana isn't an object and isn't copied (the example of 707.10 in 2026)
    delete copy.spent;
    if (a.setColors) {
      copy.colors = [...a.setColors];
      g.cite('event', ['706.9c'], M`the copy of ${g.ref(id)} is ${list(a.setColors.map((c) => word(c)))}, not the spell's color`);
    }
    const x = g.s.objects[id]!.stackInfo?.x;
    if (x !== undefined) copy.x = x;
    g.s.stack.push(copy);
    g.touch();
    g.cite('event', ['706.10'], M`${pl(ctx.you)} puts a copy of ${g.ref(id)} on the stack, with the decisions made for it`);
    if (a.newTargets && Object.keys(a.newTargets).length) {
      const current: Record<string, string> = {};
      for (const [k, t] of Object.entries(copy.targets)) current[k] = 'obj' in t ? t.obj : t.player;
      copy.targets = targeting.chooseTargets(g, copy.targetDefs, { ...current, ...a.newTargets }, { you: ctx.you, self: id }, copy.colors ?? g.chars(id).colors);
      for (const v of Object.values(a.newTargets)) g.cite('event', ['706.10c'], M`${g.ref(id)}: a new target is chosen, ${g.refAny(v)}`);
    }
  },
  'cumulative-upkeep': (g, a, ctx) => {
    // 702.23a: pay [cost] for each age counter on it — each choice separately, the whole set or nothing — or sacrifice
    // it; 702.23b: each instance counts all the age counters when it resolves
    const id = ctx.self;
    if (!id || !g.onBattlefield(id)) return;
    const n = g.s.objects[id]!.counters['age'] ?? 0;
    const pay = g.choice<unknown>(`pay:${id}`, [], `${ctx.you} chooses whether to pay the cumulative upkeep of ${g.name(id)}`, ctx.you);
    if (pay === false || pay === null) {
      zones.move(g, id, 'graveyard', { rule: '702.23a', text: M`${pl(ctx.you)} doesn't pay the cumulative upkeep and sacrifices ${g.ref(id)}` });
      return;
    }
    if (a.cost.life) {
      const total = a.cost.life * n;
      if (g.s.players[ctx.you].life < total) throw new IllegalAction(M`${pl(ctx.you)} has ${g.s.players[ctx.you].life} life and can't pay ${total} life`, '118.4');
      g.cite('cost', ['702.23a', '702.23b'], M`${pl(ctx.you)} pays the cumulative upkeep of ${g.ref(id)} for ${n} age counters: ${total} life`);
      events.loseLife(g, ctx.you, total, '118.4');
    }
    if (a.cost.mana) {
      g.cite('cost', ['702.23a'], M`${pl(ctx.you)} pays the cumulative upkeep of ${g.ref(id)} for ${n} age counters`);
      costs.pay(g, ctx.you, parseCost(a.cost.mana.repeat(n)), pay, g.ref(id));
    }
    if (a.cost.draw) {
      // 118.11 (2026): drawing is the cost; a draw replaced by another event (a skipped draw) still pays it
      g.cite('cost', ['702.23a'], M`${pl(ctx.you)} pays the cumulative upkeep of ${g.ref(id)} for ${n} age counters`);
      zones.draw(g, ctx.you, n);
      g.cite('rule', ['117.11'], M`the cumulative upkeep of ${g.ref(id)} has been paid`);
    }
    if (a.cost.sacrifice) {
      const picks = Array.isArray(pay) ? (pay as string[]) : [];
      const ok = (x: string) => g.onBattlefield(x) && g.chars(x).controller === ctx.you && matches(g.s, g.view(), x, a.cost.sacrifice!, ctx);
      if (picks.length !== n || new Set(picks).size !== n || !picks.every(ok)) {
        throw new IllegalAction(M`the cumulative upkeep of ${g.ref(id)} needs ${n} different permanents to sacrifice, one for each age counter`, '702.23a');
      }
      g.cite('cost', ['702.23a'], M`${pl(ctx.you)} pays the cumulative upkeep of ${g.ref(id)} for ${n} age counters`);
      for (const x of picks) zones.move(g, x, 'graveyard', { rule: '701.16a', text: M`${g.ref(x)} is sacrificed (simultaneously)` });
    }
  },
  'aura-swap': (g, _a, ctx) => auraSwap(g, ctx),
  'exile-same-name': (g, a, ctx) => exileSameName(g, player(g, ctx, a.player), ctx, a.like, a.chooseFromHand),
  'share-keywords': (g, a, ctx, label) => {
    // 702.1c of 2026: each keyword is checked on its own (every landwalk and protection ability apart), as it resolves
    const v = g.view();
    const mine = g.battlefield().filter((id) => v[id]!.controller === ctx.you && v[id]!.types.includes('creature'));
    const shared = a.keywords.filter((k) => mine.some((id) => v[id]!.keywords.includes(k)));
    if (!shared.length || !mine.length) return g.cite('rule', ['=702.1c'], M`no creature ${pl(ctx.you)} controls has any of those abilities`);
    effects.createEffect(g, { affects: { types: ['creature'], controller: 'you' }, gain: shared, until: 'end-of-turn' }, ctx, label);
    g.cite('rule', ['=702.1c'], M`each creature ${pl(ctx.you)} controls gains, until end of turn, each of those abilities that a creature they control has: ${shared.length}`);
  },
  'additional-upkeeps': (g, a, ctx) => addUpkeeps(g, ctx.you, num(g, ctx, a.n)),
  echo: (g, a, ctx) => {
    // 702.29a (702.30a of 2026): sacrifice it unless you pay the echo cost; a variable in the cost is worked out now,
    // as the ability resolves, from the game as it is (702.1b)
    const id = ctx.self;
    if (!id || !g.onBattlefield(id)) return;
    const generic = num(g, ctx, a.cost.generic);
    const cost = `${a.cost.mana ?? ''}${generic ? `{${generic}}` : ''}` || '{0}';
    g.record.costs[id] = { total: cost, ...(a.cost.generic !== undefined ? { x: generic } : {}) };
    if (a.cost.generic !== undefined) g.cite('cost', ['702.1b'], M`the echo cost of ${g.ref(id)} is worked out as the ability resolves: ${sym(cost)}`);
    const pay = g.choice<unknown>(`pay:${id}`, [], `${ctx.you} chooses whether to pay the echo cost of ${g.name(id)}`, ctx.you);
    if (pay === false || pay === null) {
      zones.move(g, id, 'graveyard', { rule: '702.29a', text: M`${pl(ctx.you)} doesn't pay the echo cost and sacrifices ${g.ref(id)}` });
      return;
    }
    g.cite('cost', ['702.29a'], M`${pl(ctx.you)} pays the echo cost of ${g.ref(id)}, ${sym(cost)}`);
    costs.pay(g, ctx.you, parseCost(cost), pay, g.ref(id));
  },
  'exchange-control': (g, a, ctx, label) => {
    // 701.10a: if the entire exchange can't be completed, no part of it occurs; 701.10b: same controller, nothing
    const x = refObj(g.s, a.a, ctx);
    const y = refObj(g.s, a.b, ctx);
    if (!x || !y || !g.onBattlefield(x) || !g.onBattlefield(y)) return g.cite('rule', ['701.10a'], M`the exchange can't be completed, so no part of it happens`);
    const cx = g.chars(x).controller;
    const cy = g.chars(y).controller;
    if (cx === cy) return g.cite('rule', ['701.10b'], M`${g.ref(x)} and ${g.ref(y)} have the same controller: the exchange does nothing`);
    effects.createEffect(g, { affects: x, control: cy }, ctx, label);
    effects.createEffect(g, { affects: y, control: cx }, ctx, label);
    g.cite('event', ['701.10b'], M`${pl(cy)} gains control of ${g.ref(x)} and ${pl(cx)} gains control of ${g.ref(y)}, simultaneously`);
  },
  'become-copy': (g, a, ctx) => {
    // 706.2, 706.4: the object's copiable values become those of the original; other effects keep applying in later layers
    const of = refObj(g.s, a.of, ctx);
    for (const id of objs(g, ctx, a.obj)) {
      const was = g.name(id);
      if (!of || !g.onBattlefield(id)) {
        g.cite('rule', ['608.2b'], M`there is nothing to copy`);
        continue;
      }
      const values = copyValues(g.s, id, of, a.except, ctx.ability ? [ctx.ability] : undefined, ctx.activatedAbility ? [ctx.activatedAbility] : undefined);
      g.s.effects.push(copyEffect(g.s, id, of, values, g.tick(), `${was} (copy of ${g.name(of)})`));
      g.touch();
      g.cite('effect', ['706.2', '613.1a', ...(a.except?.gainThisAbility ? ['706.9a'] : [])], M`${obj(id, was)} becomes a copy of ${g.ref(of)}`);
    }
  },
};

/** Runs one instruction with its handler. */
export function exec(g: Game, a: Instruction, ctx: Ctx, sourceLabel = ''): void {
  const handler = INSTRUCTIONS[a.op] as (g: Game, a: Instruction, ctx: Ctx, sourceLabel: string) => void;
  handler(g, a, ctx, sourceLabel);
}
