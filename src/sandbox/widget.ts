/**
 * The engine sandbox widget: mounted under an "Example:" paragraph by loader.ts (dynamically imported, so the
 * engine is only downloaded when a reader opens a sandbox). Vanilla DOM, no framework. Every piece of data is
 * written with textContent / setAttribute (never innerHTML): scenario names and engine text are data.
 */
import { applyOverrides, buildState, listTweakables, runScenario, viewState, type RunResult, type Scenario, type StateView } from '../engine/scenario.ts';
import type { Edition } from '../engine/types.ts';
import type { Lang } from './labels.ts';
import { crossEditionHref, type SandboxManifest } from './manifest.ts';
import {
  checksSummary, compareEditionsFor, compareRuns, controlsFor, describeStep, diffLines, formatValue, nameOf,
  outcomeLines, overridesFor, partOf, playerName, resultText, runEditionFor, stepName, validPool, withPart, type Control, type T,
} from './model.ts';
import { describeCheck } from './checks.ts';
import { translator } from './strings.ts';

export interface MountOptions {
  /** Element the widget renders into (the loader creates it right after the example). */
  host: HTMLElement;
  scenario: Scenario;
  lang: Lang;
  /** Edition of the page (`data-edition` / `<meta name="cr-edition">`). */
  edition: string;
  manifest: Pick<SandboxManifest, 'latest' | 'editions'>;
  /** Called by the widget's own close button. */
  onClose?: () => void;
}

export interface SandboxHandle {
  destroy(): void;
  focus(): void;
}

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

let uid = 0;

