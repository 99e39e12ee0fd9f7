/**
 * The damage event (119 in 2019, 120 in 2026): doubling (614.5), prevention (615: "prevent all", protection
 * 702.16e, shields 615.7, static prevention 615.1), redirection (614.9), then the result of damage by kind of
 * recipient (119.3, 119.4), lifelink (702.15), deathtouch and wither/infect counters (702.2, 702.79, 702.89).
 * The stages are recorded as a DamageStage list so scenarios can check each step of 119.4 / 120.4.
 */
import * as replacements from './replacements.ts';
import * as zones from './zones.ts';
import * as events from './events.ts';
import * as triggers from './triggers.ts';
import type { DamageItem, DamageStage, Game } from './game.ts';
import { list, M, obj, pl, word } from './msg.ts';
import { translateRule } from './rules.ts';
import { hasKeyword, matches } from './layers.ts';
import type { Filter, PlayerId, TargetRef } from './types.ts';

/** One damage event in progress: the items as they are modified, the stages recorded, the state's view. */
interface DamageEvent {
  g: Game;
  v: ReturnType<Game['view']>;
  items: DamageItem[];
  stages: DamageStage[];
  /** life gained by prevention shields that give it (Awe Strike) */
  extraGains: { player: PlayerId; amount: number }[];
}

/** A result of the damage event (119.3): what happens to each player and object. */
type Res =
  | { k: 'loss'; player: PlayerId; n: number }
  | { k: 'poison'; player: PlayerId; n: number }
  | { k: 'minus'; obj: string; n: number }
  | { k: 'mark'; obj: string; n: number; deathtouch: boolean }
  | { k: 'loyalty'; obj: string; n: number }
  | { k: 'gain'; player: PlayerId; n: number; draw?: boolean };

/** The results of the event and the rules they add to the citation. */
interface Results { res: Res[]; toxicRule: string[]; lifelinkRule: string[] }

const tid = (t: TargetRef) => ('player' in t ? t.player : t.obj);
const live = (items: DamageItem[]) => items.filter((i) => i.amount > 0).map((i) => `${i.amount} -> ${tid(i.to)}`);

/** Deals damage: the steps of 119.4 / 120.4, each a named function below, in the order the rules give. */
export function dealDamage(g: Game, items0: DamageItem[], label: string): void {
  void label;
  const items = items0.filter((i) => i.amount > 0).map((i) => ({ ...i }));
  if (!items.length) return;
  const ev: DamageEvent = { g, v: g.view(), items, stages: [], extraGains: [] };
  announce(ev);
  applyDoubling(ev);
  applyPrevention(ev);
  ev.items = ev.items.filter((i) => i.amount > 0);
  const results = processIntoResults(ev);
  recordDamage(ev, items0);
  citeResults(ev, results);
  const gainRes = replaceLifeGain(ev, results.res);
  applyLifeFloors(ev, results.res, gainRes);
  occur(ev, results.res, gainRes);
}

/** A stage is named by its rule in the running edition's numbers (119.4a in 2019 is 120.4b in 2026). */
const stageOf = (g: Game, rule: string) => translateRule(rule, g.s.ruleset);

const srcChars = (ev: DamageEvent, id: string) => ev.v[id] ?? ev.g.s.lki[id]?.chars;

const visible = (res: Res[]) => res.filter((r) => !(r.k === 'mark' && r.n === 0)).map(fmtRes);

/** 119.4a / 120.4a: the event as it would be, before replacement and prevention. */
function announce(ev: DamageEvent): void {
  const { g, items, stages } = ev;
  if (g.profile.excessDamageStep) stages.push({ stage: '120.4a', items: [] });
  stages.push({ stage: stageOf(g, '119.4a'), items: items.map((i) => `${i.amount} -> ${tid(i.to)}`) });
  for (const i of items) g.cite('damage', ['119.4a', ...(g.profile.excessDamageStep ? ['=120.4a'] : [])], M`${g.ref(i.source)} would deal ${i.amount} damage to ${g.refT(i.to)}`);
}

