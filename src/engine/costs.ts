/**
 * Costs (601.2f-h, 602.2b, 117): the rules that modify casting and activating (101.2, 601.2f cost increases and
 * reductions), the total cost locked in, and paying it from the pool with an exact payment (601.2g-h, 107.4, 118.3),
 * tapping permanents for mana first when the scenario lets the engine choose (autoMana, with the triggered mana
 * abilities that tapping them triggers, 605.1b, 605.4a). Below instructions.ts, which pays costs during resolution
 * (cumulative upkeep, 702.23a); casting.ts casts and activates with it.
 */
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import type { Game } from './game.ts';
import { addManaInstruction } from './mana-instructions.ts';
import { englishArg, M, pl, sym, type Arg } from './msg.ts';
import { evalNum, hasKeyword, matches, refObj, type Ctx } from './layers.ts';
import { applyCostModifiers, formatUnits, isValidPayment, legalPayments, parseCost, parsePool, spendFromPool, type CostSymbol, type Payment } from './mana.ts';
import { spellWords } from './events.ts';
import { IllegalAction, type EffectDef, type ManaLetter, type ManaUnit, type PendingTrigger, type PlayerId } from './types.ts';
import { chooseManaSources, type ManaSource } from './mana-sources.ts';
import { formatCost } from './mana.ts';

export function rulesMods(g: Game): { mod: NonNullable<EffectDef['rules']>[number]; controller: PlayerId; source?: string; affects?: EffectDef['affects'] }[] {
  const v = g.view();
  const out: { mod: NonNullable<EffectDef['rules']>[number]; controller: PlayerId; source?: string; affects?: EffectDef['affects'] }[] = [];
  for (const id of g.battlefield()) for (const st of v[id]!.statics) for (const m of st.rules ?? []) out.push({ mod: m, controller: v[id]!.controller, source: id, affects: st.affects });
  for (const e of g.s.effects) for (const m of e.def.rules ?? []) out.push({ mod: m, controller: e.controller, ...(e.source ? { source: e.source } : {}), affects: e.def.affects });
  return out;
}

/** Objects affected by a rules-modifying effect (613.10). */
export function rulesAffects(g: Game, r: { controller: PlayerId; source?: string; affects?: EffectDef['affects'] }, id: string): boolean {
  const ctx: Ctx = { you: r.controller, ...(r.source ? { self: r.source } : {}) };
  if (r.affects === undefined) return false;
  if (typeof r.affects === 'string') return refObj(g.s, r.affects, ctx) === id;
  return matches(g.s, g.view(), id, r.affects, ctx);
}

export function totalCost(g: Game, id: string, base: CostSymbol[], by: PlayerId): { cost: CostSymbol[]; rules: string[] } {
  const inc: CostSymbol[] = [];
  let red = 0;
  const rules = ['601.2f'];
  for (const { mod, controller, source } of rulesMods(g)) {
    if (mod.kind === 'cost-increase' && matches(g.s, g.view(), id, { ...mod.spells, zone: 'stack' }, { you: controller, ...(source ? { self: source } : {}) })) {
      inc.push(...parseCost(mod.mana));
      rules.push('601.2f');
    }
    if (mod.kind === 'cost-reduction' && matches(g.s, g.view(), id, { ...mod.spells, zone: 'stack' }, { you: controller, ...(source ? { self: source } : {}) })) {
      red += Math.max(0, evalNum(g.s, g.view(), mod.generic, { you: controller, ...(source ? { self: source } : {}) }));
      rules.push('117.7');
    }
  }
  // the spell's own "This spell costs {1} less to cast …" (601.2f): its static ability works on the stack
  for (const st of g.view()[id]?.statics ?? []) {
    for (const mod of st.rules ?? []) {
      if (mod.kind !== 'cost-reduction' || !matches(g.s, g.view(), id, { ...mod.spells, zone: 'stack' }, { you: by, self: id })) continue;
      const n = Math.max(0, evalNum(g.s, g.view(), mod.generic, { you: by, self: id }));
      red += n;
      rules.push('117.7');
      g.cite('cost', ['601.2f'], M`${g.ref(id)} costs ${sym('{1}')} less for each: ${n}`);
    }
  }
  void by;
  return { cost: applyCostModifiers(base, inc, red), rules };
}

