/**
 * Types of the CR Atlas rules engine (a small, exact rules engine for the examples of the Comprehensive Rules).
 * Everything here is plain JSON data: a game state can be serialised, diffed and restored.
 */
import type * as z from 'zod';
import type * as S from './schema.ts';
import { english, type Msg } from './msg.ts';

// the game's basic words (players, editions, zones, colors, mana, steps): vocabulary.ts, which msg.ts reads too
export * from './vocabulary.ts';
import type { Color, Edition, ManaLetter, PlayerId, Step, Zone } from './vocabulary.ts';

// ------------------------------------------------------------------ the scenario format's card vocabulary
// Derived from its one description (schema-card.ts, schema-action.ts); `import type`, so nothing of zod reaches the
// browser bundle.
/** A number in a card definition: a constant or a simple expression evaluated when needed. */
export type Num = z.infer<typeof S.Num>;
/** Reference to an object: a scenario id, "self", "$t" (a target), "$that" (the object of the trigger event). */
export type Ref = string;
/** Reference to a player: P1, P2, you (controller), opponent, active, defending, "$t" (a target), "$that-controller". */
export type PlayerRef = string;
export type Filter = z.infer<typeof S.Filter>;
/** A continuous effect definition; its parts apply in their layers (613.5). */
export type EffectDef = z.infer<typeof S.Effect>;
/** Rules-modifying parts of an effect (613.10 / 101.2). */
export type RulesMod = z.infer<typeof S.RulesMod>;
export type ReplacementDef = z.infer<typeof S.Replacement>;
export type TriggerDef = z.infer<typeof S.Trigger>;
export type TriggerEvent = TriggerDef['on'];
export type Condition = NonNullable<TriggerDef['if']>;
export type TargetDef = z.infer<typeof S.Target>;
export type ActivatedDef = z.infer<typeof S.Activated>;
export type CardDef = z.infer<typeof S.Card>;
/** Exceptions and modifications of a copy effect (706.9): they become part of the copiable values. */
export type CopyExcept = z.infer<typeof S.CopyExcept>;
export type AdditionalCost = NonNullable<NonNullable<CardDef['spell']>['additionalCosts']>[number];

/** What a spell or ability does as it resolves (608.2c): one form per op. */
export type Instruction = z.infer<typeof S.Instruction>;
/** What a player (or the sandbox) does in a step, including questions (query) and sandbox edits (set). */
export type PlayerAction = z.infer<typeof S.PlayerAction>;
export type Query = z.infer<typeof S.Query>;
/** An action of a scenario step: a player action or an injected instruction. */
export type Action = PlayerAction | Instruction;
/** The form of one op. */
export type ActionOf<K extends Action['op']> = Extract<Action, { op: K }>;

export interface Characteristics {
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  /** Every creature type besides the listed subtypes (changeling, 702.73a). */
  allCreatureTypes?: boolean;
  keywords: string[];
  statics: EffectDef[];
  replacements: ReplacementDef[];
  triggers: TriggerDef[];
  activated: ActivatedDef[];
  power?: number;
  toughness?: number;
  controller: PlayerId;
  /** True when this object has at least one ability (112.12: "no abilities"). */
  hasAbilities: boolean;
  layerLog: LayerRow[];
}

export interface LayerRow {
  layer: string;
  effect: string;
  timestamp: number;
  text: string;
  rule: string;
  /** The object whose ability, spell or counters gave the row (for a reader's words; `effect` may be an id). */
  source?: string;
}

/** `data` of a trace entry of kind 'layer': the printed power/toughness (null: none) and the layer-7 rows applied. */
export interface LayerSummary {
  printed: [number | string, number | string] | null;
  rows: LayerRow[];
}

