/**
 * The engine sandbox widget: mounted under an "Example:" paragraph by loader.ts (dynamically imported, so the
 * engine is only downloaded when a reader opens a sandbox). Vanilla DOM, no framework. This module only wires:
 * the state lives in widget-state.ts (a pure reducer), each panel is drawn by one module in render/, and every piece
 * of data is written with textContent / setAttribute (dom.ts; never innerHTML).
 */
import { runScenario, type Scenario } from '../engine/scenario.ts';
import { h } from './dom.ts';
import type { Lang } from './labels.ts';
import { crossEditionHref, type SandboxManifest } from './manifest.ts';
import { compareEditionsFor, compareRuns, runEditionFor, type T } from './model.ts';
import { describeStep } from './narrate-steps.ts';
import { renderBoard, renderChanges } from './render/board.ts';
import type { RenderContext } from './render/context.ts';
import { renderKnobs } from './render/knobs.ts';
import { renderCompare, renderOutcome } from './render/outcome.ts';
import { renderSteps } from './render/steps.ts';
import { translator } from './strings.ts';
import { atEnd, initialState, isPending, reduce, shownState, type WidgetAction, type WidgetState } from './widget-state.ts';

export interface MountOptions {
  /** Element the widget renders into (the loader creates it right after the example). */
  host: HTMLElement;
  scenario: Scenario;
  lang: Lang;
  /** Edition of the page (`data-edition` / `<meta name="cr-edition">`). */
  edition: string;
  manifest: Pick<SandboxManifest, 'latest' | 'editions'>;
  /** Called by the widget's own close button and by Escape. */
  onClose?: () => void;
}

export interface SandboxHandle {
  destroy(): void;
  focus(): void;
}

let uid = 0;

