/**
 * The game kernel: zones and new objects (400.7), events with replacement and prevention (614-616), the damage
 * process (119.4), state-based actions (704), triggered abilities (603), casting and activating (601, 602),
 * priority and the stack (116, 405, 608), turn structure (500-514) and combat (506-511, 702).
 *
 * A Game wraps one mutable GameState for the duration of one scenario step; callers clone the state first.
 * Every rule applied is appended to the trace with the numbers of the 2019-01-25 edition; the trace translates
 * them to the running edition (see rules.ts).
 */
import { derive, evalNum, hasKeyword, matches, opponentOf, refObj, type Ctx, type View } from './layers.ts';
import {
  applyCostModifiers, fixX, formatUnits, isValidPayment, legalPayments, parseCost, parsePool, spendFromPool,
  type CostSymbol, type Payment,
} from './mana.ts';
import { translateRule } from './rules.ts';
import {
  ChoiceNeeded, IllegalAction, PLAYERS,
  type Action, type ActiveReplacement, type CardDef, type Characteristics, type Condition, type EffectDef, type Filter,
  type GameObject, type GameState, type PendingTrigger, type PlayerId, type ReplacementDef, type Step, type StackItem,
  type TargetDef, type TargetRef, type TraceEntry, type TriggerDef, type Zone,
} from './types.ts';

export const STEPS: Step[] = [
  'untap', 'upkeep', 'draw', 'main1', 'beginning-of-combat', 'declare-attackers', 'declare-blockers',
  'first-strike-damage', 'combat-damage', 'end-of-combat', 'main2', 'end', 'cleanup',
];

type GameEvent =
  | { kind: 'zone'; obj: string; from: Zone; to: Zone; pre: View; preState: GameState }
  | { kind: 'attacks'; obj: string }
  | { kind: 'blocks'; blocker: string; attacker: string }
  | { kind: 'becomes-blocked'; attacker: string }
  | { kind: 'becomes-blocked-by'; attacker: string; blocker: string }
  | { kind: 'gain-life'; player: PlayerId; amount: number }
  | { kind: 'tapped' | 'untapped'; obj: string }
  | { kind: 'step'; step: Step }
  | { kind: 'cast'; obj: string }
  | { kind: 'damage'; source: string; amount: number };

export interface DamageItem {
  source: string;
  to: TargetRef;
  amount: number;
  combat: boolean;
}

export interface DamageStage {
  stage: string;
  items: string[];
}

const clone = <T>(x: T): T => structuredClone(x);

export class Game {
  s: GameState;
  trace: TraceEntry[] = [];
  choices: Record<string, unknown>;
  damageEvents: DamageStage[][] = [];
  sbaRounds = 0;
  queryResult: unknown = undefined;
  private cache: { seq: number; view: View } | null = null;

  constructor(state: GameState, choices: Record<string, unknown> = {}) {
    this.s = state;
    this.choices = choices;
  }

  // ---------------------------------------------------------------- basics
  cite(kind: string, rules: string[], text: string, data?: unknown): void {
    const e: TraceEntry = { kind, rules: rules.map((r) => translateRule(r, this.s.ruleset)), text };
    if (data !== undefined) e.data = data;
    this.trace.push(e);
  }
  touch(): void {
    this.s.seq++;
  }
  view(): View {
    if (!this.cache || this.cache.seq !== this.s.seq) this.cache = { seq: this.s.seq, view: derive(this.s) };
    return this.cache.view;
  }
  chars(id: string): Characteristics {
    const c = this.view()[id];
    if (!c) throw new Error(`no object "${id}"`);
    return c;
  }
  obj(id: string): GameObject {
    const o = this.s.objects[id];
    if (!o) throw new IllegalAction(`there is no object "${id}"`, '109.1');
    return o;
  }
  name(id: string): string {
    return this.view()[id]?.name ?? id;
  }
  tick(): number {
    return ++this.s.clock;
  }
  is2026(): boolean {
    return this.s.ruleset === '2026-01-16';
  }
  choice<T>(key: string, options: T[], text: string): T {
    if (key in this.choices) return this.choices[key] as T;
    if (options.length === 1) return options[0]!;
    throw new ChoiceNeeded(`${text}: the scenario must give choices.${key}`, key, options);
  }
  onBattlefield(id: string): boolean {
    return this.s.objects[id]?.zone === 'battlefield';
  }
  battlefield(): string[] {
    return Object.values(this.s.objects).filter((o) => o.zone === 'battlefield').map((o) => o.id);
  }
  zoneOf(player: PlayerId, zone: Zone): string[] {
    return Object.values(this.s.objects)
      .filter((o) => o.zone === zone && o.owner === player)
      .sort((a, b) => a.pos - b.pos)
      .map((o) => o.id);
  }
  player(ref: string, ctx: Ctx): PlayerId {
    if (ref === 'P1' || ref === 'P2') return ref;
    if (ref === 'you') return ctx.you;
    if (ref === 'opponent') return opponentOf(ctx.you);
    if (ref === 'active') return this.s.turn.active;
    if (ref === 'defending') return opponentOf(this.s.turn.active);
    if (ref.endsWith('-opponent') && ref.startsWith('$')) return opponentOf(this.player(ref.slice(0, -'-opponent'.length), ctx));
    if (ref.startsWith('$')) {
      const b = ctx.bindings?.[ref.slice(1)];
      if (b && 'player' in b) return b.player;
      if (b && 'obj' in b) return this.view()[b.obj]?.controller ?? this.obj(b.obj).controller;
    }
    throw new IllegalAction(`unknown player reference "${ref}"`, '102.1');
  }

  // ---------------------------------------------------------------- zones
  /** Move an object; it becomes a new object (400.7). Returns the events to check for triggers. */
  rawMove(id: string, to: Zone, opts: { tapped?: boolean; controller?: PlayerId; bottom?: boolean } = {}): GameEvent {
    const pre = this.lookBack?.pre ?? this.view();
    const preState = this.lookBack?.preState ?? clone(this.s);
    const o = this.s.objects[id]!;
    const from = o.zone;
    if (from === 'battlefield') {
      // last known information: as the object last existed on the battlefield (for simultaneous events, before all of them: 704.7)
      const lkiCounters = preState.objects[id]?.inc === o.inc ? preState.objects[id]!.counters : o.counters;
      this.s.lki[id] = { inc: o.inc, chars: pre[id] ?? this.view()[id]!, counters: { ...lkiCounters } };
      for (const other of Object.values(this.s.objects)) if (other.attachedTo === id) delete other.attachedTo;
      if (this.s.combat) {
        delete this.s.combat.attackers[id];
        delete this.s.combat.blockers[id];
        for (const a of Object.values(this.s.combat.attackers)) a.blockers = a.blockers.filter((b) => b !== id);
      }
    }
    o.zone = to;
    o.inc++;
    o.tapped = !!opts.tapped;
    o.damage = 0;
    o.counters = {};
    delete o.attachedTo;
    delete o.deathtouched;
    if (to !== 'stack') delete o.stackInfo;
    o.controller = opts.controller ?? o.owner;
    o.timestamp = this.tick();
    o.controlledSince = this.s.turn.number;
    o.pos = opts.bottom ? this.s.clock + 1e6 : this.s.clock;
    if (to === 'library' && !opts.bottom) o.pos = -this.s.clock;
    this.touch();
    return this.snapshotFor({ kind: 'zone', obj: id, from, to, pre, preState });
  }

  /** Zone change with replacement effects (614, 616). */
  move(id: string, to: Zone, why: { rule?: string; text?: string; opts?: { tapped?: boolean; controller?: PlayerId } } = {}): void {
    const o = this.obj(id);
    let dest = to;
    const applied = new Set<string>();
    for (;;) {
      const cands = this.replacementsFor((r) => {
        if (applied.has(r.rid)) return false;
        if (r.def.kind === 'graveyard-to-exile') return dest === 'graveyard' && !o.token;
        if (r.def.kind === 'die-to-library') return dest === 'graveyard' && o.zone === 'battlefield' && r.source === id && this.chars(id).types.includes('creature');
        return false;
      });
      if (!cands.length) break;
      const pick = cands.length === 1 ? cands[0]! : this.pickReplacement(cands, o.controller, `${this.name(id)} would be put into a graveyard`);
      applied.add(pick.rid);
      dest = pick.def.kind === 'graveyard-to-exile' ? 'exile' : 'library';
      this.cite('replacement', cands.length > 1 ? ['614.1a', '616.1', '616.1e'] : ['614.1a'], `${this.name(pick.source ?? '')} replaces the event: ${this.name(id)} goes to ${dest} instead`);
    }
    const ev = this.rawMove(id, dest, why.opts ?? {});
    this.cite('event', why.rule ? [why.rule] : [], why.text ?? `${this.name(id)} moves from ${ev.kind === 'zone' ? ev.from : ''} to ${dest}${dest === 'library' ? ' (shuffled)' : ''}`);
    this.detect(ev);
  }

  pickReplacement(cands: ActiveReplacement[], chooser: PlayerId, what: string): ActiveReplacement {
    const want = this.choice<string>('replacement', cands.map((c) => c.source ?? c.rid), `${chooser} chooses which replacement applies first (${what})`);
    const r = cands.find((c) => c.source === want || c.rid === want);
    if (!r) throw new IllegalAction(`"${want}" is not an applicable replacement effect`, '616.1');
    return r;
  }

  /** Every replacement/prevention effect in force: static abilities on the battlefield and resolved effects. */
  replacementsFor(pred: (r: ActiveReplacement) => boolean): ActiveReplacement[] {
    const v = this.view();
    const out: ActiveReplacement[] = [];
    for (const id of this.battlefield()) {
      v[id]!.replacements.forEach((def, i) => {
        out.push({ rid: `${id}:r${i}`, def, controller: v[id]!.controller, timestamp: this.s.objects[id]!.timestamp, until: 'indefinite', source: id });
      });
    }
    out.push(...this.s.replacements);
    return out.filter(pred).sort((a, b) => a.timestamp - b.timestamp);
  }

  // ---------------------------------------------------------------- simple events
  destroy(id: string, opts: { noRegen?: boolean; rule?: string } = {}): void {
    if (!this.onBattlefield(id)) return;
    const c = this.chars(id);
    if (hasKeyword(c, 'indestructible')) {
      this.cite('event', ['702.12b'], `${c.name} is indestructible and isn't destroyed`);
      return;
    }
    const o = this.obj(id);
    if (!opts.noRegen) {
      const shield = this.s.shields.find((sh) => sh.kind === 'regenerate' && sh.on.obj === id && sh.on.inc === o.inc);
      const staticRegen = this.replacementsFor((r) => r.def.kind === 'regenerate' && r.source === id)[0];
      if (shield || staticRegen) {
        if (shield) this.s.shields = this.s.shields.filter((x) => x !== shield);
        o.damage = 0;
        if (!o.tapped) this.tap(id);
        if (this.s.combat) {
          delete this.s.combat.attackers[id];
          delete this.s.combat.blockers[id];
          for (const a of Object.values(this.s.combat.attackers)) a.blockers = a.blockers.filter((b) => b !== id);
        }
        this.touch();
        this.cite('replacement', ['701.14a', '614.8'], `${c.name} regenerates: instead of being destroyed, its damage is removed, it's tapped and removed from combat`);
        return;
      }
    }
    this.move(id, 'graveyard', { rule: opts.rule ?? '701.7a', text: `${c.name} is destroyed and put into its owner's graveyard` });
  }

  tap(id: string): void {
    const o = this.obj(id);
    if (o.tapped) return;
    o.tapped = true;
    this.touch();
    this.detect({ kind: 'tapped', obj: id });
  }
  untap(id: string): void {
    const o = this.obj(id);
    if (!o.tapped) return;
    o.tapped = false;
    this.touch();
    this.detect({ kind: 'untapped', obj: id });
  }

  putCounters(id: string, kind: string, n: number): void {
    if (n <= 0) return;
    const o = this.obj(id);
    o.counters[kind] = (o.counters[kind] ?? 0) + n;
    this.touch();
    this.cite('event', ['121.1'], `${n} ${kind} counter${n > 1 ? 's' : ''} put on ${this.name(id)}`);
  }
  removeCounters(id: string, kind: string, n: number): void {
    const o = this.obj(id);
    const have = o.counters[kind] ?? 0;
    const k = Math.min(have, n);
    if (k <= 0) return;
    o.counters[kind] = have - k;
    if (o.counters[kind] === 0) delete o.counters[kind];
    this.touch();
    this.cite('event', ['121.1'], `${k} ${kind} counter${k > 1 ? 's' : ''} removed from ${this.name(id)}`);
  }

  gainLife(p: PlayerId, n: number, why = ''): void {
    const res = this.lifeGainReplacements([{ player: p, amount: n }]);
    for (const r of res) this.applyGainResult(r, why);
  }

