/**
 * Rule numbers that differ between the 2019-01-25 and 2026-01-16 editions: the engine cites 2019 numbers and runs
 * both editions. The map is not written here: it is the history's (src/history/store.ts `crosswalk`, one chain per
 * rule followed across all 84 English editions), written by `npm run data` to src/generated/crosswalk.json and
 * bundled with the engine. Only what the history cannot decide is overridden below, each with its reason.
 * A rule the history gives no counterpart (e.g. 509.2, damage assignment order, gone in 2026) keeps its number:
 * the engine's rules profile (rules.ts) decides whether such a rule applies at all.
 */
import derived from '../generated/crosswalk.json';
import { parseCrosswalkFile } from '../pipeline/crosswalk-file.ts';

/**
 * Where a one-chain-per-rule history cannot say where a 2019 rule went (a merge, or a split whose heir depends on
 * what the engine cites the rule for). Checked against the texts of both editions
 * (tests/history/model.test.ts holds this list to exactly these differences).
 */
export const CROSSWALK_OVERRIDES: Readonly<Record<string, string>> = {
  // A merge. 2019 613.3c (layer 7c, effects that modify P/T) and 613.3d (layer 7d, "Power and/or toughness changes
  // from counters") became one rule, 2026 613.4c "Effects and counters that modify power and/or toughness". The
  // history follows 613.3c into 613.4c, so 613.3d has no counterpart of its own; the engine's counters belong in 7c.
  '613.3d': '613.4c',
  // A split. 2019 608.3 ("its resolution involves a single step … The spell card becomes a permanent and is put onto
  // the battlefield under the control of the spell's controller") became, in 2022-06-10, 608.3 (a lead-in), 608.3a
  // ("If the object that's resolving has no targets, it becomes a permanent and enters the battlefield under the
  // control of the spell's controller") and 608.3c (the same words for an Aura spell). The history follows the
  // wording into 608.3c; the engine cites 608.3 for a permanent spell without targets entering, which is 608.3a.
  '608.3': '608.3a',
};

// Checked, not cast: a malformed file stops here with a located diagnostic (src/pipeline/crosswalk-file.ts).
const data = parseCrosswalkFile(derived);

/** 2019-01-25 number → 2026-01-16 number, for every rule whose number changed (history + overrides). */
export const CROSSWALK_2019_2026: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(data.map)) if (to !== null) out[from] = to;
  return Object.assign(out, CROSSWALK_OVERRIDES);
})();

/** Editions the history lacked when the data was built (then only the overrides are known); [] normally. */
export const CROSSWALK_MISSING: readonly string[] = data.missing;
