/**
 * The golden record of what the engine and the sandbox narration produce for every scenario in content/: per scenario
 * and per edition it runs under (its own, its `compare` blocks', its attached pages'), the whole run (trace entries with
 * their messages and data, results, refusals, diffs, final state, expectations) and the sandbox's sentences for it in
 * every language (step descriptions, checks, diffs, outcome, trace lines). tests/engine/golden.test.ts compares it
 * with tests/engine/fixtures/golden.json.br, which was written by the engine BEFORE the `Game` facade was replaced by
 * direct module calls (issue 25 item 5): an independent reference that refactors must leave byte-identical.
 * `UPDATE_GOLDEN=1 npx vitest run tests/engine/golden.test.ts` rewrites it (only for an intended change of behaviour).
 */
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import { describeCheck } from '../../src/sandbox/checks.ts';
import { LANGS } from '../../src/sandbox/labels.ts';
import { diffLines, outcomeLines, runEditionFor } from '../../src/sandbox/model.ts';
import { describeStep } from '../../src/sandbox/narrate-steps.ts';
import { translator } from '../../src/sandbox/strings.ts';
import { traceLine } from '../../src/sandbox/trace.ts';

const editions = (s: Scenario) => [...new Set([s.ruleset, ...(s.compare ?? []).map((c) => c.ruleset), ...s.attach.map((a) => runEditionFor(s, a.edition))])];

/** `scenario@edition` → the run and its narration, as one JSON text per key (so a difference names its scenario). */
export function goldenRecord(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of scenarioFiles()) {
    const s = loadScenario(f).scenario;
    if (!s) throw new Error(`${f}: not a valid scenario`);
    for (const edition of editions(s)) {
      const r = runScenario(s, { edition });
      const narration = Object.fromEntries(LANGS.map((lang) => {
        const t = translator(lang);
        return [lang, {
          steps: s.steps.map((st) => describeStep(st, s, lang, t)),
          checks: r.expectations.map((e) => describeCheck(e, s, lang, t)),
          diffs: r.steps.map((st) => diffLines(st.diff, s, lang, t)),
          outcome: r.steps.length ? outcomeLines(r.steps[0]!.state, r.final, s, lang, t) : [],
          trace: r.steps.map((st) => st.entries.map((e) => traceLine(e, { s, lang, t }))),
        }];
      }));
      out[`${s.id}@${edition}`] = JSON.stringify({ run: r, narration });
    }
  }
  return out;
}
