/**
 * Browser side of the history pages (loaded on demand by main.ts):
 *  - the any-two compare page: its first view comes from the history's outline (history/outline.ts: every chain's
 *    spans and how their texts differ, no texts; ~60 KB), which gives exactly the entries and counts of the build's
 *    own differ; a section's texts are fetched when it is opened (its slice), and the whole store only when the
 *    reader filters by words or picks a newer edition first. Grouped by part and section and filtered by the reader
 *    (site/history/history-groups.ts), rendered by the views shared with the built pages (site/history/history-compare-view.ts,
 *    site/history/history-views.ts) as DOM nodes (text nodes only);
 *  - a history page reached by a pinned permalink of an edition without pages (`?at=2015-01-23`):
 *    says which rule the number named then and what it is today, and marks that section.
 */
import { diffEditions, type DiffEntry, type EditionDiff } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { outlineDiff, outlineTitles, readOutline, sliceDiff, sliceOf, type HistoryOutline, type HistorySlice, type OutlineStore } from '../../history/outline.ts';
import { historyStrings } from '../../history/strings.ts';
import { h, toDom } from '../render/html-tree.ts';
import { historySliceApi } from '../api-paths.ts';
import { summaryView } from '../history/history-views.ts';
import { CHANGE_KINDS, DEFAULT_KINDS, filterFromParams, groupItems, groupOf, isNumberQuery, itemsOf, matches, type ChangeKind, type Filter, type Item } from '../history/history-groups.ts';
import { groupsView, sectionBody, sectionTitles } from '../history/history-compare-view.ts';

// The page's words (and their plural forms) come from the history strings of its language, as on the built pages;
// the rules' texts are English everywhere (marked so on the Japanese and Korean pages).
const pageLang = document.documentElement.lang;
const say = historyStrings(pageLang === 'ja' || pageLang === 'ko' ? pageLang : 'en');
const textLang = pageLang === 'en' ? undefined : 'en';

const cache = new Map<string, Promise<unknown>>();
/** A JSON file of the history, fetched once per page. */
function load<T>(url: string): Promise<T> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.json();
    });
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p as Promise<T>;
}

let outlineRead: Promise<OutlineStore> | null = null;
const loadOutline = (url: string) => (outlineRead ??= load<HistoryOutline>(url).then(readOutline));

/** Sections opened at once when the filter leaves at most this many changes (a rule and its subrules, a word). */
const OPEN_AT_MOST = 40;

interface Shown {
  d: EditionDiff;
  items: Item[];
  titles: Map<string, string>;
  /** From the outline: the entries carry no texts; a section's come from its slices when it is opened. */
  outline?: { os: OutlineStore; chainOf: Map<DiffEntry, number> };
}

/** Words (not a rule number) are looked for in the texts: the outline has none (only the numbers texts cite). */
const needsTexts = (f: Filter) => f.query.trim() !== '' && !isNumberQuery(f.query);

/** The entries of one section with their texts: as they are, or from the slices of their chains. */
async function withTexts(shown: Shown, section: string, items: readonly Item[], filter: Filter): Promise<Item[]> {
  if (!shown.outline) return [...items];
  const { os, chainOf } = shown.outline;
  const rules = new Set<number>();
  const glossary = new Set<number>();
  for (const it of items) {
    const c = chainOf.get(it.entry);
    if (c !== undefined) (it.cls === 'glossary' ? glossary : rules).add(c);
  }
  const homes = new Set([...rules].map((c) => sliceOf(os.store.rules[c]!, false)));
  if (glossary.size) homes.add('glossary');
  const slices = await Promise.all([...homes].map((home) => load<HistorySlice>(historySliceApi(home))));
  return itemsOf(sliceDiff(os, slices, rules, glossary, shown.d.old, shown.d.new)).filter((it) => groupOf(it) === section && matches(it, filter));
}

/**
 * Renders the diff of two editions into `target`: the table of counts, then the changes the filter keeps, grouped by
 * part and section with counts; a section's entries are built when it is opened (a 2019 → 2026 diff has thousands).
 * Resolves when the sections open at once (a narrow filter) have their entries.
 */
