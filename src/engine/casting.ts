/**
 * Casting spells and activating abilities (601, 602): the total cost is locked in (601.2f) and paid with an exact
 * payment from the pool (601.2g-h, 107.4, 118.3; both in costs.ts, with the rules that modify them), then the spell is
 * cast (601.2i); lands are played as a special action (305.1).
 * Mana abilities activated while casting resolve at once (601.2g, 605.3b); the cost keywords convoke (702.50 / 702.51
 * in 2026: creatures pay part of the locked-in total cost) and crew (702.121 / 702.122: creatures with enough total
 * power are tapped to activate a Vehicle's ability) are paid here too.
 */
import * as costs from './costs.ts';
import * as targeting from './targeting.ts';
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import * as instructions from './instructions.ts';
import type { Game } from './game.ts';
import { code, color, list, M, pl, sym, zone, type Msg } from './msg.ts';
import { hasKeyword, matches, type Ctx } from './layers.ts';
import { applyCostModifiers, fixX, LETTER_COLOR, parseCost, type CostSymbol } from './mana.ts';
import { IllegalAction, PLAYERS, type ActionOf, type ActivatedDef, type PlayerId, type Query, type TargetRef } from './types.ts';
import { formatCost } from './mana.ts';
import { spliceOnto } from './splice.ts';
import * as bestow from './bestow.ts';
import { castWithFlashback } from './flashback.ts';
import { stationCost } from './station.ts';
import { waterbend } from './waterbend.ts';

/** The permanent whose "can't cast" effect (601.3) stops `by` from casting `id` as it is now, if any. */
function castProhibition(g: Game, id: string, by: PlayerId): string | undefined {
  for (const { mod, controller, source } of costs.rulesMods(g)) {
    if (mod.kind !== 'cant-cast' || g.player(mod.player, { you: controller }) !== by) continue;
    if (matches(g.s, g.view(), id, { ...mod.spells, zone: 'any' }, { you: controller, ...(source ? { self: source } : {}) })) return source ?? id;
  }
  return undefined;
}

