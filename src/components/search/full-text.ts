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
import { hitHref, labelsOf, rowParts, snippetNodes, statusLine } from './rows.ts';
import { fillMessage, format } from '../../i18n/translate.ts';
import { interleave, needsFullText } from './fuse.ts';
import { CoreAnswers } from './full-text-core.ts';
import { PagefindSource, type PfData } from './full-text-pagefind.ts';
import { excerptText, queryMarks } from './pagefind-excerpt.ts';

/** Best matches from the core shown above the full-text rows. */
const TOP = 10;
/** Full-text rows added per "more". */
const PAGE = 10;

/**
 * An excerpt without the rule number it starts with (the row shows the number apart): the rule
 * element's text begins with its number, and Pagefind's excerpt with it (`702.19a Trample …`).
 */
function dropLeadingNumber(ex: { text: string; marks: [number, number][] }, number: string): { text: string; marks: [number, number][] } {
  const m = new RegExp(`^\\s*${number.replace(/\./g, '\\.')}\\.?\\s*`).exec(ex.text);
  if (!m) return ex;
  const cut = m[0].length;
  return { text: ex.text.slice(cut), marks: ex.marks.filter(([, b]) => b > cut).map(([a, b]) => [Math.max(0, a - cut), b - cut]) };
}

/** Query as Pagefind should see it: NFKC, no katakana middle dots. */
function pagefindQuery(q: string): string {
  return q.normalize('NFKC').replace(/[・･]/g, '').trim();
}

/** The rule number or glossary anchor a Pagefind sub-result points at. */
function anchorOf(url: string): string | null {
  const i = url.indexOf('#');
  return i < 0 ? null : decodeURIComponent(url.slice(i + 1));
}

type Labels = ReturnType<typeof labelsOf>;

/** The page's elements (FullTextSearch.astro). */
interface Parts {
  form: HTMLFormElement;
  input: HTMLInputElement;
  section: HTMLSelectElement;
  edition: HTMLSelectElement;
  status: HTMLElement;
  list: HTMLOListElement;
  more: HTMLButtonElement;
}

function partsOf(root: HTMLElement): Parts {
  const q = <T extends Element>(name: string) => root.querySelector<T>(`[data-cr-fulltext-${name}]`)!;
  return { form: q('form'), input: q('input'), section: q('section'), edition: q('edition'), status: q('status'), list: q('results'), more: q('more') };
}

/** Fills a filter with Pagefind's values (numeric order), choosing `pick` when it is one. */
function fillFilter(sel: HTMLSelectElement, values: Record<string, number> | undefined, pick: string | null): void {
  const keys = Object.keys(values ?? {}).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const k of keys) sel.append(new Option(k, k));
  if (pick && keys.includes(pick)) sel.value = pick;
}

