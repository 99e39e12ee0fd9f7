/** The step panel: one item per scenario step, with what happened, its rules, checks and the engine's trace. */
import { describeCheck } from '../checks.ts';
import { h } from '../dom.ts';
import { resultText } from '../model.ts';
import { describeStep } from '../narrate-steps.ts';
import { layerLines, layerSummary } from '../layer-rows.ts';
import { traceLine, traceMessage } from '../trace.ts';
import type { WidgetState } from '../widget-state.ts';
import type { RenderContext } from './context.ts';

export function renderSteps(st: WidgetState, c: RenderContext, onGo: (index: number) => void): HTMLElement[] {
  const { s, lang, t } = c;
  const { run, cursor } = st;
  const tc = { s, lang, t };
  return run.steps.map((step, i) => {
    const reached = i <= cursor;
    const btn = h('button', { type: 'button', class: 'cr-sbx-steplink', 'data-sbx-goto': i, 'aria-current': i === cursor ? 'step' : undefined },
      h('span', { class: 'cr-sbx-n' }, t('stepN', { n: i + 1 })), ' ', describeStep(s.steps[i]!, s, lang, t));
    btn.addEventListener('click', () => onGo(i));
    const li = h('li', { class: `cr-sbx-stepitem${reached ? ' is-done' : ' is-future'}${i === cursor ? ' is-current' : ''}`, 'data-sbx-stepitem': i }, btn);
    if (!reached) return li;
    // a past step folds what it did into one closed disclosure (the current step shows it open): on a phone the
    // board stays near the controls (issue 23)
    const past = i < cursor;
    const body: HTMLElement = past ? h('details', { class: 'cr-sbx-past', 'data-sbx-past': i }, h('summary', {}, t('stepDetails'))) : li;
    if (past) li.append(body);
    if (step.skipped) body.append(h('p', { class: 'cr-sbx-note' }, t('skipped')));
    body.append(c.chips(step.rules) ?? '');
    if (step.illegal) {
      body.append(h('p', { class: 'cr-sbx-illegal', 'data-sbx-illegal': true }, t('illegal', { rule: step.illegal.rule }), ' ', traceLine(step.illegal, tc), ' ', c.chip(step.illegal.rule)));
      const more = (step.illegal.reasons ?? []).slice(1);
      if (more.length) body.append(h('ul', { class: 'cr-sbx-illegal', 'data-sbx-illegal-more': true }, more.map((r) => h('li', {}, t('alsoIllegal', { rule: r.rule }), ' ', traceLine(r, tc), ' ', c.chip(r.rule)))));
    }
    if (step.error) body.append(h('p', { class: 'cr-sbx-illegal' }, t('error'), ' ', h('span', { lang: 'en' }, step.error)));
    if (step.result !== undefined) body.append(h('p', { class: 'cr-sbx-result' }, h('strong', {}, `${t('result')}: `), resultText(step.result, s, lang, t)));
    const checks = run.expectations.filter((e) => e.step === i);
    if (checks.length && !run.modified) {
      body.append(h('ul', { class: 'cr-sbx-checks' }, checks.map((e) => h('li', { class: e.passed ? 'is-pass' : 'is-fail' },
        h('span', { class: 'cr-sbx-mark', 'aria-hidden': 'true' }, e.passed ? '✓' : '✗'), ' ',
        h('span', { class: 'cr-sbx-visually-hidden' }, `${e.passed ? t('checkPass') : t('checkFail')}: `),
        describeCheck(e, s, lang, t)))));
    }
    if (step.entries.length) {
      body.append(h('details', { class: 'cr-sbx-trace' }, h('summary', {}, t('trace')),
        h('ul', {}, step.entries.map((e) => {
          // a layer line: the result in a sentence, then its rows as a list (instead of the engine's English "7b 3/3")
          const rows = layerSummary(e.data);
          return rows && e.msg
            ? h('li', { 'data-sbx-layer': true }, c.chips(e.rules), ' ', traceMessage(e.msg, tc),
                h('ul', { class: 'cr-sbx-layers' }, layerLines(rows, s, lang, t).map((l) => h('li', {}, l))))
            : h('li', {}, c.chips(e.rules), ' ', traceLine(e, tc));
        }))));
    }
    return li;
  });
}
