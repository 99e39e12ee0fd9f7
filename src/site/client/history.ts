/**
 * Browser side of the history pages (loaded on demand by main.ts):
 *  - the any-two compare page: fetches the history store once and diffs two editions with the build's
 *    own differ (src/history/diff.ts), rendering text as text nodes only;
 *  - a history page reached by a pinned permalink of an edition without pages (`?at=2015-01-23`):
 *    says which rule the number named then and what it is today, and marks that section.
 */
import { diffEditions, type DiffEntry, type EditionDiff, type ExampleEntry, type WordPart } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { hiddenLabel, trimContext } from '../../history/trim.ts';
import { entryLabel, historyStrings, minorHeading, statusLabel, type EntryKind } from '../../history/strings.ts';

// The pages are English; the words (and their plural forms) come from the history strings, as on the built pages.
const say = historyStrings('en');

let storePromise: Promise<HistoryStore> | null = null;
function loadStore(url: string): Promise<HistoryStore> {
  storePromise ??= fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json() as Promise<HistoryStore>;
  });
  return storePromise;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The word diff with long unchanged runs folded, as the built pages show it (src/history/trim.ts). */
function words(doc: Document, parts: WordPart[]): DocumentFragment {
  const frag = doc.createDocumentFragment();
  for (const p of trimContext(parts)) {
    if (p.kind === 'hidden') {
      const d = el(doc, 'details', 'ctx');
      d.append(el(doc, 'summary', undefined, hiddenLabel(p, say)), el(doc, 'span', 'ctx-text', p.text));
      frag.append(d);
      continue;
    }
    const span = el(doc, 'span', 'words');
    for (const [op, text] of p.parts) span.append(op === 0 ? doc.createTextNode(text) : el(doc, op < 0 ? 'del' : 'ins', undefined, text));
    frag.append(span);
  }
  return frag;
}

function entryName(e: DiffEntry, side: 'old' | 'new'): string {
  const k = 'oldIndex' in e ? (side === 'old' ? (e as ExampleEntry).oldIndex : (e as ExampleEntry).newIndex) : null;
  return entryLabel(say, side === 'old' ? e.old : e.new, k);
}

function list(doc: Document, kind: EntryKind, entries: DiffEntry[]): DocumentFragment {
  const frag = doc.createDocumentFragment();
  const real = entries.filter((e) => !e.only);
  const minor = entries.filter((e) => e.only);
  const ol = el(doc, 'ol', 'dl');
  for (const e of real) {
    const li = el(doc, 'li', `de de-${e.status}`);
    const h = el(doc, 'p', 'de-h');
    h.append(el(doc, 'span', `st st-${e.status}`, statusLabel(say, e.status)), ' ');
    const link = (side: 'old' | 'new') => {
      const n = side === 'old' ? e.old! : e.new!;
      if (kind === 'glossary') return el(doc, 'b', 'dn', entryName(e, side));
      const a = el(doc, 'a', 'dn', entryName(e, side));
      a.href = `/en/history/${n}/`;
      return a;
    };
    if (e.old && e.new && e.old !== e.new) h.append(link('old'), ' → ', link('new'));
    else h.append(link(e.new ? 'new' : 'old'));
    li.append(h);
    const t = el(doc, 'div', 'dt');
    if (e.words) t.append(words(doc, e.words));
    else if (e.status === 'added') t.append(el(doc, 'ins', undefined, e.after ?? ''));
    else if (e.status === 'removed') t.append(el(doc, 'del', undefined, e.before ?? ''));
    if (t.childNodes.length) li.append(t);
    ol.append(li);
  }
  if (real.length) frag.append(ol);
  // As the built pages (components/history/DiffList.astro): renumbered references with their words, then typography.
  const name = (e: DiffEntry) => (e.old !== e.new ? `${entryName(e, 'old')} → ${entryName(e, 'new')}` : entryName(e, 'new'));
  const references = minor.filter((e) => e.only === 'references');
  if (references.length) {
    const d = el(doc, 'details', 'collapsed');
    d.append(el(doc, 'summary', undefined, minorHeading(say, 'references', kind, references.length)));
    const list = el(doc, 'ol', 'dl');
    for (const e of references) {
      const li = el(doc, 'li', 'de');
      li.append(el(doc, 'p', 'de-h', name(e)));
      if (e.words) {
        const t = el(doc, 'div', 'dt');
        t.append(words(doc, e.words));
        li.append(t);
      }
      list.append(li);
    }
    d.append(list);
    frag.append(d);
  }
  const typography = minor.filter((e) => e.only === 'typography');
  if (typography.length) {
    const d = el(doc, 'details', 'collapsed');
    d.append(el(doc, 'summary', undefined, minorHeading(say, 'typography', kind, typography.length)));
    d.append(el(doc, 'p', 'typo-list', typography.map(name).join(', ')));
    frag.append(d);
  }
  if (!entries.length) frag.append(el(doc, 'p', 'none', 'No changes.'));
  return frag;
}