export interface GameObject {
  id: string;
  inc: number;
  owner: PlayerId;
  controller: PlayerId;
  zone: Zone;
  token: boolean;
  card: CardDef;
  tapped: boolean;
  damage: number;
  counters: Record<string, number>;
  attachedTo?: string;
  timestamp: number;
  /** The turn number from which its controller has controlled it continuously (302.6). */
  controlledSince: number;
  /** Position in its zone (for ordered zones: library top = lowest). */
  pos: number;
  deathtouched?: boolean;
  /** Phased out (702.25b): on the battlefield, but treated as though it doesn't exist. */
  phasedOut?: boolean;
  /** In exile: the object whose ability exiled it (its incarnation), the exile's link (607.2a), and whether it returns
   * when that object leaves the battlefield (610.3). A new object has none (400.7). */
  exiledWith?: { obj: string; inc: number; link?: string; until?: boolean };
  /** The choices made for its "as … enters, choose" abilities (614.12), by link (607.2a); a new object has none (400.7). */
  chosen?: Record<string, string>;
  /** The turn in which a loyalty ability of it was last activated (606.3: once each turn). */
  loyaltyTurn?: number;
  /** Cast bestowed, and not yet ceased to be (702.103b, e-g of 2026): a bestowed Aura spell or Aura. */
  bestowed?: boolean;
  /** A spell cast with flashback (702.34a of 2026): exiled when it would leave the stack. */
  flashback?: boolean;
  stackInfo?: { controller: PlayerId; targets: Record<string, TargetRef>; x?: number; sacrificed?: Record<string, number>; spent?: ManaLetter[] };
}

export type TargetRef = { obj: string; inc: number } | { player: PlayerId };

export interface ManaUnit {
  type: ManaLetter;
  snow?: boolean;
  /** A spending restriction (106.6): this mana can be spent only to cast spells matching the filter. */
  only?: Filter;
}

export interface PlayerState {
  life: number;
  poison: number;
  pool: ManaUnit[];
  maxHandSize: number;
  landsPlayed: number;
  /** The amount of mana the player spent this turn to cast spells (700.14 of 2026: expend). */
  manaSpentOnSpells?: number;
  lost?: string;
  won?: boolean;
  drewFromEmpty?: boolean;
  /** Cards drawn this turn (for "the first card you draw each turn", 603.11). */
  drawnThisTurn?: number;
}

export interface ActiveEffect {
  eid: string;
  def: EffectDef;
  source?: string;
  controller: PlayerId;
  timestamp: number;
  locked?: { obj: string; inc: number }[];
  until: 'end-of-turn' | 'end-of-combat' | 'indefinite' | 'while-you-control-source';
  label?: string;
  /** A copy effect (layer 1, 706): the object copied and the copiable values it gives, fixed when it began. */
  copy?: { of: string; values: CardDef };
}

export interface ActiveReplacement {
  rid: string;
  def: ReplacementDef;
  controller: PlayerId;
  timestamp: number;
  until: 'end-of-turn' | 'indefinite';
  source?: string;
}

export type Shield =
  | { sid: string; kind: 'prevent-next'; to: TargetRef; remaining: number; timestamp: number }
  | { sid: string; kind: 'prevent-from-source'; from: { obj: string; inc: number }; gainLife?: PlayerId; timestamp: number }
  | { sid: string; kind: 'regenerate'; on: { obj: string; inc: number }; timestamp: number };

export interface DelayedTrigger {
  did: string;
  controller: PlayerId;
  on: 'ltb' | 'becomes-untapped' | 'step-begins';
  step?: Step;
  obj?: { obj: string; inc: number };
  effects: Instruction[];
  bindings: Record<string, TargetRef>;
  source?: string;
  createdTurn: number;
}

