/**
 * Browser behaviour of FullTextSearch.astro: one answer with the instant box.
 *
 *   1. The best matches come from the same search core and worker as the instant box (rule numbers
 *      exactly, glossary definitions first, cross-language and misspelled queries), so both boxes
 *      show the same top results for the same query.
 *   2. Below them, Pagefind (`/pagefind/pagefind.js`, its JS API) searches the full text of every
 *      page, with the query the core expanded (`trample` → `トランプル` on the Japanese site,
 *      `deathtuch` → `deathtouch`); its per-rule sub-results, ranked by hits (Pagefind returns
 *      them in document order, docs/design-notes.md §3.3), become rows like the others, each rule once.
 *   Section and edition filters apply to both parts: the core answers in the chosen edition (its own
 *   bundle, one worker per edition asked), so an older edition and rule numbers are answered there
 *   too. The core is asked first; Pagefind (≈ 125 KB more) loads only when the core's answer needs it
 *   (fewer than ten rows, or a first row that matched only rule text: `needsFullText` in fuse.ts),
 *   when "more" is pressed or a filter is opened. Its best two rows the core missed take the 5th and
 *   10th places (`interleave`), never below the core's ten. A Pagefind hit with no rule or glossary
 *   anchor (text of the page's chrome, not of a rule) is never a row.
 */
import { ruleQuery } from '../../search/rule-query.ts';
import type { Lang } from '../../model/types.ts';
import type { SearchHit } from '../../search/types.ts';
import { hitHref, labelsOf, rowParts, snippetNodes } from './rows.ts';
import type { WorkerIn, WorkerOut } from './search.worker.ts';
import { fillMessage, format } from '../../i18n/translate.ts';
import { interleave, needsFullText } from './fuse.ts';
import { excerptText } from './pagefind-excerpt.ts';

interface PfSub { title: string; url: string; excerpt: string; locations: number[] }
interface PfData { url: string; meta: Record<string, string>; excerpt: string; sub_results: PfSub[] }
interface PfResult { id: string; data: () => Promise<PfData> }
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (q: string | null, o?: { filters?: Record<string, string> }) => Promise<{ results: PfResult[] } | null>;
}

/** Best matches from the core shown above the full-text rows. */
const TOP = 10;
/** Full-text rows added per "more". */
const PAGE = 10;

/**
 * An excerpt without the rule number it starts with (the row shows the number apart): the rule
 * element's text begins with its number, and Pagefind's excerpt with it (`702.19a Trample …`).
 */
export function dropLeadingNumber(ex: { text: string; marks: [number, number][] }, number: string): { text: string; marks: [number, number][] } {
  const m = new RegExp(`^\\s*${number.replace(/\./g, '\\.')}\\.?\\s*`).exec(ex.text);
  if (!m) return ex;
  const cut = m[0].length;
  return { text: ex.text.slice(cut), marks: ex.marks.filter(([, b]) => b > cut).map(([a, b]) => [Math.max(0, a - cut), b - cut]) };
}

/** Query as Pagefind should see it: NFKC, no katakana middle dots. */
export function pagefindQuery(q: string): string {
  return q.normalize('NFKC').replace(/[・･]/g, '').trim();
}

/** The rule number or glossary anchor a Pagefind sub-result points at. */
function anchorOf(url: string): string | null {
  const i = url.indexOf('#');
  return i < 0 ? null : decodeURIComponent(url.slice(i + 1));
}