  /** Replacement effects on life gain: scaling (Boon Reflection) and life gain → draw (616.2). */
  lifeGainReplacements(items: { player: PlayerId; amount: number }[]): ({ player: PlayerId; amount: number; draw?: boolean })[] {
    const out: { player: PlayerId; amount: number; draw?: boolean }[] = [];
    for (const it of items) {
      let cur: { player: PlayerId; amount: number; draw?: boolean } = { ...it };
      for (const r of this.replacementsFor((r) => r.def.kind === 'scale-life-gain' || r.def.kind === 'gain-to-draw')) {
        const d = r.def;
        if (d.kind === 'scale-life-gain' && this.player(d.player, { you: r.controller }) === cur.player && !cur.draw) {
          cur = { ...cur, amount: cur.amount * d.factor };
          this.cite('replacement', ['614.1a'], `${this.name(r.source ?? '')}: ${cur.player} gains ${cur.amount} life instead`);
        }
        if (d.kind === 'gain-to-draw' && this.player(d.player, { you: r.controller }) === cur.player && !cur.draw) {
          cur = { ...cur, draw: true };
          this.cite('replacement', ['614.1a', '616.2'], `instead of gaining ${cur.amount} life, ${cur.player} draws ${cur.amount} card${cur.amount === 1 ? '' : 's'}`);
        }
      }
      out.push(cur);
    }
    return out;
  }
  applyGainResult(r: { player: PlayerId; amount: number; draw?: boolean }, why: string): void {
    if (r.draw) return this.draw(r.player, r.amount);
    if (r.amount <= 0) return;
    this.s.players[r.player].life += r.amount;
    this.touch();
    this.cite('event', ['118.3'], `${r.player} gains ${r.amount} life${why}`);
    this.detect({ kind: 'gain-life', player: r.player, amount: r.amount });
  }

  loseLife(p: PlayerId, n: number, rule = '118.3'): void {
    if (n <= 0) return;
    this.s.players[p].life -= n;
    this.touch();
    this.cite('event', [rule], `${p} loses ${n} life`);
  }

  draw(p: PlayerId, n: number): void {
    for (let i = 0; i < n; i++) {
      const repl = this.replacementsFor((r) => r.def.kind === 'draw-to-return' && this.player((r.def as { player: string }).player, { you: r.controller }) === p)[0];
      if (repl) {
        const gy = this.zoneOf(p, 'graveyard');
        this.cite('replacement', ['614.1a', '616.2'], `${this.name(repl.source ?? '')}: instead of drawing, ${p} returns a card from their graveyard to their hand`);
        const pick = gy.length ? this.choice<string>('return', gy, `${p} chooses a card in their graveyard`) : undefined;
        if (pick) this.move(pick, 'hand', { rule: '614.1a', text: `${this.name(pick)} returns from the graveyard to ${p}'s hand` });
        continue;
      }
      const lib = this.zoneOf(p, 'library');
      if (!lib.length) {
        this.s.players[p].drewFromEmpty = true;
        this.touch();
        this.cite('event', ['120.4'], `${p} can't draw: the library is empty (checked by 704.5b)`);
        continue;
      }
      this.rawMove(lib[0]!, 'hand');
      this.cite('event', ['120.1'], `${p} draws a card`);
    }
  }

  discard(p: PlayerId, n: number | 'all'): void {
    const hand = this.zoneOf(p, 'hand');
    const k = n === 'all' ? hand.length : Math.min(n, hand.length);
    if (n !== 'all' && n > hand.length) this.cite('rule', ['609.3'], `${p} has only ${hand.length} card${hand.length === 1 ? '' : 's'}: they discard as many as possible`);
    for (const id of hand.slice(0, k)) this.move(id, 'graveyard', { rule: '701.8a', text: `${p} discards ${this.name(id)}` });
  }

  addMana(p: PlayerId, mana: string, times = 1): void {
    const units = parsePool(mana);
    for (let i = 0; i < times; i++) this.s.players[p].pool.push(...units.map((u) => ({ ...u })));
    this.touch();
    const total = times > 0 ? formatUnits(Array.from({ length: times }, () => units).flat()) : '';
    this.cite('event', ['106.4'], total ? `${p} adds ${total}` : `${p} adds no mana`);
  }

  // ---------------------------------------------------------------- damage (119.4)
  dealDamage(items0: DamageItem[], label: string): void {
    const v = this.view();
    const fmtT = (t: TargetRef) => ('player' in t ? t.player : this.name(t.obj));
    const fmtTid = (t: TargetRef) => ('player' in t ? t.player : t.obj);
    const stages: DamageStage[] = [];
    let items = items0.filter((i) => i.amount > 0).map((i) => ({ ...i }));
    if (!items.length) return;
    const dealtRule = this.is2026() ? '=120.4b' : '119.4a';
    if (this.is2026()) stages.push({ stage: '120.4a', items: [] });
    stages.push({ stage: dealtRule.replace('=', ''), items: items.map((i) => `${i.amount} -> ${fmtTid(i.to)}`) });
    this.cite('damage', [dealtRule, ...(this.is2026() ? ['=120.4a'] : [])], `${label}: ${items.map((i) => `${this.name(i.source)} would deal ${i.amount} damage to ${fmtT(i.to)}`).join('; ')}`);
    const extraGains: { player: PlayerId; amount: number }[] = [];
    // --- 119.4a: replacement and prevention effects on damage
    const srcCtl = (id: string) => v[id]?.controller ?? this.s.lki[id]?.chars.controller ?? this.s.objects[id]!.controller;
    const srcChars = (id: string) => v[id] ?? this.s.lki[id]?.chars;
    let changed = false;
    const stageMark = (rule: string) => {
      stages.push({ stage: rule, items: items.filter((i) => i.amount > 0).map((i) => `${i.amount} -> ${fmtTid(i.to)}`) });
    };
    // doubling (614.5: each applies once)
    for (const r of this.replacementsFor((r) => r.def.kind === 'double-damage')) {
      const d = r.def as { kind: 'double-damage'; from: Filter };
      let hit = false;
      for (const it of items) {
        if (it.amount > 0 && this.s.objects[it.source] && matches(this.s, v, it.source, d.from, { you: r.controller, ...(r.source ? { self: r.source } : {}) })) {
          it.amount *= 2;
          hit = true;
        }
      }
      if (hit) {
        this.cite('replacement', ['614.1a', '614.5'], `${this.name(r.source ?? '')}: the damage is doubled (${items.map((i) => i.amount).join(', ')})`);
        stageMark('614.5');
      }
    }
    // prevention: rules effects, protection, static "prevent N", shields
    for (const it of items) {
      const sc = srcChars(it.source);
      // prevent all damage
      for (const r of this.replacementsFor((r) => r.def.kind === 'prevent-all-damage')) {
        const d = r.def as { kind: 'prevent-all-damage'; from?: Filter; combatOnly?: boolean };
        if (d.combatOnly && !it.combat) continue;
        if (d.from && !(this.s.objects[it.source] && matches(this.s, v, it.source, { ...d.from, zone: 'any' }, { you: r.controller }))) continue;
        if (it.amount > 0) {
          this.cite('prevention', ['615.1a', '611.2c'], `${r.source ? this.name(r.source) : 'a prevention effect'}: ${it.amount} damage from ${this.name(it.source)} is prevented`);
          it.amount = 0;
          changed = true;
        }
      }
      // protection (702.16e)
      if ('obj' in it.to && it.amount > 0 && sc) {
        const tc = v[it.to.obj];
        const prot = tc?.keywords.find((k) => k.startsWith('protection-from-') && sc.colors.includes(k.slice(16) as never));
        if (prot) {
          this.cite('prevention', ['702.16e'], `${tc!.name} has ${prot.replace(/-/g, ' ')}: ${it.amount} damage from ${sc.name} is prevented`);
          it.amount = 0;
          changed = true;
        }
      }
      // prevent the next time a source would deal damage (Awe Strike)
      for (const sh of this.s.shields) {
        if (sh.kind !== 'prevent-from-source' || sh.from.obj !== it.source || it.amount <= 0) continue;
        const prevented = items.filter((x) => x.source === it.source && x.amount > 0).reduce((a, x) => a + x.amount, 0);
        for (const x of items) if (x.source === it.source) x.amount = 0;
        this.s.shields = this.s.shields.filter((x) => x !== sh);
        this.cite('prevention', ['615.1a', '615.5'], `the next damage ${this.name(it.source)} would deal is prevented (${prevented})${sh.gainLife ? `; ${sh.gainLife} gains ${prevented} life` : ''}`);
        if (sh.gainLife) extraGains.push({ player: sh.gainLife, amount: prevented });
        changed = true;
      }
      // static "prevent N of that damage" (615.10 example)
      if ('obj' in it.to && it.amount > 0) {
        for (const r of this.replacementsFor((r) => r.def.kind === 'prevent-n')) {
          const d = r.def as { kind: 'prevent-n'; n: number; to: Filter };
          if (!matches(this.s, v, it.to.obj, d.to, { you: r.controller, ...(r.source ? { self: r.source } : {}) })) continue;
          const k = Math.min(d.n, it.amount);
          it.amount -= k;
          changed = true;
          this.cite('prevention', ['615.1a'], `${this.name(r.source ?? '')}: ${k} of the damage to ${this.name(it.to.obj)} is prevented`);
        }
      }
      // shields "prevent the next N damage" (615.7)
      const to = it.to;
      for (const sh of this.s.shields) {
        if (sh.kind !== 'prevent-next' || it.amount <= 0) continue;
        const same = 'obj' in sh.to && 'obj' in to ? sh.to.obj === to.obj && sh.to.inc === this.s.objects[to.obj]!.inc : 'player' in sh.to && 'player' in to && sh.to.player === to.player;
        if (!same || sh.remaining <= 0) continue;
        const k = Math.min(sh.remaining, it.amount);
        sh.remaining -= k;
        it.amount -= k;
        changed = true;
        this.cite('prevention', ['615.7'], `a prevention shield prevents ${k} damage to ${fmtT(to)} (${sh.remaining} left)`);
      }
    }
    this.s.shields = this.s.shields.filter((sh) => sh.kind !== 'prevent-next' || sh.remaining > 0);
    if (changed) {
      const st = stages[stages.length - 1]!;
      const nowItems = [...items.filter((i) => i.amount > 0).map((i) => `${i.amount} -> ${fmtTid(i.to)}`), ...extraGains.map((g) => `${g.player} gains ${g.amount}`)];
      stages.push({ stage: '615.7', items: nowItems });
      if (st.stage === '615.7') stages.splice(stages.length - 2, 1);
    }
    items = items.filter((i) => i.amount > 0);
    // --- 119.4b: process into results
    type Res =
      | { k: 'loss'; player: PlayerId; n: number }
      | { k: 'poison'; player: PlayerId; n: number }
      | { k: 'minus'; obj: string; n: number }
      | { k: 'mark'; obj: string; n: number; deathtouch: boolean }
      | { k: 'loyalty'; obj: string; n: number }
      | { k: 'gain'; player: PlayerId; n: number; draw?: boolean };
    const res: Res[] = [];
    const gainsBySource = new Map<string, number>();
    for (const it of items) {
      const sc = srcChars(it.source)!;
      const infect = hasKeyword(sc, 'infect');
      const wither = hasKeyword(sc, 'wither');
      if ('player' in it.to) {
        res.push(infect ? { k: 'poison', player: it.to.player, n: it.amount } : { k: 'loss', player: it.to.player, n: it.amount });
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
    for (const g of extraGains) res.push({ k: 'gain', player: g.player, n: g.amount });
    for (const [src, n] of gainsBySource) {
      res.push({ k: 'gain', player: srcCtl(src), n });
      lifelinkRule.push('119.3f', '702.15b');
    }
    const fmtRes = (r: Res) => {
      switch (r.k) {
        case 'loss': return `${r.player} loses ${r.n}`;
        case 'poison': return `${r.n} poison -> ${r.player}`;
        case 'minus': return `-1/-1 x${r.n} -> ${r.obj}`;
        case 'mark': return `${r.n} damage marked -> ${r.obj}`;
        case 'loyalty': return `${r.n} loyalty removed -> ${r.obj}`;
        case 'gain': return r.draw ? `${r.player} draws ${r.n}` : `${r.player} gains ${r.n}`;
      }
    };
    const visible = () => res.filter((r) => !(r.k === 'mark' && r.n === 0)).map(fmtRes);
    const processRule = this.is2026() ? '=120.4c' : '119.4b';
    stages.push({ stage: processRule.replace('=', ''), items: visible() });
    const resRules = new Set<string>([processRule]);
    for (const r of res) {
      if (r.k === 'loss') resRules.add('119.3a');
      if (r.k === 'poison') resRules.add('119.3b');
      if (r.k === 'loyalty') resRules.add('119.3c');
      if (r.k === 'minus') resRules.add('119.3d');
      if (r.k === 'mark' && r.n > 0) resRules.add('119.3e');
    }
    this.cite('damage', [...resRules, ...lifelinkRule], `the damage is processed into its results: ${visible().join('; ')}`);
    // replacement effects on results: life gain, and life floors
    const gainRes = res.filter((r): r is Extract<Res, { k: 'gain' }> => r.k === 'gain');
    if (gainRes.length) {
      const before = this.trace.length;
      const rep = this.lifeGainReplacements(gainRes.map((g) => ({ player: g.player, amount: g.n })));
      rep.forEach((r, i) => {
        gainRes[i]!.n = r.amount;
        if (r.draw) gainRes[i]!.draw = true;
      });
      if (this.trace.length > before) stages.push({ stage: '614.1', items: visible() });
    }
    for (const r of this.replacementsFor((r) => r.def.kind === 'floor-life')) {
      const d = r.def as { kind: 'floor-life'; player: string; ifControls?: Filter };
      const p = this.player(d.player, { you: r.controller });
      if (d.ifControls && !this.battlefield().some((id) => matches(this.s, v, id, d.ifControls!, { you: r.controller }))) continue;
      const loss = res.filter((x): x is Extract<Res, { k: 'loss' }> => x.k === 'loss' && x.player === p);
      if (!loss.length) continue;
      const gain = gainRes.filter((g) => g.player === p && !g.draw).reduce((a, g) => a + g.n, 0);
      const life = this.s.players[p].life;
      const total = loss.reduce((a, x) => a + x.n, 0);
      if (life - total + gain >= 1) {
        this.cite('replacement', ['614.1a'], `${this.name(r.source ?? '')}: the damage event would not reduce ${p}'s life total below 1, so it doesn't apply`);
        continue;
      }
      const allowed = Math.max(0, life + gain - 1);
      let cut = total - allowed;
      for (const x of loss) {
        const k = Math.min(cut, x.n);
        x.n -= k;
        cut -= k;
      }
      this.cite('replacement', ['614.1a'], `${this.name(r.source ?? '')}: ${p}'s life total is reduced to 1 instead`);
      stages.push({ stage: '614.1', items: visible() });
    }
    // --- 119.4c: the event occurs
    this.cite('damage', [this.is2026() ? '=120.4d' : '119.4c'], 'the damage event occurs');
    for (const r of res) {
      switch (r.k) {
        case 'loss': this.s.players[r.player].life -= r.n; break;
        case 'poison': this.s.players[r.player].poison += r.n; break;
        case 'minus': { const o = this.s.objects[r.obj]!; o.counters['-1/-1'] = (o.counters['-1/-1'] ?? 0) + r.n; break; }
        case 'mark': { const o = this.s.objects[r.obj]!; o.damage += r.n; if (r.deathtouch) o.deathtouched = true; break; }
        case 'loyalty': { const o = this.s.objects[r.obj]!; o.counters['loyalty'] = Math.max(0, (o.counters['loyalty'] ?? 0) - r.n); break; }
        case 'gain': break;
      }
    }
    this.touch();
    this.damageEvents.push(stages);
    for (const g of gainRes) {
      if (g.draw) this.draw(g.player, g.n);
      else if (g.n > 0) {
        this.s.players[g.player].life += g.n;
        this.touch();
        this.detect({ kind: 'gain-life', player: g.player, amount: g.n });
      }
    }
    const bySource = new Map<string, number>();
    for (const it of items) bySource.set(it.source, (bySource.get(it.source) ?? 0) + it.amount);
    for (const [src, n] of bySource) this.detect({ kind: 'damage', source: src, amount: n });
  }

  // ---------------------------------------------------------------- triggers (603)
  detect(ev: GameEvent): void {
    const post = this.view();
    const lookBack = ev.kind === 'zone' && ev.from === 'battlefield';
    const st = lookBack ? ev.preState : this.s;
    const v = lookBack ? ev.pre : post;
    const sources = Object.values(st.objects).filter((o) => o.zone === 'battlefield').map((o) => o.id);
    // a permanent entering the battlefield is checked too (603.6a)
    if (ev.kind === 'zone' && ev.to === 'battlefield' && !sources.includes(ev.obj)) sources.push(ev.obj);
    for (const src of sources) {
      const c = v[src];
      if (!c) continue;
      const defs: TriggerDef[] = [...c.triggers];
      if (hasKeyword(c, 'undying')) defs.push({ on: 'dies', self: true, effects: [{ op: 'undying' }] });
      for (const def of defs) this.matchTrigger(def, src, c.controller, ev, v, st);
    }
    // delayed triggers (603.7)
    for (const d of [...this.s.delayed]) {
      let fire = false;
      if (d.on === 'ltb' && ev.kind === 'zone' && ev.from === 'battlefield' && d.obj && ev.obj === d.obj.obj && ev.preState.objects[ev.obj]!.inc === d.obj.inc) fire = true;
      if (d.on === 'becomes-untapped' && ev.kind === 'untapped' && d.obj && ev.obj === d.obj.obj && this.s.objects[ev.obj]!.inc === d.obj.inc) fire = true;
      if (d.on === 'step-begins' && ev.kind === 'step' && ev.step === d.step && (d.step !== 'end' || this.s.turn.number >= d.createdTurn)) fire = true;
      if (fire) {
        this.s.delayed = this.s.delayed.filter((x) => x !== d);
        this.s.pendingTriggers.push({ controller: d.controller, source: d.source ?? '', def: { on: 'ltb', effects: d.effects }, bindings: d.bindings, label: `delayed triggered ability` });
        this.cite('trigger', ['603.7'], `a delayed triggered ability triggers`);
      }
    }
  }

  private matchTrigger(def: TriggerDef, src: string, controller: PlayerId, ev: GameEvent, v: View, st: GameState): void {
    const ctx: Ctx = { you: controller, self: src };
    const objOk = (id: string, view: View, state: GameState) =>
      (def.self ? id === src : true) && (!def.filter || matches(state, view, id, { ...def.filter, zone: 'any' }, ctx));
    let bindings: Record<string, TargetRef> | null = null;
    let amount: number | undefined;
    let rules: string[] = ['603.2'];
    const ref = (id: string): TargetRef => ({ obj: id, inc: this.s.objects[id]!.inc });
    switch (def.on) {
      case 'etb':
        if (ev.kind === 'zone' && ev.to === 'battlefield' && objOk(ev.obj, this.view(), this.s)) { bindings = { that: ref(ev.obj) }; rules = ['603.6a']; }
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
        if (ev.kind === 'gain-life' && ev.player === this.player(def.player ?? 'you', ctx)) { bindings = {}; amount = ev.amount; rules = ['603.2', '702.15e']; }
        break;
      case 'becomes-tapped':
        if (ev.kind === 'tapped' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj) }; rules = ['603.2d']; }
        break;
      case 'becomes-untapped':
        if (ev.kind === 'untapped' && objOk(ev.obj, v, st)) { bindings = { that: ref(ev.obj) }; rules = ['603.2d']; }
        break;
      case 'step-begins':
        if (ev.kind === 'step' && ev.step === def.step && (def.whose !== 'you' || this.s.turn.active === controller)) { bindings = {}; rules = ['603.2', '503.1a']; }
        break;
      case 'cast':
        if (ev.kind === 'cast' && (!def.filter || matches(this.s, v, ev.obj, { ...def.filter, zone: 'stack' }, ctx))) { bindings = { that: ref(ev.obj) }; rules = ['603.2', '601.2i']; }
        break;
      case 'deals-damage':
        if (ev.kind === 'damage' && ev.amount > 0 && (def.self ? ev.source === src : true)) { bindings = {}; amount = ev.amount; rules = ['603.2', '603.2f']; }
        break;
    }
    if (!bindings) return;
    const c = v[src] ?? this.view()[src];
    // intervening "if" (603.4): checked as it triggers
    if (def.if && !this.checkCondition(def.if, ctx)) {
      this.cite('trigger', ['603.4'], `${c?.name ?? src}'s ability doesn't trigger: its "if" condition is false`);
      return;
    }
    if (def.effects[0]?.op === 'undying') {
      const lki = this.s.lki[src];
      if (lki && (lki.counters['+1/+1'] ?? 0) > 0) {
        this.cite('trigger', ['702.92a', '704.7'], `undying doesn't trigger: when ${c?.name ?? src} was last on the battlefield it had a +1/+1 counter`);
        // the rule cited above is recorded as "not triggered"; keep 702.92a out of the list of applied rules
        this.trace[this.trace.length - 1]!.rules = [translateRule('704.7', this.s.ruleset)];
        return;
      }
      rules = ['702.92a'];
    }
    const pending: PendingTrigger = { controller, source: src, def, bindings, label: `${c?.name ?? src}: triggered ability (${def.on})` };
    if (amount !== undefined) pending.eventAmount = amount;
    this.s.pendingTriggers.push(pending);
    this.touch();
    this.cite('trigger', rules, `${c?.name ?? src}'s ${def.on} ability triggers`);
  }

