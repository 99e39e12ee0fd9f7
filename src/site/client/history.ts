/**
 * Browser side of the history pages (loaded on demand by main.ts):
 *  - the any-two compare page: fetches the history store once and diffs two editions with the build's
 *    own differ (src/history/diff.ts), grouped by part and section and filtered by the reader
 *    (site/history/history-groups.ts), rendered by the views shared with the built pages (site/history/history-compare-view.ts,
 *    site/history/history-views.ts) as DOM nodes (text nodes only); a section's entries only when it is opened;
 *  - a history page reached by a pinned permalink of an edition without pages (`?at=2015-01-23`):
 *    says which rule the number named then and what it is today, and marks that section.
 */
import { diffEditions, type EditionDiff } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { historyStrings } from '../../history/strings.ts';
import { h, toDom } from '../render/html-tree.ts';
import { summaryView } from '../history/history-views.ts';
import { CHANGE_KINDS, DEFAULT_KINDS, filterFromParams, groupItems, itemsOf, matches, type ChangeKind, type Filter, type Item } from '../history/history-groups.ts';
import { groupsView, sectionBody, sectionTitles } from '../history/history-compare-view.ts';

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

/** Sections opened at once when the filter leaves at most this many changes (a rule and its subrules, a word). */
const OPEN_AT_MOST = 40;

interface Shown { d: EditionDiff; items: Item[]; titles: Map<string, string> }

/**
 * Renders the diff of two editions into `target`: the table of counts, then the changes the filter keeps, grouped by
 * part and section with counts; a section's entries are built when it is opened (a 2019 → 2026 diff has thousands).
 */
function renderDiff(doc: Document, target: HTMLElement, shown: Shown, filter: Filter, partTitles: Record<string, string>): void {
  const { d, items } = shown;
  const kept = items.filter((i) => matches(i, filter));
  const total = items.filter((i) => DEFAULT_KINDS.has(i.kind)).length;
  const parts = groupItems(kept);
  const opts = { t: say, sectionTitles: shown.titles, partTitles, open: kept.length <= OPEN_AT_MOST, oldEdition: d.old, newEdition: d.new };
  target.replaceChildren(toDom(doc, [
    h('h2', null, `${d.old} → ${d.new}`),
    summaryView(d.summary),
    groupsView(parts, kept.length, total, opts),
  ]));
  const bySection = new Map(parts.flatMap((p) => p.sections.map((s) => [s.id, s.items] as const)));
  for (const det of target.querySelectorAll<HTMLDetailsElement>('details.cmp-sec')) {
    det.addEventListener('toggle', () => {
      const body = det.querySelector<HTMLElement>('.cmp-body');
      if (!det.open || !body || body.childElementCount > 0) return;
      body.replaceChildren(toDom(doc, sectionBody(bySection.get(det.dataset['section'] ?? '') ?? [], opts)));
    });
  }
}

export async function initCompare(doc: Document = document): Promise<void> {
  const form = doc.querySelector<HTMLFormElement>('form[data-compare]');
  const filterForm = doc.querySelector<HTMLFormElement>('form[data-compare-filter]');
  const status = doc.querySelector<HTMLElement>('[data-compare-status]');
  const result = doc.querySelector<HTMLElement>('[data-compare-result]');
  if (!form || !status || !result) return;
  const view = doc.defaultView ?? window;
  const partTitles = JSON.parse(form.dataset['parts'] ?? '{}') as Record<string, string>;
  const query = filterForm?.elements.namedItem('q') as HTMLInputElement | null;
  const kindBoxes = filterForm ? [...filterForm.querySelectorAll<HTMLInputElement>('input[name="kind"]')] : [];
  let shown: Shown | null = null;
  const readFilter = (): Filter => ({
    query: query?.value ?? '',
    kinds: kindBoxes.length ? new Set(kindBoxes.filter((b) => b.checked).map((b) => b.value as ChangeKind)) : new Set(DEFAULT_KINDS),
  });
  /** The filter in the address, so a filtered view can be shared (`?old=…&new=…&q=702.19`). */
  const remember = () => {
    const url = new URL(view.location.href);
    const f = readFilter();
    url.searchParams.set('old', oldSel.value);
    url.searchParams.set('new', newSel.value);
    if (f.query.trim()) url.searchParams.set('q', f.query.trim());
    else url.searchParams.delete('q');
    const kinds = CHANGE_KINDS.filter((k) => f.kinds.has(k));
    if (kinds.join() !== CHANGE_KINDS.filter((k) => DEFAULT_KINDS.has(k)).join()) url.searchParams.set('kinds', kinds.join(','));
    else url.searchParams.delete('kinds');
    view.history.replaceState(null, '', url);
  };
  const refilter = () => {
    if (!shown) return;
    renderDiff(doc, result, shown, readFilter(), partTitles);
    remember();
  };
  const run = async (from: string, to: string) => {
    status.textContent = `Loading the history of every rule…`;
    try {
      const store = await loadStore(form.dataset['store']!);
      const started = performance.now();
      const d = diffEditions(store, from, to);
      shown = { d, items: itemsOf(d), titles: sectionTitles(store, from, to) };
      renderDiff(doc, result, shown, readFilter(), partTitles);
      const ms = performance.now() - started;
      status.textContent = `${from} → ${to}: computed in ${Math.round(ms)} ms.`;
      if (filterForm) filterForm.hidden = false;
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
  const initial = filterFromParams(params);
  if (query) query.value = initial.query;
  for (const b of kindBoxes) b.checked = initial.kinds.has(b.value as ChangeKind);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    remember();
    void run(oldSel.value, newSel.value);
  });
  filterForm?.addEventListener('submit', (ev) => {
    ev.preventDefault();
    refilter();
  });
  query?.addEventListener('input', refilter);
  for (const b of kindBoxes) b.addEventListener('change', refilter);
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