/** Doubling (614.5: each effect applies once to the event). */
function applyDoubling(ev: DamageEvent): void {
  const { g, v, items } = ev;
  for (const r of replacements.replacementsFor(g, (r) => r.def.kind === 'double-damage')) {
    const d = r.def as { kind: 'double-damage'; from: Filter };
    let hit = false;
    for (const it of items) {
      if (it.amount > 0 && g.s.objects[it.source] && matches(g.s, v, it.source, d.from, { you: r.controller, ...(r.source ? { self: r.source } : {}) })) {
        it.amount *= 2;
        hit = true;
      }
    }
    if (hit) {
      g.cite('replacement', ['614.1a', '614.5'], M`${g.ref(r.source ?? '')}: the damage is doubled (${list(items.map((i) => i.amount))})`);
      ev.stages.push({ stage: '614.5', items: live(items) });
    }
  }
}

/** Prevention (615): "prevent all", protection, next-time shields, static "prevent N", "prevent the next N" shields. */
function applyPrevention(ev: DamageEvent): void {
  const { g, items, stages } = ev;
  let changed = false;
  for (const it of items) {
    changed = preventAll(ev, it) || changed;
    changed = preventByProtection(ev, it) || changed;
    changed = preventFromSource(ev, it) || changed;
    changed = preventStaticN(ev, it) || changed;
    changed = preventByShields(ev, it) || changed;
  }
  g.s.shields = g.s.shields.filter((sh) => sh.kind !== 'prevent-next' || sh.remaining > 0);
  if (changed) {
    const st = stages[stages.length - 1]!;
    stages.push({ stage: '615.7', items: [...live(items), ...ev.extraGains.map((x) => `${x.player} gains ${x.amount}`)] });
    if (st.stage === '615.7') stages.splice(stages.length - 2, 1);
  }
}

/** "Prevent all (combat) damage (from …)" (615.1a). */
function preventAll(ev: DamageEvent, it: DamageItem): boolean {
  const { g, v } = ev;
  let changed = false;
  for (const r of replacements.replacementsFor(g, (r) => r.def.kind === 'prevent-all-damage')) {
    const d = r.def as { kind: 'prevent-all-damage'; from?: Filter; combatOnly?: boolean };
    if (d.combatOnly && !it.combat) continue;
    if (d.from && !(g.s.objects[it.source] && matches(g.s, v, it.source, { ...d.from, zone: 'any' }, { you: r.controller }))) continue;
    if (it.amount > 0) {
      g.cite('prevention', ['615.1a', '611.2c'], (r.source ? M`${g.ref(r.source)}: ${it.amount} damage from ${g.ref(it.source)} is prevented` : M`a prevention effect: ${it.amount} damage from ${g.ref(it.source)} is prevented`));
      it.amount = 0;
      changed = true;
    }
  }
  return changed;
}

/** Protection from a colour (702.16e). */
function preventByProtection(ev: DamageEvent, it: DamageItem): boolean {
  const sc = srcChars(ev, it.source);
  if (!('obj' in it.to) || it.amount <= 0 || !sc) return false;
  const tc = ev.v[it.to.obj];
  const prot = tc?.keywords.find((k) => k.startsWith('protection-from-') && sc.colors.includes(k.slice(16) as never));
  if (!prot) return false;
  ev.g.cite('prevention', ['702.16e'], M`${obj(it.to.obj, tc!.name)} has protection from ${word(prot.slice('protection-from-'.length))}: ${it.amount} damage from ${obj(it.source, sc.name)} is prevented`);
  it.amount = 0;
  return true;
}

/** "Prevent the next time a source would deal damage" (Awe Strike; 615.5), with the life it may give. */
function preventFromSource(ev: DamageEvent, it: DamageItem): boolean {
  const { g, items } = ev;
  let changed = false;
  for (const sh of g.s.shields) {
    if (sh.kind !== 'prevent-from-source' || sh.from.obj !== it.source || it.amount <= 0) continue;
    const prevented = items.filter((x) => x.source === it.source && x.amount > 0).reduce((a, x) => a + x.amount, 0);
    for (const x of items) if (x.source === it.source) x.amount = 0;
    g.s.shields = g.s.shields.filter((x) => x !== sh);
    g.cite('prevention', ['615.1a', '615.5'], M`the next damage ${g.ref(it.source)} would deal is prevented (${prevented})`);
    if (sh.gainLife) ev.extraGains.push({ player: sh.gainLife, amount: prevented });
    changed = true;
  }
  return changed;
}