  checkCondition(cond: Condition, ctx: Ctx): boolean {
    if (cond.lifeAtLeast !== undefined) return this.s.players[this.player(cond.player ?? 'you', ctx)].life >= cond.lifeAtLeast;
    return true;
  }

  /** 603.3b: APNAP order; each player's triggers in the order they triggered unless a choice orders them. */
  putTriggersOnStack(): boolean {
    if (!this.s.pendingTriggers.length) return false;
    const ap = this.s.turn.active;
    const order = [ap, opponentOf(ap)];
    const pend = this.s.pendingTriggers;
    this.s.pendingTriggers = [];
    for (const p of order) {
      for (const t of pend.filter((x) => x.controller === p)) {
        const item: StackItem = {
          sid: `ab${this.tick()}`, kind: 'ability', obj: t.source, controller: p, effects: t.def.effects, targets: {},
          targetDefs: t.def.targets ?? [], bindings: t.bindings, label: t.label,
        };
        if (t.def.if) item.condition = t.def.if;
        if (t.eventAmount !== undefined) item.eventAmount = t.eventAmount;
        if (t.def.targets?.length) {
          const chosen = this.choice<Record<string, string>>(`targets:${t.source}`, [], `${p} chooses targets for ${t.label}`);
          item.targets = this.chooseTargets(t.def.targets, chosen, { you: p, self: t.source });
        }
        this.s.stack.push(item);
        this.cite('trigger', ['603.3', '603.3b'], `${t.label} is put on the stack (${p})`);
      }
    }
    this.touch();
    return true;
  }

  // ---------------------------------------------------------------- SBA (704)
  /** 704.3: perform all applicable SBAs simultaneously, repeat; then put triggers on the stack (603.3b). */
  settle(): void {
    for (let guard = 0; guard < 100; guard++) {
      if (this.s.result) return;
      const did = this.sbaRound();
      if (did) continue;
      if (this.putTriggersOnStack()) continue;
      return;
    }
    throw new Error('state-based actions did not reach a fixed point after 100 rounds');
  }

  /** Which SBAs apply (from one snapshot of the state). */
  collectSBA(): { rule: string; kind: string; obj?: string; player?: PlayerId; text: string }[] {
    const v = this.view();
    const out: { rule: string; kind: string; obj?: string; player?: PlayerId; text: string }[] = [];
    for (const p of PLAYERS) {
      const ps = this.s.players[p];
      if (ps.lost) continue;
      if (ps.life <= 0) out.push({ rule: '704.5a', kind: 'lose', player: p, text: `${p} has ${ps.life} life and loses the game` });
      else if (ps.drewFromEmpty) out.push({ rule: '704.5b', kind: 'lose', player: p, text: `${p} attempted to draw from an empty library and loses the game` });
      else if (ps.poison >= 10) out.push({ rule: '704.5c', kind: 'lose', player: p, text: `${p} has ten or more poison counters and loses the game` });
    }
    for (const o of Object.values(this.s.objects)) {
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
      if (c.subtypes.includes('Aura') && (!o.attachedTo || !this.onBattlefield(o.attachedTo))) out.push({ rule: '704.5m', kind: 'graveyard', obj: o.id, text: `${c.name} isn't attached to an object and is put into its owner's graveyard` });
      const plus = o.counters['+1/+1'] ?? 0;
      const minus = o.counters['-1/-1'] ?? 0;
      if (plus > 0 && minus > 0) out.push({ rule: '704.5q', kind: 'annihilate', obj: o.id, text: `${Math.min(plus, minus)} +1/+1 and -1/-1 counters are removed from ${c.name}` });
    }
    return out;
  }