/** A core hit as a row: a link straight to page#rule in the edition asked. */
function coreRow(h: SearchHit, ed: string, lang: Lang, labels: Labels, d: DOMStringMap): HTMLLIElement {
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

/**
 * One row per Pagefind sub-result (a rule or glossary entry) not listed yet (`seen`), the page title
 * as breadcrumb, the sub-results with the most hits first; marked only where the query Pagefind was
 * `asked` names the words (queryMarks), and left out when it names none of the words Pagefind marked.
 */
function pagefindRows(data: PfData, seen: Set<string>, lang: Lang, labels: Labels, asked: string): HTMLLIElement[] {
  const out: HTMLLIElement[] = [];
  // Only anchored sub-results: a rule or a glossary entry. A page-level excerpt is the page's
  // chrome as often as not (「英語を読む (Trample)」 on a ja page searched for 돌진).
  const subs = data.sub_results.filter((s) => anchorOf(s.url)).sort((x, y) => y.locations.length - x.locations.length);
  for (const s of subs) {
    const key = anchorOf(s.url)!.split('~')[0]!;
    if (key && seen.has(key)) continue;
    // A row whose every mark was a fragment of another word (`レイヤー` in `プレイヤー`) matched nothing the query named.
    const raw = excerptText(s.excerpt);
    const named = queryMarks(raw, asked);
    if (raw.marks.length && !named.marks.length) continue;
    if (key) seen.add(key);
    const glossary = key.startsWith('g-');
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = 'cr-sr cr-sr-link';
    a.href = s.url;
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
    const ex = dropLeadingNumber(named, key);
    snip.append(...snippetNodes(ex.text, ex.marks, lang));
    a.append(head, snip);
    li.dataset['number'] = key;
    li.dataset['source'] = 'pagefind';
    li.append(a);
    out.push(li);
  }
  return out;
}

/** The section and edition filters as Pagefind takes them (empty ones left out). */
function pagefindFilters(sec: string, ed: string): Record<string, string> {
  const filters: Record<string, string> = {};
  if (sec) filters['section'] = sec;
  if (ed) filters['edition'] = ed;
  return filters;
}

/** Wires one full-text search element: the form, the filters, "more", and the search itself. */
function mount(root: HTMLElement): void {
  const d = root.dataset;
  const lang = (d['lang'] ?? 'en') as Lang;
  const labels = labelsOf(d);
  const { form, input, section, edition, status, list, more } = partsOf(root);
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  const pagefind = new PagefindSource(d['base'] ?? '/', (filters) => {
    fillFilter(section, filters['section'], params.get('section'));
    fillFilter(edition, filters['edition'], params.get('edition') ?? d['latest'] ?? null);
  });
  const core = new CoreAnswers(lang, d['assetBase'] ?? '/', new Set((d['editions'] ?? '').split(' ').filter(Boolean)));
  /** Loads Pagefind; false when it cannot be loaded. */
  const loadPagefind = () => pagefind.load().then(() => true, () => false);
  /** The edition asked: the filter's, else the address's, else the latest. */
  const chosenEdition = () => edition.value || params.get('edition') || d['latest'] || '';
  const chosenSection = () => section.value || (pagefind.loaded ? '' : (params.get('section') ?? ''));
  /** The current search (an older one stops at its next step). */
  let run = 0;
  /** Rule numbers and glossary anchors listed (each once). */
  const seen = new Set<string>();
  /** A search whose full-text part is not asked yet (the core had ten rows): "more" asks it. */
  let pending: { raw: string; expanded: string; ed: string; sec: string } | null = null;

  const countText = (n: number) => fillMessage(d['lCount'], { n, count: n }, '{n}') + (more.hidden ? '' : '+');

  /** Asks Pagefind (loaded) for the query the core expanded; false when a newer search began meanwhile. */
  async function askPagefind(mine: number, q: string, sec: string, ed: string): Promise<boolean> {
    const asked = pagefindQuery(q);
    root.dataset['pagefindQuery'] = asked;
    await pagefind.query(asked, pagefindFilters(sec, ed));
    return mine === run;
  }

  /** Adds full-text rows until PAGE new rows are listed or the results run out. */
  async function renderMore(mine: number): Promise<void> {
    let added = 0;
    while (added < PAGE && !pagefind.done) {
      const datas = await pagefind.nextBatch();
      if (mine !== run) return;
      for (const data of datas) {
        const rows = pagefindRows(data, seen, lang, labels, root.dataset['pagefindQuery'] ?? '');
        list.append(...rows);
        added += rows.length;
      }
    }
    more.hidden = pagefind.done;
  }

  async function moreRows(): Promise<void> {
    const mine = run;
    if (pending) {
      const p = pending;
      pending = null;
      if (!(await loadPagefind()) || mine !== run) return;
      if (!(await askPagefind(mine, p.expanded || p.raw, p.sec, p.ed))) return;
    }
    await renderMore(mine);
    if (mine !== run) return;
    status.textContent = countText(list.children.length);
    // How many times "more" has finished (tests and tools wait for it).
    root.dataset['moreDone'] = String(Number(root.dataset['moreDone'] ?? 0) + 1);
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
    const answer = await core.ask(raw, ed, TOP);
    if (mine !== run) return;
    const sec = chosenSection();
    const top = (answer?.hits ?? []).filter((h) => !sec || (sec === 'glossary' ? !!h.glossary : !h.glossary && h.number.split('.')[0] === sec));
    for (const h of top) {
      seen.add(h.number.split('~')[0]!);
      list.append(coreRow(h, ed, lang, labels, d));
    }
    pagefind.clear();
    // A rule number is answered exactly by the core (702.6 and its subrules, never 702.60). The
    // full text is asked only when the core has fewer than ten rows (or "more" asks for it).
    const number = !!ruleQuery(raw);
    const full = needsFullText(answer ? top : null, number, TOP) && (await loadPagefind());
    if (mine !== run) return;
    more.hidden = number || full || !answer;
    pending = !number && !full && !!answer ? { raw, expanded: answer.expanded, ed, sec } : null;
    if (full) {
      if (!(await askPagefind(mine, answer?.expanded || raw, sec, ed))) return;
      await renderMore(mine);
      if (mine !== run) return;
      // The rows the core missed join its rows: the best two within the first ten.
      const rows = [...list.children];
      list.replaceChildren(...interleave(rows.slice(0, top.length), rows.slice(top.length)));
    }
    const n = list.children.length;
    if (!answer && !full && !number) status.textContent = d['lFailed'] ?? '';
    else status.textContent = n ? statusLine(d, answer?.spelled, countText(n)) : format(d['lNone'] ?? '', { q: raw });
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
  for (const sel of [section, edition]) for (const ev of ['pointerdown', 'focus']) sel.addEventListener(ev, () => void loadPagefind(), { once: true });
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
