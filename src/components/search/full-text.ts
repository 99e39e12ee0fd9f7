/**
 * Browser behaviour of FullTextSearch.astro on top of Pagefind's JS API (`/pagefind/pagefind.js`).
 * Pagefind returns sub-results in document order; they are re-ranked by number of hits here
 * (search-notes §6). Queries are normalised first (NFKC, `・` removed) because Pagefind's own
 * query segmentation splits katakana compounds badly (search-notes §3).
 */
import { normalizeRuleQuery } from '../../model/rule-number.ts';

interface PfSub { title: string; url: string; excerpt: string; locations: number[] }
interface PfData { url: string; meta: Record<string, string>; excerpt: string; sub_results: PfSub[] }
interface PfResult { id: string; data: () => Promise<PfData> }
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (q: string | null, o?: { filters?: Record<string, string> }) => Promise<{ results: PfResult[] } | null>;
}

const PAGE = 10;

/** Pagefind excerpts are escaped HTML with <mark>: turned into nodes without parsing HTML. */
export function excerptNodes(excerpt: string): Node[] {
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;/g, "'").replace(/&amp;/g, '&');
  const out: Node[] = [];
  excerpt.split(/(<mark>.*?<\/mark>)/g).forEach((part) => {
    if (!part) return;
    const m = /^<mark>(.*)<\/mark>$/.exec(part);
    if (m) {
      const el = document.createElement('mark');
      el.textContent = unescape(m[1]!);
      out.push(el);
    } else out.push(document.createTextNode(unescape(part.replace(/<[^>]+>/g, ''))));
  });
  return out;
}

/** Query as Pagefind should see it: NFKC, no katakana middle dots. */
export function pagefindQuery(q: string): string {
  return q.normalize('NFKC').replace(/[・･]/g, '').trim();
}

function mount(root: HTMLElement): void {
  const d = root.dataset;
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
  let shown = 0;
  let run = 0;

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

  async function renderMore(): Promise<void> {
    const slice = results.slice(shown, shown + PAGE);
    shown += slice.length;
    const datas = await Promise.all(slice.map((r) => r.data()));
    for (const data of datas) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = 'page';
      a.href = data.url;
      a.textContent = data.meta['title'] ?? data.url;
      li.append(a);
      const subs = [...data.sub_results].filter((s) => s.url !== data.url).sort((x, y) => y.locations.length - x.locations.length).slice(0, 5);
      if (subs.length) {
        const ul = document.createElement('ul');
        for (const s of subs) {
          const sli = document.createElement('li');
          const sa = document.createElement('a');
          sa.className = 'sub';
          sa.href = s.url;
          sa.textContent = s.title;
          const ex = document.createElement('span');
          ex.className = 'excerpt';
          ex.append(...excerptNodes(s.excerpt));
          sli.append(sa, ex);
          ul.append(sli);
        }
        li.append(ul);
      } else {
        const ex = document.createElement('span');
        ex.className = 'excerpt';
        ex.append(...excerptNodes(data.excerpt));
        li.append(ex);
      }
      list.append(li);
    }
    more.hidden = shown >= results.length;
  }

  async function search(): Promise<void> {
    const mine = ++run;
    const raw = input.value.trim();
    list.replaceChildren();
    more.hidden = true;
    if (!raw) {
      status.textContent = '';
      return;
    }
    const number = normalizeRuleQuery(raw);
    if (number) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = 'cr-fulltext-rule';
      a.href = `${d['ruleBase']}${number}/`;
      a.textContent = (d['lRule'] ?? '{n}').replace('{n}', number);
      li.append(a);
      list.append(li);
    }
    let mod: Pagefind;
    try {
      mod = await load();
    } catch {
      status.textContent = d['lFailed'] ?? '';
      return;
    }
    const filters: Record<string, string> = {};
    if (section.value) filters['section'] = section.value;
    if (edition.value) filters['edition'] = edition.value;
    const res = await mod.search(pagefindQuery(raw), { filters });
    if (!res || mine !== run) return;
    results = res.results;
    shown = 0;
    status.textContent = results.length ? (d['lCount'] ?? '{n}').replace('{n}', String(results.length)) : d['lNone'] ?? '';
    await renderMore();
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
  more.addEventListener('click', () => void renderMore());
  if (input.value) void search();
  else void load().catch(() => (status.textContent = d['lFailed'] ?? ''));
}

/** Mounts the full-text search (idempotent). */
export function mountFullText(): void {
  document.querySelectorAll<HTMLElement>('[data-cr-fulltext]').forEach((el) => {
    if (el.dataset['mounted']) return;
    el.dataset['mounted'] = '1';
    mount(el);
  });
}