  sbaRound(): boolean {
    const acts = this.collectSBA();
    if (!acts.length) return false;
    this.sbaRounds++;
    const moving = acts.filter((a) => a.kind === 'graveyard' || a.kind === 'destroy');
    this.cite('sba', ['704.3', ...new Set(acts.map((a) => a.rule)), ...(moving.length ? ['704.7'] : [])], `state-based actions (round ${this.sbaRounds}, performed simultaneously): ${acts.map((a) => a.text).join('; ')}`);
    // all at once: one snapshot of last known information for every permanent that leaves (704.7)
    const pre = this.view();
    const preState = clone(this.s);
    const events: GameEvent[] = [];
    for (const a of acts) {
      if (a.kind === 'annihilate') {
        const o = this.s.objects[a.obj!]!;
        if (o.zone !== 'battlefield') continue;
        const n = Math.min(o.counters['+1/+1'] ?? 0, o.counters['-1/-1'] ?? 0);
        o.counters['+1/+1']! -= n;
        o.counters['-1/-1']! -= n;
        for (const k of ['+1/+1', '-1/-1']) if (o.counters[k] === 0) delete o.counters[k];
        this.touch();
      }
      if (a.kind === 'lose') {
        this.s.players[a.player!].lost = a.rule;
        this.touch();
      }
      if (a.kind === 'cease') {
        delete this.s.objects[a.obj!];
        this.touch();
      }
    }
    for (const a of moving) {
      if (!this.onBattlefield(a.obj!) || this.s.objects[a.obj!]!.inc !== preState.objects[a.obj!]!.inc) continue;
      if (a.kind === 'destroy') {
        const before = this.trace.length;
        this.withLookBack(pre, preState, () => this.destroy(a.obj!, { rule: a.rule }));
        void before;
      } else {
        this.withLookBack(pre, preState, () => this.move(a.obj!, 'graveyard', { rule: a.rule, text: `${pre[a.obj!]!.name} is put into its owner's graveyard` }));
      }
    }
    void events;
    const losers = PLAYERS.filter((p) => this.s.players[p].lost);
    if (losers.length) {
      if (losers.length === PLAYERS.length) {
        this.s.result = { draw: true };
        this.cite('game', ['104.4a'], 'all players lose simultaneously: the game is a draw');
      } else {
        const w = PLAYERS.find((p) => !this.s.players[p].lost)!;
        this.s.players[w].won = true;
        this.s.result = { winner: w };
        this.cite('game', ['104.2a'], `${w} wins the game`);
      }
    }
    return true;
  }

  /** Simultaneous moves: the look-back view is the snapshot from before the whole SBA event (704.7, 603.10). */
  private lookBack: { pre: View; preState: GameState } | null = null;
  private withLookBack(pre: View, preState: GameState, f: () => void): void {
    this.lookBack = { pre, preState };
    try {
      f();
    } finally {
      this.lookBack = null;
    }
  }
  /** Hook used by rawMove: simultaneous events share one snapshot. */
  snapshotFor(ev: GameEvent): GameEvent {
    if (this.lookBack && ev.kind === 'zone') return { ...ev, pre: this.lookBack.pre, preState: this.lookBack.preState };
    return ev;
  }

  // ---------------------------------------------------------------- targets
  targetLegal(def: TargetDef, t: TargetRef, ctx: Ctx, sourceColors: string[]): boolean {
    if ('player' in t) return !!def.player;
    if (def.player && !def.filter) return false;
    const o = this.s.objects[t.obj];
    if (!o || o.inc !== t.inc) return false;
    const v = this.view();
    const f: Filter = def.filter ?? {};
    if (!matches(this.s, v, t.obj, f, ctx)) return false;
    const c = v[t.obj]!;
    if (hasKeyword(c, 'shroud')) return false;
    if (hasKeyword(c, 'hexproof') && c.controller !== ctx.you) return false;
    if (c.keywords.some((k) => k.startsWith('protection-from-') && sourceColors.includes(k.slice(16)))) return false;
    return true;
  }

  chooseTargets(defs: TargetDef[], chosen: Record<string, string>, ctx: Ctx, sourceColors: string[] = []): Record<string, TargetRef> {
    const out: Record<string, TargetRef> = {};
    const byGroup = new Map<string, string[]>();
    for (const d of defs) {
      const pick = chosen[d.id];
      if (pick === undefined) throw new IllegalAction(`no target chosen for "${d.id}"`, '601.2c');
      const t: TargetRef = pick === 'P1' || pick === 'P2' ? { player: pick } : { obj: pick, inc: this.s.objects[pick]?.inc ?? -1 };
      if (!this.targetLegal(d, t, ctx, sourceColors)) throw new IllegalAction(`${pick} isn't a legal target for "${d.id}"`, '601.2c');
      const g = d.group ?? d.id;
      const seen = byGroup.get(g) ?? [];
      if (seen.includes(pick)) throw new IllegalAction(`the same object can't be chosen twice for one instance of the word "target"`, '601.2c');
      byGroup.set(g, [...seen, pick]);
      out[d.id] = t;
    }
    return out;
  }

  // ---------------------------------------------------------------- instructions (effects of spells, abilities, injections)
  exec(a: Action, ctx: Ctx, sourceLabel = ''): void {
    const num = (k: string, dflt = 0) => {
      const n = a[k];
      return n === undefined ? dflt : Math.max(0, evalNum(this.s, this.view(), n as never, ctx)); // 107.1b: negative → 0
    };
    const objs = (k: string): string[] => {
      const r = a[k];
      if (r === undefined) return [];
      if (typeof r === 'object' && r !== null && 'all' in r) {
        const f = (r as { all: Filter }).all;
        return Object.keys(this.s.objects).filter((id) => matches(this.s, this.view(), id, f, ctx));
      }
      const list = Array.isArray(r) ? (r as string[]) : [r as string];
      return list.map((x) => refObj(this.s, x, ctx)).filter((x): x is string => !!x);
    };
    const targetRef = (k: string): TargetRef[] => {
      const r = a[k];
      const list = Array.isArray(r) ? (r as string[]) : typeof r === 'string' ? [r] : [];
      const out: TargetRef[] = [];
      for (const x of list) {
        if (x === 'P1' || x === 'P2' || x === 'you' || x === 'opponent' || x === 'defending' || x === 'active') out.push({ player: this.player(x, ctx) });
        else if (x.startsWith('$') && ctx.bindings?.[x.slice(1)] && 'player' in ctx.bindings[x.slice(1)]!) out.push(ctx.bindings[x.slice(1)]!);
        else {
          const id = refObj(this.s, x, ctx);
          if (id) out.push({ obj: id, inc: this.s.objects[id]!.inc });
        }
      }
      if (typeof r === 'object' && r !== null && !Array.isArray(r) && 'all' in r) for (const id of objs(k)) out.push({ obj: id, inc: this.s.objects[id]!.inc });
      return out;
    };
    const pl = (k: string, d = 'you') => this.player((a[k] as string | undefined) ?? d, ctx);
    switch (a.op) {
      case 'deal-damage': {
        const from = a['from'] ? refObj(this.s, a['from'] as string, ctx) : ctx.self;
        if (!from) return this.cite('rule', ['608.2b'], 'the source of the damage no longer exists');
        const n = num('n');
        const tos = targetRef('to');
        this.dealDamage(tos.map((to) => ({ source: from, to, amount: n, combat: false })), sourceLabel || `${this.name(from)} deals damage`);
        return;
      }
      case 'gain-life': return this.gainLife(pl('player'), num('n'));
      case 'lose-life': return this.loseLife(pl('player'), num('n'));
      case 'put-counters': for (const id of objs('on')) this.putCounters(id, a['kind'] as string, num('n', 1)); return;
      case 'remove-counters': for (const id of objs('on')) this.removeCounters(id, a['kind'] as string, num('n', 1)); return;
      case 'destroy': {
        const all = a['all'] as Filter | undefined;
        const ids = objs('obj').concat(all ? Object.keys(this.s.objects).filter((id) => matches(this.s, this.view(), id, all, ctx)) : []);
        if (ids.length > 1) {
          // simultaneous destruction: one look-back snapshot (603.10a)
          const pre = this.view();
          const preState = clone(this.s);
          this.cite('event', ['701.7a'], `${ids.map((i) => this.name(i)).join(', ')} are destroyed at the same time`);
          for (const id of ids) this.withLookBack(pre, preState, () => this.destroy(id, { noRegen: !!a['noRegen'] }));
        } else for (const id of ids) this.destroy(id, { noRegen: !!a['noRegen'] });
        return;
      }
      case 'sacrifice': {
        for (const id of objs('obj')) if (this.onBattlefield(id)) this.move(id, 'graveyard', { rule: '701.16a', text: `${this.name(id)} is sacrificed` });
        return;
      }
      case 'each-player-sacrifices': {
        // 101.4: APNAP order of choices, then all sacrificed simultaneously
        const f = a['filter'] as Filter;
        const ap = this.s.turn.active;
        const picks: string[] = [];
        for (const p of [ap, opponentOf(ap)]) {
          const cands = this.battlefield().filter((id) => matches(this.s, this.view(), id, { ...f, controller: 'you' }, { you: p }));
          if (!cands.length) continue;
          const pick = this.choice<string>(`sacrifice:${p}`, cands, `${p} chooses a permanent to sacrifice`);
          if (!cands.includes(pick)) throw new IllegalAction(`${pick} can't be chosen by ${p}`, '101.4');
          this.cite('choice', ['101.4'], `${p} chooses ${this.name(pick)} (${p === ap ? 'active player first' : 'then the nonactive player'})`);
          picks.push(pick);
        }
        const pre = this.view();
        const preState = clone(this.s);
        for (const id of picks) this.withLookBack(pre, preState, () => this.move(id, 'graveyard', { rule: '701.16a', text: `${this.name(id)} is sacrificed (simultaneously)` }));
        return;
      }
      case 'exile': for (const id of objs('obj')) this.move(id, 'exile'); return;
      case 'move': for (const id of objs('obj')) this.move(id, a['to'] as Zone, a['tapped'] ? { opts: { tapped: true } } : {}); return;
      case 'return-to-hand': for (const id of objs('obj')) if (this.onBattlefield(id)) this.move(id, 'hand', { rule: '608.2c', text: `${this.name(id)} is returned to its owner's hand` }); return;
      case 'tap': for (const id of objs('obj')) this.tap(id); return;
      case 'untap': for (const id of objs('obj')) this.untap(id); return;
      case 'draw': return this.draw(pl('player'), num('n', 1));
      case 'discard': return this.discard(pl('player'), a['n'] === 'all' ? 'all' : num('n', 1));
      case 'add-mana': return this.addMana(pl('player'), a['mana'] as string, a['times'] === undefined ? 1 : num('times'));
      case 'win-game': {
        const p = pl('player');
        this.s.players[p].won = true;
        this.s.players[opponentOf(p)].lost = 'effect';
        this.s.result = { winner: p };
        this.touch();
        return this.cite('game', ['104.2b'], `${p} wins the game`);
      }
      case 'create-effect': return this.createEffect(a['effect'] as EffectDef, ctx, (a['label'] as string | undefined) ?? sourceLabel);
      case 'end-effect': {
        const id = a['id'] as string;
        this.s.effects = this.s.effects.filter((e) => e.def.id !== id && e.eid !== id);
        this.touch();
        return this.cite('event', ['611.2a'], `the effect "${id}" ends`);
      }
      case 'create-replacement': {
        const def = a['replacement'] as ReplacementDef;
        this.s.replacements.push({ rid: `rep${this.tick()}`, def, controller: ctx.you, timestamp: this.s.clock, until: (a['until'] as 'end-of-turn' | undefined) ?? 'end-of-turn', ...(ctx.self ? { source: ctx.self } : {}) });
        this.touch();
        return this.cite('effect', ['614.1a', '615.1a'], `a ${def.kind} effect is created`);
      }
      case 'create-prevention': {
        const amount = num('amount');
        const to = targetRef('to').concat(a['shareColorWith'] ? [] : []);
        let all = to;
        if (a['andSharingColor']) {
          // 615.11: the affected set is determined as the ability resolves
          const first = to[0];
          if (first && 'obj' in first) {
            const others = this.battlefield().filter((id) => id !== first.obj && matches(this.s, this.view(), id, { types: ['creature'], sharesColorWith: first.obj }, ctx));
            all = [...to, ...others.map((id) => ({ obj: id, inc: this.s.objects[id]!.inc }))];
          }
        }
        for (const t of all) this.s.shields.push({ sid: `sh${this.tick()}`, kind: 'prevent-next', to: t, remaining: amount, timestamp: this.s.clock });
        this.touch();
        return this.cite('effect', ['615.7', ...(a['andSharingColor'] ? ['615.11'] : [])], `prevention shield${all.length > 1 ? 's' : ''} (next ${amount} damage) on ${all.map((t) => ('obj' in t ? this.name(t.obj) : t.player)).join(', ')}`);
      }
      case 'prevent-next-from-source': {
        for (const t of targetRef('source')) if ('obj' in t) this.s.shields.push({ sid: `sh${this.tick()}`, kind: 'prevent-from-source', from: t, ...(a['gainLife'] ? { gainLife: ctx.you } : {}), timestamp: this.s.clock });
        this.touch();
        return this.cite('effect', ['615.5'], 'the next time the creature would deal damage this turn, that damage will be prevented');
      }
      case 'regenerate': {
        for (const t of targetRef('obj')) if ('obj' in t) this.s.shields.push({ sid: `sh${this.tick()}`, kind: 'regenerate', on: t, timestamp: this.s.clock });
        this.touch();
        return this.cite('effect', ['701.14a'], 'a regeneration shield is created');
      }
      case 'create-delayed': {
        const on = a['on'] as 'ltb' | 'becomes-untapped' | 'step-begins';
        const o = a['obj'] ? targetRef('obj')[0] : undefined;
        const bindings: Record<string, TargetRef> = { ...(ctx.bindings ?? {}) };
        if (o && 'obj' in o) bindings['that'] = o;
        if (on === 'ltb' && o && 'obj' in o && !this.onBattlefield(o.obj)) {
          this.cite('rule', ['603.7a'], `${this.name(o.obj)} already left the battlefield: the delayed triggered ability will never trigger`);
          return;
        }
        if (on !== 'step-begins' && (!o || !('obj' in o))) {
          this.cite('rule', ['603.7a'], 'the object the delayed trigger refers to no longer exists: it will never trigger');
          return;
        }
        this.s.delayed.push({
          did: `d${this.tick()}`, controller: ctx.you, on, ...(a['step'] ? { step: a['step'] as Step } : {}),
          ...(o && 'obj' in o ? { obj: o } : {}), effects: a['effects'] as Action[], bindings, ...(ctx.self ? { source: ctx.self } : {}), createdTurn: this.s.turn.number,
        });
        this.touch();
        return this.cite('effect', ['603.7a'], `a delayed triggered ability is created (${on}${a['step'] ? ` ${a['step'] as string}` : ''})`);
      }
      case 'create-token': {
        const n = num('n', 1);
        const card = a['card'] as CardDef;
        for (let i = 0; i < n; i++) {
          const id = (a['id'] as string | undefined) ? `${a['id'] as string}${n > 1 ? i + 1 : ''}` : `token${this.tick()}`;
          const controller = pl('controller');
          this.s.objects[id] = {
            id, inc: 0, owner: controller, controller, zone: 'library', token: true, card: clone(card), tapped: false, damage: 0, counters: {},
            timestamp: this.tick(), controlledSince: this.s.turn.number, pos: this.s.clock,
          };
          const ev = this.rawMove(id, 'battlefield', { controller });
          this.cite('event', ['110.5b'], `a ${card.name ?? 'token'} token is created`);
          if (a['blocking'] && this.s.combat) {
            const att = refObj(this.s, a['blocking'] as string, ctx);
            if (att && this.s.combat.attackers[att]) {
              this.s.combat.attackers[att]!.blockers.push(id);
              this.s.combat.blockers[id] = [att];
              this.cite('event', ['509.7'], `${card.name ?? 'the token'} is put onto the battlefield blocking ${this.name(att)}`);
            }
          }
          this.detect(ev);
        }
        return;
      }
      case 'if-you-do': {
        // 117.12: a cost paid during resolution; "if you do" checks whether it was paid
        const cost = a['cost'] as Action;
        const ok = this.payResolutionCost(cost, ctx);
        if (ok) for (const e of a['then'] as Action[]) this.exec(e, ctx, sourceLabel);
        else this.cite('rule', ['117.12'], `the cost can't be paid, so nothing else happens`);
        return;
      }
      case 'may-sacrifice-else': {
        // 608.2d: an option that can't be taken is not available
        const f = a['filter'] as Filter;
        const cands = this.battlefield().filter((id) => matches(this.s, this.view(), id, { ...f, controller: 'you' }, ctx));
        const pick = cands.length ? this.choice<string | null>('sacrifice', [...cands, null], `${ctx.you} may sacrifice a permanent`) : null;
        if (!cands.length) this.cite('rule', ['608.2d'], `${ctx.you} controls nothing that can be sacrificed, so that option isn't available`);
        if (pick) this.move(pick, 'graveyard', { rule: '701.16a', text: `${this.name(pick)} is sacrificed` });
        else for (const e of a['else'] as Action[]) this.exec(e, ctx, sourceLabel);
        return;
      }
      case 'undying': {
        const id = ctx.self!;
        const o = this.s.objects[id];
        if (!o || o.zone !== 'graveyard') return;
        this.move(id, 'battlefield', { rule: '702.92a', text: `${this.name(id)} returns to the battlefield` });
        this.putCounters(id, '+1/+1', 1);
        return;
      }
      case 'set': return this.setPath(a['path'] as string, a['value']);
      default:
        throw new IllegalAction(`unknown instruction "${a.op}"`, '608.2c');
    }
  }