export interface StackItem {
  sid: string;
  kind: 'spell' | 'ability';
  /** For spells: the object id on the stack. For abilities: the source object id. */
  obj: string;
  controller: PlayerId;
  effects: Instruction[];
  targets: Record<string, TargetRef>;
  targetDefs: TargetDef[];
  bindings: Record<string, TargetRef>;
  condition?: Condition;
  label: string;
  eventAmount?: number;
  sourceSnapshot?: { inc: number };
  /** The triggered ability this item is (for "… and it gains this ability", 706.9a). */
  ability?: TriggerDef;
  /** The activated ability this item is (for "… except it has this ability", 706.9a). */
  activatedAbility?: ActivatedDef;
  /** The value of X announced for an activated ability (602.2b), or copied with a spell (706.10). */
  x?: number;
  stateKey?: string;
  /** A copy of the spell `obj` (706.10): not a card; it ceases to exist when it leaves the stack (704.5e). */
  copy?: boolean;
  /** The types of mana spent to cast the spell (601.2h); a copy has none: mana isn't copied (707.10 of 2026). */
  spent?: ManaLetter[];
  /** A copy's colors when the copy effect sets them ("except that the copy is red", 707.10 of 2026). */
  colors?: Color[];
}

export interface PendingTrigger {
  controller: PlayerId;
  source: string;
  def: TriggerDef;
  bindings: Record<string, TargetRef>;
  label: string;
  eventAmount?: number;
  /** The types of mana produced by the mana ability a triggered mana ability triggered from (106.11a, 605.1b). */
  eventMana?: ManaLetter[];
  /** A state trigger's identity: it doesn't trigger again while waiting or on the stack (603.8). */
  stateKey?: string;
  /** The source's incarnation as it triggered (for a leaves-the-battlefield trigger, as it last was on the battlefield). */
  sourceInc?: number;
}

export interface CombatState {
  attackers: Record<string, { at: PlayerId | string; blocked: boolean; blockers: string[]; order?: string[] }>;
  blockers: Record<string, string[]>;
  /** Creatures that dealt combat damage in the first-strike step (510.4). */
  dealtFirstStrike: string[];
  firstStrikeStep: boolean;
  assignments?: Record<string, Record<string, number>>;
}

export interface GameState {
  ruleset: Edition;
  clock: number;
  turn: {
    number: number; active: PlayerId; step: Step; priority: PlayerId | null; passes: number;
    /** The creatures the active player has attacked with this turn (608.2i's example of 2026: counted even if one is no longer a creature). */
    attackedWith?: string[];
    /** Additional upkeep steps to add after a phase (500.10 of 2026): each in a beginning phase of its own; `resume` is the step the turn goes on with. */
    extra?: { phase: string; n: number; resume?: Step };
  };
  players: Record<PlayerId, PlayerState>;
  objects: Record<string, GameObject>;
  effects: ActiveEffect[];
  replacements: ActiveReplacement[];
  shields: Shield[];
  delayed: DelayedTrigger[];
  pendingTriggers: PendingTrigger[];
  stack: StackItem[];
  combat: CombatState | null;
  /** Last known information: characteristics of objects as they last existed on the battlefield (704.7, 603.10). */
  lki: Record<string, { inc: number; chars: Characteristics; counters: Record<string, number> }>;
  result: null | { winner?: PlayerId; draw?: boolean };
  seq: number;
}

export interface TraceEntry {
  kind: string;
  rules: string[];
  /** In English (the CLI, the tests); `msg` is the same line as a translatable message (msg.ts). */
  text: string;
  msg?: Msg;
  data?: unknown;
}

/** Thrown for an illegal player action; the game returns to the state before it (e.g. 508.1, 510.1e, 721). */
export class IllegalAction extends Error {
  /** The message as a translatable message (msg.ts); `message` is its English. */
  public readonly msg: Msg;
  /** Every reason the action is illegal, when there are several (the first is `rule` / `message`). */
  public readonly reasons: { rule: string; text: string; msg: Msg }[];
  constructor(msg: Msg, public readonly rule: string, reasons?: { rule: string; text: Msg }[]) {
    super(english(msg));
    this.msg = msg;
    this.reasons = (reasons ?? [{ rule, text: msg }]).map((r) => ({ rule: r.rule, text: english(r.text), msg: r.text }));
  }
}

/** Thrown when the rules need a choice that the scenario did not give. */
export class ChoiceNeeded extends Error {
  constructor(
    message: string,
    public readonly choice: string,
    public readonly options: unknown[],
  ) {
    super(message);
  }
}
