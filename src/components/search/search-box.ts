/**
 * Browser behaviour of SearchBox.astro: lazy worker start, one query per keystroke (stale answers
 * dropped), results as an ARIA combobox/listbox, ↑/↓ to move, Enter to open, Escape to close.
 * The DOM is built with textContent only (rule text is never parsed as HTML).
 */
import type { SearchHit } from '../../search/types.ts';
import type { WorkerIn, WorkerOut } from './search.worker.ts';

const LANG_LABEL: Record<string, string> = { en: 'EN', ja: 'JA', ko: 'KO' };

/** Highlighted snippet as DOM nodes. */
function snippetNodes(hit: SearchHit): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const [a, b] of hit.marks) {
    if (a < at) continue;
    if (a > at) out.push(document.createTextNode(hit.snippet.slice(at, a)));
    const m = document.createElement('mark');
    m.textContent = hit.snippet.slice(a, b);
    out.push(m);
    at = b;
  }
  if (at < hit.snippet.length) out.push(document.createTextNode(hit.snippet.slice(at)));
  return out;
}

function mount(root: HTMLElement): void {
  if (root.dataset['mounted']) return;
  root.dataset['mounted'] = '1';
  const d = root.dataset;
  const input = root.querySelector<HTMLInputElement>('input[data-cr-search]')!;
  const panel = root.querySelector<HTMLElement>('[data-cr-search-panel]')!;
  const status = root.querySelector<HTMLElement>('[data-cr-search-status]')!;
  const list = root.querySelector<HTMLUListElement>('[data-cr-search-results]')!;
  const all = root.querySelector<HTMLAnchorElement>('[data-cr-search-all]')!;
  const pageLang = d['lang']!;
  let worker: Worker | null = null;
  let ready = false;
  let seq = 0;
  let shown = 0;
  let hits: SearchHit[] = [];
  let active = -1;

  const href = (n: string) => `${d['ruleBase']}${n}/`;

  function start(): void {
    if (worker) return;
    worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<WorkerOut>) => {
      const m = e.data;
      if (m.type === 'ready') {
        ready = true;
        if (input.value.trim()) query();
      } else if (m.type === 'results') {
        if (m.id < shown || m.q !== input.value.trim()) return;
        shown = m.id;
        render(m.hits);
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

  function setActive(i: number): void {
    const items = list.querySelectorAll<HTMLLIElement>('li');
    active = items.length ? (i + items.length) % items.length : -1;
    items.forEach((li, k) => li.setAttribute('aria-selected', String(k === active)));
    if (active >= 0) {
      input.setAttribute('aria-activedescendant', items[active]!.id);
      items[active]!.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function render(next: SearchHit[]): void {
    hits = next;
    list.replaceChildren(
      ...hits.map((h, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset['number'] = h.number;
        li.dataset['matchLang'] = h.lang;
        const a = document.createElement('a');
        a.href = href(h.number);
        a.tabIndex = -1;
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = h.number;
        a.append(num);
        if (h.lang !== pageLang) {
          const lang = document.createElement('span');
          lang.className = 'lang';
          lang.lang = h.lang;
          lang.title = `${d['lMatched']} ${LANG_LABEL[h.lang]}`;
          lang.textContent = LANG_LABEL[h.lang] ?? h.lang;
          a.append(lang);
        }
        if (h.context) {
          const ctx = document.createElement('span');
          ctx.className = 'ctx';
          ctx.textContent = h.context;
          a.append(ctx);
        }
        const snip = document.createElement('span');
        snip.className = 'snip';
        snip.lang = h.lang;
        snip.append(...snippetNodes(h));
        a.append(snip);
        li.append(a);
        return li;
      }),
    );
    status.textContent = hits.length ? (d['lCount'] ?? '{n}').replace('{n}', String(hits.length)) : d['lNone'] ?? '';
    all.href = `${d['fulltext']}?q=${encodeURIComponent(input.value.trim())}`;
    setActive(hits.length ? 0 : -1);
    open(true);
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
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (panel.hidden && hits.length) open(true);
      setActive(active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(active - 1);
    } else if (e.key === 'Enter') {
      const hit = hits[active >= 0 ? active : 0];
      if (hit && input.value.trim()) {
        e.preventDefault();
        window.location.assign(href(hit.number));
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
  document.addEventListener('pointerdown', (e) => {
    if (!root.contains(e.target as Node)) open(false);
  });
}

/** Mounts every search box on the page (idempotent). */
export function mountSearchBoxes(): void {
  document.querySelectorAll<HTMLElement>('[data-cr-search-root]').forEach(mount);
}