/** Casting a spell (601.2), or asking whether it could be cast (the query can-cast, which undoes it). */
export function castSpell(g: Game, a: ActionOf<'cast'> | Extract<Query, { what: 'can-cast' }>): void {
  const by = a.by;
  const id = a.card;
  const o = g.obj(id);
  // 702.103a-b, d of 2026: cast bestowed, only its characteristics as a bestowed Aura spell decide whether it can be cast
  if (a.bestow) bestow.castBestowed(g, id);
  const flashedBack = !a.fromAnywhere && castWithFlashback(g, id, by);
  if (o.zone !== 'hand' && !a.fromAnywhere && !flashedBack) bestow.checkCastZone(g, id, by);
  const c0 = g.chars(id);
  // a land card is played (305.1), never cast, even when it has another card type too (305.9)
  if (c0.types.includes('land')) {
    throw c0.types.length > 1
      ? new IllegalAction(M`${g.ref(id)} is a land and another card type: it can be played only as a land, never cast as a spell`, '305.9')
      : new IllegalAction(M`${g.ref(id)} is a land: a land is played, never cast`, '305.1');
  }
  const instant = c0.types.includes('instant') || hasKeyword(c0, 'flash');
  if (!instant) {
    const t = g.s.turn;
    if (t.active !== by || (t.step !== 'main1' && t.step !== 'main2') || g.s.stack.length) {
      throw new IllegalAction(M`${g.ref(id)} can be cast only during a main phase of its controller's turn when the stack is empty`, '307.1');
    }
  }
  // 601.3: a player can begin to cast a spell only if no effect prohibits it (2026's 601.3; the crosswalk takes 2019's
  // 601.3 to 601.5, its "no longer allowed after the proposal"); 601.3a: unless a choice made while proposing it (the
  // value of X) could lift the prohibition
  const prohibited = castProhibition(g, id, by);
  if (prohibited && !parseCost(o.card.manaCost ?? '').some((s) => s.k === 'x')) throw new IllegalAction(M`${g.ref(prohibited)} prohibits ${pl(by)} from casting ${g.ref(id)}`, g.profile.edition === '2026-01-16' ? '=601.3' : '601.3');
  if (prohibited) g.cite('cast', ['601.3a'], M`${g.ref(prohibited)} would prohibit ${g.ref(id)}, but the value of X chosen while casting it may lift the prohibition: ${pl(by)} may begin to cast it`);
  g.s.turn.priority = by;
  const printedSpell = o.card.spell ?? { effects: [] };
  // 700.2a, 601.2b: the mode of a modal spell is chosen as it is cast; the spell then has that mode's targets and text
  const modes = printedSpell.modes;
  if (modes && (a.mode === undefined || !modes[a.mode])) throw new IllegalAction(M`${g.ref(id)} is modal: one of its ${modes.length} modes must be chosen as it is cast`, '700.2a');
  const chosen = modes && a.mode !== undefined ? modes[a.mode] : undefined;
  const spell = chosen ? { ...printedSpell, targets: chosen.targets ?? [], effects: chosen.effects } : printedSpell;
  if (chosen) g.cite('cast', ['700.2a', '601.2b'], M`${pl(by)} chooses mode ${(a.mode ?? 0) + 1} of ${g.ref(id)}`);
  // 601.2a: move to the stack; 601.2b: announce X; 601.2c: targets
  zones.rawMove(g, id, 'stack', { controller: by });
  const so = g.s.objects[id]!;
  so.stackInfo = { controller: by, targets: {}, ...(a.x !== undefined ? { x: a.x } : {}) };
  g.touch();
  g.cite('cast', ['601.2a', ...(a.x !== undefined || o.card.manaCost?.includes('/') ? ['601.2b'] : [])], M`${pl(by)} casts ${g.ref(id)}: it moves to the stack`);
  // 601.2b: cards spliced onto it are revealed (702.47a)
  const spliced = spliceOnto(g, id, by, ('splice' in a && a.splice) || [], spell.targets ?? []);
  const targetDefs = [...(so.bestowed ? [bestow.ENCHANT_TARGET] : (spell.targets ?? [])), ...spliced.targets];
  const ctx: Ctx = { you: by, self: id };
  const colors = g.chars(id).colors;
  so.stackInfo.targets = targeting.chooseTargets(g, targetDefs, a.targets ?? {}, ctx, colors);
  if (targetDefs.length) g.cite('cast', ['601.2c'], M`targets: ${list(Object.entries(so.stackInfo.targets).map(([k, t]) => M`${code(k)} = ${g.refT(t)}`))}`);
  // 601.3 (2019) / 601.5 (2026): if, with the choices made, the player is no longer allowed to cast it, the casting is illegal
  const still = castProhibition(g, id, by);
  if (still) throw new IllegalAction(M`with the choices made, ${g.ref(still)} prohibits ${pl(by)} from casting ${g.ref(id)}: the casting is illegal`, '601.3');
  // 601.2f: total cost, locked in
  const base = [...fixX(parseCost((so.bestowed ? o.card.bestow : so.flashback ? o.card.flashback : o.card.manaCost) ?? ''), a.x ?? 0), ...spliced.cost, ...(spell.waterbend ? [{ k: 'generic', n: spell.waterbend } as const] : [])];
  const { cost, rules } = costs.totalCost(g, id, base, by);
  g.cite('cost', rules, M`the total cost is ${costs.costArg(cost)}; it is locked in`);
  g.record.costs[id] = { total: formatCost(cost) || '{0}', ...(a.x !== undefined ? { x: a.x } : {}) };
  // 601.2g: mana abilities activated now resolve at once (605.3b), each with its triggered mana abilities (605.4a)
  if (a.op === 'cast' && a.tapForMana?.length) {
    g.cite('cast', ['601.2g'], M`${pl(by)} activates mana abilities before paying the total cost`);
    for (const mid of a.tapForMana) {
      g.obj(mid);
      const idx = g.chars(mid).activated.findIndex((x) => x.tap && !x.targets?.length && x.effects.length > 0 && x.effects.every((e) => e.op === 'add-mana'));
      if (idx < 0) throw new IllegalAction(M`${g.ref(mid)} has no mana ability with ${sym('{T}')} in its cost`, '106.11');
      activate(g, { op: 'tap-for-mana', by, obj: mid, ability: idx });
    }
  }
  // 601.2h: pay costs in any order (additional costs: sacrifice)
  let sacrificed: { obj: string; inc: number } | undefined;
  for (const ac of spell.additionalCosts ?? []) {
    const pick = a.sacrifice ?? '';
    if (!g.onBattlefield(pick) || !matches(g.s, g.view(), pick, { ...ac.sacrifice, controller: 'you' }, ctx)) {
      throw new IllegalAction(pick ? M`${g.ref(pick)} can't be sacrificed to pay the additional cost` : M`nothing can be sacrificed to pay the additional cost`, '601.2h');
    }
    const pw = g.chars(pick).power;
    // "the sacrificed creature" ($sacrificed): the object as it was, whose last known information the spell uses (608.2g)
    sacrificed = { obj: pick, inc: g.s.objects[pick]!.inc };
    zones.move(g, pick, 'graveyard', { rule: '601.2h', text: M`${pl(by)} sacrifices ${g.ref(pick)} as an additional cost` });
    so.stackInfo.sacrificed = { [pick]: pw ?? 0 };
  }
  const convoked = a.op === 'cast' && a.convoke ? convoke(g, by, id, base, cost, a.convoke) : cost;
  const rest = a.op === 'cast' && a.waterbend?.length ? waterbend(g, by, id, spell.waterbend ?? 0, convoked, a.waterbend) : convoked;
  const paid = costs.pay(g, by, rest, a.payment, g.ref(id), id);
  so.stackInfo.spent = paid.mana.map((u) => u.type); // for sunburst as it enters (702.44a of 2026)
  g.cite('cast', ['601.2i', '116.3c'], M`${g.ref(id)} becomes cast; ${pl(by)} receives priority`);
  g.s.stack.push({
    sid: `sp${g.tick()}`, kind: 'spell', obj: id, controller: by, effects: [...spell.effects, ...spliced.effects], targets: so.stackInfo.targets,
    targetDefs, bindings: sacrificed ? { sacrificed } : {}, label: g.name(id), spent: paid.mana.map((u) => u.type),
  });
  g.s.turn.passes = 0;
  g.touch();
  triggers.detect(g, { kind: 'cast', obj: id });
  // 700.14 of 2026: the mana spent this turn to cast spells, for "whenever you expend N"
  if (paid.mana.length) {
    const ps = g.s.players[by];
    const from = ps.manaSpentOnSpells ?? 0;
    ps.manaSpentOnSpells = from + paid.mana.length;
    triggers.detect(g, { kind: 'expend', player: by, from, to: ps.manaSpentOnSpells });
  }
}

