/**
 * The scenario format's types (derived from its one description, schema.ts) and what a run reports: each step's
 * trace, diff, state and record, the expectations checked. Apart from scenario.ts, which runs scenarios, so that
 * scenario-expect.ts, which scenario.ts calls, reads them without importing it back; scenario.ts re-exports them.
 */
import type { StepRecord } from './game.ts';
import type { Msg } from './msg.ts';
import type { ScenarioInput } from './schema.ts';
import type { GameState, PlayerId, Step, TraceEntry } from './types.ts';

/** The scenario format's types, derived from its one description (schema.ts). */
export type Scenario = ScenarioInput;
export type Attach = Scenario['attach'][number];
export type ScenarioStep = Scenario['steps'][number];
export type Expectation = NonNullable<ScenarioStep['expect']>;
export type Knob = NonNullable<Scenario['knobs']>[number];

export interface ExpectationResult {
  step: number;
  path: string;
  expected: unknown;
  actual: unknown;
  passed: boolean;
}

export interface StateView {
  turn: { number: number; active: PlayerId; step: Step; priority: PlayerId | null };
  players: Record<PlayerId, { life: number; poison: number; pool: string; hand: number; library: number; graveyard: string[]; exile: string[]; lost?: string; won?: boolean }>;
  objects: Record<string, { name: string; zone: string; controller: PlayerId; tapped: boolean; damage: number; counters: Record<string, number>; power?: number; toughness?: number; types: string[]; subtypes: string[]; colors: string[]; keywords: string[]; attachedTo?: string; token?: boolean }>;
  stack: string[];
  combat: null | { attackers: Record<string, { blockedBy: string[]; blocked: boolean; order?: string[] }> };
  result: GameState['result'];
}

export interface StepResult {
  index: number;
  description: string;
  rules: string[];
  entries: TraceEntry[];
  diff: { path: string; before: unknown; after: unknown }[];
  state: StateView;
  illegal?: { rule: string; text: string; msg: Msg; reasons?: { rule: string; text: string; msg: Msg }[] };
  error?: string;
  skipped?: boolean;
  result?: unknown;
  /** What the step did that the state doesn't show (resolutions, costs, assignments, replacements, damage). */
  record?: StepRecord;
}

export interface RunResult {
  id: string;
  edition: string;
  modified: boolean;
  steps: StepResult[];
  final: StateView;
  expectations: ExpectationResult[];
  passed: boolean;
  errors: string[];
}

export interface RunOptions {
  edition?: string;
  overrides?: Record<string, unknown>;
  /** Called with the game state after setup (index -1) and after every step (a copy; for property tests). */
  onState?: (state: GameState, index: number) => void;
}