/** Static "prevent N of that damage" (615.10 example). */
function preventStaticN(ev: DamageEvent, it: DamageItem): boolean {
  const { g, v } = ev;
  if (!('obj' in it.to) || it.amount <= 0) return false;
  let changed = false;
  for (const r of replacements.replacementsFor(g, (r) => r.def.kind === 'prevent-n')) {
    const d = r.def as { kind: 'prevent-n'; n: number; to: Filter };
    if (!matches(g.s, v, it.to.obj, d.to, { you: r.controller, ...(r.source ? { self: r.source } : {}) })) continue;
    const k = Math.min(d.n, it.amount);
    it.amount -= k;
    changed = true;
    g.cite('prevention', ['615.1a'], M`${g.ref(r.source ?? '')}: ${k} of the damage to ${g.ref(it.to.obj)} is prevented`);
  }
  return changed;
}

/** Shields "prevent the next N damage" (615.7). */
function preventByShields(ev: DamageEvent, it: DamageItem): boolean {
  const { g } = ev;
  const to = it.to;
  let changed = false;
  for (const sh of g.s.shields) {
    if (sh.kind !== 'prevent-next' || it.amount <= 0) continue;
    const same = 'obj' in sh.to && 'obj' in to ? sh.to.obj === to.obj && sh.to.inc === g.s.objects[to.obj]!.inc : 'player' in sh.to && 'player' in to && sh.to.player === to.player;
    if (!same || sh.remaining <= 0) continue;
    const k = Math.min(sh.remaining, it.amount);
    sh.remaining -= k;
    it.amount -= k;
    changed = true;
    g.cite('prevention', ['615.7'], M`a prevention shield prevents ${k} damage to ${g.refT(to)} (${sh.remaining} left)`);
  }
  return changed;
}

/** 119.4b: the damage processed into its results by kind of recipient (119.3), with toxic, lifelink, deathtouch, infect, wither. */
function processIntoResults(ev: DamageEvent): Results {
  const { g, v } = ev;
  const res: Res[] = [];
  const toxicRule: string[] = [];
  const gainsBySource = new Map<string, number>();
  for (const it of ev.items) {
    const sc = srcChars(ev, it.source)!;
    const infect = hasKeyword(sc, 'infect');
    const wither = hasKeyword(sc, 'wither');
    if ('player' in it.to) {
      res.push(infect ? { k: 'poison', player: it.to.player, n: it.amount } : { k: 'loss', player: it.to.player, n: it.amount });
      // 702.164c (2026): combat damage to a player by a creature with toxic also gives poison counters, its total toxic value
      const toxic = it.combat ? totalToxic(sc.keywords) : 0;
      if (toxic > 0) {
        res.push({ k: 'poison', player: it.to.player, n: toxic });
        toxicRule.push('=702.164b', '=702.164c');
      }
    } else {
      const tc = v[it.to.obj]!;
      if (tc.types.includes('planeswalker') && !tc.types.includes('creature')) res.push({ k: 'loyalty', obj: it.to.obj, n: it.amount });
      else if (infect || wither) res.push({ k: 'minus', obj: it.to.obj, n: it.amount });
      else res.push({ k: 'mark', obj: it.to.obj, n: it.amount, deathtouch: hasKeyword(sc, 'deathtouch') });
      if (hasKeyword(sc, 'deathtouch')) res.push({ k: 'mark', obj: it.to.obj, n: 0, deathtouch: true });
    }
    if (hasKeyword(sc, 'lifelink')) gainsBySource.set(it.source, (gainsBySource.get(it.source) ?? 0) + it.amount);
  }
  const lifelinkRule: string[] = [];
  for (const x of ev.extraGains) res.push({ k: 'gain', player: x.player, n: x.amount });
  const srcCtl = (id: string) => v[id]?.controller ?? g.s.lki[id]?.chars.controller ?? g.s.objects[id]!.controller;
  for (const [src, n] of gainsBySource) {
    res.push({ k: 'gain', player: srcCtl(src), n });
    lifelinkRule.push('119.3f', '702.15b');
  }
  return { res, toxicRule, lifelinkRule };
}