/**
 * Convoke (702.50; 702.51 in 2026) applies only after the total cost is locked in (702.50b): each creature tapped pays
 * one mana of that total cost, a colored mana of one of its colors or one generic mana (702.50a), and has then
 * convoked the spell (702.50c). Returns what is left to pay with mana. Every reason the choice is illegal is given;
 * one the spell's printed cost would have allowed is a matter of 702.50b.
 */
function convoke(g: Game, by: PlayerId, spell: string, printed: CostSymbol[], total: CostSymbol[], picks: Record<string, string>): CostSymbol[] {
  if (!hasKeyword(g.chars(spell), 'convoke')) throw new IllegalAction(M`${g.ref(spell)} doesn't have convoke`, '702.50a');
  const ones = (c: CostSymbol[]) => c.flatMap((s): CostSymbol[] => (s.k === 'generic' ? Array.from({ length: s.n }, () => ({ k: 'generic', n: 1 }) as const) : [s]));
  const rest = ones(total);
  const restPrinted = ones(printed);
  const payable = (m: CostSymbol) => (s: CostSymbol) => m.k === 'generic' ? s.k === 'generic'
    : m.k === 'colored' && ((s.k === 'colored' && s.c === m.c) || (s.k === 'hybrid' && (s.a === m.c || s.b === m.c)) || ((s.k === 'phyrexian' || s.k === 'mono') && s.c === m.c));
  const reasons: { rule: string; text: Msg }[] = [];
  const v = g.view();
  for (const [cid, text] of Object.entries(picks)) {
    const c = v[cid];
    const o = g.s.objects[cid];
    let m: CostSymbol | undefined;
    try {
      const p = parseCost(text);
      if (p.length === 1 && ((p[0]!.k === 'generic' && p[0]!.n === 1) || (p[0]!.k === 'colored' && p[0]!.c !== 'C'))) m = p[0];
    } catch { /* reported below */ }
    if (!o || !c || o.zone !== 'battlefield' || c.controller !== by || !c.types.includes('creature')) reasons.push({ rule: '702.50a', text: M`${g.refAny(cid)} isn't a creature ${pl(by)} controls, so it can't convoke` });
    else if (o.tapped) reasons.push({ rule: '702.50a', text: M`${g.ref(cid)} is already tapped` });
    else if (!m) reasons.push({ rule: '702.50a', text: M`a creature tapped for convoke pays ${sym('{1}')} or one colored mana, not ${sym(text)}` });
    else if (m.k === 'colored' && !c.colors.includes(LETTER_COLOR[m.c]!)) reasons.push({ rule: '702.50a', text: M`${g.ref(cid)} isn't ${color(LETTER_COLOR[m.c]!)}, so it can't pay ${sym(text)}` });
    else {
      const i = rest.findIndex(payable(m));
      const j = restPrinted.findIndex(payable(m));
      if (j >= 0) restPrinted.splice(j, 1);
      if (i >= 0) rest.splice(i, 1);
      else reasons.push({ rule: j >= 0 ? '702.50b' : '702.50a', text: M`the total cost ${costs.costArg(total)} has no ${sym(text)} left for ${g.ref(cid)} to pay` });
    }
  }
  if (reasons.length) throw new IllegalAction(reasons[0]!.text, reasons[0]!.rule, reasons);
  g.cite('cost', ['702.50b'], M`convoke applies to the total cost ${costs.costArg(total)}, after it is determined`);
  for (const [cid, text] of Object.entries(picks)) {
    zones.tap(g, cid);
    g.cite('cost', ['702.50a', '702.50c'], M`${pl(by)} taps ${g.ref(cid)} to pay ${sym(text)} of the total cost: it convokes ${g.ref(spell)}`);
  }
  return applyCostModifiers(rest, [], 0);
}