function mount(root: HTMLElement): void {
  const d = root.dataset;
  const lang = (d['lang'] ?? 'en') as Lang;
  const labels = labelsOf(d);
  const form = root.querySelector<HTMLFormElement>('[data-cr-fulltext-form]')!;
  const input = root.querySelector<HTMLInputElement>('[data-cr-fulltext-input]')!;
  const section = root.querySelector<HTMLSelectElement>('[data-cr-fulltext-section]')!;
  const edition = root.querySelector<HTMLSelectElement>('[data-cr-fulltext-edition]')!;
  const status = root.querySelector<HTMLElement>('[data-cr-fulltext-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-cr-fulltext-results]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-cr-fulltext-more]')!;
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  let pf: Pagefind | null = null;
  let results: PfResult[] = [];
  let next = 0;
  let run = 0;
  const seen = new Set<string>();

  // The instant-search worker (same core as the header box), one per edition asked.
  const editions = new Set((d['editions'] ?? '').split(' ').filter(Boolean));
  const workers = new Map<string, { worker: Worker; ready: Promise<void> }>();
  let seq = 0;
  const waiting = new Map<number, (m: Extract<WorkerOut, { type: 'results' }> | null) => void>();
  /** The edition asked: the filter's, else the address's, else the latest. */
  const chosenEdition = () => edition.value || params.get('edition') || d['latest'] || '';
  const chosenSection = () => section.value || (pf ? '' : (params.get('section') ?? ''));
  function core(bundle: string): { worker: Worker; ready: Promise<void> } {
    const known = workers.get(bundle);
    if (known) return known;
    const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    const ready = new Promise<void>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<WorkerOut>) => {
        const m = e.data;
        // Wait for the full bundle: this page lists the best matches once, from the rule text.
        if (m.type === 'ready' && m.part === 'full') resolve();
        else if (m.type === 'results') waiting.get(m.id)?.(m);
        else if (m.type === 'error') {
          reject(new Error(m.message));
          for (const w of waiting.values()) w(null);
        }
      };
      const init: WorkerIn = { type: 'init', base: d['assetBase'] ?? '/', bundle };
      worker.postMessage(init);
    });
    const entry = { worker, ready };
    workers.set(bundle, entry);
    return entry;
  }
  async function ask(q: string, ed: string): Promise<{ hits: SearchHit[]; expanded: string } | null> {
    if (!editions.has(ed)) return null;
    const { worker, ready } = core(`${lang}-${ed}`);
    try {
      await ready;
    } catch {
      return null;
    }
    const id = ++seq;
    return new Promise((resolve) => {
      waiting.set(id, (m) => {
        waiting.delete(id);
        resolve(m ? { hits: m.hits, expanded: m.expanded } : null);
      });
      const msg: WorkerIn = { type: 'query', id, q, limit: TOP };
      worker.postMessage(msg);
    });
  }

  async function load(): Promise<Pagefind> {
    if (pf) return pf;
    const mod = (await import(/* @vite-ignore */ `${d['base']}pagefind/pagefind.js`)) as Pagefind;
    await mod.options({ baseUrl: d['base'], excerptLength: 24 });
    await mod.init();
    const filters = await mod.filters();
    const fill = (sel: HTMLSelectElement, values: Record<string, number> | undefined, pick: string | null) => {
      const keys = Object.keys(values ?? {}).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      for (const k of keys) sel.append(new Option(k, k));
      if (pick && keys.includes(pick)) sel.value = pick;
    };
    fill(section, filters['section'], params.get('section'));
    fill(edition, filters['edition'], params.get('edition') ?? d['latest'] ?? null);
    pf = mod;
    return mod;
  }

  function coreRow(h: SearchHit, ed: string): HTMLLIElement {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = h.glossary ? 'cr-sr cr-sr-link cr-sr-glossary' : 'cr-sr cr-sr-link';
    const ruleBase = ed === d['latest'] ? (d['ruleBase'] ?? '/') : `${d['base'] ?? '/'}${lang}/${ed}/`;
    a.href = hitHref(h, ruleBase, d['base'] ?? '/');
    a.append(...rowParts(h, lang, labels));
    li.dataset['number'] = h.number;
    li.dataset['matchLang'] = h.lang;
    if (h.glossary) li.dataset['refs'] = h.glossary.refs.join(' ');
    li.append(a);
    return li;
  }

  /** One row per Pagefind sub-result (a rule or glossary entry), the page title as breadcrumb. */
  function pagefindRows(data: PfData): HTMLLIElement[] {
    const out: HTMLLIElement[] = [];
    // Only anchored sub-results: a rule or a glossary entry. A page-level excerpt is the page's
    // chrome as often as not (「英語を読む (Trample)」 on a ja page searched for 돌진).
    const subs = data.sub_results.filter((s) => anchorOf(s.url)).sort((x, y) => y.locations.length - x.locations.length);
    const rows = subs.map((s) => ({ url: s.url, anchor: anchorOf(s.url)!, excerpt: s.excerpt }));
    for (const r of rows) {
      const key = r.anchor.split('~')[0]!;
      if (key && seen.has(key)) continue;
      if (key) seen.add(key);
      const glossary = key.startsWith('g-');
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = 'cr-sr cr-sr-link';
      a.href = r.url;
      const head = document.createElement('span');
      head.className = 'cr-sr-head';
      const lead = document.createElement('span');
      lead.className = glossary ? 'cr-sr-kind' : 'cr-sr-num';
      lead.textContent = glossary ? labels.glossary : key || (data.meta['title'] ?? '');
      const crumb = document.createElement('span');
      crumb.className = 'cr-sr-crumb';
      crumb.textContent = data.meta['title'] ?? '';
      head.append(lead);
      if (key || glossary) head.append(crumb);
      const snip = document.createElement('span');
      snip.className = 'cr-sr-snip';
      const ex = dropLeadingNumber(excerptText(r.excerpt), key);
      snip.append(...snippetNodes(ex.text, ex.marks, lang));
      a.append(head, snip);
      li.dataset['number'] = key;
      li.dataset['source'] = 'pagefind';
      li.append(a);
      out.push(li);
    }
    return out;
  }

  /** A search whose full-text part is not asked yet (the core had ten rows): "more" asks it. */
  let pending: { raw: string; expanded: string; ed: string; sec: string } | null = null;
  async function moreRows(): Promise<void> {
    const mine = run;
    if (pending) {
      const p = pending;
      pending = null;
      const mod = await load().catch(() => null);
      if (!mod || mine !== run) return;
      const filters: Record<string, string> = {};
      if (p.sec) filters['section'] = p.sec;
      if (p.ed) filters['edition'] = p.ed;
      const asked = pagefindQuery(p.expanded || p.raw);
      root.dataset['pagefindQuery'] = asked;
      const res = await mod.search(asked, { filters });
      if (mine !== run) return;
      results = res?.results ?? [];
      next = 0;
    }
    await renderMore(mine);
    if (mine !== run) return;
    const n = list.children.length;
    status.textContent = fillMessage(d['lCount'], { n, count: n }, '{n}') + (more.hidden ? '' : '+');
    // How many times "more" has finished (tests and tools wait for it).
    root.dataset['moreDone'] = String(Number(root.dataset['moreDone'] ?? 0) + 1);
  }

  /** Adds full-text rows until PAGE new rows are listed or the results run out. */
  async function renderMore(mine: number): Promise<void> {
    let added = 0;
    while (added < PAGE && next < results.length) {
      const batch = results.slice(next, next + 5);
      next += batch.length;
      const datas = await Promise.all(batch.map((r) => r.data()));
      if (mine !== run) return;
      for (const data of datas) {
        const rows = pagefindRows(data);
        list.append(...rows);
        added += rows.length;
      }
    }
    more.hidden = next >= results.length;
  }

  async function search(): Promise<void> {
    const mine = ++run;
    const raw = input.value.trim();
    list.replaceChildren();
    seen.clear();
    more.hidden = true;
    status.classList.remove('is-empty');
    if (!raw) {
      status.textContent = '';
      return;
    }
    status.textContent = d['lSearching'] ?? '';
    const ed = chosenEdition();
    const answer = await ask(raw, ed);
    if (mine !== run) return;
    const sec = chosenSection();
    const top = (answer?.hits ?? []).filter((h) => !sec || (sec === 'glossary' ? !!h.glossary : !h.glossary && h.number.split('.')[0] === sec));
    for (const h of top) {
      seen.add(h.number.split('~')[0]!);
      list.append(coreRow(h, ed));
    }
    results = [];
    next = 0;
    // A rule number is answered exactly by the core (702.6 and its subrules, never 702.60). The
    // full text is asked only when the core has fewer than ten rows (or "more" asks for it).
    const number = !!ruleQuery(raw);
    const mod = needsFullText(answer ? top : null, number, TOP) ? await load().catch(() => null) : null;
    if (mine !== run) return;
    more.hidden = number || !!mod || !answer;
    pending = !number && !mod && !!answer ? { raw, expanded: answer.expanded, ed, sec } : null;
    if (mod) {
      const filters: Record<string, string> = {};
      if (sec) filters['section'] = sec;
      if (ed) filters['edition'] = ed;
      const asked = pagefindQuery(answer?.expanded || raw);
      root.dataset['pagefindQuery'] = asked;
      const res = await mod.search(asked, { filters });
      if (mine !== run) return;
      results = res?.results ?? [];
      await renderMore(mine);
      if (mine !== run) return;
      // The rows the core missed join its rows: the best two within the first ten.
      const rows = [...list.children];
      list.replaceChildren(...interleave(rows.slice(0, top.length), rows.slice(top.length)));
    }
    const n = list.children.length;
    if (!answer && !mod && !number) status.textContent = d['lFailed'] ?? '';
    else status.textContent = n ? fillMessage(d['lCount'], { n, count: n }, '{n}') + (more.hidden ? '' : '+') : format(d['lNone'] ?? '', { q: raw });
    status.classList.toggle('is-empty', n === 0);
    root.dataset['done'] = String(mine);
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const url = new URL(location.href);
    url.searchParams.set('q', input.value.trim());
    section.value ? url.searchParams.set('section', section.value) : url.searchParams.delete('section');
    edition.value ? url.searchParams.set('edition', edition.value) : url.searchParams.delete('edition');
    history.replaceState(null, '', url);
    void search();
  });
  section.addEventListener('change', () => void search());
  edition.addEventListener('change', () => void search());
  more.addEventListener('click', () => void moreRows());
  // The filters list Pagefind's sections and editions: opening one loads it.
  for (const sel of [section, edition]) sel.addEventListener('pointerdown', () => void load().catch(() => null), { once: true });
  for (const sel of [section, edition]) sel.addEventListener('focus', () => void load().catch(() => null), { once: true });
  if (input.value) void search();
}

/** Mounts the full-text search (idempotent). */
export function mountFullText(): void {
  document.querySelectorAll<HTMLElement>('[data-cr-fulltext]').forEach((el) => {
    if (el.dataset['mounted']) return;
    el.dataset['mounted'] = '1';
    mount(el);
  });
}
