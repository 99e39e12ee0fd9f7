/**
 * Browser side of the any-two compare page (its entry, compare-boot.ts, has already started the first request):
 * the first view of two consecutive editions whose diff is small comes from that pair's diff file, texts included;
 * of any other pair from the history's outline (history/outline.ts: every chain's spans and how their texts differ,
 * no texts), which gives exactly the entries and counts of the build's own differ, a section's texts being fetched
 * when it is opened (its slices); the whole store is read only when the reader filters by words or picks a newer
 * edition first. Grouped by part and section and filtered by the reader (site/history/history-groups.ts), rendered
 * by the views shared with the built pages (site/history/history-compare-view.ts, site/history/history-views.ts) as
 * DOM nodes (text nodes only). The page's words are handed over by the page in its language (`data-words`).
 */
import { diffEditions, type DiffEntry, type EditionDiff } from '../../history/diff.ts';
import type { HistoryStore } from '../../history/store.ts';
import { outlineDiff, outlineTitles, readOutline, sliceDiff, sliceOf, type GlossaryNumbers, type HistoryOutline, type HistorySlice, type OutlineStore } from '../../history/outline.ts';
import { historyTranslator } from '../../history/labels.ts';
import type { Catalog } from '../../i18n/translate.ts';
import { h, toDom } from '../render/html-tree.ts';
import { historyPairApi, historySliceApi } from '../api-paths.ts';
import { ruleHistoryPath } from '../history/history-paths.ts';
import { summaryView } from '../history/history-views.ts';
import { CHANGE_KINDS, DEFAULT_KINDS, filterFromParams, groupItems, groupOf, isNumberQuery, itemsOf, matches, type ChangeKind, type Filter, type Item } from '../history/history-groups.ts';
import { groupsView, sectionBody, sectionTitles } from '../history/history-compare-view.ts';
import type { Prefetched } from './compare-boot.ts';
import { fetchJson } from './fetch-json.ts';

// The rules' texts are English everywhere (marked so on the Japanese and Korean pages).
const pageLang = document.documentElement.lang;
const textLang = pageLang === 'en' ? undefined : 'en';
/** A number's history in the page's language (ja/ko: the page that shows it there; English: the built page). */
const historyHref = pageLang === 'ja' || pageLang === 'ko' ? (n: string) => ruleHistoryPath(pageLang, n) : undefined;

const cache: Prefetched = new Map();
/** A JSON file of the history, fetched once per page. */
function load<T>(url: string): Promise<T> {
  let p = cache.get(url);
  if (!p) cache.set(url, (p = fetchJson(url)));
  p.catch(() => cache.delete(url));
  return p as Promise<T>;
}

let outlineRead: Promise<OutlineStore> | null = null;
const loadOutline = (url: string) => (outlineRead ??= load<HistoryOutline>(url).then(readOutline));

/** A consecutive pair's diff file: the diff with its texts and its sections' titles. */
type PairFile = EditionDiff & { sections: Record<string, string> };

/** Sections opened at once when the filter leaves at most this many changes (a rule and its subrules, a word). */
const OPEN_AT_MOST = 40;

/** What the page hands its script: its words and the parts' titles. */
interface Page {
  say: ReturnType<typeof historyTranslator>;
  partTitles: Record<string, string>;
}

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
  const homes = new Set([...rules].map((c) => sliceOf(os.outline.sliceParts, os.store.rules[c]!, c, false)));
  for (const c of glossary) homes.add(sliceOf(os.outline.sliceParts, os.store.glossary[c]!, c, true));
  const slices = await Promise.all([...homes].map((home) => load<HistorySlice>(historySliceApi(home))));
  return itemsOf(sliceDiff(os, slices, rules, glossary, shown.d.old, shown.d.new)).filter((it) => groupOf(it) === section && matches(it, filter));
}

/**
 * Renders the diff of two editions into `target`: the table of counts, then the changes the filter keeps, grouped by
 * part and section with counts; a section's entries are built when it is opened (a 2019 → 2026 diff has thousands).
 * Resolves when the sections open at once (a narrow filter) have their entries.
 */
