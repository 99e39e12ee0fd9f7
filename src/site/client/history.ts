/**
 * Browser side of the history pages (loaded on demand by main.ts):
 *  - the any-two compare page: fetches the history store once and diffs two editions with the build's
 *    own differ (src/history/diff.ts), rendered by the built pages' own views (site/history-views.ts) as DOM
 *    nodes (text nodes only);
 *  - a history page reached by a pinned permalink of an edition without pages (`?at=2015-01-23`):
 *    says which rule the number named then and what it is today, and marks that section.
 */
import { diffEditions, type EditionDiff } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { historyStrings } from '../../history/strings.ts';
import { h, toDom } from '../html-tree.ts';
import { diffListView, summaryView } from '../history-views.ts';

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

/** Renders the diff of two editions into `target`, with the views the built pages use (site/history-views.ts). */
export function renderDiff(doc: Document, target: HTMLElement, d: EditionDiff): void {
  const kinds = [['rules', 'Rules'], ['examples', 'Examples'], ['glossary', 'Glossary']] as const;
  target.replaceChildren(toDom(doc, [
    h('h2', null, `Changes from ${d.old} to ${d.new}`),
    summaryView(d.summary),
    kinds.map(([kind, title]) => [h('h3', null, title), diffListView(kind, d[kind], { oldEdition: d.old, newEdition: d.new, t: say })]),
  ]));
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