  setPath(path: string, value: unknown): void {
    const parts = path.split('.');
    let cur: Record<string, unknown> = this.s as unknown as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) {
      const next = cur[p];
      if (typeof next !== 'object' || next === null) throw new IllegalAction(`cannot set "${path}": no "${p}"`, '100.1');
      cur = next as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    cur[last] = last === 'pool' && typeof value === 'string' ? parsePool(value) : value;
    this.touch();
    this.cite('injection', [], `sandbox edit: ${path} = ${JSON.stringify(value)}`);
  }

  payResolutionCost(cost: Action, ctx: Ctx): boolean {
    if (cost.op === 'sacrifice') {
      const ids = (Array.isArray(cost['obj']) ? (cost['obj'] as string[]) : [cost['obj'] as string]).map((r) => refObj(this.s, r, ctx));
      if (ids.some((id) => !id || !this.onBattlefield(id) || this.chars(id).controller !== ctx.you)) return false;
      for (const id of ids) this.move(id!, 'graveyard', { rule: '701.16a', text: `${this.name(id!)} is sacrificed` });
      return true;
    }
    return false;
  }

  createEffect(def: EffectDef, ctx: Ctx, label: string): void {
    const until = def.until ?? 'indefinite';
    const eff = { eid: `e${this.tick()}`, def: clone(def), controller: ctx.you, timestamp: this.s.clock, until, label: label || def.id || 'effect', ...(ctx.self ? { source: ctx.self } : {}) } as GameState['effects'][number];
    // resolve references; lock the affected set (611.2c) unless the effect modifies only rules
    const v = this.view();
    const changesChars = !!(def.control || def.addTypes || def.setTypes || def.addSubtypes || def.setSubtypes || def.setColors || def.addColors || def.gain || def.lose || def.loseAll || def.setPT || def.delta || def.switchPT);
    if (typeof def.affects === 'string') {
      const id = refObj(this.s, def.affects, ctx);
      eff.locked = id ? [{ obj: id, inc: this.s.objects[id]!.inc }] : [];
    } else if (changesChars && def.affects.lock !== false) {
      const f = def.affects;
      eff.locked = Object.keys(this.s.objects).filter((id) => matches(this.s, v, id, f, ctx)).map((id) => ({ obj: id, inc: this.s.objects[id]!.inc }));
    }
    // numbers are fixed when the effect is created (608.2h)
    const fix = (n: unknown) => {
      if (typeof n !== 'object' || n === null) return n;
      const val = evalNum(this.s, v, n as never, ctx);
      if (val < 0) this.cite('rule', ['107.1b'], `the value is ${val}; a calculation that yields a negative number uses 0 instead`);
      return Math.max(0, val);
    };
    if (def.delta) eff.def.delta = [fix(def.delta[0]) as number, fix(def.delta[1]) as number];
    if (def.control === 'you') eff.def.control = ctx.you;
    this.s.effects.push(eff);
    this.touch();
    const names = (eff.locked ?? []).map((l) => this.name(l.obj)).join(', ');
    const rules = ['611.2a'];
    if (eff.locked && typeof def.affects !== 'string') rules.push('611.2c');
    const layers: string[] = [];
    if (def.control) layers.push('613.1b');
    if (def.addTypes || def.setTypes || def.addSubtypes || def.setSubtypes) layers.push('613.1d');
    if (def.setColors || def.addColors) layers.push('613.1e');
    if (def.gain || def.lose || def.loseAll) layers.push('613.1f');
    if (def.setPT) layers.push('613.3b');
    if (def.delta) layers.push('613.3c');
    if (def.switchPT) layers.push('613.3e');
    if (layers.length > 1) layers.push('613.5');
    this.cite('effect', [...rules, ...layers], `continuous effect "${eff.label}" created${names ? ` for ${names}` : ''} (timestamp ${eff.timestamp})`);
  }

  // ---------------------------------------------------------------- casting, activating (601, 602, 605)
  rulesMods(): { mod: NonNullable<EffectDef['rules']>[number]; controller: PlayerId; source?: string; affects?: EffectDef['affects'] }[] {
    const v = this.view();
    const out: { mod: NonNullable<EffectDef['rules']>[number]; controller: PlayerId; source?: string; affects?: EffectDef['affects'] }[] = [];
    for (const id of this.battlefield()) for (const st of v[id]!.statics) for (const m of st.rules ?? []) out.push({ mod: m, controller: v[id]!.controller, source: id, affects: st.affects });
    for (const e of this.s.effects) for (const m of e.def.rules ?? []) out.push({ mod: m, controller: e.controller, ...(e.source ? { source: e.source } : {}), affects: e.def.affects });
    return out;
  }

  /** Objects affected by a rules-modifying effect (613.10). */
  rulesAffects(r: { controller: PlayerId; source?: string; affects?: EffectDef['affects'] }, id: string): boolean {
    const ctx: Ctx = { you: r.controller, ...(r.source ? { self: r.source } : {}) };
    if (r.affects === undefined) return false;
    if (typeof r.affects === 'string') return refObj(this.s, r.affects, ctx) === id;
    return matches(this.s, this.view(), id, r.affects, ctx);
  }

  totalCost(id: string, base: CostSymbol[], by: PlayerId): { cost: CostSymbol[]; rules: string[] } {
    const inc: CostSymbol[] = [];
    let red = 0;
    const rules = ['601.2f'];
    for (const { mod, controller, source } of this.rulesMods()) {
      if (mod.kind === 'cost-increase' && matches(this.s, this.view(), id, { ...mod.spells, zone: 'stack' }, { you: controller, ...(source ? { self: source } : {}) })) {
        inc.push(...parseCost(mod.mana));
        rules.push('601.2f');
      }
      if (mod.kind === 'cost-reduction' && matches(this.s, this.view(), id, { ...mod.spells, zone: 'stack' }, { you: controller, ...(source ? { self: source } : {}) })) {
        red += mod.generic;
        rules.push('117.7');
      }
    }
    void by;
    return { cost: applyCostModifiers(base, inc, red), rules };
  }

  /** Tap untapped permanents for mana until the cost can be paid (601.2g), choosing the smallest set. */
  autoMana(p: PlayerId, cost: CostSymbol[]): void {
    const life = this.s.players[p].life;
    if (legalPayments(cost, this.s.players[p].pool, life).some((x) => x.life === 0)) return;
    const v = this.view();
    const sources: { id: string; mana: string }[] = [];
    for (const id of this.battlefield()) {
      const c = v[id]!;
      const o = this.s.objects[id]!;
      if (c.controller !== p || o.tapped) continue;
      const basic: Record<string, string> = { Plains: '{W}', Island: '{U}', Swamp: '{B}', Mountain: '{R}', Forest: '{G}' };
      const sub = c.subtypes.find((s) => basic[s]);
      if (c.types.includes('land') && sub) sources.push({ id, mana: basic[sub]! });
      else {
        const ab = c.activated.find((x) => x.tap && !x.cost && x.effects.length === 1 && x.effects[0]!.op === 'add-mana' && typeof x.effects[0]!['mana'] === 'string' && x.effects[0]!['times'] === undefined);
        if (ab) sources.push({ id, mana: ab.effects[0]!['mana'] as string });
      }
    }
    const n = sources.length;
    const subsets: number[] = [];
    for (let m = 1; m < 1 << Math.min(n, 12); m++) subsets.push(m);
    subsets.sort((a, b) => popcount(a) - popcount(b) || a - b);
    for (const m of subsets) {
      const extra = sources.filter((_, i) => m & (1 << i)).flatMap((s) => parsePool(s.mana));
      if (legalPayments(cost, [...this.s.players[p].pool, ...extra], life).some((x) => x.life === 0)) {
        for (const s of sources.filter((_, i) => m & (1 << i))) {
          this.tap(s.id);
          this.s.players[p].pool.push(...parsePool(s.mana));
          this.cite('mana', ['601.2g', '605.3a'], `${p} taps ${this.name(s.id)} for ${s.mana}`);
        }
        this.touch();
        return;
      }
    }
  }

  pay(p: PlayerId, cost: CostSymbol[], payment: unknown, what: string): Payment {
    const ps = this.s.players[p];
    let pay: Payment;
    if (payment && typeof payment === 'object' && (payment as { auto?: boolean }).auto) {
      this.autoMana(p, cost);
      const opts = legalPayments(cost, ps.pool, ps.life);
      const best = opts.find((o) => o.life === 0) ?? opts[0];
      if (!best) throw new IllegalAction(`${p} can't pay ${formatCostText(cost)} for ${what}`, '601.2h');
      pay = best;
    } else {
      const pm = (payment ?? {}) as { mana?: string; life?: number };
      pay = { mana: parsePool(pm.mana ?? ''), life: pm.life ?? 0 };
    }
    if (pay.life > 0 && ps.life < pay.life) throw new IllegalAction(`${p} has ${ps.life} life and can't pay ${pay.life} life`, '118.4');
    if (!isValidPayment(cost, pay, ps.life)) throw new IllegalAction(`${formatUnits(pay.mana) || 'no mana'}${pay.life ? ` and ${pay.life} life` : ''} doesn't pay ${formatCostText(cost)}`, '601.2h');
    const rest = spendFromPool(ps.pool, pay.mana);
    if (!rest) throw new IllegalAction(`${p}'s mana pool doesn't contain ${formatUnits(pay.mana)}`, '117.3');
    ps.pool = rest;
    if (pay.life) ps.life -= pay.life;
    this.touch();
    const rules = ['601.2h'];
    if (pay.life) rules.push('118.4', '107.4f');
    this.cite('cost', rules, `${p} pays ${formatCostText(cost)} for ${what} with ${formatUnits(pay.mana) || 'no mana'}${pay.life ? ` and ${pay.life} life` : ''}`);
    return pay;
  }