function renderDiff(doc: Document, target: HTMLElement, shown: Shown, filter: Filter, page: Page, first: () => void): Promise<void> {
  const { say, partTitles } = page;
  const { d, items } = shown;
  const kept = items.filter((i) => matches(i, filter));
  const total = items.filter((i) => DEFAULT_KINDS.has(i.kind)).length;
  const parts = groupItems(kept);
  const opts = { t: say, sectionTitles: shown.titles, partTitles, open: kept.length <= OPEN_AT_MOST, bodies: !shown.outline, oldEdition: d.old, newEdition: d.new, textLang, historyHref };
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
  performance.mark('compare:rendered');
  first();
  return Promise.all(filling).then(() => undefined);
}

export async function initCompare(doc: Document = document, prefetched: Prefetched = new Map()): Promise<void> {
  for (const [url, p] of prefetched) if (!cache.has(url)) cache.set(url, p);
  const form = doc.querySelector<HTMLFormElement>('form[data-compare]');
  const filterForm = doc.querySelector<HTMLFormElement>('form[data-compare-filter]');
  const status = doc.querySelector<HTMLElement>('[data-compare-status]');
  const result = doc.querySelector<HTMLElement>('[data-compare-result]');
  if (!form || !status || !result) return;
  const view = doc.defaultView ?? window;
  const say = historyTranslator(JSON.parse(form.dataset['words'] ?? '{}') as Catalog, pageLang === 'ja' || pageLang === 'ko' ? pageLang : 'en');
  const page: Page = { say, partTitles: JSON.parse(form.dataset['parts'] ?? '{}') as Record<string, string> };
  const pairs = new Set((form.dataset['pairs'] ?? '').split(' '));
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
  /** The diff of two consecutive editions from its file (texts included), when the build marked it small. */
  const fromPair = async (from: string, to: string): Promise<Shown | null> => {
    if (!pairs.has(`${from}...${to}`)) return null;
    status.textContent = say('compareLoading');
    const { sections, ...d } = await load<PairFile>(historyPairApi(from, to));
    return { d, items: itemsOf(d), titles: new Map(Object.entries(sections)) };
  };
  /** The diff from the outline (no texts), or null when it cannot say (a newer edition first). */
  const fromOutline = async (from: string, to: string): Promise<Shown | null> => {
    status.textContent = say('compareLoading');
    const os = await loadOutline(form.dataset['outline']!);
    performance.mark('compare:outline-read');
    if (isNumberQuery(readFilter().query) && !os.numbers) os.numbers = (await load<GlossaryNumbers>(form.dataset['numbers']!)).numbers;
    const od = outlineDiff(os, from, to);
    if (!od) return null;
    const items = itemsOf(od.diff).map((it) => (od.numbersOf.has(it.entry) ? { ...it, numbers: od.numbersOf.get(it.entry)! } : it));
    return { d: od.diff, items, titles: outlineTitles(os, from, to), outline: { os, chainOf: od.chainOf } };
  };
  const refilter = async () => {
    if (!shown) return;
    const f = readFilter();
    remember();
    const textsNeeded = shown.outline && needsTexts(f);
    if (textsNeeded || (shown.outline && isNumberQuery(f.query) && !shown.outline.os.numbers)) {
      try {
        shown = textsNeeded ? await fromStore(shown.d.old, shown.d.new) : (await fromOutline(shown.d.old, shown.d.new))!;
        status.textContent = '';
      } catch (e) {
        status.textContent = say('compareFailed', { message: (e as Error).message });
        return;
      }
    }
    await renderDiff(doc, result, shown, readFilter(), page, () => undefined);
  };
  const run = async (from: string, to: string) => {
    try {
      const started = performance.now();
      shown = (await fromPair(from, to)) ?? ((!needsTexts(readFilter()) && (await fromOutline(from, to))) || (await fromStore(from, to)));
      performance.mark('compare:diffed');
      // The first view (counts and groups) is marked apart from the sections opened at once having their texts.
      await renderDiff(doc, result, shown, readFilter(), page, () => {
        const root = doc.documentElement.dataset;
        root['firstViewMs'] = String(performance.now() - started);
        // When the first view was on screen, from the navigation's start (`npm run bench -- compare`): after the frame
        // that drew it.
        view.requestAnimationFrame(() => view.setTimeout(() => (root['firstViewAt'] = String(performance.now()))));
      });
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