function summaryTable(doc: Document, d: EditionDiff): HTMLElement {
  // It scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
  const wrap = el(doc, 'div', 'table-wrap');
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', 'Counts of changes');
  const table = el(doc, 'table', 'dsum');
  const head = el(doc, 'tr');
  head.append(el(doc, 'th'));
  for (const c of ['added', 'removed', 'changed', 'moved', 'moved + changed', 'refs only', 'typography only']) {
    const th = el(doc, 'th', undefined, c);
    th.scope = 'col';
    head.append(th);
  }
  const thead = el(doc, 'thead');
  thead.append(head);
  const body = el(doc, 'tbody');
  for (const [label, c] of [['Rules', d.summary.rules], ['Examples', d.summary.examples], ['Glossary', d.summary.glossary]] as const) {
    const tr = el(doc, 'tr');
    const th = el(doc, 'th', undefined, label);
    th.scope = 'row';
    tr.append(th, ...[c.added, c.removed, c.changed, c.moved, c['moved-changed'], c.referencesOnly, c.typographyOnly].map((n) => el(doc, 'td', undefined, String(n))));
    body.append(tr);
  }
  table.append(thead, body);
  wrap.append(table);
  return wrap;
}

/** Renders the diff of two editions into `target`; returns the diff (for tests and the bench). */
export function renderDiff(doc: Document, target: HTMLElement, d: EditionDiff): void {
  target.replaceChildren();
  const h = el(doc, 'h2', undefined, `Changes from ${d.old} to ${d.new}`);
  target.append(h, summaryTable(doc, d));
  for (const [kind, title] of [['rules', 'Rules'], ['examples', 'Examples'], ['glossary', 'Glossary']] as const) {
    target.append(el(doc, 'h3', undefined, title), list(doc, kind, d[kind]));
  }
}

export async function initCompare(doc: Document = document): Promise<void> {
  const form = doc.querySelector<HTMLFormElement>('form[data-compare]');
  const status = doc.querySelector<HTMLElement>('[data-compare-status]');
  const result = doc.querySelector<HTMLElement>('[data-compare-result]');
  if (!form || !status || !result) return;
  const view = doc.defaultView ?? window;
  const run = async (from: string, to: string) => {
    status.textContent = `Loading the history of every rule…`;
    try {
      const store = await loadStore(form.dataset['store']!);
      const started = performance.now();
      const d = diffEditions(store, from, to);
      renderDiff(doc, result, d);
      const ms = performance.now() - started;
      status.textContent = `${from} → ${to}: computed in ${Math.round(ms)} ms.`;
      doc.documentElement.dataset['compareMs'] = String(ms);
      doc.documentElement.dataset['compared'] = `${from}...${to}`;
    } catch (e) {
      status.textContent = `Could not compare: ${(e as Error).message}`;
    }
  };
  const params = new URLSearchParams(view.location.search);
  const oldSel = form.elements.namedItem('old') as HTMLSelectElement;
  const newSel = form.elements.namedItem('new') as HTMLSelectElement;
  const valid = (v: string | null) => v !== null && [...oldSel.options].some((o) => o.value === v);
  if (valid(params.get('old'))) oldSel.value = params.get('old')!;
  if (valid(params.get('new'))) newSel.value = params.get('new')!;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const url = new URL(view.location.href);
    url.searchParams.set('old', oldSel.value);
    url.searchParams.set('new', newSel.value);
    view.history.replaceState(null, '', url);
    void run(oldSel.value, newSel.value);
  });
  if (params.has('old') || params.has('new')) await run(oldSel.value, newSel.value);
  else status.textContent = '';
}

/** A history page reached with `?at=EDITION`: mark the rule the number named then, and say so. */
export function initHistoryAt(doc: Document = document): void {
  const note = doc.querySelector<HTMLElement>('[data-history-at]');
  const at = new URLSearchParams((doc.defaultView ?? window).location.search).get('at');
  if (!note || !at || !/^\d{4}-\d{2}-\d{2}$/.test(at)) return;
  const sections = [...doc.querySelectorAll<HTMLElement>('[data-chain]')];
  const hit = sections.find((s) => (s.dataset['spans'] ?? '').split(' ').some((span) => {
    const [a, b] = span.split('..');
    return a! <= at && at <= b!;
  }));
  const number = doc.querySelector('h1')?.textContent?.replace(/^History of rule /, '') ?? '';
  if (!hit) {
    note.textContent = `Rule ${number} did not exist in the edition of ${at}.`;
  } else {
    hit.classList.add('chain-at');
    const today = hit.querySelector<HTMLAnchorElement>('p a')?.textContent ?? '';
    const removed = /Removed in/.test(hit.querySelector('p')?.textContent ?? '');
    note.textContent = `You followed a link to rule ${number} as of ${at}. ${removed ? 'That rule has since been removed.' : `Today it is rule ${today}.`}`;
    hit.scrollIntoView();
  }
  note.hidden = false;
}
