/**
 * Combat (506-511, 702 evasion): declaring attackers and blockers with their restrictions and requirements (508.1c-d,
 * 509.1b-c), evasion and protection (702.9 flying, 702.16f, 702.27 shadow, 702.110 menace), the damage assignment order of 2019 (509.2,
 * 510.1c; removed in 2026) and the whole-assignment check of 510.1c-e, first strike (702.7), trample (702.19b) and
 * the combat damage step (510.2).
 */
import * as costs from './costs.ts';
import * as zones from './zones.ts';
import * as damage from './damage.ts';
import * as triggers from './triggers.ts';
import type { DamageItem, Game } from './game.ts';
import { code, list as listOf, M, pl, word, type Msg } from './msg.ts';
import { hasKeyword, opponentOf } from './layers.ts';
import { IllegalAction, isPlayerId, type ActionOf, type Characteristics, type PlayerId } from './types.ts';
import { subsets } from './subsets.ts';
import { maxAttackRequirements, maxBlockRequirements, type AttackBoard, type BlockBoard } from './combat-legality.ts';

export function combatDamageStep(g: Game): void {
  const cb = g.s.combat;
  if (!cb) return;
  const first = g.s.turn.step === 'first-strike-damage';
  if (first) g.cite('tba', ['510.4'], M`a creature with first strike or double strike is in combat: there is a first-strike combat damage step`);
  const needs = damageDealers(g, first);
  // a creature that divides its damage among several recipients waits for its controller's assignment (510.1)
  const pending = needs.filter((d) => d.options.length !== 1 || d.recipients.length > 1);
  if (pending.length) {
    cb.assignments = undefined as never;
    delete cb.assignments;
    (cb as { awaiting?: boolean }).awaiting = true;
    g.cite('choice', ['510.1'], M`combat damage assignment needed for ${listOf(pending.map((d) => g.ref(d.id)))}`);
    return;
  }
  dealCombatDamage(g, Object.fromEntries(needs.map((d) => [d.id, d.options[0]!])));
}