  castSpell(a: Action): void {
    const by = a['by'] as PlayerId;
    const id = a['card'] as string;
    const o = this.obj(id);
    if (o.zone !== 'hand' && !a['fromAnywhere']) throw new IllegalAction(`${this.name(id)} isn't in ${by}'s hand`, '601.2');
    const c0 = this.chars(id);
    const instant = c0.types.includes('instant') || hasKeyword(c0, 'flash');
    if (!instant) {
      const t = this.s.turn;
      if (t.active !== by || (t.step !== 'main1' && t.step !== 'main2') || this.s.stack.length) {
        throw new IllegalAction(`${this.name(id)} can be cast only during a main phase of its controller's turn when the stack is empty`, '307.1');
      }
    }
    this.s.turn.priority = by;
    const spell = o.card.spell ?? { effects: [] };
    // 601.2a: move to the stack; 601.2b: announce X; 601.2c: targets
    this.rawMove(id, 'stack', { controller: by });
    const so = this.s.objects[id]!;
    so.stackInfo = { controller: by, targets: {}, ...(a['x'] !== undefined ? { x: a['x'] as number } : {}) };
    this.touch();
    this.cite('cast', ['601.2a', ...(a['x'] !== undefined || o.card.manaCost?.includes('/') ? ['601.2b'] : [])], `${by} casts ${this.name(id)}: it moves to the stack`);
    const ctx: Ctx = { you: by, self: id };
    const colors = this.chars(id).colors;
    so.stackInfo.targets = this.chooseTargets(spell.targets ?? [], (a['targets'] ?? {}) as Record<string, string>, ctx, colors);
    if (spell.targets?.length) this.cite('cast', ['601.2c'], `targets: ${Object.entries(so.stackInfo.targets).map(([k, t]) => `${k} = ${'obj' in t ? this.name(t.obj) : t.player}`).join(', ')}`);
    // 601.2f: total cost, locked in
    const base = fixX(parseCost(o.card.manaCost ?? ''), (a['x'] as number | undefined) ?? 0);
    const { cost, rules } = this.totalCost(id, base, by);
    this.cite('cost', rules, `the total cost is ${formatCostText(cost)}; it is locked in`);
    // 601.2h: pay costs in any order (additional costs: sacrifice)
    for (const ac of spell.additionalCosts ?? []) {
      const pick = (a['sacrifice'] as string | undefined) ?? '';
      if (!this.onBattlefield(pick) || !matches(this.s, this.view(), pick, { ...ac.sacrifice, controller: 'you' }, ctx)) {
        throw new IllegalAction(`${pick || 'nothing'} can't be sacrificed to pay the additional cost`, '601.2h');
      }
      const pw = this.chars(pick).power;
      this.move(pick, 'graveyard', { rule: '601.2h', text: `${by} sacrifices ${this.name(pick)} as an additional cost` });
      so.stackInfo.sacrificed = { [pick]: pw ?? 0 };
    }
    this.pay(by, cost, a['payment'], this.name(id));
    this.cite('cast', ['601.2i', '116.3c'], `${this.name(id)} becomes cast; ${by} receives priority`);
    this.s.stack.push({
      sid: `sp${this.tick()}`, kind: 'spell', obj: id, controller: by, effects: spell.effects, targets: so.stackInfo.targets,
      targetDefs: spell.targets ?? [], bindings: {}, label: this.name(id),
    });
    this.s.turn.passes = 0;
    this.touch();
    this.detect({ kind: 'cast', obj: id });
  }

  activate(a: Action): void {
    const by = a['by'] as PlayerId;
    const id = a['obj'] as string;
    const o = this.obj(id);
    const c = this.chars(id);
    const idx = (a['ability'] as number | undefined) ?? 0;
    const ab = c.activated[idx];
    if (!ab) throw new IllegalAction(`${c.name} has no activated ability #${idx}`, '602.1');
    if (o.zone !== (ab.zone ?? 'battlefield')) throw new IllegalAction(`${c.name}'s ability can be activated only from the ${ab.zone ?? 'battlefield'}`, '112.6k');
    if (c.controller !== by && o.zone === 'battlefield') throw new IllegalAction(`${by} doesn't control ${c.name}`, '602.2');
    const ctx: Ctx = { you: by, self: id };
    const targets = this.chooseTargets(ab.targets ?? [], (a['targets'] ?? {}) as Record<string, string>, ctx, c.colors);
    // costs (602.2b → 601.2f-h)
    if (ab.tap) {
      if (o.tapped) throw new IllegalAction(`${c.name} is already tapped`, '117.3');
      if (c.types.includes('creature') && o.controlledSince >= this.s.turn.number && this.s.turn.active === by && !hasKeyword(c, 'haste') && o.controlledSince !== 0) {
        throw new IllegalAction(`${c.name} hasn't been under ${by}'s control since their most recent turn began`, '302.6');
      }
    }
    const cost = ab.cost ? fixX(parseCost(ab.cost), (a['x'] as number | undefined) ?? 0) : [];
    if (ab.tap) {
      this.tap(id);
      this.cite('cost', ['602.2b', '602.1a'], `${by} taps ${c.name} to pay the activation cost`);
    }
    if (cost.length) this.pay(by, cost, a['payment'] ?? { auto: true }, `${c.name}'s ability`);
    const snapshotPower = c.power;
    if (ab.sacrificeSelf) this.move(id, 'graveyard', { rule: '602.2b', text: `${by} sacrifices ${c.name} to pay the activation cost` });
    const isMana = !ab.targets?.length && ab.effects.every((e) => e.op === 'add-mana');
    if (isMana) {
      // 605.3b: mana abilities resolve immediately
      this.cite('activate', ['605.1a', '605.3b'], `${by} activates ${c.name}'s mana ability; it resolves immediately`);
      const ctx2: Ctx = { ...ctx };
      for (const e of ab.effects) {
        const times = e['times'];
        if (typeof times === 'object' && times !== null && 'power' in times) {
          const pw = snapshotPower ?? 0;
          if (pw < 0) this.cite('rule', ['107.1b'], `${c.name}'s power is ${pw}: a negative amount of mana is treated as 0`);
        }
        this.exec(e, ctx2);
      }
      return;
    }
    this.s.stack.push({ sid: `ab${this.tick()}`, kind: 'ability', obj: id, controller: by, effects: ab.effects, targets, targetDefs: ab.targets ?? [], bindings: {}, label: `${c.name}'s ability`, sourceSnapshot: { inc: this.s.objects[id]!.inc } });
    this.s.turn.priority = by;
    this.s.turn.passes = 0;
    this.touch();
    this.cite('activate', ['602.2', '116.3c'], `${by} activates ${c.name}'s ability; it goes on the stack`);
  }

  playLand(a: Action): void {
    const by = a['by'] as PlayerId;
    const id = a['card'] as string;
    const mods = this.rulesMods();
    const cant = mods.find((m) => m.mod.kind === 'cant-play-lands' && this.player((m.mod as { player: string }).player, { you: m.controller }) === by);
    const extra = mods.filter((m) => m.mod.kind === 'additional-land' && this.player((m.mod as { player: string }).player, { you: m.controller }) === by).reduce((n, m) => n + (m.mod as { n: number }).n, 0);
    if (cant) throw new IllegalAction(`${by} can't play lands this turn: when a rule or effect allows something and another precludes it, the effect that precludes it wins`, '101.2');
    if (this.s.players[by].landsPlayed >= 1 + extra) throw new IllegalAction(`${by} has already played ${this.s.players[by].landsPlayed} land(s) this turn`, '305.2');
    this.s.players[by].landsPlayed++;
    this.move(id, 'battlefield', { rule: '305.1', text: `${by} plays ${this.name(id)}`, opts: { controller: by } });
  }

  // ---------------------------------------------------------------- resolution (608)
  resolveTop(): void {
    const item = this.s.stack.pop();
    if (!item) return;
    this.touch();
    const ctx: Ctx = { you: item.controller, self: item.obj, bindings: { ...item.bindings, ...item.targets } };
    if (item.eventAmount !== undefined) ctx.eventAmount = item.eventAmount;
    const spellObj = item.kind === 'spell' ? this.s.objects[item.obj] : undefined;
    if (spellObj?.stackInfo?.x !== undefined) ctx.x = spellObj.stackInfo.x;
    this.cite('resolve', ['608.1', '405.5'], `${item.label} resolves`);
    // 608.2a: intervening "if"
    if (item.condition && !this.checkCondition(item.condition, ctx)) {
      this.cite('resolve', ['608.2a', '603.4'], `the "if" condition of ${item.label} is false: it's removed from the stack and does nothing`);
      return this.finishSpell(item);
    }
    // 608.2b: targets
    const illegal = new Set<string>();
    const colors = item.kind === 'spell' ? this.chars(item.obj).colors : (this.view()[item.obj]?.colors ?? []);
    for (const d of item.targetDefs) {
      const t = item.targets[d.id];
      if (t && !this.targetLegal(d, t, { you: item.controller, self: item.obj }, colors)) illegal.add(d.id);
    }
    if (item.targetDefs.length && illegal.size === item.targetDefs.length) {
      this.cite('resolve', ['608.2b'], `all targets of ${item.label} are illegal: it doesn't resolve and none of its effects happen`);
      return this.finishSpell(item);
    }
    if (illegal.size) this.cite('resolve', ['608.2b'], `target${illegal.size > 1 ? 's' : ''} ${[...illegal].join(', ')} ${illegal.size > 1 ? 'are' : 'is'} illegal: the spell doesn't affect ${illegal.size > 1 ? 'them' : 'it'}`);
    for (const e of item.effects) {
      const refs = JSON.stringify(e).match(/"\$([A-Za-z0-9_]+)"/g) ?? [];
      if (refs.some((r) => illegal.has(r.slice(2, -1)))) continue;
      this.exec(e, ctx, item.label);
      if (this.s.result) break;
    }
    this.finishSpell(item);
  }

  private finishSpell(item: StackItem): void {
    if (item.kind === 'spell') {
      const o = this.s.objects[item.obj];
      if (o && o.zone === 'stack') {
        const c = this.chars(item.obj);
        const permanent = ['creature', 'artifact', 'enchantment', 'land', 'planeswalker'].some((t) => c.types.includes(t));
        if (permanent) this.move(item.obj, 'battlefield', { rule: '608.3', text: `${c.name} enters the battlefield under ${item.controller}'s control`, opts: { controller: item.controller } });
        else this.move(item.obj, 'graveyard', { rule: '608.2k', text: `${c.name} is put into its owner's graveyard` });
      }
    }
    this.s.turn.priority = this.s.turn.active;
    this.s.turn.passes = 0;
    this.touch();
  }

  // ---------------------------------------------------------------- priority and turn structure (116, 500)
  pass(by?: PlayerId): void {
    const t = this.s.turn;
    const who = by ?? t.priority ?? t.active;
    t.passes++;
    this.cite('priority', ['116.3d'], `${who} passes priority`);
    t.priority = opponentOf(who);
    if (t.passes >= 2) {
      t.passes = 0;
      this.cite('priority', ['116.4'], 'all players passed in succession');
      if (this.s.stack.length) this.resolveTop();
      else this.nextStep();
    }
    this.touch();
  }

  passAll(): void {
    const t = this.s.turn;
    const first = t.priority ?? t.active;
    if (t.passes === 0) this.pass(first);
    this.pass(opponentOf(first));
  }

  nextStep(): void {
    const t = this.s.turn;
    this.endStep();
    let i = STEPS.indexOf(t.step) + 1;
    let next: Step;
    if (i >= STEPS.length) {
      t.number++;
      t.active = opponentOf(t.active);
      for (const p of PLAYERS) this.s.players[p].landsPlayed = 0;
      next = 'untap';
      this.cite('turn', ['500.1'], `turn ${t.number} begins (${t.active})`);
    } else {
      next = STEPS[i]!;
      const noAttackers = !this.s.combat || !Object.keys(this.s.combat.attackers).length;
      if (next === 'declare-blockers' && noAttackers) next = 'end-of-combat'; // 508.8
      if (next === 'first-strike-damage') {
        const fs = this.s.combat && this.combatants().some((id) => hasKeyword(this.chars(id), 'first-strike') || hasKeyword(this.chars(id), 'double-strike'));
        if (!fs) next = 'combat-damage';
        else this.s.combat!.firstStrikeStep = true;
      }
      i = STEPS.indexOf(next);
    }
    t.step = next;
    t.priority = null;
    t.passes = 0;
    this.touch();
    this.beginStep();
  }

