/** The outcome panel (after the last step) and the comparison with the other editions the scenario is compared with. */
import { runScenario } from '../../engine/scenario.ts';
import { h } from '../dom.ts';
import { checksSummary, compareRuns, outcomeLines, overridesFor } from '../model.ts';
import type { WidgetState } from '../widget-state.ts';
import type { RenderContext } from './context.ts';

export function renderOutcome(st: WidgetState, c: RenderContext, title: HTMLElement): HTMLElement[] {
  const { s, lang, t } = c;
  const lines = outcomeLines(st.initial, st.run.final, s, lang, t);
  const sum = checksSummary(st.run, t);
  return ([
    title,
    st.run.modified ? h('p', { class: 'cr-sbx-modnote' }, t('modifiedNote')) : null,
    lines.length ? h('ul', { 'data-sbx-outcome-lines': true }, lines.map((l) => h('li', {}, l))) : h('p', {}, t('nothingChanged')),
    sum && !st.run.modified ? h('p', { class: sum.ok ? 'cr-sbx-ok' : 'cr-sbx-bad', 'data-sbx-checks': true }, sum.text) : null,
  ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => !!x);
}

export function renderCompare(st: WidgetState, others: string[], c: RenderContext): HTMLElement[] {
  const { s, lang, t, edition } = c;
  const overrides = overridesFor(st.tweakables, st.runValues);
  return others.map((ed) => {
    const other = runScenario(s, { edition: ed, overrides });
    const cmp = compareRuns(st.run, other, s, lang, t);
    return h('div', { class: 'cr-sbx-cmp', 'data-sbx-compare-edition': ed },
      h('h4', {}, t('compareTitle', { edition: ed }), st.run.modified ? ` (${t('modified')})` : ''),
      cmp.same ? h('p', { 'data-sbx-compare-same': true }, t('compareSame', { edition: ed })) : h('p', { 'data-sbx-compare-differs': true }, t('compareDiffers', { edition: ed })),
      cmp.steps.length ? h('ul', {}, cmp.steps.map((x) => h('li', {}, x.text, ' ', c.chips(other.steps[x.index]?.rules ?? [], ed)))) : null,
      cmp.final.length ? h('div', {}, h('p', {}, t('compareFinal', { edition: ed })),
        h('ul', { class: 'cr-sbx-diff' }, cmp.final.map((l) => h('li', {}, h('span', { class: 'cr-sbx-subj' }, l.subject), l.field ? ` ${l.field}` : '', ': ',
          h('del', {}, `${l.before} (${edition})`), ' → ', h('ins', {}, `${l.after} (${ed})`))))) : null,
      h('p', {}, h('strong', {}, `${t('outcome')}: `), outcomeLines(st.initial, other.final, s, lang, t).join(' · ') || t('nothingChanged')));
  });
}
