/**
 * Types of the CR Atlas rules engine (a small, exact rules engine for the examples of the Comprehensive Rules).
 * Everything here is plain JSON data: a game state can be serialised, diffed and restored.
 */

export type PlayerId = 'P1' | 'P2';
export const PLAYERS: readonly PlayerId[] = ['P1', 'P2'];
export type Edition = '2019-01-25' | '2026-01-16';
export const EDITIONS: readonly Edition[] = ['2019-01-25', '2026-01-16'];
export type Zone = 'library' | 'hand' | 'battlefield' | 'graveyard' | 'stack' | 'exile' | 'command';
export type Color = 'white' | 'blue' | 'black' | 'red' | 'green';
export const COLORS: readonly Color[] = ['white', 'blue', 'black', 'red', 'green'];
export type ManaLetter = 'W' | 'U' | 'B' | 'R' | 'G' | 'C';
export type Step =
  | 'untap' | 'upkeep' | 'draw' | 'main1' | 'beginning-of-combat' | 'declare-attackers' | 'declare-blockers'
  | 'first-strike-damage' | 'combat-damage' | 'end-of-combat' | 'main2' | 'end' | 'cleanup';

/** A number in a card definition: a constant or a simple expression evaluated when needed. */
export type Num =
  | number
  | { count: Filter }
  | { power: Ref }
  | { x: true }
  | { amount: 'event' };

/** Reference to an object: a scenario id, "self", "$t" (a target), "$that" (the object of the trigger event). */
export type Ref = string;
/** Reference to a player: P1, P2, you (controller), opponent, active, defending, "$t" (a target), "$that-controller". */
export type PlayerRef = string;

export interface Filter {
  ids?: Ref[];
  types?: string[];
  notTypes?: string[];
  subtypes?: string[];
  supertypes?: string[];
  colors?: Color[];
  notColors?: Color[];
  anyColor?: Color[];
  controller?: 'you' | 'opponent' | 'any';
  owner?: 'you' | 'opponent' | 'any';
  zone?: Zone | 'any';
  abilities?: 'none' | 'any';
  keyword?: string;
  notKeyword?: string;
  attached?: 'enchanted';
  self?: boolean;
  other?: boolean;
  token?: boolean;
  sharesColorWith?: Ref;
  /** For resolved effects: lock the set at creation (611.2c); defaults to true for resolved effects. */
  lock?: boolean;
}

/** A continuous effect definition; its parts apply in their layers (613.5). */
export interface EffectDef {
  id?: string;
  affects: Filter | Ref;
  cda?: boolean;
  control?: PlayerRef;
  addTypes?: string[];
  setTypes?: string[];
  addSubtypes?: string[];
  setSubtypes?: string[];
  setColors?: Color[];
  addColors?: Color[];
  gain?: string[];
  lose?: string[];
  loseAll?: boolean;
  setPT?: [Num, Num];
  delta?: [Num, Num];
  switchPT?: boolean;
  /** Rules-modifying parts (613.10 / 101.2). */
  rules?: RulesMod[];
  until?: 'end-of-turn' | 'end-of-combat' | 'indefinite';
}

export type RulesMod =
  | { kind: 'max-attackers'; n: number }
  | { kind: 'unblockable' }
  | { kind: 'cant-play-lands'; player: PlayerRef }
  | { kind: 'additional-land'; player: PlayerRef; n: number }
  | { kind: 'cost-increase'; spells: Filter; mana: string }
  | { kind: 'cost-reduction'; spells: Filter; generic: number };

export type ReplacementDef =
  | { kind: 'prevent-all-damage'; from?: Filter; combatOnly?: boolean }
  | { kind: 'prevent-n'; n: number; to: Filter }
  | { kind: 'double-damage'; from: Filter }
  | { kind: 'scale-life-gain'; player: PlayerRef; factor: number }
  | { kind: 'floor-life'; player: PlayerRef; ifControls?: Filter }
  | { kind: 'gain-to-draw'; player: PlayerRef }
  | { kind: 'draw-to-return'; player: PlayerRef }
  | { kind: 'graveyard-to-exile' }
  | { kind: 'die-to-library' }
  | { kind: 'regenerate' };