/** Creates an element; attributes via setAttribute, text via text nodes only. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

export function mount(o: MountOptions): SandboxHandle {
  const { scenario: scn, lang } = o;
  const t: T = translator(lang);
  const id = `cr-sbx-${++uid}`;
  const edition = runEditionFor(scn, o.edition);
  const others = compareEditionsFor(scn, edition);
  const tweakables = listTweakables(scn);
  const defaults = tweakables.map((k) => structuredClone(k.value));
  let values: unknown[] = defaults.map((v) => structuredClone(v));
  let runValues: unknown[] = values;
  let run: RunResult;
  let initial: StateView;
  let cursor = -1;
  const inputs: { c: Control; input: HTMLInputElement | HTMLSelectElement; out?: HTMLOutputElement }[] = [];

  /** Engine messages name objects by id where the input named them ("bear isn't a legal target"): show names. */
  const ids = Object.keys(scn.setup.objects ?? {}).sort((a, b) => b.length - a.length);
  const namesIn = (text: string) => (ids.length ? text.replace(new RegExp(`\\b(${ids.map((x) => x.replace(/[^A-Za-z0-9_]/g, '')).join('|')})\\b`, 'g'), (m) => nameOf(scn, m, lang)) : text);
  const chip = (rule: string, ed = edition) =>
    h('a', { class: 'cr-sbx-chip', href: crossEditionHref(lang, ed, rule, o.manifest), lang: 'en' }, rule);
  const chips = (rules: string[], ed = edition) => (rules.length ? h('span', { class: 'cr-sbx-chips', 'aria-label': t('rules') }, rules.map((r) => chip(r, ed))) : null);

  // ------------------------------------------------------------ skeleton
  const heading = h('h3', { id: `${id}-h`, class: 'cr-sbx-title', tabindex: -1 }, t('title'));
  const modifiedBadge = h('span', { class: 'cr-sbx-modified', 'data-sbx-modified': true, hidden: true }, t('modified'));
  const closeBtn = h('button', { type: 'button', class: 'cr-sbx-close', 'aria-label': t('close'), title: t('close') }, '×');
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

  const assumptions = (scn.assumptions ?? []).map((a) => a[lang] ?? a['en']).filter((x): x is string => !!x);
  // on a page of another edition than the one the scenario was written for: say which rules run, and whether the
  // outcome differs between the editions (compared on the unmodified example)
  const differing = others.filter((ed) => !compareRuns(runScenario(scn, { edition }), runScenario(scn, { edition: ed }), scn, lang, t).same);
  const editionNotes = [
    edition !== scn.ruleset ? h('p', { class: 'cr-sbx-note', 'data-sbx-edition-note': true }, t('editionNote', { edition })) : null,
    ...differing.map((ed) => h('p', { class: 'cr-sbx-note cr-sbx-differs', 'data-sbx-edition-differs': ed }, t('editionDiffers', { edition: ed }))),
  ];

  const root = h('section', { class: 'cr-sbx', 'aria-labelledby': `${id}-h`, 'data-sbx-root': true, 'data-scenario': scn.id },
    h('header', { class: 'cr-sbx-head' },
      heading,
      h('span', { class: 'cr-sbx-badge' }, t('edition', { edition })),
      modifiedBadge,
      closeBtn),
    editionNotes,
    assumptions.length ? h('details', { class: 'cr-sbx-assume' }, h('summary', {}, t('assumptions')), h('ul', {}, assumptions.map((a) => h('li', {}, a)))) : null,
    h('div', { class: 'cr-sbx-controls', role: 'group', 'aria-label': t('title') }, stepBtn, runBtn, resetBtn, compareBtn),
    status,
    h('div', { class: 'cr-sbx-main' },
      h('div', { class: 'cr-sbx-col' }, h('h4', {}, t('steps')), stepList),
      h('div', { class: 'cr-sbx-col' }, boardTitle, board, h('h4', {}, t('changes')), changes)),
    outcome,
    knobsFieldset(),
    compare);
  o.host.replaceChildren(root);

  // ------------------------------------------------------------ knobs
  function knobsFieldset(): HTMLElement {
    const fs = h('fieldset', { class: 'cr-sbx-knobs' }, h('legend', {}, t('tweak')));
    const controls = controlsFor(tweakables, lang, t);
    if (!controls.length) {
      fs.append(h('p', { class: 'cr-sbx-muted' }, t('noTweaks')));
      return fs;
    }
    for (const c of controls) fs.append(control(c));
    fs.append(pending);
    return fs;
  }

  function control(c: Control): HTMLElement {
    const cid = `${id}-k${inputs.length}`;
    let input: HTMLInputElement | HTMLSelectElement;
    let out: HTMLOutputElement | undefined;
    if (c.kind === 'select') {
      input = h('select', { id: cid, 'data-sbx-knob': c.knob }, (c.options ?? []).map((op) => h('option', { value: op.value }, op.label)));
      input.value = String(c.value);
    } else if (c.kind === 'text') {
      input = h('input', { id: cid, type: 'text', value: String(c.value), spellcheck: 'false', autocomplete: 'off', 'data-sbx-knob': c.knob, inputmode: 'text' });
    } else {
      input = h('input', { id: cid, type: 'range', min: c.min, max: c.max, step: 1, value: c.value, 'data-sbx-knob': c.knob, 'data-sbx-part': c.part === null ? undefined : String(c.part) });
      out = h('output', { for: cid, class: 'cr-sbx-out' }, String(c.value));
    }
    inputs.push({ c, input, ...(out ? { out } : {}) });
    const onInput = () => {
      if (c.kind === 'text') {
        const ok = validPool(input.value);
        input.setAttribute('aria-invalid', ok ? 'false' : 'true');
        if (!ok) return;
      }
      values = values.map((v, i) => (i === c.knob ? withPart(v, c, c.kind === 'range' ? Number(input.value) : input.value.trim()) : v));
      if (out) out.textContent = input.value;
      input.setAttribute('aria-valuetext', input.value);
      pending.hidden = JSON.stringify(values) === JSON.stringify(runValues);
    };
    input.addEventListener('input', onInput);
    input.addEventListener('change', onInput);
    return h('div', { class: 'cr-sbx-knob' }, h('label', { for: cid }, c.label), input, out);
  }

  function syncInputs(): void {
    for (const { c, input, out } of inputs) {
      const v = String(partOf(values[c.knob], c));
      input.value = v;
      input.removeAttribute('aria-invalid');
      if (out) out.textContent = v;
    }
  }

  // ------------------------------------------------------------ running
  function execute(): void {
    const overrides = overridesFor(tweakables, values);
    run = runScenario(scn, { edition, overrides });
    runValues = values.map((v) => structuredClone(v));
    try {
      initial = viewState(buildState(applyOverrides(scn, overrides), edition as Edition));
    } catch {
      initial = run.steps[0]?.state ?? run.final;
    }
    modifiedBadge.hidden = !run.modified;
    root.classList.toggle('is-modified', run.modified);
    pending.hidden = true;
    renderSteps();
    if (!compare.hidden) renderCompare();
  }

  // ------------------------------------------------------------ rendering
  function renderSteps(): void {
    const items = run.steps.map((st, i) => {
      const reached = i <= cursor;
      const desc = describeStep(scn.steps[i]!, scn, lang, t);
      const btn = h('button', { type: 'button', class: 'cr-sbx-steplink', 'data-sbx-goto': i, 'aria-current': i === cursor ? 'step' : undefined },
        h('span', { class: 'cr-sbx-n' }, t('stepN', { n: i + 1 })), ' ', desc);
      btn.addEventListener('click', () => go(i));
      const li = h('li', { class: `cr-sbx-stepitem${reached ? ' is-done' : ' is-future'}${i === cursor ? ' is-current' : ''}`, 'data-sbx-stepitem': i }, btn);
      if (reached) {
        if (st.skipped) li.append(h('p', { class: 'cr-sbx-note' }, t('skipped')));
        li.append(chips(st.rules) ?? '');
        if (st.illegal) li.append(h('p', { class: 'cr-sbx-illegal', 'data-sbx-illegal': true }, t('illegal', { rule: st.illegal.rule }), ' ', h('span', { lang: 'en' }, namesIn(st.illegal.text)), ' ', chip(st.illegal.rule)));
        if (st.error) li.append(h('p', { class: 'cr-sbx-illegal' }, t('error'), ' ', h('span', { lang: 'en' }, st.error)));
        if (st.result !== undefined) li.append(h('p', { class: 'cr-sbx-result' }, h('strong', {}, `${t('result')}: `), resultText(st.result, scn, lang, t)));
        const checks = run.expectations.filter((e) => e.step === i);
        if (checks.length && !run.modified) {
          li.append(h('ul', { class: 'cr-sbx-checks' }, checks.map((e) => h('li', { class: e.passed ? 'is-pass' : 'is-fail' },
            h('span', { class: 'cr-sbx-mark', 'aria-hidden': 'true' }, e.passed ? '✓' : '✗'), ' ',
            h('span', { class: 'cr-sbx-visually-hidden' }, `${e.passed ? t('checkPass') : t('checkFail')}: `),
            describeCheck(e, scn, lang, t)))));
        }
        if (st.entries.length) {
          li.append(h('details', { class: 'cr-sbx-trace' }, h('summary', {}, t('trace')),
            h('ul', { lang: 'en' }, st.entries.map((e) => h('li', {}, chips(e.rules), ' ', e.text)))));
        }
      }
      return li;
    });
    stepList.replaceChildren(...items);
    const state = cursor < 0 ? initial : run.steps[cursor]!.state;
    boardTitle.textContent = cursor < 0 ? t('start') : t('stepN', { n: cursor + 1 });
    const diff = cursor < 0 ? [] : run.steps[cursor]!.diff;
    renderBoard(state, new Set(diff.map((d) => d.path)));
    renderChanges(cursor < 0 ? null : diff);
    stepBtn.disabled = cursor >= run.steps.length - 1;
    renderOutcome();
  }

  function renderBoard(v: StateView, changed: Set<string>): void {
    const has = (prefix: string) => [...changed].some((p) => p === prefix || p.startsWith(`${prefix}.`));
    const field = (label: string, value: string, key: string) =>
      h('div', { class: `cr-sbx-field${has(key) ? ' is-changed' : ''}` }, h('dt', {}, label), h('dd', {}, value));
    const ctx = { s: scn, lang };
    const turn = h('p', { class: `cr-sbx-turn${has('turn.step') ? ' is-changed' : ''}` },
      t('turn', { n: v.turn.number, player: playerName(v.turn.active, t), step: stepName(v.turn.step, t) }));
    const players = (['P1', 'P2'] as const).map((p) => {
      const ps = v.players[p];
      const k = `players.${p}`;
      return h('div', { class: 'cr-sbx-player', 'data-sbx-player': p },
        h('h5', {}, playerName(p, t), v.turn.active === p ? ` (${t('active')})` : ''),
        h('dl', {},
          field(t('life'), String(ps.life), `${k}.life`),
          ps.poison || has(`${k}.poison`) ? field(t('poison'), String(ps.poison), `${k}.poison`) : null,
          ps.pool || has(`${k}.pool`) ? field(t('pool'), ps.pool || t('none'), `${k}.pool`) : null,
          ps.hand || has(`${k}.hand`) ? field(t('hand'), String(ps.hand), `${k}.hand`) : null,
          ps.library || has(`${k}.library`) ? field(t('library'), String(ps.library), `${k}.library`) : null,
          field(t('graveyard'), formatValue(ps.graveyard, t, ctx), `${k}.graveyard`),
          ps.exile.length || has(`${k}.exile`) ? field(t('exile'), formatValue(ps.exile, t, ctx), `${k}.exile`) : null,
          ps.lost ? field(t('gameOver'), t('lost'), `${k}.lost`) : null,
          ps.won ? field(t('gameOver'), t('won'), `${k}.won`) : null));
    });
    const objs = Object.entries(v.objects).filter(([, x]) => x.zone === 'battlefield' || x.zone === 'stack');
    const cards = objs.map(([oid, x]) => {
      const k = `objects.${oid}`;
      const bits: HTMLElement[] = [];
      const tag = (text: string, key: string, cls = '') => h('span', { class: `cr-sbx-tag${cls}${has(key) ? ' is-changed' : ''}` }, text);
      if (x.power !== undefined) bits.push(tag(`${x.power}/${x.toughness}`, `${k}.power`, ' cr-sbx-pt') as HTMLElement);
      if (has(`${k}.toughness`) && x.power !== undefined) bits[bits.length - 1]!.classList.add('is-changed');
      if (x.tapped) bits.push(tag(t('tapped'), `${k}.tapped`));
      if (x.damage) bits.push(tag(`${t('damage')} ${x.damage}`, `${k}.damage`));
      for (const [c, n] of Object.entries(x.counters)) if (n) bits.push(tag(`${c} ×${n}`, `${k}.counters`));
      if (x.keywords.length) bits.push(tag(x.keywords.join(', '), `${k}.keywords`));
      if (x.colors.length && has(`${k}.colors`)) bits.push(tag(formatValue(x.colors, t, { ...ctx, field: 'colors' }), `${k}.colors`));
      if (x.attachedTo) bits.push(tag(`${t('attachedTo')} ${nameOf(scn, x.attachedTo, lang, v)}`, `${k}.attachedTo`));
      const atk = v.combat?.attackers[oid];
      if (atk) bits.push(tag(atk.blockedBy.length ? `${t('attacking')}; ${t('blockedBy')} ${atk.blockedBy.map((b) => nameOf(scn, b, lang, v)).join(', ')}` : t('attacking'), `combat.attackers.${oid}`));
      if (x.token) bits.push(tag(t('token'), `${k}.token`));
      return h('li', { class: `cr-sbx-card${x.tapped ? ' is-tapped' : ''}${has(k) ? ' is-changed' : ''}`, 'data-sbx-obj': oid },
        h('span', { class: 'cr-sbx-name' }, nameOf(scn, oid, lang, v)),
        ' ', h('span', { class: 'cr-sbx-owner' }, `(${playerName(x.controller, t)}${x.zone === 'stack' ? `, ${t('stack')}` : ''})`),
        ' ', bits);
    });
    board.replaceChildren(...([
      turn,
      h('div', { class: 'cr-sbx-players' }, players),
      h('h5', {}, t('battlefield')),
      cards.length ? h('ul', { class: 'cr-sbx-cards' }, cards) : h('p', { class: 'cr-sbx-muted' }, t('emptyZone')),
      v.stack.length ? h('p', {}, h('strong', {}, `${t('stack')}: `), v.stack.map((x) => nameOf(scn, x, lang, v)).join(' ← ')) : null,
    ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => !!x));
  }

  function renderChanges(diff: RunResult['steps'][number]['diff'] | null): void {
    if (!diff) return void changes.replaceChildren(h('p', { class: 'cr-sbx-muted' }, t('atStart')));
    const lines = diffLines(diff, scn, lang, t);
    changes.replaceChildren(lines.length
      ? h('ul', { class: 'cr-sbx-diff' }, lines.map((l) => h('li', {}, h('span', { class: 'cr-sbx-subj' }, l.subject), l.field ? ` ${l.field}` : '', ': ',
        h('del', {}, l.before), ' → ', h('ins', {}, l.after))))
      : h('p', { class: 'cr-sbx-muted' }, t('noChanges')));
  }

  function renderOutcome(): void {
    const done = cursor >= run.steps.length - 1;
    outcome.hidden = !done;
    if (!done) return;
    const lines = outcomeLines(initial, run.final, scn, lang, t);
    const sum = checksSummary(run, t);
    outcome.replaceChildren(...([
      outcomeTitle,
      run.modified ? h('p', { class: 'cr-sbx-modnote' }, t('modifiedNote')) : null,
      lines.length ? h('ul', { 'data-sbx-outcome-lines': true }, lines.map((l) => h('li', {}, l))) : h('p', {}, t('nothingChanged')),
      sum && !run.modified ? h('p', { class: sum.ok ? 'cr-sbx-ok' : 'cr-sbx-bad', 'data-sbx-checks': true }, sum.text) : null,
    ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => !!x));
  }

  function renderCompare(): void {
    const overrides = overridesFor(tweakables, runValues);
    compare.replaceChildren(...others.map((ed) => {
      const other = runScenario(scn, { edition: ed, overrides });
      const cmp = compareRuns(run, other, scn, lang, t);
      return h('div', { class: 'cr-sbx-cmp', 'data-sbx-compare-edition': ed },
        h('h4', {}, t('compareTitle', { edition: ed }), run.modified ? ` (${t('modified')})` : ''),
        cmp.same ? h('p', { 'data-sbx-compare-same': true }, t('compareSame', { edition: ed })) : h('p', { 'data-sbx-compare-differs': true }, t('compareDiffers', { edition: ed })),
        cmp.steps.length ? h('ul', {}, cmp.steps.map((s) => h('li', {}, s.text, ' ', chips(other.steps[s.index]?.rules ?? [], ed)))) : null,
        cmp.final.length ? h('div', {}, h('p', {}, t('compareFinal', { edition: ed })),
          h('ul', { class: 'cr-sbx-diff' }, cmp.final.map((l) => h('li', {}, h('span', { class: 'cr-sbx-subj' }, l.subject), l.field ? ` ${l.field}` : '', ': ',
            h('del', {}, `${l.before} (${edition})`), ' → ', h('ins', {}, `${l.after} (${ed})`))))) : null,
        h('p', {}, h('strong', {}, `${t('outcome')}: `), outcomeLines(initial, other.final, scn, lang, t).join(' · ') || t('nothingChanged')));
    }));
  }

  // ------------------------------------------------------------ navigation
  function announce(): void {
    if (cursor < 0) status.textContent = t('atStart');
    else {
      const text = describeStep(scn.steps[cursor]!, scn, lang, t);
      const st = run.steps[cursor]!;
      status.textContent = `${t('stepOf', { n: cursor + 1, total: run.steps.length, text })}${st.illegal ? ` — ${t('illegal', { rule: st.illegal.rule })}` : ''}${cursor === run.steps.length - 1 ? ` ${t('atEnd')}` : ''}`;
    }
  }

  function go(i: number, focusOutcome = false): void {
    cursor = Math.max(-1, Math.min(run.steps.length - 1, i));
    renderSteps();
    announce();
    if (focusOutcome && !outcome.hidden) outcomeTitle.focus();
  }

  stepBtn.addEventListener('click', () => go(cursor + 1, cursor + 1 >= run.steps.length - 1));
  runBtn.addEventListener('click', () => {
    execute();
    go(run.steps.length - 1);
  });
  resetBtn.addEventListener('click', () => {
    values = defaults.map((v) => structuredClone(v));
    syncInputs();
    execute();
    go(-1);
  });
  compareBtn?.addEventListener('click', () => {
    const open = compare.hidden;
    compare.hidden = !open;
    compareBtn.setAttribute('aria-expanded', String(open));
    compareBtn.textContent = open ? t('hideCompare') : t('compare');
    if (open) renderCompare();
  });
  closeBtn.addEventListener('click', () => o.onClose?.());
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !o.onClose) return;
    e.preventDefault();
    o.onClose();
  });
  stepList.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    go(cursor + (e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1));
    stepList.querySelector<HTMLButtonElement>(`[data-sbx-goto="${Math.max(0, cursor)}"]`)?.focus();
  });

  execute();
  announce();

  return {
    destroy: () => root.remove(),
    focus: () => heading.focus(),
  };
}