const BASIC_MANA: Record<string, string> = { Plains: '{W}', Island: '{U}', Swamp: '{B}', Mountain: '{R}', Forest: '{G}' };

/**
 * The intrinsic mana abilities of a land with basic land types (305.6): "{T}: Add [mana symbol]" for each, even with no
 * text box. They are numbered after the abilities the card lists, one per basic land type in the order of its subtypes.
 */
function intrinsicManaAbilities(c: { types: string[]; subtypes: string[] }): ActivatedDef[] {
  if (!c.types.includes('land')) return [];
  return c.subtypes.filter((s) => BASIC_MANA[s]).map((s) => ({ tap: true, effects: [{ op: 'add-mana', mana: BASIC_MANA[s] }] }));
}

export function activate(g: Game, a: ActionOf<'activate' | 'tap-for-mana'>): void {
  const by = a.by;
  const id = a.obj;
  const o = g.obj(id);
  const c = g.chars(id);
  const idx = a.ability ?? 0;
  const intrinsic = intrinsicManaAbilities(c);
  const ab = c.activated[idx] ?? intrinsic[idx - c.activated.length];
  if (!ab) throw new IllegalAction(M`${g.ref(id)} has no activated ability #${idx}`, '602.1');
  if (idx >= c.activated.length) g.cite('rule', ['305.6'], M`${g.ref(id)} is a land with a basic land type: it has the intrinsic ability "{T}: Add ${sym(ab.effects[0]!.op === 'add-mana' ? ab.effects[0]!.mana ?? '' : '')}"`);
  if (o.zone !== (ab.zone ?? 'battlefield')) throw new IllegalAction(M`${g.ref(id)}'s ability can be activated only from the ${zone(ab.zone ?? 'battlefield')}`, '112.6k');
  if (c.controller !== by && o.zone === 'battlefield') throw new IllegalAction(M`${pl(by)} doesn't control ${g.ref(id)}`, '602.2');
  // 602.2: an object outside the battlefield and the stack has no controller; only its owner may activate its abilities
  if (o.owner !== by && o.zone !== 'battlefield') throw new IllegalAction(M`${g.ref(id)} isn't in ${pl(by)}'s ${zone(o.zone)}`, '602.2');
  const ctx: Ctx = { you: by, self: id };
  const targets = targeting.chooseTargets(g, ab.targets ?? [], a.targets ?? {}, ctx, c.colors);
  // costs (602.2b → 601.2f-h)
  if (ab.tap) {
    if (o.tapped) throw new IllegalAction(M`${g.ref(id)} is already tapped`, '117.3');
    if (costs.summoningSick(g, id, by)) {
      throw new IllegalAction(M`${g.ref(id)} hasn't been under ${pl(by)}'s control since their most recent turn began`, '302.6');
    }
  }
  const loyalty = ab.loyalty !== undefined ? loyaltyCost(g, by, id, ab.loyalty) : undefined;
  const cost = ab.cost ? fixX(parseCost(ab.cost), a.x ?? 0) : [];
  const crew = ab.crew !== undefined ? crewCost(g, by, id, ab.crew, a.crew ?? []) : [];
  const x = ab.station ? stationCost(g, by, id, a.station) : a.x;
  if (loyalty !== undefined) {
    o.loyaltyTurn = g.s.turn.number;
    const now = (o.counters['loyalty'] ?? 0) + loyalty;
    if (now > 0) o.counters['loyalty'] = now;
    else delete o.counters['loyalty'];
    g.touch();
    g.cite('cost', ['606.4'], loyalty >= 0 ? M`${pl(by)} puts ${loyalty} loyalty counters on ${g.ref(id)} to pay the loyalty cost` : M`${pl(by)} removes ${-loyalty} loyalty counters from ${g.ref(id)} to pay the loyalty cost`);
  }
  if (ab.tap) {
    zones.tap(g, id);
    g.cite('cost', ['602.2b', '602.1a'], M`${pl(by)} taps ${g.ref(id)} to pay the activation cost`);
  }
  if (cost.length) costs.pay(g, by, cost, a.payment ?? { auto: true }, M`${g.ref(id)}'s ability`);
  for (const cid of crew) {
    zones.tap(g, cid);
    g.cite('cost', ['702.121a', '702.121b'], M`${pl(by)} taps ${g.ref(cid)} to pay the crew cost: it crews ${g.ref(id)}`);
    triggers.detect(g, { kind: 'crews', creature: cid, vehicle: id });
  }
  const snapshotPower = c.power;
  const sourceInc = o.inc;
  if (ab.sacrificeSelf) zones.move(g, id, 'graveyard', { rule: '602.2b', text: M`${pl(by)} sacrifices ${g.ref(id)} to pay the activation cost` });
  let sacrificed: TargetRef | undefined;
  if (ab.sacrifice) {
    const s = a.sacrifice;
    if (!s || !g.onBattlefield(s) || g.chars(s).controller !== by || !matches(g.s, g.view(), s, ab.sacrifice, ctx)) {
      throw new IllegalAction(M`${s ? g.refAny(s) : code('—')} can't be sacrificed to pay the activation cost of ${g.ref(id)}`, '602.2b');
    }
    zones.move(g, s, 'graveyard', { rule: '602.2b', text: M`${pl(by)} sacrifices ${g.ref(s)} to pay the activation cost` });
    sacrificed = { obj: s, inc: g.s.objects[s]!.inc };
  }
  const isMana = !ab.targets?.length && ab.effects.every((e) => e.op === 'add-mana' || e.op === 'double-mana');
  if (isMana) {
    // 605.3b: mana abilities resolve immediately
    g.cite('activate', ['605.1a', '605.3b'], M`${pl(by)} activates ${g.ref(id)}'s mana ability; it resolves immediately`);
    const ctx2: Ctx = { ...ctx };
    const before = PLAYERS.map((p) => g.s.players[p].pool.length);
    for (const e of ab.effects) {
      const times = e.op === 'add-mana' ? e.times : undefined;
      if (typeof times === 'object' && times !== null && 'power' in times) {
        const pw = snapshotPower ?? 0;
        if (pw < 0) g.cite('rule', ['107.1b'], M`${g.ref(id)}'s power is ${pw}: a negative amount of mana is treated as 0`);
      }
      instructions.exec(g, e, ctx2);
    }
    // 106.11-106.11a: a mana ability with {T} in its cost that produced mana: the permanent was tapped for mana
    const produced = PLAYERS.flatMap((p, i) => g.s.players[p].pool.slice(before[i]).map((u) => u.type));
    if (ab.tap && produced.length) costs.tappedForMana(g, id, by, produced);
    return;
  }
  g.s.stack.push({ sid: `ab${g.tick()}`, kind: 'ability', obj: id, controller: by, effects: ab.effects, targets, targetDefs: ab.targets ?? [], bindings: sacrificed ? { sacrificed } : {}, label: `${c.name}'s ability`, sourceSnapshot: { inc: sourceInc }, activatedAbility: ab, ...(x !== undefined ? { x } : {}) });
  g.s.turn.priority = by;
  g.s.turn.passes = 0;
  g.touch();
  g.cite('activate', ['602.2', '116.3c'], M`${pl(by)} activates ${g.ref(id)}'s ability; it goes on the stack`);
}