function fmtRes(r: Res): string {
  switch (r.k) {
    case 'loss': return `${r.player} loses ${r.n}`;
    case 'poison': return `${r.n} poison -> ${r.player}`;
    case 'minus': return `-1/-1 x${r.n} -> ${r.obj}`;
    case 'mark': return `${r.n} damage marked -> ${r.obj}`;
    case 'loyalty': return `${r.n} loyalty removed -> ${r.obj}`;
    case 'gain': return r.draw ? `${r.player} draws ${r.n}` : `${r.player} gains ${r.n}`;
  }
}

/** The record scenarios check: the damage each source would deal and dealt to each recipient, and how much was prevented. */
function recordDamage(ev: DamageEvent, items0: DamageItem[]): void {
  const key = (i: { source: string; to: TargetRef }) => `${i.source}>${tid(i.to)}`;
  const sum = (xs: { source: string; to: TargetRef; amount: number }[]) => xs.reduce<Record<string, number>>((m, i) => (i.amount > 0 ? { ...m, [key(i)]: (m[key(i)] ?? 0) + i.amount } : m), {});
  const wouldDeal = sum(items0);
  const dealt = sum(ev.items);
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, n) => a + n, 0);
  ev.g.record.damage.push({ wouldDeal, dealt, prevented: Math.max(0, total(wouldDeal) - total(dealt)) });
}

/** The 119.4b stage and its citation, one line per result. */
function citeResults(ev: DamageEvent, { res, toxicRule, lifelinkRule }: Results): void {
  const { g } = ev;
  const processRule = '119.4b';
  ev.stages.push({ stage: stageOf(g, processRule), items: visible(res) });
  const resRules = new Set<string>([processRule]);
  for (const r of res) {
    if (r.k === 'loss') resRules.add('119.3a');
    if (r.k === 'poison') resRules.add('119.3b');
    if (r.k === 'loyalty') resRules.add('119.3c');
    if (r.k === 'minus') resRules.add('119.3d');
    if (r.k === 'mark' && r.n > 0) resRules.add('119.3e');
  }
  g.cite('damage', [...resRules, ...lifelinkRule, ...new Set(toxicRule)], M`the damage is processed into its results:`);
  const nameOr = (id: string) => g.refAny(id);
  for (const r of res) {
    if (r.k === 'mark' && r.n === 0) continue;
    g.cite('damage', [], r.k === 'loss' ? M`${pl(r.player)} loses ${r.n} life`
      : r.k === 'poison' ? M`${pl(r.player)} gets ${r.n} poison counters`
      : r.k === 'minus' ? M`${r.n} -1/-1 counters are put on ${nameOr(r.obj)}`
      : r.k === 'mark' ? M`${r.n} damage is marked on ${nameOr(r.obj)}`
      : r.k === 'loyalty' ? M`${r.n} loyalty counters are removed from ${nameOr(r.obj)}`
      : r.draw ? M`${pl(r.player)} draws ${r.n} cards` : M`${pl(r.player)} gains ${r.n} life`);
  }
}

/** Replacement effects on the life gained (614.1): modified amounts, or a draw instead. */
function replaceLifeGain(ev: DamageEvent, res: Res[]): Extract<Res, { k: 'gain' }>[] {
  const { g } = ev;
  const gainRes = res.filter((r): r is Extract<Res, { k: 'gain' }> => r.k === 'gain');
  if (gainRes.length) {
    const before = g.trace.length;
    const rep = events.lifeGainReplacements(g, gainRes.map((x) => ({ player: x.player, amount: x.n })));
    rep.forEach((r, i) => {
      gainRes[i]!.n = r.amount;
      if (r.draw) gainRes[i]!.draw = true;
    });
    if (g.trace.length > before) ev.stages.push({ stage: '614.1', items: visible(res) });
  }
  return gainRes;
}

