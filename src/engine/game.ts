/**
 * The game's state holder. A Game wraps one mutable GameState for the duration of one scenario step (callers clone
 * the state first) and holds what a step produces: the trace (`cite`), the damage events, the step's record, the
 * answer to a query, the choices the scenario gives (`choice`); plus the few readings every rule needs (the derived
 * view, an object, a name, a player reference, the edition's profile). It has no rules: those live in one module per
 * area, each a set of functions taking the Game first and citing its rules, called directly (`zones.destroy(g, id)`),
 * and each importing only the areas below it (dependency-cruiser's no-engine-module-cycles rule holds this):
 *
 *   replacements.ts  the replacement and prevention effects in force, and which applies first (614, 615, 616.1)
 *   triggers.ts      detecting triggered abilities and putting them on the stack (603)
 *   targeting.ts     choosing targets and their legality (601.2c, 608.2b, 114 / 115)
 *   zones.ts         objects and zones, new objects (400.7), destroy/tap/counters/draw/discard, look-back snapshots
 *   events.ts        life and mana (118 / 119, 106) with their replacements
 *   damage.ts        the damage event with prevention and redirection (119 / 120, 615)
 *   effects.ts       continuous effects and their durations (611), costs paid during resolution (117.12)
 *   mana-instructions.ts, refs.ts  the mana instructions; what an instruction's references name now
 *   costs.ts         total costs and paying them, tapping for mana, triggered mana abilities (601.2f-h, 605.4a)
 *   instructions.ts  what spells and abilities do: one handler per instruction op (608.2c, 701)
 *   resolution.ts    resolving the top of the stack (608)
 *   casting.ts       casting, activating, playing lands (601, 602, 305)
 *   sba.ts           state-based actions (704)
 *   combat.ts        attacking, blocking, combat damage (506-511, 702)
 *   turn.ts          priority and turn structure (116 / 117, 500-514)
 *   queries.ts       questions that change nothing (legal options, characteristics)
 *   actions.ts       a scenario's player actions, one handler per op; scenario.ts runs the steps
 *
 * What differs between editions is read from `g.profile` (rules.ts); every rule applied is cited with its 2019-01-25
 * number and translated to the running edition by `cite`.
 */
import { code, english, M, obj, pl, type Arg, type Msg } from './msg.ts';
import { derive, opponentOf, type Ctx, type View } from './layers.ts';
import { PROFILES, translateRule, type RulesProfile } from './rules.ts';
import {
  ChoiceNeeded, IllegalAction, isPlayerId,
  type Characteristics,
  type GameObject, type GameState, type ManaLetter, type PlayerId, type Step,
  type TargetRef, type TraceEntry, type Zone,
} from './types.ts';

export type GameEvent =
  | { kind: 'zone'; obj: string; from: Zone; to: Zone; pre: View; preState: GameState }
  | { kind: 'attacks'; obj: string }
  | { kind: 'blocks'; blocker: string; attacker: string }
  | { kind: 'becomes-blocked'; attacker: string }
  | { kind: 'becomes-blocked-by'; attacker: string; blocker: string }
  | { kind: 'gain-life'; player: PlayerId; amount: number }
  | { kind: 'tapped' | 'untapped'; obj: string }
  | { kind: 'step'; step: Step }
  | { kind: 'cast'; obj: string }
  /** 700.14 of 2026: the mana a player spent this turn to cast spells went from `from` to `to` by paying a cost. */
  | { kind: 'expend'; player: PlayerId; from: number; to: number }
  | { kind: 'damage'; source: string; amount: number }
  /** The first card a player draws in a turn (603.11's "Reveal the first card you draw each turn"). */
  | { kind: 'first-draw'; obj: string; player: PlayerId }
  /** One damage event as a whole (for "whenever one or more … deal combat damage to a player", 603.2c). */
  | { kind: 'damage-batch'; items: DamageItem[] }
  /** 702.121b: a creature crews a Vehicle when it's tapped to pay the cost of the Vehicle's crew ability. */
  | { kind: 'crews'; creature: string; vehicle: string }
  /** 106.11a: a permanent is tapped for mana when a mana ability with {T} in its cost resolves and produces mana. */
  | { kind: 'tapped-for-mana'; obj: string; by: PlayerId; mana: ManaLetter[] };

export interface DamageItem {
  source: string;
  to: TargetRef;
  amount: number;
  combat: boolean;
}