/**
 * The loyalty cost of a loyalty ability as it will be paid (606.3-606.6 of 2026): only at sorcery speed by the
 * permanent's controller, once each turn for each permanent; the printed cost and every "costs an additional [+N]"
 * combined into one (606.5 in 2026); a negative total needs that many loyalty counters.
 */
function loyaltyCost(g: Game, by: PlayerId, id: string, printed: number): number {
  const t = g.s.turn;
  if (t.active !== by || (t.step !== 'main1' && t.step !== 'main2') || g.s.stack.length) throw new IllegalAction(M`a loyalty ability can be activated only during a main phase of its controller's turn when the stack is empty`, '606.3');
  if (g.s.objects[id]!.loyaltyTurn === t.number) throw new IllegalAction(M`a loyalty ability of ${g.ref(id)} has already been activated this turn`, '606.3');
  const extra = costs.rulesMods(g).filter((m) => m.mod.kind === 'loyalty-cost' && m.controller === by).map((m) => (m.mod as { n: number }).n);
  const total = extra.reduce((n, x) => n + x, printed);
  const sign = (n: number) => code(n >= 0 ? `[+${n}]` : `[−${-n}]`);
  if (extra.length) g.cite('cost', g.profile.edition === '2026-01-16' ? ['606.4', '=606.5'] : ['606.4'], M`the loyalty cost ${sign(printed)} and the additional ${list(extra.map(sign))} make one cost: ${sign(total)}`);
  const have = g.s.objects[id]!.counters['loyalty'] ?? 0;
  if (total < 0 && have < -total) throw new IllegalAction(M`${g.ref(id)} has ${have} loyalty counters: it can't pay ${sign(total)}`, '606.5');
  return total;
}

