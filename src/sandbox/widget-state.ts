/**
 * The sandbox widget's state as a pure reducer: which step the reader is at, the tweakable values (as edited and as
 * last run), the run itself and whether the edition comparison is open. No DOM: the widget renders from this state
 * and sends actions; tests/sandbox/widget-state.test.ts drives it without a browser.
 */
import { applyOverrides, buildState, listTweakables, runScenario, viewState, type RunResult, type Scenario, type StateView } from '../engine/scenario.ts';
import type { Edition } from '../engine/types.ts';
import { overridesFor, type Tweakable } from './model.ts';

export interface WidgetState {
  /** Edition whose rules run. */
  edition: string;
  tweakables: Tweakable[];
  /** Knob values as the reader has set them. */
  values: unknown[];
  /** Knob values of the current run. */
  runValues: unknown[];
  run: RunResult;
  /** The state before step 1 (of the current run). */
  initial: StateView;
  /** -1: the starting situation; otherwise the index of the step shown. */
  cursor: number;
  compareOpen: boolean;
}

export type WidgetAction =
  | { type: 'step' }
  | { type: 'goto'; index: number }
  | { type: 'set-knob'; knob: number; value: unknown }
  | { type: 'run' }
  | { type: 'reset' }
  | { type: 'toggle-compare' };

const copy = <T>(x: T): T => structuredClone(x);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Runs the scenario with the given knob values (the CR example when they are the defaults). */
function execute(s: Scenario, st: Pick<WidgetState, 'edition' | 'tweakables'>, values: unknown[]): Pick<WidgetState, 'run' | 'initial' | 'runValues'> {
  const overrides = overridesFor(st.tweakables, values);
  const run = runScenario(s, { edition: st.edition, overrides });
  let initial: StateView;
  try {
    initial = viewState(buildState(applyOverrides(s, overrides), st.edition as Edition));
  } catch {
    initial = run.steps[0]?.state ?? run.final;
  }
  return { run, initial, runValues: copy(values) };
}

export function initialState(s: Scenario, edition: string): WidgetState {
  const tweakables = listTweakables(s);
  const values = tweakables.map((k) => copy(k.value));
  return { edition, tweakables, values, ...execute(s, { edition, tweakables }, values), cursor: -1, compareOpen: false };
}

/** Knob values changed since the last run ("press Run again"). */
export const isPending = (st: WidgetState): boolean => !same(st.values, st.runValues);
export const atEnd = (st: WidgetState): boolean => st.cursor >= st.run.steps.length - 1;
/** The state shown: the starting situation or the state after the current step. */
export const shownState = (st: WidgetState): StateView => (st.cursor < 0 ? st.initial : st.run.steps[st.cursor]!.state);

export function reduce(st: WidgetState, a: WidgetAction, s: Scenario): WidgetState {
  const clamp = (i: number) => Math.max(-1, Math.min(st.run.steps.length - 1, i));
  switch (a.type) {
    case 'step':
      return { ...st, cursor: clamp(st.cursor + 1) };
    case 'goto':
      return { ...st, cursor: clamp(a.index) };
    case 'set-knob': {
      if (a.knob < 0 || a.knob >= st.values.length) return st;
      return { ...st, values: st.values.map((v, i) => (i === a.knob ? copy(a.value) : v)) };
    }
    case 'run': {
      const next = { ...st, ...execute(s, st, st.values) };
      return { ...next, cursor: next.run.steps.length - 1 };
    }
    case 'reset': {
      const values = st.tweakables.map((k) => copy(k.value));
      return { ...st, values, ...execute(s, st, values), cursor: -1 };
    }
    case 'toggle-compare':
      return { ...st, compareOpen: !st.compareOpen };
  }
}