/** What a step did that the state alone doesn't show (checked by the expectation `events`). */
export interface StepRecord {
  /** Spells and abilities that resolved (608.2), by object id. */
  resolved: string[];
  /** Spells and abilities removed without resolving (608.2b all targets illegal, 603.4 false "if"). */
  notResolved: string[];
  /** The locked-in total cost of each spell cast (601.2f), with X where announced (601.2b). */
  costs: Record<string, { total: string; x?: number }>;
  /** Each cost paid: for what, with which mana, which of it was snow mana (107.4h: only snow mana pays {S}), life. */
  payments: { for: string; mana: string; snow: string; life: number }[];
  /** The combat damage assignment that was accepted (510.1): attacker or blocker → recipient → amount. */
  combatDamage: Record<string, Record<string, number>>;
  /** Replacement effects that applied, with the player who chose among several (616.1). */
  replacements: { source: string; chooser: string }[];
  /** Each damage event: what would have been dealt and what was dealt after prevention (`source>recipient`). */
  damage: { wouldDeal: Record<string, number>; dealt: Record<string, number>; prevented: number }[];
  /** Libraries shuffled (701.19), by owner, in order. */
  shuffles: PlayerId[];
  /** The choices the scenario made for the players: which choice, who made it (when the rules name a player), what. */
  choices: { choice: string; by?: PlayerId; value: unknown }[];
}

export interface DamageStage {
  stage: string;
  items: string[];
}

export class Game {
  s: GameState;
  trace: TraceEntry[] = [];
  choices: Record<string, unknown>;
  damageEvents: DamageStage[][] = [];
  sbaRounds = 0;
  queryResult: unknown = undefined;
  /** What happened in this step, for the scenario's expectations (`events`). */
  record: StepRecord = { resolved: [], notResolved: [], costs: {}, payments: [], combatDamage: {}, replacements: [], damage: [], shuffles: [], choices: [] };
  cache: { seq: number; view: View } | null = null;

  constructor(state: GameState, choices: Record<string, unknown> = {}) {
    this.s = state;
    this.choices = choices;
  }

  // ---------------------------------------------------------------- basics
  cite(kind: string, rules: string[], msg: Msg, data?: unknown): void {
    const e: TraceEntry = { kind, rules: rules.map((r) => translateRule(r, this.s.ruleset)), text: english(msg), msg };
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
    if (!o) throw new IllegalAction(M`there is no object "${code(id)}"`, '109.1');
    return o;
  }
  name(id: string): string {
    return this.view()[id]?.name ?? id;
  }
  /** An object as a message argument: its id and its name now. */
  ref(id: string): Arg {
    return obj(id, this.name(id));
  }
  /** An object as a message argument if there is one, else the reference as the scenario gave it. */
  refAny(id: string): Arg {
    return this.s.objects[id] ? this.ref(id) : isPlayerId(id) ? pl(id) : code(id);
  }
  /** A target (an object or a player) as a message argument. */
  refT(t: { obj: string } | { player: PlayerId }): Arg {
    return 'obj' in t ? this.ref(t.obj) : pl(t.player);
  }
  tick(): number {
    return ++this.s.clock;
  }
  /** What differs between editions (damage assignment order, the damage process, layer 7): see rules.ts. */
  get profile(): RulesProfile {
    return PROFILES[this.s.ruleset];
  }
  /** A choice the rules give `by` (recorded for the expectation events.choices); the scenario gives it in `choices`. */
  choice<T>(key: string, options: T[], text: string, by?: PlayerId): T {
    if (key in this.choices) {
      this.record.choices.push({ choice: key, ...(by ? { by } : {}), value: this.choices[key] });
      return this.choices[key] as T;
    }
    if (options.length === 1) return options[0]!;
    throw new ChoiceNeeded(`${text}: the scenario must give choices.${key}`, key, options);
  }
  onBattlefield(id: string): boolean {
    return this.s.objects[id]?.zone === 'battlefield';
  }
  battlefield(): string[] {
    // 702.25b: a phased-out permanent is treated as though it doesn't exist
    return Object.values(this.s.objects).filter((o) => o.zone === 'battlefield' && !o.phasedOut).map((o) => o.id);
  }
  zoneOf(player: PlayerId, zone: Zone): string[] {
    return Object.values(this.s.objects)
      .filter((o) => o.zone === zone && o.owner === player)
      .sort((a, b) => a.pos - b.pos)
      .map((o) => o.id);
  }
  player(ref: string, ctx: Ctx): PlayerId {
    if (isPlayerId(ref)) return ref;
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
    throw new IllegalAction(M`unknown player reference "${code(ref)}"`, '102.1');
  }

  /** Simultaneous moves: the look-back view is the snapshot from before the whole SBA event (704.7, 603.10). */
  lookBack: { pre: View; preState: GameState } | null = null;
  /** The objects one instruction puts onto the battlefield at the same time (614.13a: none of them can be chosen to
   * change zones by another's enters replacement). */
  enteringTogether: string[] = [];

}