/** Life floors ("your life total can't be reduced below 1 by this event"; 614.1a): the loss is cut down. */
function applyLifeFloors(ev: DamageEvent, res: Res[], gainRes: Extract<Res, { k: 'gain' }>[]): void {
  const { g, v } = ev;
  for (const r of replacements.replacementsFor(g, (r) => r.def.kind === 'floor-life')) {
    const d = r.def as { kind: 'floor-life'; player: string; ifControls?: Filter };
    const p = g.player(d.player, { you: r.controller });
    if (d.ifControls && !g.battlefield().some((id) => matches(g.s, v, id, d.ifControls!, { you: r.controller }))) continue;
    const loss = res.filter((x): x is Extract<Res, { k: 'loss' }> => x.k === 'loss' && x.player === p);
    if (!loss.length) continue;
    const gain = gainRes.filter((x) => x.player === p && !x.draw).reduce((a, x) => a + x.n, 0);
    const life = g.s.players[p].life;
    const total = loss.reduce((a, x) => a + x.n, 0);
    if (life - total + gain >= 1) {
      g.cite('replacement', ['614.1a'], M`${g.ref(r.source ?? '')}: the damage event would not reduce ${pl(p)}'s life total below 1, so it doesn't apply`);
      continue;
    }
    const allowed = Math.max(0, life + gain - 1);
    let cut = total - allowed;
    for (const x of loss) {
      const k = Math.min(cut, x.n);
      x.n -= k;
      cut -= k;
    }
    g.cite('replacement', ['614.1a'], M`${g.ref(r.source ?? '')}: ${pl(p)}'s life total is reduced to 1 instead`);
    ev.stages.push({ stage: '614.1', items: visible(res) });
  }
}

/** 119.4c: the event occurs; then life is gained (or cards drawn instead) and the damage triggers are detected. */
function occur(ev: DamageEvent, res: Res[], gainRes: Extract<Res, { k: 'gain' }>[]): void {
  const { g } = ev;
  g.cite('damage', ['119.4c'], M`the damage event occurs`);
  for (const r of res) {
    switch (r.k) {
      case 'loss': g.s.players[r.player].life -= r.n; break;
      case 'poison': g.s.players[r.player].poison += r.n; break;
      case 'minus': { const o = g.s.objects[r.obj]!; o.counters['-1/-1'] = (o.counters['-1/-1'] ?? 0) + r.n; break; }
      case 'mark': { const o = g.s.objects[r.obj]!; o.damage += r.n; if (r.deathtouch) o.deathtouched = true; break; }
      case 'loyalty': { const o = g.s.objects[r.obj]!; o.counters['loyalty'] = Math.max(0, (o.counters['loyalty'] ?? 0) - r.n); break; }
      case 'gain': break;
    }
  }
  g.touch();
  g.damageEvents.push(ev.stages);
  for (const gr of gainRes) {
    if (gr.draw) zones.draw(g, gr.player, gr.n);
    else if (gr.n > 0) {
      g.s.players[gr.player].life += gr.n;
      g.touch();
      triggers.detect(g, { kind: 'gain-life', player: gr.player, amount: gr.n });
    }
  }
  const bySource = new Map<string, number>();
  for (const it of ev.items) bySource.set(it.source, (bySource.get(it.source) ?? 0) + it.amount);
  for (const [src, n] of bySource) triggers.detect(g, { kind: 'damage', source: src, amount: n });
  triggers.detect(g, { kind: 'damage-batch', items: ev.items.map((i) => ({ ...i })) });
}

/** A creature's total toxic value: the sum of the N of its toxic abilities, written toxic-N (702.164b, 2026). */
function totalToxic(keywords: string[]): number {
  return keywords.reduce((n, k) => n + Number(/^toxic-(\d+)$/.exec(k)?.[1] ?? 0), 0);
}