/** Each creature that assigns combat damage in this step, with its legal assignments (considered alone). */
export function damageDealers(g: Game, firstStep: boolean): { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[] {
  const cb = g.s.combat;
  // 510.1: combat damage is assigned only in a combat damage step, by creatures in combat
  if (!cb) throw new IllegalAction(M`there is no combat now, so no creature assigns combat damage`, '510.1');
  const out: { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[] = [];
  const deals = (id: string) => {
    const c = g.chars(id);
    const fs = hasKeyword(c, 'first-strike') || hasKeyword(c, 'double-strike');
    if (!cb.firstStrikeStep) return true;
    if (firstStep) return fs;
    return !cb.dealtFirstStrike.includes(id) || hasKeyword(c, 'double-strike');
  };
  for (const [id, a] of Object.entries(cb.attackers)) {
    if (!g.onBattlefield(id) || !deals(id)) continue;
    const c = g.chars(id);
    const trample = tramples(c);
    // 702.19c (2026): attacking a planeswalker with trample over planeswalkers, its controller may be assigned damage too
    const over = overPlaneswalker(g, id, a.at);
    const past = over ? [over] : [];
    let recipients: string[];
    if (!a.blocked) recipients = [a.at, ...past];
    else {
      const live = (a.order ?? a.blockers).filter((b) => g.onBattlefield(b) && a.blockers.includes(b));
      recipients = live.length || !trample ? live : [];
      if (trample) recipients = [...recipients, a.at, ...past];
    }
    out.push({ id, recipients, trample: (a.blocked && trample) || !!over, options: [] });
  }
  for (const [id, attackers] of Object.entries(cb.blockers)) {
    if (!g.onBattlefield(id) || !deals(id)) continue;
    out.push({ id, recipients: attackers.filter((x) => g.onBattlefield(x)), trample: false, options: [] });
  }
  for (const d of out) d.options = enumerateAssignments(g, d, out, {});
  return out;
}

/** All legal assignments of one dealer, others fixed (510.1c-d, 702.19b; 2026: free division). */
export function enumerateAssignments(g: Game, d: { id: string; recipients: string[]; trample: boolean }, all: { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[], fixed: Record<string, Record<string, number>>): Record<string, number>[] {
  const power = g.chars(d.id).power ?? 0;
  if (power <= 0 || !d.recipients.length) return [{}];
  const out: Record<string, number>[] = [];
  const rec = d.recipients;
  const cur: number[] = rec.map(() => 0);
  const go = (i: number, left: number) => {
    if (i === rec.length - 1) {
      cur[i] = left;
      const asg = Object.fromEntries(rec.map((r, j) => [r, cur[j]!]));
      const others: Record<string, Record<string, number>> = {};
      for (const o of all) if (o.id !== d.id) others[o.id] = fixed[o.id] ?? o.options[0] ?? {};
      if (assignmentError(g, { ...others, [d.id]: asg }, [d.id]) === null) out.push(asg);
      return;
    }
    for (let k = 0; k <= left; k++) {
      cur[i] = k;
      go(i + 1, left - k);
    }
  };
  if (rec.length === 1 && !(d.trample && rec.length > 1)) return [{ [rec[0]!]: power }];
  go(0, power);
  return out;
}

/** Why a total assignment is illegal (null when legal). Only the dealers in `check` are checked. */
function assignmentError(g: Game, asg: Record<string, Record<string, number>>, check?: string[]): { rule: string; text: Msg } | null {
  const cb = g.s.combat!;
  const total = (r: string) => Object.values(asg).reduce((n, a) => n + (a[r] ?? 0), 0);
  const lethal = (dealer: string, r: string) => {
    const o = g.s.objects[r]!;
    const c = g.chars(r);
    if (hasKeyword(g.chars(dealer), 'deathtouch') && (asg[dealer]?.[r] ?? 0) > 0) return true; // 702.2c
    return o.damage + total(r) >= (c.toughness ?? 0);
  };
  for (const [id, a] of Object.entries(asg)) {
    if (check && !check.includes(id)) continue;
    const power = g.chars(id).power ?? 0;
    const sum = Object.values(a).reduce((x, y) => x + y, 0);
    if (power > 0 && sum !== power) return { rule: '510.1a', text: M`${g.ref(id)} must assign exactly ${power} damage (not ${sum})` };
    if (Object.values(a).some((x) => x < 0)) return { rule: '107.1b', text: M`damage can't be negative` };
    const att = cb.attackers[id];
    if (!att) continue;
    const over = overPlaneswalker(g, id, att.at);
    const order = att.blocked ? (att.order ?? att.blockers).filter((b) => g.onBattlefield(b)) : [];
    if (over && (a[over] ?? 0) > 0) {
      for (const b of order) if (!lethal(id, b)) return { rule: '702.19b', text: M`${g.ref(id)} can assign damage to the player only after assigning lethal damage to ${g.ref(b)}` };
      // the planeswalker's loyalty counts the damage every creature assigns to it in this step (the example of 702.19c)
      const loyalty = g.s.objects[att.at]!.counters['loyalty'] ?? 0;
      if (total(att.at) < loyalty) return { rule: '=702.19c', text: M`${g.ref(id)} can assign damage to ${pl(over)} only once damage at least equal to the loyalty of ${g.ref(att.at)} (${loyalty}) is assigned to that planeswalker` };
    }
    if (!att.blocked) {
      // 510.1a: an unblocked creature assigns its combat damage to what it's attacking
      for (const r of Object.keys(a)) if (r !== att.at && r !== over && (a[r] ?? 0) > 0) return { rule: '510.1a', text: M`${g.ref(id)} is unblocked and assigns its combat damage only to ${g.refAny(att.at)}` };
      continue;
    }
    for (const r of Object.keys(a)) if (r !== att.at && r !== over && !order.includes(r) && (a[r] ?? 0) > 0) return { rule: '510.1c', text: M`${g.ref(r)} isn't blocking ${g.ref(id)}` };
    if (g.profile.damageAssignmentOrder) {
      for (let i = 1; i < order.length; i++) {
        if ((a[order[i]!] ?? 0) > 0) {
          for (let j = 0; j < i; j++) {
            if (!lethal(id, order[j]!)) return { rule: '510.1c', text: M`${g.ref(id)} can't assign damage to ${g.ref(order[i]!)} unless ${g.ref(order[j]!)}, earlier in its damage assignment order, is assigned lethal damage` };
          }
        }
      }
    }
    if ((a[att.at] ?? 0) > 0) {
      if (!tramples(g.chars(id)) && order.length) return { rule: '510.1c', text: M`${g.ref(id)} is blocked and has no trample` };
      for (const b of order) if (!lethal(id, b)) return { rule: '702.19b', text: M`${g.ref(id)} can assign damage to the player only after assigning lethal damage to ${g.ref(b)}` };
    }
  }
  return null;
}

/** Assign combat damage when every pending creature has exactly one legal assignment. */
export function autoAssign(g: Game): boolean {
  const dealers = damageDealers(g, g.s.turn.step === 'first-strike-damage');
  if (dealers.some((d) => d.options.length !== 1)) return false;
  assignCombatDamage(g, { op: 'assign-combat-damage', assignments: Object.fromEntries(dealers.map((d) => [d.id, d.options[0]!])) });
  return true;
}

export function assignCombatDamage(g: Game, a: ActionOf<'assign-combat-damage'>): void {
  const cb = g.s.combat;
  if (!cb || !(cb as { awaiting?: boolean }).awaiting) throw new IllegalAction(M`no combat damage assignment is pending`, '510.1');
  const given = a.assignments;
  const dealers = damageDealers(g, g.s.turn.step === 'first-strike-damage');
  const asg: Record<string, Record<string, number>> = {};
  for (const d of dealers) {
    if (given[d.id]) asg[d.id] = given[d.id]!;
    else if (d.options.length === 1) asg[d.id] = d.options[0]!;
    else throw new IllegalAction(M`no damage assignment given for ${g.ref(d.id)}`, '510.1');
  }
  const err = assignmentError(g, asg);
  if (err) throw new IllegalAction(err.text, err.rule);
  const trampled = Object.entries(asg).some(([id, x]) => cb.attackers[id]?.blocked && (x[cb.attackers[id]!.at] ?? 0) > 0);
  const overPw = Object.entries(asg).some(([id, x]) => { const p = cb.attackers[id] && overPlaneswalker(g, id, cb.attackers[id]!.at); return !!p && (x[p] ?? 0) > 0; });
  g.cite('tba', [...(g.profile.damageAssignmentOrder ? ['510.1', '510.1c', '510.1e'] : ['510.1', '510.1c']), ...(trampled ? ['702.19b'] : []), ...(overPw ? ['=702.19c'] : [])], M`combat damage assignment accepted: ${listOf(Object.entries(asg).map(([k, v]) => M`${g.ref(k)} → ${listOf(Object.entries(v).map(([r, n]) => M`${n} to ${g.refAny(r)}`))}`), '; ')}`);
  delete (cb as { awaiting?: boolean }).awaiting;
  g.record.combatDamage = structuredClone(asg);
  dealCombatDamage(g, asg);
  g.s.turn.priority = g.s.turn.active;
}

function dealCombatDamage(g: Game, asg: Record<string, Record<string, number>>): void {
  const items: DamageItem[] = [];
  const cb = g.s.combat!;
  for (const [id, a] of Object.entries(asg)) {
    for (const [r, n] of Object.entries(a)) {
      if (n <= 0) continue;
      items.push({ source: id, to: isPlayerId(r) ? { player: r } : { obj: r, inc: g.s.objects[r]!.inc }, amount: n, combat: true });
    }
    if (g.s.turn.step === 'first-strike-damage') cb.dealtFirstStrike.push(id);
  }
  const noDamage = Object.entries(cb.attackers).filter(([id, x]) => x.blocked && g.onBattlefield(id) && !x.blockers.some((b) => g.onBattlefield(b)) && !tramples(g.chars(id)));
  for (const [id] of noDamage) g.cite('rule', ['510.1c'], M`${g.ref(id)} is blocked but no creatures are blocking it: it assigns no combat damage`);
  const zeroPower = Object.keys(asg).filter((id) => (g.chars(id).power ?? 0) <= 0);
  for (const id of zeroPower) g.cite('rule', ['510.1a'], M`${g.ref(id)} has ${g.chars(id).power ?? 0} power and assigns no combat damage`);
  g.cite('tba', ['510.2'], M`all combat damage is dealt simultaneously`);
  damage.dealDamage(g, items, 'combat damage');
}

export function declareAttackers(g: Game, a: ActionOf<'declare-attackers'>): void {
  const t = g.s.turn;
  if (t.step !== 'declare-attackers') throw new IllegalAction(M`attackers are declared only as the declare attackers step begins`, '508.1');
  const list = a.attackers.map((x) => (typeof x === 'string' ? { id: x } : x));
  const ids = list.map((x) => x.id);
  const errs = attackErrors(g, ids);
  if (errs.length) throw new IllegalAction(errs[0]!.text, errs[0]!.rule, errs);
  const cb = g.s.combat ?? (g.s.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false });
  const def = opponentOf(t.active);
  for (const x of list) {
    // 508.1b: a creature attacks the defending player or a planeswalker that player controls
    if (x.at !== undefined && x.at !== def && !(g.onBattlefield(x.at) && g.chars(x.at).types.includes('planeswalker') && g.chars(x.at).controller === def)) {
      throw new IllegalAction(M`${g.ref(x.id)} can attack only ${pl(def)} or a planeswalker ${pl(def)} controls, not ${g.s.objects[x.at] ? g.ref(x.at) : code(x.at)}`, '508.1b');
    }
  }
  for (const x of list) cb.attackers[x.id] = { at: x.at ?? def, blocked: false, blockers: [] };
  if (ids.length) t.attackedWith = [...new Set([...(t.attackedWith ?? []), ...ids])];
  g.cite('tba', ['508.1', '508.1c', '508.1d'], ids.length ? M`${pl(t.active)} declares ${listOf(ids.map((i) => g.ref(i)))} as attackers` : M`${pl(t.active)} declares no attackers`);
  for (const id of ids) if (!hasKeyword(g.chars(id), 'vigilance')) zones.tap(g, id);
  if (ids.length) g.cite('tba', ['508.1f'], M`attacking creatures without vigilance become tapped`);
  for (const id of ids) triggers.detect(g, { kind: 'attacks', obj: id });
  g.s.turn.priority = t.active;
  g.touch();
}

export function canAttack(g: Game, id: string): boolean {
  const o = g.s.objects[id];
  if (!o || o.zone !== 'battlefield') return false;
  const c = g.chars(id);
  if (!c.types.includes('creature') || c.controller !== g.s.turn.active || o.tapped) return false;
  if (hasKeyword(c, 'defender')) return false;
  if (o.controlledSince >= g.s.turn.number && o.controlledSince !== 0 && !hasKeyword(c, 'haste')) return false;
  return true;
}

/** 508.1c restrictions, then 508.1d: obey the maximum number of requirements. */
export function attackError(g: Game, ids: string[]): { rule: string; text: Msg } | null {
  return attackErrors(g, ids)[0] ?? null;
}
/** Every reason an attack declaration is illegal (508.1a, c, d). */
function attackErrors(g: Game, ids: string[]): { rule: string; text: Msg }[] {
  const out: { rule: string; text: Msg }[] = [];
  for (const id of ids) if (!canAttack(g, id)) out.push({ rule: '508.1a', text: M`${g.ref(id)} can't attack` });
  out.push(...attackRestrictionErrors(g, ids));
  const req = (set: string[]) => set.filter((id) => canAttack(g, id) && hasKeyword(g.chars(id), 'attacks-if-able')).length;
  const best = maxAttackRequirements(attackBoard(g));
  if (req(ids) < best) out.push({ rule: '508.1d', text: M`this declaration obeys ${req(ids)} requirement(s), but ${best} can be obeyed without breaking a restriction` });
  return out;
}

/** The board as 508.1c-d see it: the creatures able to attack, their requirements and restrictions. */
export function attackBoard(g: Game): AttackBoard {
  const able = g.battlefield().filter((id) => canAttack(g, id)).map((id) => {
    const c = g.chars(id);
    return { id, required: hasKeyword(c, 'attacks-if-able'), cantAttackAlone: hasKeyword(c, 'cant-attack-alone') };
  });
  let maxAttackers = Infinity;
  for (const { mod } of costs.rulesMods(g)) if (mod.kind === 'max-attackers') maxAttackers = Math.min(maxAttackers, mod.n);
  return { able, maxAttackers };
}

export function attackRestrictionError(g: Game, ids: string[]): { rule: string; text: Msg } | null {
  return attackRestrictionErrors(g, ids)[0] ?? null;
}
/** Every restriction a set of attackers breaks (508.1c), not only the first. */
function attackRestrictionErrors(g: Game, ids: string[]): { rule: string; text: Msg }[] {
  const out: { rule: string; text: Msg }[] = [];
  for (const id of ids) if (hasKeyword(g.chars(id), 'cant-attack-alone') && ids.length < 2) out.push({ rule: '508.1c', text: M`${g.ref(id)} can't attack alone` });
  for (const { mod } of costs.rulesMods(g)) if (mod.kind === 'max-attackers' && ids.length > mod.n) out.push({ rule: '508.1c', text: M`no more than ${mod.n} creature(s) can attack` });
  return out;
}

/** Every legal attack declaration, for the query legal-attacks: a list of 2^n sets, so at most MAX_SUBSET_ITEMS creatures. */
export function legalAttacks(g: Game): string[][] {
  const all = g.battlefield().filter((id) => canAttack(g, id));
  const best = maxAttackRequirements(attackBoard(g));
  const req = (set: string[]) => set.filter((id) => hasKeyword(g.chars(id), 'attacks-if-able')).length;
  return subsets(all).filter((s) => !attackRestrictionError(g, s) && req(s) >= best);
}

/** Whether a creature can block (509.1a: untapped, the defending player's), and is under no "can't block" (509.1b). */
export function canBlock(g: Game, id: string, opts: { ignoreRestrictions?: boolean } = {}): boolean {
  const o = g.s.objects[id];
  if (!o || o.zone !== 'battlefield' || o.tapped) return false;
  const c = g.chars(id);
  return c.types.includes('creature') && c.controller !== g.s.turn.active && (!!opts.ignoreRestrictions || !hasKeyword(c, 'cant-block'));
}

const LAND_OF_WALK: Record<string, string> = { plainswalk: 'Plains', islandwalk: 'Island', swampwalk: 'Swamp', mountainwalk: 'Mountain', forestwalk: 'Forest' };

/** The land (by name) that makes an attacker with landwalk unblockable (702.14c), or null. */
function landwalkOf(g: Game, attacker: string): string | null {
  const at = g.chars(attacker);
  const attacked = g.s.combat?.attackers[attacker]?.at;
  if (!attacked) return null;
  const defending = defenderOf(g, attacked);
  const v = g.view();
  for (const k of at.keywords) {
    const m = /^(snow-)?(\w+walk)$/.exec(k);
    const sub = m ? LAND_OF_WALK[m[2]!] : undefined;
    if (!m || !sub) continue;
    const land = g.battlefield().find((id) => v[id]!.controller === defending && v[id]!.types.includes('land') && v[id]!.subtypes.includes(sub) && (!m[1] || v[id]!.supertypes.includes('snow')));
    if (land) return land;
  }
  return null;
}

function blockPairError(g: Game, blocker: string, attacker: string): { rule: string; text: Msg } | null {
  const b = g.chars(blocker);
  const at = g.chars(attacker);
  if (hasKeyword(at, 'flying') && !hasKeyword(b, 'flying') && !hasKeyword(b, 'reach')) return { rule: '702.9b', text: M`${g.ref(blocker)} can't block ${g.ref(attacker)}, which has flying` };
  if (hasKeyword(at, 'shadow') && !hasKeyword(b, 'shadow')) return { rule: '702.27b', text: M`${g.ref(blocker)} can't block ${g.ref(attacker)}, which has shadow` };
  if (!hasKeyword(at, 'shadow') && hasKeyword(b, 'shadow')) return { rule: '702.27b', text: M`${g.ref(blocker)} has shadow and can block only creatures with shadow` };
  // 702.16f: an attacker with protection from a quality can't be blocked by creatures that have it
  const prot = at.keywords.find((k) => k.startsWith('protection-from-') && (b.colors as string[]).includes(k.slice('protection-from-'.length)));
  if (prot) return { rule: '702.16f', text: M`${g.ref(blocker)} can't block ${g.ref(attacker)}, which has protection from ${word(prot.slice('protection-from-'.length))}` };
  if (hasKeyword(at, 'cant-be-blocked')) return { rule: '509.1b', text: M`${g.ref(attacker)} can't be blocked` };
  // 702.14c: landwalk — unblockable while the defending player controls such a land; landwalks don't cancel (702.14d)
  const walk = landwalkOf(g, attacker);
  if (walk) return { rule: '702.14c', text: M`${g.ref(attacker)} can't be blocked: the defending player controls ${g.ref(walk)}` };
  for (const r of costs.rulesMods(g)) if (r.mod.kind === 'unblockable' && costs.rulesAffects(g, r, attacker)) return { rule: '509.1b', text: M`${g.ref(attacker)} can't be blocked` };
  return null;
}

export function blockRestrictionError(g: Game, blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: Msg } | null {
  return blockRestrictionErrors(g, blocks)[0] ?? null;
}
/** Every restriction a block declaration breaks (509.1b, evasion, menace), not only the first. */
function blockRestrictionErrors(g: Game, blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: Msg }[] {
  const out: { rule: string; text: Msg }[] = [];
  for (const bl of blocks) {
    const extra = hasKeyword(g.chars(bl.blocker), 'can-block-additional-creature') ? 1 : 0;
    if (bl.attackers.length > 1 + extra) out.push({ rule: '509.1a', text: M`${g.ref(bl.blocker)} can't block ${bl.attackers.length} creatures` });
    for (const at of bl.attackers) {
      if (!g.s.combat?.attackers[at]) {
        out.push({ rule: '509.1a', text: M`${g.refAny(at)} isn't attacking` });
        continue;
      }
      const e = blockPairError(g, bl.blocker, at);
      if (e) out.push(e);
    }
  }
  for (const at of Object.keys(g.s.combat?.attackers ?? {})) {
    const n = blocks.filter((b) => b.attackers.includes(at)).length;
    if (hasKeyword(g.chars(at), 'menace') && n === 1) out.push({ rule: '702.110b', text: M`${g.ref(at)} has menace and can't be blocked except by two or more creatures` });
  }
  return out;
}

/** The board as 509.1b-c see it: who can block, what each may block and how many, which attackers have menace. */
export function blockBoard(g: Game): BlockBoard {
  const blockers = g.battlefield().filter((id) => canBlock(g, id)).map((id) => {
    const c = g.chars(id);
    return { id, required: hasKeyword(c, 'blocks-if-able'), capacity: hasKeyword(c, 'can-block-additional-creature') ? 2 : 1 };
  });
  const attackers = Object.keys(g.s.combat?.attackers ?? {}).filter((id) => g.onBattlefield(id)).map((id) => ({ id, menace: hasKeyword(g.chars(id), 'menace') }));
  const ok = new Set<string>();
  for (const b of blockers) for (const a of attackers) if (!blockPairError(g, b.id, a.id)) ok.add(`${b.id}\u0000${a.id}`);
  return { blockers, attackers, mayBlock: (b, a) => ok.has(`${b}\u0000${a}`) };
}

/** The most block declarations the query legal-blocks lists; (attackers + 1)^blockers grows fast. */
const MAX_LISTED_BLOCKS = 100_000;

/** Every block declaration (legal or not), for the query legal-blocks: at most MAX_LISTED_BLOCKS of them. */
function blockCandidates(g: Game): { blocker: string; attackers: string[] }[][] {
  const blockers = g.battlefield().filter((id) => canBlock(g, id));
  const attackers = Object.keys(g.s.combat?.attackers ?? {});
  const choicesFor = (b: string): string[][] => {
    const extra = hasKeyword(g.chars(b), 'can-block-additional-creature');
    const out: string[][] = [[]];
    for (const a of attackers) out.push([a]);
    if (extra) for (let i = 0; i < attackers.length; i++) for (let j = i + 1; j < attackers.length; j++) out.push([attackers[i]!, attackers[j]!]);
    return out;
  };
  const count = blockers.reduce((n, b) => n * choicesFor(b).length, 1);
  if (count > MAX_LISTED_BLOCKS) throw new RangeError(`too many block declarations to list (${count}; at most ${MAX_LISTED_BLOCKS}); a declaration can still be checked`);
  let acc: { blocker: string; attackers: string[] }[][] = [[]];
  for (const b of blockers) {
    const next: typeof acc = [];
    for (const partial of acc) for (const c of choicesFor(b)) next.push(c.length ? [...partial, { blocker: b, attackers: c }] : partial);
    acc = next;
  }
  return acc;
}

export function blockError(g: Game, blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: Msg } | null {
  return blockErrors(g, blocks)[0] ?? null;
}
/** Every reason a block declaration is illegal (509.1a, b, c). */
function blockErrors(g: Game, blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: Msg }[] {
  const out: { rule: string; text: Msg }[] = [];
  for (const bl of blocks) {
    if (canBlock(g, bl.blocker)) continue;
    // "can't block" is a restriction (509.1b); an untapped creature the defending player controls is 509.1a
    const restricted = g.onBattlefield(bl.blocker) && hasKeyword(g.chars(bl.blocker), 'cant-block') && canBlock(g, bl.blocker, { ignoreRestrictions: true });
    out.push({ rule: restricted ? '509.1b' : '509.1a', text: M`${g.refAny(bl.blocker)} can't block` });
  }
  out.push(...blockRestrictionErrors(g, blocks));
  const best = maxBlockRequirements(blockBoard(g));
  const obeyed = blockRequirementsObeyed(g, blocks);
  if (obeyed < best) out.push({ rule: '509.1c', text: M`this declaration obeys ${obeyed} requirement(s), but ${best} can be obeyed without breaking a restriction` });
  return out;
}

/** How many "blocks if able" requirements a declaration obeys: one per required creature that blocks. */
function blockRequirementsObeyed(g: Game, blocks: { blocker: string; attackers: string[] }[]): number {
  return new Set(blocks.filter((b) => b.attackers.length && canBlock(g, b.blocker) && hasKeyword(g.chars(b.blocker), 'blocks-if-able')).map((b) => b.blocker)).size;
}

/** Every legal block declaration, for the query legal-blocks (the requirement maximum computed once, 509.1c). */
export function legalBlocks(g: Game): { blocker: string; attackers: string[] }[][] {
  const best = maxBlockRequirements(blockBoard(g));
  return blockCandidates(g).filter((c) => !blockRestrictionError(g, c) && blockRequirementsObeyed(g, c) >= best);
}

export function declareBlockers(g: Game, a: ActionOf<'declare-blockers'>): void {
  const t = g.s.turn;
  if (t.step !== 'declare-blockers' || !g.s.combat) throw new IllegalAction(M`blockers are declared only as the declare blockers step begins`, '509.1');
  const blocks = a.blocks;
  const errs = blockErrors(g, blocks);
  if (errs.length) throw new IllegalAction(errs[0]!.text, errs[0]!.rule, errs);
  const cb = g.s.combat;
  for (const bl of blocks) {
    cb.blockers[bl.blocker] = [...bl.attackers];
    for (const at of bl.attackers) cb.attackers[at]!.blockers.push(bl.blocker);
  }
  for (const at of Object.values(cb.attackers)) if (at.blockers.length) at.blocked = true;
  g.cite('tba', ['509.1', '509.1b', '509.1c'], blocks.length ? M`${pl(opponentOf(t.active))} declares blockers: ${listOf(blocks.map((b) => M`${g.ref(b.blocker)} → ${listOf(b.attackers.map((x) => g.ref(x)))}`), '; ')}` : M`no blockers are declared`);
  for (const bl of blocks) for (const at of bl.attackers) triggers.detect(g, { kind: 'blocks', blocker: bl.blocker, attacker: at });
  for (const [at, x] of Object.entries(cb.attackers)) {
    if (!x.blocked) continue;
    triggers.detect(g, { kind: 'becomes-blocked', attacker: at });
    for (const b of x.blockers) triggers.detect(g, { kind: 'becomes-blocked-by', attacker: at, blocker: b });
  }
  // 509.2 (2019): damage assignment order, announced by the active player
  if (g.profile.damageAssignmentOrder) {
    for (const [at, x] of Object.entries(cb.attackers)) {
      if (x.blockers.length > 1) {
        const key = `order:${at}`;
        if (key in g.choices) orderBlockers(g, { op: 'order-blockers', attacker: at, order: g.choices[key] as string[] });
      }
    }
  }
  t.priority = t.active;
  g.touch();
}

export function orderBlockers(g: Game, a: ActionOf<'order-blockers'>): void {
  if (!g.profile.damageAssignmentOrder) throw new IllegalAction(M`there is no damage assignment order in this edition`, '=510.1c');
  const cb = g.s.combat;
  const at = a.attacker;
  const x = cb?.attackers[at];
  if (!x) throw new IllegalAction(M`${g.ref(at)} isn't attacking`, '509.2');
  const order = a.order;
  if (order.length !== x.blockers.length || !x.blockers.every((b) => order.includes(b))) throw new IllegalAction(M`the damage assignment order must list each creature blocking it exactly once`, '509.2');
  x.order = [...order];
  g.touch();
  g.cite('tba', ['509.2'], M`${pl(g.s.turn.active)} announces ${g.ref(at)}'s damage assignment order: ${listOf(order.map((o) => g.ref(o)), ' → ')}`);
}

/** Trample or its variant trample over planeswalkers (702.19b; 702.19c of 2026). */
function tramples(c: Characteristics): boolean {
  return hasKeyword(c, 'trample') || hasKeyword(c, 'trample-over-planeswalkers');
}

/** The defending player of an attack: the player attacked, or the controller of the planeswalker attacked (506.2). */
function defenderOf(g: Game, at: string): PlayerId {
  return isPlayerId(at) ? at : g.onBattlefield(at) ? g.chars(at).controller : opponentOf(g.s.turn.active);
}

/** The planeswalker's controller, when `id` has trample over planeswalkers and attacks a planeswalker still there (702.19c of 2026). */
function overPlaneswalker(g: Game, id: string, at: string): PlayerId | null {
  if (isPlayerId(at) || !g.onBattlefield(at) || !hasKeyword(g.chars(id), 'trample-over-planeswalkers')) return null;
  return g.chars(at).controller;
}
