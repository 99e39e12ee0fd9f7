/**
 * Browser behaviour of SearchBox.astro: lazy worker start, one query per keystroke (stale answers
 * dropped), results as an ARIA combobox/listbox, ↑/↓ to move, Enter to open (never while an IME
 * composes), Escape to close; the row the reader moved to survives the preliminary → full update,
 * and the status line marks the preliminary rows as such and names a corrected misspelling; rows
 * link straight to `page#rule` through the edition's rule index.
 * Each option is a plain element (no link inside: a focusable control within role=option is the
 * axe `nested-interactive` violation); a click or Enter opens it. Rows come from rows.ts and are
 * styled by the global search.css. The DOM is built with textContent only.
 */
import type { SearchHit } from '../../search/types.ts';
import { hitHref, labelsOf, rowParts, statusLine } from './rows.ts';
import { findRule, type RuleIndex } from '../../site/rule-index.ts';
import { loadRuleIndex } from '../../site/client/goto.ts';
import type { WorkerIn, WorkerOut } from './search.worker.ts';
import { fillMessage, format } from '../../i18n/translate.ts';

function mount(root: HTMLElement): void {
  if (root.dataset['mounted']) return;
  root.dataset['mounted'] = '1';
  const d = root.dataset;
  const input = root.querySelector<HTMLInputElement>('input[data-cr-search]')!;
  const panel = root.querySelector<HTMLElement>('[data-cr-search-panel]')!;
  const status = root.querySelector<HTMLElement>('[data-cr-search-status]')!;
  const list = root.querySelector<HTMLUListElement>('[data-cr-search-results]')!;
  const all = root.querySelector<HTMLAnchorElement>('[data-cr-search-all]')!;
  const empty = root.querySelector<HTMLElement>('[data-cr-search-empty]')!;
  const labels = labelsOf(root.dataset);
  const pageLang = d['lang']!;
  let worker: Worker | null = null;
  let ready = false;
  let seq = 0;
  let shown = 0;
  let hits: SearchHit[] = [];
  let active = -1;
  /** The row the reader moved to (arrows, pointer) for the query shown, kept across re-renders. */
  let chosen: SearchHit | null = null;
  /** The edition's rule index: result links go straight to `page#rule` (no redirect stub; offline too). */
  let ruleIndex: RuleIndex | null = null;

  const href = (h: SearchHit) => (!h.glossary && ruleIndex && findRule(ruleIndex, h.number)) || hitHref(h, d['ruleBase'] ?? '/', d['assetBase'] ?? '/');

  function start(): void {
    if (worker) return;
    void loadRuleIndex(d['ruleBase'] ?? '/').then((index) => {
      ruleIndex = index;
      list.querySelectorAll<HTMLLIElement>('li[data-number]').forEach((li, i) => {
        if (hits[i]) li.dataset['href'] = href(hits[i]!);
      });
    });
    worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<WorkerOut>) => {
      const m = e.data;
      if (m.type === 'ready') {
        ready = true;
        root.dataset['searchPart'] = m.part;
        if (input.value.trim()) query();
      } else if (m.type === 'results') {
        if (m.id < shown || m.q !== input.value.trim()) return;
        shown = m.id;
        render(m.hits, m.part, m.spelled);
      } else {
        status.textContent = `${d['lFailed']} (${m.message})`;
      }
    };
    const init: WorkerIn = { type: 'init', base: d['assetBase'] ?? '/', bundle: d['bundle']! };
    worker.postMessage(init);
  }

  function open(on: boolean): void {
    panel.hidden = !on;
    input.setAttribute('aria-expanded', String(on && hits.length > 0));
  }

  function setActive(i: number, scroll = true): void {
    const items = list.querySelectorAll<HTMLLIElement>('li');
    active = items.length ? (i + items.length) % items.length : -1;
    items.forEach((li, k) => li.setAttribute('aria-selected', String(k === active)));
    if (active >= 0) {
      input.setAttribute('aria-activedescendant', items[active]!.id);
      if (scroll) items[active]!.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function render(next: SearchHit[], part: 'head' | 'full', spelled: string | null): void {
    const q = input.value.trim();
    // The same query answered again (the preliminary rows, then the full ranking): the row the
    // reader moved to stays active, and stays in the list even if the full ranking dropped it, so
    // Enter or a tap never opens a row that slid in under them (reading-experience #3).
    let keep = -1;
    if (chosen && list.dataset['q'] === q) {
      keep = next.findIndex((h) => h.number === chosen!.number);
      if (keep < 0) {
        keep = Math.min(active, next.length);
        next = [...next.slice(0, keep), chosen, ...next.slice(keep)];
      }
    } else chosen = null;
    hits = next;
    list.replaceChildren(
      ...hits.map((h, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.className = h.glossary ? 'cr-sr cr-sr-glossary' : 'cr-sr';
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset['number'] = h.number;
        li.dataset['matchLang'] = h.lang;
        li.dataset['href'] = href(h);
        if (h.glossary) li.dataset['refs'] = h.glossary.refs.join(' ');
        li.append(...rowParts(h, pageLang, labels));
        return li;
      }),
    );
    // The query these rows answer (tests and tools wait for it).
    list.dataset['q'] = q;
    list.dataset['part'] = part;
    // The head's rows (numbers, headings, glossary) come before the rule text is indexed: they say
    // so, and a query the head cannot answer is not yet "no rule matches" (reading-experience #3).
    const pending = part === 'head';
    const none = hits.length === 0 && !pending;
    const count = hits.length ? fillMessage(d['lCount'], { n: hits.length, count: hits.length }, '{n}') : '';
    // A corrected misspelling is said first (`tramlpe`: Showing results for “trample”).
    status.textContent = none ? format(d['lNone'] ?? '', { q }) : statusLine(d, hits.length ? spelled : null, count, pending ? d['lPending'] : '');
    status.classList.toggle('is-empty', none);
    empty.hidden = !none;
    empty.textContent = none ? d['lNoneHint'] ?? '' : '';
    all.href = fullTextHref(q);
    setActive(keep >= 0 ? keep : hits.length ? 0 : -1, keep >= 0);
    open(true);
  }

  /** The full-text page for a query, in this box's edition (`edition` only when not the latest). */
  function fullTextHref(q: string): string {
    return `${d['fulltext']}?q=${encodeURIComponent(q)}${d['edition'] ? `&edition=${encodeURIComponent(d['edition'])}` : ''}`;
  }

  /** The reader moved to row i: remember its hit for the re-render of the same query. */
  function choose(i: number, scroll = true): void {
    setActive(i, scroll);
    chosen = hits[active] ?? null;
  }

  function query(): void {
    const q = input.value.trim();
    if (!q) {
      hits = [];
      list.replaceChildren();
      open(false);
      return;
    }
    start();
    if (!ready) {
      status.textContent = d['lLoading'] ?? '';
      open(true);
      return;
    }
    const msg: WorkerIn = { type: 'query', id: ++seq, q, limit: 10 };
    worker!.postMessage(msg);
  }

  input.addEventListener('focus', start, { once: true });
  root.addEventListener('pointerenter', start, { once: true });
  input.addEventListener('input', query);
  input.addEventListener('keydown', (e) => {
    // A key that confirms or moves inside an IME composition (Japanese, Korean) is the IME's: Enter
    // there converts the text, it must not open a row (reading-experience #2; Chrome and Safari send
    // isComposing, some send only keyCode 229).
    if (e.isComposing || e.keyCode === 229) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (panel.hidden && hits.length) open(true);
      choose(active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      choose(active - 1);
    } else if (e.key === 'Enter') {
      const hit = hits[active >= 0 ? active : 0];
      if (hit && input.value.trim()) {
        e.preventDefault();
        window.location.assign(href(hit));
      }
      // Without results the form submits to the full-text page.
    } else if (e.key === 'Escape') {
      if (!panel.hidden) {
        e.preventDefault();
        open(false);
      } else input.value = '';
    }
  });
  input.addEventListener('focus', () => {
    if (hits.length) open(true);
  });
  // Options are not links: a click opens the row (the pointer also marks the row it is over).
  list.addEventListener('click', (e) => {
    const li = (e.target as Element).closest<HTMLLIElement>('li[role="option"]');
    if (li?.dataset['href']) window.location.assign(li.dataset['href']);
  });
  list.addEventListener('pointermove', (e) => {
    const li = (e.target as Element).closest<HTMLLIElement>('li[role="option"]');
    const i = li ? Array.prototype.indexOf.call(list.children, li) : -1;
    if (i >= 0 && i !== active) choose(i, false);
  });
  document.addEventListener('pointerdown', (e) => {
    if (!root.contains(e.target as Node)) open(false);
  });
}

/** Mounts every search box on the page (idempotent). */
export function mountSearchBoxes(): void {
  document.querySelectorAll<HTMLElement>('[data-cr-search-root]').forEach(mount);
}