/**
 * Whether a creature can't use {T} abilities now because it hasn't been under `by`'s control continuously since their
 * most recent turn began (302.6; haste lets it, 702.10).
 */
export function summoningSick(g: Game, id: string, by: PlayerId): boolean {
  const o = g.s.objects[id]!;
  const c = g.chars(id);
  // the number of `by`'s most recent turn: this one, or the one before the opponent's (turns alternate)
  const lastTurn = g.s.turn.active === by ? g.s.turn.number : g.s.turn.number - 1;
  return c.types.includes('creature') && o.controlledSince !== 0 && o.controlledSince >= lastTurn && !hasKeyword(c, 'haste');
}

/**
 * Tap untapped permanents for mana until the cost can be paid (601.2g), choosing the smallest set; what a permanent
 * gives includes the mana of the triggered mana abilities tapping it triggers (605.4a).
 */
function autoMana(g: Game, p: PlayerId, cost: CostSymbol[], spell?: string): void {
  const life = g.s.players[p].life;
  const usable = spendable(g, p, spell).usable;
  const v = g.view();
  const sources: ManaSource[] = [];
  const manaOf = new Map<string, string>();
  const basic: Record<string, string> = { Plains: '{W}', Island: '{U}', Swamp: '{B}', Mountain: '{R}', Forest: '{G}' };
  for (const id of g.battlefield()) {
    const c = v[id]!;
    const o = g.s.objects[id]!;
    // only what the player could tap by hand: untapped, and not a creature under summoning sickness (302.6)
    if (c.controller !== p || o.tapped || summoningSick(g, id, p)) continue;
    const sub = c.subtypes.find((s) => basic[s]);
    let mana: string | undefined;
    if (c.types.includes('land') && sub) mana = basic[sub];
    else {
      const ab = c.activated.find((x) => x.tap && !x.cost && x.effects.length === 1 && x.effects[0]!.op === 'add-mana' && typeof x.effects[0]!.mana === 'string' && x.effects[0]!.times === undefined);
      const e = ab?.effects[0];
      if (e?.op === 'add-mana') mana = e.mana;
    }
    if (!mana) continue;
    const units = parsePool(mana);
    manaOf.set(id, mana);
    sources.push({ id, gives: [...units, ...triggers.triggeredManaYield(g, id, p, units.map((u) => u.type)).map((type): ManaUnit => ({ type }))] });
  }
  const picked = chooseManaSources(cost, usable, sources, (units) => legalPayments(cost, units, life).some((x) => x.life === 0));
  if (!picked?.length) return;
  for (const id of picked) {
    const mana = manaOf.get(id)!;
    zones.tap(g, id);
    g.s.players[p].pool.push(...parsePool(mana));
    g.cite('mana', ['601.2g', '605.3a'], M`${pl(p)} taps ${g.ref(id)} for ${sym(mana)}`);
    tappedForMana(g, id, p, parsePool(mana).map((u) => u.type));
  }
  g.touch();
}

/**
 * The mana in a player's pool that may pay for `spell` (or, without one, for an ability's cost): mana with a spending
 * restriction only for the spells it allows (106.6). Restricted mana comes first, so a payment that could use either
 * spends the restricted mana, which can be spent on less.
 */
function spendable(g: Game, p: PlayerId, spell?: string): { usable: ManaUnit[]; kept: ManaUnit[] } {
  const ok = (u: ManaUnit) => !u.only || (!!spell && matches(g.s, g.view(), spell, { ...u.only, zone: 'any' }, { you: p }));
  const pool = g.s.players[p].pool;
  return { usable: [...pool.filter((u) => u.only && ok(u)), ...pool.filter((u) => !u.only)], kept: pool.filter((u) => !ok(u)) };
}