  combatants(): string[] {
    if (!this.s.combat) return [];
    return [...Object.keys(this.s.combat.attackers), ...Object.keys(this.s.combat.blockers)].filter((id) => this.onBattlefield(id));
  }

  endStep(): void {
    const t = this.s.turn;
    const pools = PLAYERS.filter((p) => this.s.players[p].pool.length);
    for (const p of pools) this.s.players[p].pool = [];
    if (pools.length) this.cite('tba', ['500.4'], `the step ends: ${pools.join(' and ')} lose${pools.length > 1 ? '' : 's'} unspent mana`);
    if (t.step === 'end-of-combat') {
      const ending = this.s.effects.filter((e) => e.until === 'end-of-combat');
      this.s.effects = this.s.effects.filter((e) => e.until !== 'end-of-combat');
      this.s.combat = null;
      if (ending.length) this.cite('tba', ['500.5'], `"until end of combat" effects end`);
      this.cite('tba', ['511.3'], 'creatures are removed from combat');
    }
    this.touch();
  }

  beginStep(): void {
    const t = this.s.turn;
    this.cite('turn', ['500.1'], `${t.step} step begins`);
    switch (t.step) {
      case 'untap': {
        const mine = this.battlefield().filter((id) => this.chars(id).controller === t.active && this.s.objects[id]!.tapped);
        for (const id of mine) this.untap(id);
        this.cite('tba', ['502.2', '502.3'], `${t.active} untaps their permanents`);
        this.detect({ kind: 'step', step: 'untap' });
        return this.nextStep(); // 502.3: no priority in the untap step
      }
      case 'draw':
        this.cite('tba', ['504.1'], `${t.active} draws a card`);
        this.draw(t.active, 1);
        break;
      case 'beginning-of-combat':
        this.s.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
        break;
      case 'first-strike-damage':
      case 'combat-damage':
        this.combatDamageStep();
        break;
      case 'cleanup': {
        const dmg = this.battlefield().filter((id) => this.s.objects[id]!.damage > 0);
        for (const id of dmg) this.s.objects[id]!.damage = 0;
        const ending = this.s.effects.filter((e) => e.until === 'end-of-turn');
        this.s.effects = this.s.effects.filter((e) => e.until !== 'end-of-turn');
        this.s.replacements = this.s.replacements.filter((e) => e.until !== 'end-of-turn');
        this.s.shields = [];
        this.touch();
        this.cite('tba', ['514.2'], `cleanup: damage is removed${dmg.length ? ` from ${dmg.map((d) => this.name(d)).join(', ')}` : ''} and ${ending.length} "until end of turn" effect${ending.length === 1 ? '' : 's'} end, simultaneously`);
        this.settle();
        break;
      }
      default:
        break;
    }
    this.detect({ kind: 'step', step: t.step });
    t.priority = t.active;
    if (t.step !== 'cleanup') this.cite('priority', ['116.3a'], `${t.active} receives priority`);
  }

  // ---------------------------------------------------------------- combat
  combatDamageStep(): void {
    const cb = this.s.combat;
    if (!cb) return;
    const first = this.s.turn.step === 'first-strike-damage';
    if (first) this.cite('tba', ['510.4'], 'a creature with first strike or double strike is in combat: there is a first-strike combat damage step');
    const needs = this.damageDealers(first);
    // a creature that divides its damage among several recipients waits for its controller's assignment (510.1)
    const pending = needs.filter((d) => d.options.length !== 1 || d.recipients.length > 1);
    if (pending.length) {
      cb.assignments = undefined as never;
      delete cb.assignments;
      (cb as { awaiting?: boolean }).awaiting = true;
      this.cite('choice', ['510.1'], `combat damage assignment needed for ${pending.map((d) => this.name(d.id)).join(', ')}`);
      return;
    }
    this.dealCombatDamage(Object.fromEntries(needs.map((d) => [d.id, d.options[0]!])));
  }