/**
 * The creatures chosen to pay Crew N (702.121a; 702.122a in 2026): untapped creatures the player controls — in 2026
 * "other" untapped creatures, so not the Vehicle itself — each chosen once, with total power N or greater. Every
 * reason the choice is illegal is given. Tapping them (and so crewing, 702.121b) is left to the caller.
 */
function crewCost(g: Game, by: PlayerId, vehicle: string, n: number, picks: string[]): string[] {
  const reasons: { rule: string; text: Msg }[] = [];
  const v = g.view();
  let power = 0;
  picks.forEach((cid, i) => {
    const c = v[cid];
    const o = g.s.objects[cid];
    if (!o || !c || o.zone !== 'battlefield' || c.controller !== by || !c.types.includes('creature')) reasons.push({ rule: '702.121a', text: M`${g.refAny(cid)} isn't a creature ${pl(by)} controls, so it can't crew` });
    else if (o.tapped) reasons.push({ rule: '702.121a', text: M`${g.ref(cid)} is tapped, so it can't crew` });
    else if (picks.indexOf(cid) !== i) reasons.push({ rule: '702.121a', text: M`${g.ref(cid)} can be tapped only once` });
    else if (cid === vehicle && g.profile.crewOthersOnly) reasons.push({ rule: '702.121a', text: M`${g.ref(cid)} can't crew itself: crew taps other creatures` });
    else power += c.power ?? 0;
  });
  if (!reasons.length && power < n) reasons.push({ rule: '702.121a', text: M`the creatures tapped have total power ${power}, less than ${n}` });
  if (reasons.length) throw new IllegalAction(reasons[0]!.text, reasons[0]!.rule, reasons);
  return picks;
}

export function playLand(g: Game, a: ActionOf<'play-land'>): void {
  const by = a.by;
  const id = a.card;
  const mods = costs.rulesMods(g);
  const cant = mods.find((m) => m.mod.kind === 'cant-play-lands' && g.player((m.mod as { player: string }).player, { you: m.controller }) === by);
  const extra = mods.filter((m) => m.mod.kind === 'additional-land' && g.player((m.mod as { player: string }).player, { you: m.controller }) === by).reduce((n, m) => n + (m.mod as { n: number }).n, 0);
  if (cant) throw new IllegalAction(M`${pl(by)} can't play lands this turn: when a rule or effect allows something and another precludes it, the effect that precludes it wins`, '101.2');
  if (g.s.players[by].landsPlayed >= 1 + extra) throw new IllegalAction(M`${pl(by)} has already played ${g.s.players[by].landsPlayed} land(s) this turn`, '305.2');
  g.s.players[by].landsPlayed++;
  zones.move(g, id, 'battlefield', { rule: '305.1', text: M`${pl(by)} plays ${g.ref(id)}`, opts: { controller: by } });
}