export type TriggerEvent =
  | 'etb' | 'dies' | 'ltb' | 'to-graveyard-from-battlefield' | 'attacks' | 'blocks' | 'becomes-blocked'
  | 'becomes-blocked-by' | 'gain-life' | 'becomes-tapped' | 'becomes-untapped' | 'step-begins' | 'cast'
  | 'deals-damage';

export interface Condition {
  lifeAtLeast?: number;
  player?: PlayerRef;
}

export interface TargetDef {
  id: string;
  filter?: Filter;
  player?: boolean;
  /** Targets with the same group come from one use of the word "target": they must differ (601.2c). */
  group?: string;
}

export interface TriggerDef {
  on: TriggerEvent;
  filter?: Filter;
  self?: boolean;
  step?: Step;
  whose?: 'you' | 'any';
  player?: PlayerRef;
  if?: Condition;
  optional?: boolean;
  targets?: TargetDef[];
  effects: Action[];
}

export interface ActivatedDef {
  cost?: string;
  tap?: boolean;
  sacrificeSelf?: boolean;
  targets?: TargetDef[];
  effects: Action[];
  zone?: Zone;
}

export interface CardDef {
  name?: string;
  manaCost?: string;
  supertypes?: string[];
  types: string[];
  subtypes?: string[];
  colors?: Color[];
  pt?: [number, number];
  ptCda?: [Num, Num];
  loyalty?: number;
  keywords?: string[];
  static?: EffectDef[];
  replacement?: ReplacementDef[];
  triggered?: TriggerDef[];
  activated?: ActivatedDef[];
  spell?: { targets?: TargetDef[]; additionalCosts?: AdditionalCost[]; effects: Action[] };
}

export type AdditionalCost = { sacrifice: Filter };

/** An action: a player action, a sandbox injection, a query, or an instruction of a spell or ability. */
export interface Action {
  op: string;
  [k: string]: unknown;
}

export interface Characteristics {
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
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
  stackInfo?: { controller: PlayerId; targets: Record<string, TargetRef>; x?: number; sacrificed?: Record<string, number> };
}

export type TargetRef = { obj: string; inc: number } | { player: PlayerId };

export interface ManaUnit {
  type: ManaLetter;
  snow?: boolean;
}

export interface PlayerState {
  life: number;
  poison: number;
  pool: ManaUnit[];
  maxHandSize: number;
  landsPlayed: number;
  lost?: string;
  won?: boolean;
  drewFromEmpty?: boolean;
}

export interface ActiveEffect {
  eid: string;
  def: EffectDef;
  source?: string;
  controller: PlayerId;
  timestamp: number;
  locked?: { obj: string; inc: number }[];
  until: 'end-of-turn' | 'end-of-combat' | 'indefinite';
  label?: string;
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
  effects: Action[];
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
  effects: Action[];
  targets: Record<string, TargetRef>;
  targetDefs: TargetDef[];
  bindings: Record<string, TargetRef>;
  condition?: Condition;
  label: string;
  eventAmount?: number;
  sourceSnapshot?: { inc: number };
}

export interface PendingTrigger {
  controller: PlayerId;
  source: string;
  def: TriggerDef;
  bindings: Record<string, TargetRef>;
  label: string;
  eventAmount?: number;
}

export interface CombatState {
  attackers: Record<string, { at: PlayerId; blocked: boolean; blockers: string[]; order?: string[] }>;
  blockers: Record<string, string[]>;
  /** Creatures that dealt combat damage in the first-strike step (510.4). */
  dealtFirstStrike: string[];
  firstStrikeStep: boolean;
  assignments?: Record<string, Record<string, number>>;
}

export interface GameState {
  ruleset: Edition;
  clock: number;
  turn: { number: number; active: PlayerId; step: Step; priority: PlayerId | null; passes: number };
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
  text: string;
  data?: unknown;
}

/** Thrown for an illegal player action; the game returns to the state before it (e.g. 508.1, 510.1e, 721). */
export class IllegalAction extends Error {
  constructor(
    message: string,
    public readonly rule: string,
    /** Every reason the action is illegal, when there are several (the first is `rule` / `message`). */
    public readonly reasons: { rule: string; text: string }[] = [{ rule, text: message }],
  ) {
    super(message);
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