export function mount(o: MountOptions): SandboxHandle {
  const { scenario: scn, lang } = o;
  const t: T = translator(lang);
  const id = `cr-sbx-${++uid}`;
  const edition = runEditionFor(scn, o.edition);
  const others = compareEditionsFor(scn, edition);
  let state: WidgetState = initialState(scn, edition);

  const chip = (rule: string, ed = edition) => h('a', { class: 'cr-sbx-chip', href: crossEditionHref(lang, ed, rule, o.manifest), lang: 'en' }, rule);
  const ctx: RenderContext = {
    s: scn, lang, t, edition, chip,
    chips: (rules, ed = edition) => (rules.length ? h('span', { class: 'cr-sbx-chips', role: 'group', 'aria-label': t('rules') }, rules.map((r) => chip(r, ed))) : null),
  };

  // ------------------------------------------------------------ skeleton
  const heading = h('h3', { id: `${id}-h`, class: 'cr-sbx-title', tabindex: -1 }, t('title'));
  const modifiedBadge = h('span', { class: 'cr-sbx-modified', 'data-sbx-modified': true, hidden: true }, t('modified'));
  // Its name is its text (the visible × is hidden from screen readers, the word is hidden from the eye): axe's
  // label-content-name-mismatch found an aria-label that did not contain the visible ×.
  const closeBtn = h('button', { type: 'button', class: 'cr-sbx-close', title: t('close') }, h('span', { 'aria-hidden': 'true' }, '×'), h('span', { class: 'sr-only' }, t('close')));
  const stepBtn = h('button', { type: 'button', class: 'cr-sbx-btn cr-sbx-primary', 'data-sbx-step': true, 'aria-controls': `${id}-steps` }, t('step'));
  const runBtn = h('button', { type: 'button', class: 'cr-sbx-btn', 'data-sbx-run': true }, t('runAgain'));
  const resetBtn = h('button', { type: 'button', class: 'cr-sbx-btn', 'data-sbx-reset': true }, t('reset'));
  const compareBtn = others.length ? h('button', { type: 'button', class: 'cr-sbx-btn', 'data-sbx-compare': true, 'aria-expanded': 'false', 'aria-controls': `${id}-cmp` }, t('compare')) : null;
  const status = h('p', { class: 'cr-sbx-status', 'aria-live': 'polite', 'data-sbx-status': true });
  const stepList = h('ol', { class: 'cr-sbx-steps', id: `${id}-steps`, 'data-sbx-steps': true });
  const boardTitle = h('h4', {}, t('start'));
  const board = h('div', { class: 'cr-sbx-board-body', 'data-sbx-board': true });
  const changes = h('div', { class: 'cr-sbx-changes', 'data-sbx-changes': true });
  const outcomeTitle = h('h4', { tabindex: -1 }, t('outcome'));
  const outcome = h('div', { class: 'cr-sbx-outcome', 'data-sbx-outcome': true, hidden: true });
  const pending = h('p', { class: 'cr-sbx-pending', hidden: true, 'data-sbx-pending': true }, t('pending'));
  const compare = h('div', { class: 'cr-sbx-compare', id: `${id}-cmp`, 'data-sbx-compare-panel': true, hidden: true, 'aria-live': 'polite' });
  const knobs = renderKnobs(state, ctx, id, pending, () => state, (knob, value) => dispatch({ type: 'set-knob', knob, value }));

  const assumptions = (scn.assumptions ?? []).map((a) => a[lang] ?? a['en']).filter((x): x is string => !!x);
  // on a page of another edition than the one the scenario was written for: say which rules run, and whether the
  // outcome differs between the editions (compared on the unmodified example)
  const differing = others.filter((ed) => !compareRuns(state.run, runScenario(scn, { edition: ed }), scn, lang, t).same);
  const editionNotes = [
    // another edition's rules than the scenario was written for, or than the page's (2017-01-20 runs the 2019 rules)
    edition !== scn.ruleset || edition !== o.edition ? h('p', { class: 'cr-sbx-note', 'data-sbx-edition-note': true }, t('editionNote', { edition })) : null,
    ...differing.map((ed) => h('p', { class: 'cr-sbx-note cr-sbx-differs', 'data-sbx-edition-differs': ed }, t('editionDiffers', { edition: ed }))),
  ];

  const root = h('section', { class: 'cr-sbx', 'aria-labelledby': `${id}-h`, 'data-sbx-root': true, 'data-scenario': scn.id },
    h('header', { class: 'cr-sbx-head' }, heading, h('span', { class: 'cr-sbx-badge' }, t('edition', { edition })), modifiedBadge, closeBtn),
    editionNotes,
    assumptions.length ? h('details', { class: 'cr-sbx-assume' }, h('summary', {}, t('assumptions')), h('ul', {}, assumptions.map((a) => h('li', {}, a)))) : null,
    h('div', { class: 'cr-sbx-controls', role: 'group', 'aria-label': t('title') }, stepBtn, runBtn, resetBtn, compareBtn),
    status,
    h('div', { class: 'cr-sbx-main' },
      h('div', { class: 'cr-sbx-col' }, h('h4', {}, t('steps')), stepList),
      h('div', { class: 'cr-sbx-col' }, boardTitle, board, h('h4', {}, t('changes')), changes)),
    outcome,
    knobs.element,
    compare);
  o.host.replaceChildren(root);

  // ------------------------------------------------------------ state → DOM
  function render(prev: WidgetState | null): void {
    const st = state;
    if (prev && prev.values !== st.values && prev.run === st.run && prev.cursor === st.cursor) {
      pending.hidden = !isPending(st); // typing in a control: nothing else changes until "Run again"
      return;
    }
    modifiedBadge.hidden = !st.run.modified;
    root.classList.toggle('is-modified', st.run.modified);
    pending.hidden = !isPending(st);
    stepList.replaceChildren(...renderSteps(st, ctx, (i) => dispatch({ type: 'goto', index: i })));
    boardTitle.textContent = st.cursor < 0 ? t('start') : t('stepN', { n: st.cursor + 1 });
    const diff = st.cursor < 0 ? null : st.run.steps[st.cursor]!.diff;
    board.replaceChildren(...renderBoard(shownState(st), new Set((diff ?? []).map((d) => d.path)), ctx));
    changes.replaceChildren(renderChanges(diff, ctx));
    stepBtn.disabled = atEnd(st);
    outcome.hidden = !atEnd(st);
    if (atEnd(st)) outcome.replaceChildren(...renderOutcome(st, ctx, outcomeTitle));
    compare.hidden = !st.compareOpen;
    if (compareBtn) {
      compareBtn.setAttribute('aria-expanded', String(st.compareOpen));
      compareBtn.textContent = st.compareOpen ? t('hideCompare') : t('compare');
    }
    if (st.compareOpen && (!prev?.compareOpen || prev.run !== st.run)) compare.replaceChildren(...renderCompare(st, others, ctx));
    if (!prev || prev.cursor !== st.cursor || prev.run !== st.run) announce(st);
  }

  function announce(st: WidgetState): void {
    if (st.cursor < 0) status.textContent = t('atStart');
    else {
      const text = describeStep(scn.steps[st.cursor]!, scn, lang, t);
      const step = st.run.steps[st.cursor]!;
      status.textContent = `${t('stepOf', { n: st.cursor + 1, total: st.run.steps.length, text })}${step.illegal ? ` — ${t('illegal', { rule: step.illegal.rule })}` : ''}${atEnd(st) ? ` ${t('atEnd')}` : ''}`;
    }
  }

  function dispatch(a: WidgetAction): void {
    const prev = state;
    state = reduce(state, a, scn);
    if (a.type === 'reset') knobs.sync(state);
    render(prev);
  }

  // ------------------------------------------------------------ events
  stepBtn.addEventListener('click', () => {
    dispatch({ type: 'step' });
    if (atEnd(state)) outcomeTitle.focus();
  });
  runBtn.addEventListener('click', () => dispatch({ type: 'run' }));
  resetBtn.addEventListener('click', () => dispatch({ type: 'reset' }));
  compareBtn?.addEventListener('click', () => dispatch({ type: 'toggle-compare' }));
  closeBtn.addEventListener('click', () => o.onClose?.());
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !o.onClose) return;
    e.preventDefault();
    o.onClose();
  });
  stepList.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    dispatch({ type: 'goto', index: state.cursor + (e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1) });
    stepList.querySelector<HTMLButtonElement>(`[data-sbx-goto="${Math.max(0, state.cursor)}"]`)?.focus();
  });

  render(null);

  return {
    destroy: () => root.remove(),
    focus: () => heading.focus(),
  };
}