function renderDiff(doc: Document, target: HTMLElement, shown: Shown, filter: Filter, partTitles: Record<string, string>): Promise<void> {
  const { d, items } = shown;
  const kept = items.filter((i) => matches(i, filter));
  const total = items.filter((i) => DEFAULT_KINDS.has(i.kind)).length;
  const parts = groupItems(kept);
  const opts = { t: say, sectionTitles: shown.titles, partTitles, open: kept.length <= OPEN_AT_MOST, bodies: !shown.outline, oldEdition: d.old, newEdition: d.new, textLang };
  target.replaceChildren(toDom(doc, [
    h('h2', null, `${d.old} → ${d.new}`),
    summaryView(d.summary, say),
    groupsView(parts, kept.length, total, opts),
  ]));
  const bySection = new Map(parts.flatMap((p) => p.sections.map((s) => [s.id, s.items] as const)));
  const fill = async (det: HTMLDetailsElement) => {
    const body = det.querySelector<HTMLElement>('.cmp-body');
    if (!det.open || !body || body.childElementCount > 0 || body.dataset['loading']) return;
    const id = det.dataset['section'] ?? '';
    body.dataset['loading'] = '1';
    body.textContent = shown.outline ? say('sectionLoading') : '';
    try {
      const full = await withTexts(shown, id, bySection.get(id) ?? [], filter);
      body.replaceChildren(toDom(doc, sectionBody(full, opts)));
    } catch (e) {
      body.textContent = say('sectionFailed', { message: (e as Error).message });
    } finally {
      delete body.dataset['loading'];
    }
  };
  const filling: Promise<void>[] = [];
  for (const det of target.querySelectorAll<HTMLDetailsElement>('details.cmp-sec')) {
    det.addEventListener('toggle', () => void fill(det));
    if (det.open && shown.outline) filling.push(fill(det));
  }
  return Promise.all(filling).then(() => undefined);
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
    sameComparison(url.search);
  };
  /** The other languages' links open the same comparison. */
  const sameComparison = (search: string) => {
    for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[data-same-page]')) a.search = search;
  };
  sameComparison(view.location.search);
  /** The diff from the whole store (every text: words can be searched). */
  const fromStore = async (from: string, to: string): Promise<Shown> => {
    status.textContent = say('compareTexts');
    const store = await load<HistoryStore>(form.dataset['store']!);
    const d = diffEditions(store, from, to);
    return { d, items: itemsOf(d), titles: sectionTitles(store, from, to) };
  };
  /** The diff from the outline (no texts), or null when it cannot say (a newer edition first). */
  const fromOutline = async (from: string, to: string): Promise<Shown | null> => {
    status.textContent = say('compareLoading');
    const os = await loadOutline(form.dataset['outline']!);
    const od = outlineDiff(os, from, to);
    if (!od) return null;
    const items = itemsOf(od.diff).map((it) => (od.numbersOf.has(it.entry) ? { ...it, numbers: od.numbersOf.get(it.entry)! } : it));
    return { d: od.diff, items, titles: outlineTitles(os, from, to), outline: { os, chainOf: od.chainOf } };
  };
  const refilter = async () => {
    if (!shown) return;
    const f = readFilter();
    remember();
    if (shown.outline && needsTexts(f)) {
      try {
        shown = await fromStore(shown.d.old, shown.d.new);
        status.textContent = '';
      } catch (e) {
        status.textContent = say('compareFailed', { message: (e as Error).message });
        return;
      }
    }
    await renderDiff(doc, result, shown, readFilter(), partTitles);
  };
  const run = async (from: string, to: string) => {
    try {
      const started = performance.now();
      shown = (!needsTexts(readFilter()) && (await fromOutline(from, to))) || (await fromStore(from, to));
      await renderDiff(doc, result, shown, readFilter(), partTitles);
      const ms = performance.now() - started;
      status.textContent = say('compareDone', { from, to, ms: Math.round(ms) });
      if (filterForm) filterForm.hidden = false;
      doc.documentElement.dataset['compareMs'] = String(ms);
      doc.documentElement.dataset['compared'] = `${from}...${to}`;
    } catch (e) {
      status.textContent = say('compareFailed', { message: (e as Error).message });
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
    void refilter();
  });
  query?.addEventListener('input', () => void refilter());
  for (const b of kindBoxes) b.addEventListener('change', () => void refilter());
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
