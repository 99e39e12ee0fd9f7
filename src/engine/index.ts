/**
 * CR Atlas rules engine: a small, exact, deterministic rules engine for the examples of the Comprehensive Rules.
 * No DOM, no Node imports: safe to load lazily in the browser.
 */
export { runScenario, listTweakables, applyOverrides, buildState, viewState, diffViews, getPath } from './scenario.ts';
export type { Scenario, ScenarioStep, Expectation, RunResult, RunOptions, StepResult, StateView, ExpectationResult, Knob, Attach } from './scenario.ts';
export { validateScenario, structuralProblems, type SchemaError } from './scenario-validate.ts';
export { checkScenario } from './check.ts';
export { derive } from './layers.ts';
export { Game } from './game.ts';
export { legalPayments, isValidPayment, parseCost, manaValue, costColors, parsePool, formatUnits } from './mana.ts';
export { translateRule, translateBetween, PROFILES } from './rules.ts';
export { CROSSWALK_2019_2026 } from './crosswalk.ts';
export * from './types.ts';