  /** Each creature that assigns combat damage in this step, with its legal assignments (considered alone). */
  damageDealers(firstStep: boolean): { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[] {
    const cb = this.s.combat!;
    const out: { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[] = [];
    const deals = (id: string) => {
      const c = this.chars(id);
      const fs = hasKeyword(c, 'first-strike') || hasKeyword(c, 'double-strike');
      if (!cb.firstStrikeStep) return true;
      if (firstStep) return fs;
      return !cb.dealtFirstStrike.includes(id) || hasKeyword(c, 'double-strike');
    };
    for (const [id, a] of Object.entries(cb.attackers)) {
      if (!this.onBattlefield(id) || !deals(id)) continue;
      const c = this.chars(id);
      const trample = hasKeyword(c, 'trample');
      let recipients: string[];
      if (!a.blocked) recipients = [a.at];
      else {
        const live = (a.order ?? a.blockers).filter((b) => this.onBattlefield(b) && a.blockers.includes(b));
        recipients = live.length || !trample ? live : [];
        if (trample) recipients = [...recipients, a.at];
      }
      out.push({ id, recipients, trample: a.blocked && trample, options: [] });
    }
    for (const [id, attackers] of Object.entries(cb.blockers)) {
      if (!this.onBattlefield(id) || !deals(id)) continue;
      out.push({ id, recipients: attackers.filter((x) => this.onBattlefield(x)), trample: false, options: [] });
    }
    for (const d of out) d.options = this.enumerateAssignments(d, out, {});
    return out;
  }

  /** All legal assignments of one dealer, others fixed (510.1c-d, 702.19b; 2026: free division). */
  enumerateAssignments(d: { id: string; recipients: string[]; trample: boolean }, all: { id: string; recipients: string[]; trample: boolean; options: Record<string, number>[] }[], fixed: Record<string, Record<string, number>>): Record<string, number>[] {
    const power = this.chars(d.id).power ?? 0;
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
        if (this.assignmentError({ ...others, [d.id]: asg }, [d.id]) === null) out.push(asg);
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
  assignmentError(asg: Record<string, Record<string, number>>, check?: string[]): { rule: string; text: string } | null {
    const cb = this.s.combat!;
    const total = (r: string) => Object.values(asg).reduce((n, a) => n + (a[r] ?? 0), 0);
    const lethal = (dealer: string, r: string) => {
      const o = this.s.objects[r]!;
      const c = this.chars(r);
      if (hasKeyword(this.chars(dealer), 'deathtouch') && (asg[dealer]?.[r] ?? 0) > 0) return true; // 702.2c
      return o.damage + total(r) >= (c.toughness ?? 0);
    };
    for (const [id, a] of Object.entries(asg)) {
      if (check && !check.includes(id)) continue;
      const power = this.chars(id).power ?? 0;
      const sum = Object.values(a).reduce((x, y) => x + y, 0);
      if (power > 0 && sum !== power) return { rule: '510.1a', text: `${this.name(id)} must assign exactly ${power} damage (not ${sum})` };
      if (Object.values(a).some((x) => x < 0)) return { rule: '107.1b', text: 'damage can\'t be negative' };
      const att = cb.attackers[id];
      if (!att || !att.blocked) continue;
      const order = (att.order ?? att.blockers).filter((b) => this.onBattlefield(b));
      for (const r of Object.keys(a)) if (r !== att.at && !order.includes(r) && (a[r] ?? 0) > 0) return { rule: '510.1c', text: `${this.name(r)} isn't blocking ${this.name(id)}` };
      if (!this.is2026()) {
        for (let i = 1; i < order.length; i++) {
          if ((a[order[i]!] ?? 0) > 0) {
            for (let j = 0; j < i; j++) {
              if (!lethal(id, order[j]!)) return { rule: '510.1c', text: `${this.name(id)} can't assign damage to ${this.name(order[i]!)} unless ${this.name(order[j]!)}, earlier in its damage assignment order, is assigned lethal damage` };
            }
          }
        }
      }
      if ((a[att.at] ?? 0) > 0) {
        if (!hasKeyword(this.chars(id), 'trample') && order.length) return { rule: '510.1c', text: `${this.name(id)} is blocked and has no trample` };
        for (const b of order) if (!lethal(id, b)) return { rule: '702.19b', text: `${this.name(id)} can assign damage to the player only after assigning lethal damage to ${this.name(b)}` };
      }
    }
    return null;
  }

  /** Assign combat damage when every pending creature has exactly one legal assignment. */
  autoAssign(): boolean {
    const dealers = this.damageDealers(this.s.turn.step === 'first-strike-damage');
    if (dealers.some((d) => d.options.length !== 1)) return false;
    this.assignCombatDamage({ op: 'assign-combat-damage', assignments: Object.fromEntries(dealers.map((d) => [d.id, d.options[0]!])) });
    return true;
  }

  assignCombatDamage(a: Action): void {
    const cb = this.s.combat;
    if (!cb || !(cb as { awaiting?: boolean }).awaiting) throw new IllegalAction('no combat damage assignment is pending', '510.1');
    const given = (a['assignments'] ?? {}) as Record<string, Record<string, number>>;
    const dealers = this.damageDealers(this.s.turn.step === 'first-strike-damage');
    const asg: Record<string, Record<string, number>> = {};
    for (const d of dealers) {
      if (given[d.id]) asg[d.id] = given[d.id]!;
      else if (d.options.length === 1) asg[d.id] = d.options[0]!;
      else throw new IllegalAction(`no damage assignment given for ${this.name(d.id)}`, '510.1');
    }
    const err = this.assignmentError(asg);
    if (err) throw new IllegalAction(err.text, err.rule);
    const trampled = Object.entries(asg).some(([id, x]) => cb.attackers[id]?.blocked && (x[cb.attackers[id]!.at] ?? 0) > 0);
    this.cite('tba', [...(this.is2026() ? ['510.1', '510.1c'] : ['510.1', '510.1c', '510.1e']), ...(trampled ? ['702.19b'] : [])], `combat damage assignment accepted: ${Object.entries(asg).map(([k, v]) => `${this.name(k)} → ${Object.entries(v).map(([r, n]) => `${n} to ${this.name(r)}`).join(', ')}`).join('; ')}`);
    delete (cb as { awaiting?: boolean }).awaiting;
    this.dealCombatDamage(asg);
    this.s.turn.priority = this.s.turn.active;
  }

  dealCombatDamage(asg: Record<string, Record<string, number>>): void {
    const items: DamageItem[] = [];
    const cb = this.s.combat!;
    for (const [id, a] of Object.entries(asg)) {
      for (const [r, n] of Object.entries(a)) {
        if (n <= 0) continue;
        items.push({ source: id, to: r === 'P1' || r === 'P2' ? { player: r } : { obj: r, inc: this.s.objects[r]!.inc }, amount: n, combat: true });
      }
      if (this.s.turn.step === 'first-strike-damage') cb.dealtFirstStrike.push(id);
    }
    const noDamage = Object.entries(cb.attackers).filter(([id, x]) => x.blocked && this.onBattlefield(id) && !x.blockers.some((b) => this.onBattlefield(b)) && !hasKeyword(this.chars(id), 'trample'));
    for (const [id] of noDamage) this.cite('rule', ['510.1c'], `${this.name(id)} is blocked but no creatures are blocking it: it assigns no combat damage`);
    const zeroPower = Object.keys(asg).filter((id) => (this.chars(id).power ?? 0) <= 0);
    for (const id of zeroPower) this.cite('rule', ['510.1a'], `${this.name(id)} has ${this.chars(id).power ?? 0} power and assigns no combat damage`);
    this.cite('tba', ['510.2'], 'all combat damage is dealt simultaneously');
    this.dealDamage(items, 'combat damage');
  }

  declareAttackers(a: Action): void {
    const t = this.s.turn;
    if (t.step !== 'declare-attackers') throw new IllegalAction('attackers are declared only as the declare attackers step begins', '508.1');
    const list = ((a['attackers'] ?? []) as ({ id: string; at?: PlayerId } | string)[]).map((x) => (typeof x === 'string' ? { id: x } : x));
    const ids = list.map((x) => x.id);
    const err = this.attackError(ids);
    if (err) throw new IllegalAction(err.text, err.rule);
    const cb = this.s.combat ?? (this.s.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false });
    const def = opponentOf(t.active);
    for (const x of list) cb.attackers[x.id] = { at: x.at ?? def, blocked: false, blockers: [] };
    this.cite('tba', ['508.1', '508.1c', '508.1d'], ids.length ? `${t.active} declares ${ids.map((i) => this.name(i)).join(', ')} as attackers` : `${t.active} declares no attackers`);
    for (const id of ids) if (!hasKeyword(this.chars(id), 'vigilance')) this.tap(id);
    if (ids.length) this.cite('tba', ['508.1f'], 'attacking creatures without vigilance become tapped');
    for (const id of ids) this.detect({ kind: 'attacks', obj: id });
    this.s.turn.priority = t.active;
    this.touch();
  }

  canAttack(id: string): boolean {
    const o = this.s.objects[id];
    if (!o || o.zone !== 'battlefield') return false;
    const c = this.chars(id);
    if (!c.types.includes('creature') || c.controller !== this.s.turn.active || o.tapped) return false;
    if (hasKeyword(c, 'defender')) return false;
    if (o.controlledSince >= this.s.turn.number && o.controlledSince !== 0 && !hasKeyword(c, 'haste')) return false;
    return true;
  }

  /** 508.1c restrictions, then 508.1d: obey the maximum number of requirements. */
  attackError(ids: string[]): { rule: string; text: string } | null {
    for (const id of ids) if (!this.canAttack(id)) return { rule: '508.1a', text: `${this.name(id)} can't attack` };
    const restr = this.attackRestrictionError(ids);
    if (restr) return restr;
    const all = this.battlefield().filter((id) => this.canAttack(id));
    const req = (set: string[]) => set.filter((id) => hasKeyword(this.chars(id), 'attacks-if-able')).length;
    let best = 0;
    for (const set of subsets(all)) if (!this.attackRestrictionError(set)) best = Math.max(best, req(set));
    if (req(ids) < best) return { rule: '508.1d', text: `this declaration obeys ${req(ids)} requirement(s), but ${best} can be obeyed without breaking a restriction` };
    return null;
  }
  attackRestrictionError(ids: string[]): { rule: string; text: string } | null {
    for (const id of ids) if (hasKeyword(this.chars(id), 'cant-attack-alone') && ids.length < 2) return { rule: '508.1c', text: `${this.name(id)} can't attack alone` };
    for (const { mod } of this.rulesMods()) if (mod.kind === 'max-attackers' && ids.length > mod.n) return { rule: '508.1c', text: `no more than ${mod.n} creature(s) can attack` };
    return null;
  }
  legalAttacks(): string[][] {
    const all = this.battlefield().filter((id) => this.canAttack(id));
    return subsets(all).filter((s) => this.attackError(s) === null);
  }

  canBlock(id: string): boolean {
    const o = this.s.objects[id];
    if (!o || o.zone !== 'battlefield' || o.tapped) return false;
    const c = this.chars(id);
    return c.types.includes('creature') && c.controller !== this.s.turn.active && !hasKeyword(c, 'cant-block');
  }

  blockPairError(blocker: string, attacker: string): { rule: string; text: string } | null {
    const b = this.chars(blocker);
    const at = this.chars(attacker);
    if (hasKeyword(at, 'flying') && !hasKeyword(b, 'flying') && !hasKeyword(b, 'reach')) return { rule: '702.9b', text: `${b.name} can't block ${at.name}, which has flying` };
    if (hasKeyword(at, 'shadow') && !hasKeyword(b, 'shadow')) return { rule: '702.27b', text: `${b.name} can't block ${at.name}, which has shadow` };
    if (!hasKeyword(at, 'shadow') && hasKeyword(b, 'shadow')) return { rule: '702.27b', text: `${b.name} has shadow and can block only creatures with shadow` };
    if (hasKeyword(at, 'cant-be-blocked')) return { rule: '509.1b', text: `${at.name} can't be blocked` };
    for (const r of this.rulesMods()) if (r.mod.kind === 'unblockable' && this.rulesAffects(r, attacker)) return { rule: '509.1b', text: `${at.name} can't be blocked` };
    return null;
  }

  blockRestrictionError(blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: string } | null {
    for (const bl of blocks) {
      const extra = hasKeyword(this.chars(bl.blocker), 'can-block-additional-creature') ? 1 : 0;
      if (bl.attackers.length > 1 + extra) return { rule: '509.1a', text: `${this.name(bl.blocker)} can't block ${bl.attackers.length} creatures` };
      for (const at of bl.attackers) {
        if (!this.s.combat?.attackers[at]) return { rule: '509.1a', text: `${this.name(at)} isn't attacking` };
        const e = this.blockPairError(bl.blocker, at);
        if (e) return e;
      }
    }
    for (const at of Object.keys(this.s.combat?.attackers ?? {})) {
      const n = blocks.filter((b) => b.attackers.includes(at)).length;
      if (hasKeyword(this.chars(at), 'menace') && n === 1) return { rule: '702.110b', text: `${this.name(at)} has menace and can't be blocked except by two or more creatures` };
    }
    return null;
  }

  blockCandidates(): { blocker: string; attackers: string[] }[][] {
    const blockers = this.battlefield().filter((id) => this.canBlock(id));
    const attackers = Object.keys(this.s.combat?.attackers ?? {});
    const choicesFor = (b: string): string[][] => {
      const extra = hasKeyword(this.chars(b), 'can-block-additional-creature');
      const out: string[][] = [[]];
      for (const a of attackers) out.push([a]);
      if (extra) for (let i = 0; i < attackers.length; i++) for (let j = i + 1; j < attackers.length; j++) out.push([attackers[i]!, attackers[j]!]);
      return out;
    };
    let acc: { blocker: string; attackers: string[] }[][] = [[]];
    for (const b of blockers) {
      const next: typeof acc = [];
      for (const partial of acc) for (const c of choicesFor(b)) next.push(c.length ? [...partial, { blocker: b, attackers: c }] : partial);
      acc = next;
    }
    return acc;
  }

  blockError(blocks: { blocker: string; attackers: string[] }[]): { rule: string; text: string } | null {
    for (const bl of blocks) if (!this.canBlock(bl.blocker)) return { rule: '509.1a', text: `${this.name(bl.blocker)} can't block` };
    const r = this.blockRestrictionError(blocks);
    if (r) return r;
    const req = (bs: { blocker: string }[]) => bs.filter((b) => hasKeyword(this.chars(b.blocker), 'blocks-if-able')).length;
    let best = 0;
    for (const c of this.blockCandidates()) if (!this.blockRestrictionError(c)) best = Math.max(best, req(c));
    if (req(blocks) < best) return { rule: '509.1c', text: `this declaration obeys ${req(blocks)} requirement(s), but ${best} can be obeyed without breaking a restriction` };
    return null;
  }

  declareBlockers(a: Action): void {
    const t = this.s.turn;
    if (t.step !== 'declare-blockers' || !this.s.combat) throw new IllegalAction('blockers are declared only as the declare blockers step begins', '509.1');
    const blocks = ((a['blocks'] ?? []) as { blocker: string; attackers: string[] }[]);
    const err = this.blockError(blocks);
    if (err) throw new IllegalAction(err.text, err.rule);
    const cb = this.s.combat;
    for (const bl of blocks) {
      cb.blockers[bl.blocker] = [...bl.attackers];
      for (const at of bl.attackers) cb.attackers[at]!.blockers.push(bl.blocker);
    }
    for (const at of Object.values(cb.attackers)) if (at.blockers.length) at.blocked = true;
    this.cite('tba', ['509.1', '509.1b', '509.1c'], blocks.length ? `${opponentOf(t.active)} declares blockers: ${blocks.map((b) => `${this.name(b.blocker)} blocks ${b.attackers.map((x) => this.name(x)).join(' and ')}`).join('; ')}` : 'no blockers are declared');
    for (const bl of blocks) for (const at of bl.attackers) this.detect({ kind: 'blocks', blocker: bl.blocker, attacker: at });
    for (const [at, x] of Object.entries(cb.attackers)) {
      if (!x.blocked) continue;
      this.detect({ kind: 'becomes-blocked', attacker: at });
      for (const b of x.blockers) this.detect({ kind: 'becomes-blocked-by', attacker: at, blocker: b });
    }
    // 509.2 (2019): damage assignment order, announced by the active player
    if (!this.is2026()) {
      for (const [at, x] of Object.entries(cb.attackers)) {
        if (x.blockers.length > 1) {
          const key = `order:${at}`;
          if (key in this.choices) this.orderBlockers({ op: 'order-blockers', attacker: at, order: this.choices[key] });
        }
      }
    }
    t.priority = t.active;
    this.touch();
  }

  orderBlockers(a: Action): void {
    if (this.is2026()) throw new IllegalAction('there is no damage assignment order in this edition', '=510.1c');
    const cb = this.s.combat;
    const at = a['attacker'] as string;
    const x = cb?.attackers[at];
    if (!x) throw new IllegalAction(`${at} isn't attacking`, '509.2');
    const order = a['order'] as string[];
    if (order.length !== x.blockers.length || !x.blockers.every((b) => order.includes(b))) throw new IllegalAction('the damage assignment order must list each creature blocking it exactly once', '509.2');
    x.order = [...order];
    this.touch();
    this.cite('tba', ['509.2'], `${this.s.turn.active} announces ${this.name(at)}'s damage assignment order: ${order.map((o) => this.name(o)).join(', then ')}`);
  }

  // ---------------------------------------------------------------- queries
  query(a: Action): unknown {
    const what = a['what'] as string;
    switch (what) {
      case 'legal-payments': {
        const p = (a['player'] as PlayerId | undefined) ?? this.s.turn.active;
        const pool = a['pool'] !== undefined ? parsePool(a['pool'] as string) : this.s.players[p].pool;
        const cost = fixX(parseCost(a['cost'] as string), (a['x'] as number | undefined) ?? 0);
        const life = this.s.players[p].life;
        const opts = legalPayments(cost, pool, life);
        const rules = ['601.2h', '117.3'];
        if (cost.some((c) => c.k === 'phyrexian')) rules.push('107.4f', '118.4');
        if (cost.some((c) => c.k === 'hybrid' || c.k === 'mono')) rules.push('107.4e');
        this.cite('query', rules, `legal payments of ${formatCostText(cost)} from ${formatUnits(pool) || 'an empty pool'} with ${life} life: ${opts.length ? opts.map((o) => `${formatUnits(o.mana) || '—'}${o.life ? ` + ${o.life} life` : ''}`).join(' / ') : 'none'}`);
        return { options: opts.map((o) => ({ mana: formatUnits(o.mana), life: o.life })) };
      }
      case 'legal-attacks': {
        const opts = this.legalAttacks();
        this.cite('query', ['508.1c', '508.1d'], `legal attack declarations: ${opts.map((o) => `[${o.map((i) => this.name(i)).join(', ')}]`).join(' ')}`);
        return { options: opts };
      }
      case 'legal-blocks': {
        const opts = this.blockCandidates().filter((b) => this.blockError(b) === null);
        this.cite('query', ['509.1b', '509.1c'], `${opts.length} legal block declaration(s)`);
        return { options: opts.map((o) => Object.fromEntries(o.map((b) => [b.blocker, b.attackers]))) };
      }
      case 'legal-damage-assignments': {
        const dealers = this.damageDealers(this.s.turn.step === 'first-strike-damage');
        const id = a['attacker'] as string;
        const d = dealers.find((x) => x.id === id);
        if (!d) throw new IllegalAction(`${id} doesn't assign combat damage in this step`, '510.1');
        const fixed = (a['others'] ?? {}) as Record<string, Record<string, number>>;
        const opts = this.enumerateAssignments(d, dealers, fixed);
        this.cite('query', this.is2026() ? ['510.1c', '510.1a'] : ['510.1c', '510.1a', '509.2'], `${this.name(id)} can assign its damage in ${opts.length} way(s)`);
        return { options: opts };
      }
      case 'characteristics': {
        const id = a['obj'] as string;
        const c = this.chars(id);
        this.cite('query', ['613.1', '202.2', '202.3'], `${c.name}: ${c.colors.join(' and ') || 'colorless'}, mana value ${c.manaValue}${c.power !== undefined ? `, ${c.power}/${c.toughness}` : ''}`);
        return { power: c.power, toughness: c.toughness, colors: c.colors, types: c.types, manaValue: c.manaValue, layers: c.layerLog };
      }
      case 'can-cast': {
        const snapshot = clone(this.s);
        const trace = this.trace.length;
        try {
          this.castSpell({ ...a, op: 'cast' });
          return { legal: true };
        } catch (e) {
          if (e instanceof IllegalAction) return { legal: false, rule: e.rule };
          throw e;
        } finally {
          this.s = snapshot;
          this.trace.length = trace;
          this.touch();
        }
      }
      default:
        throw new IllegalAction(`unknown query "${what}"`, '100.1');
    }
  }
}

function popcount(n: number): number {
  let c = 0;
  while (n) {
    c += n & 1;
    n >>= 1;
  }
  return c;
}

export function subsets<T>(xs: T[]): T[][] {
  const out: T[][] = [];
  const n = Math.min(xs.length, 12);
  for (let m = 0; m < 1 << n; m++) out.push(xs.filter((_, i) => m & (1 << i)));
  return out;
}

export function formatCostText(cost: CostSymbol[]): string {
  const s = cost
    .map((x) => {
      switch (x.k) {
        case 'generic': return `{${x.n}}`;
        case 'colored': return `{${x.c}}`;
        case 'colorless': return '{C}';
        case 'hybrid': return `{${x.a}/${x.b}}`;
        case 'mono': return `{${x.n}/${x.c}}`;
        case 'phyrexian': return `{${x.c}/P}`;
        case 'snow': return '{S}';
        case 'x': return '{X}';
      }
    })
    .join('');
  return s || '{0}';
}