export function pay(g: Game, p: PlayerId, cost: CostSymbol[], payment: unknown, what: Arg, spell?: string): Payment {
  const ps = g.s.players[p];
  let pay: Payment;
  if (payment && typeof payment === 'object' && (payment as { auto?: boolean }).auto) {
    autoMana(g, p, cost, spell);
    const opts = legalPayments(cost, spendable(g, p, spell).usable, ps.life);
    const best = opts.find((o) => o.life === 0) ?? opts[0];
    if (!best) throw new IllegalAction(M`${pl(p)} can't pay ${costArg(cost)} for ${what}`, '601.2h');
    pay = best;
  } else {
    // `snow` names which of the mana is snow mana (to pay {S}, 107.4h); it must be part of `mana`
    const pm = (payment ?? {}) as { mana?: string; life?: number; snow?: string };
    const mana = parsePool(pm.mana ?? '');
    for (const u of parsePool(pm.snow ?? '')) {
      const i = mana.findIndex((m) => m.type === u.type && !m.snow);
      if (i < 0) throw new IllegalAction(M`the snow mana ${unitsArg([u])} isn't part of the payment ${sym(pm.mana ?? '')}`, '107.4h');
      mana[i] = { ...mana[i]!, snow: true };
    }
    pay = { mana, life: pm.life ?? 0 };
  }
  if (pay.life > 0 && ps.life < pay.life) throw new IllegalAction(M`${pl(p)} has ${ps.life} life and can't pay ${pay.life} life`, '118.4');
  if (!isValidPayment(cost, pay, ps.life)) throw new IllegalAction(pay.life ? M`${unitsArg(pay.mana)} and ${pay.life} life don't pay ${costArg(cost)}` : M`${unitsArg(pay.mana)} doesn't pay ${costArg(cost)}`, '601.2h');
  const { usable, kept } = spendable(g, p, spell);
  const rest = spendFromPool(usable, pay.mana);
  if (!rest && spendFromPool(ps.pool, pay.mana)) {
    const only = ps.pool.find((u) => u.only && !usable.includes(u))!.only!;
    throw new IllegalAction(M`some of ${pl(p)}'s mana can be spent only to cast ${spellWords(only)}, so ${unitsArg(pay.mana)} can't be spent on ${what}`, '106.6');
  }
  if (!rest) throw new IllegalAction(M`${pl(p)}'s mana pool doesn't contain ${unitsArg(pay.mana)}`, '117.3');
  ps.pool = [...rest, ...kept];
  if (pay.life) ps.life -= pay.life;
  g.touch();
  const rules = ['601.2h'];
  if (pay.life) rules.push('118.4', '107.4f');
  const snowPaid = pay.mana.filter((u) => u.snow);
  g.record.payments.push({ for: englishArg(what), mana: formatUnits(pay.mana), snow: formatUnits(snowPaid), life: pay.life });
  if (cost.some((c) => c.k === 'snow')) rules.push('107.4h');
  g.cite('cost', rules, pay.life ? M`${pl(p)} pays ${costArg(cost)} for ${what} with ${unitsArg(pay.mana)} and ${pay.life} life` : M`${pl(p)} pays ${costArg(cost)} for ${what} with ${unitsArg(pay.mana)}`);
  return pay;
}

export const costArg = (cost: CostSymbol[]): Arg => sym(formatCost(cost) || '{0}');

const unitsArg = (units: ManaUnit[]): Arg => sym(formatUnits(units) || '{0}');

/**
 * A permanent was tapped for mana (106.11a: its mana ability with {T} in the cost resolved and produced mana). A
 * triggered ability that triggers from this, has no target and could add mana is a mana ability (605.1b): it doesn't
 * go on the stack but resolves immediately after the mana ability that triggered it (605.4a). Other abilities that
 * trigger wait to be put on the stack as usual.
 */
export function tappedForMana(g: Game, id: string, by: PlayerId, mana: ManaLetter[]): void {
  triggers.detect(g, { kind: 'tapped-for-mana', obj: id, by, mana });
  const isMana = (t: PendingTrigger) => t.def.on === 'tapped-for-mana' && !t.def.targets?.length && t.def.effects.length > 0 && t.def.effects.every((e) => e.op === 'add-mana');
  const now = g.s.pendingTriggers.filter(isMana);
  if (!now.length) return;
  g.s.pendingTriggers = g.s.pendingTriggers.filter((t) => !isMana(t));
  g.touch();
  for (const t of now) {
    g.cite('trigger', ['605.1b', '605.4a'], M`${g.ref(t.source)}'s triggered mana ability resolves at once, without going on the stack`);
    const ctx: Ctx = { you: t.controller, self: t.source, bindings: t.bindings, ...(t.eventMana ? { eventMana: t.eventMana } : {}) };
    // isMana: every effect is an add-mana instruction
    for (const e of t.def.effects) if (e.op === 'add-mana') addManaInstruction(g, e, ctx);
    g.record.resolved.push(t.source);
  }
}
