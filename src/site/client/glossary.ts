/**
 * The glossary pages' script (src/components/glossary/): the filter box, which searches the edition's
 * headword list (`/api/{lang}/{edition}/headwords.json`, fetched on first use and kept by the service
 * worker) and lists the matching headwords linked to their group pages; and links made before the
 * glossary was split into group pages (`/en/glossary/#g-trample`, `#gl-t`), which it sends on to the
 * page that now holds the entry. Without script the index links still reach every entry.
 */
import { fillMessage, format } from '../../i18n/translate.ts';
import type { Headword, HeadwordList } from '../glossary-data.ts';

/** Folds what a reader types the way the headwords are folded (NFKC, lower case, one space). */
export function filterText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Katakana → hiragana, so `とらんぷる` finds `トランプル` (readings are printed in hiragana). */
export function foldKana(s: string): string {
  return s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** What a headword matches on: its term, reading, English and other-language names, folded. */
const headwordKey = (h: Headword) => foldKana(filterText([h[0], h[2], h[3], ...h[4].map((o) => o[1])].join(' ')));

/**
 * Headwords matching a query, best first: the term itself starting with it, then the reading or a
 * name starting with it, then anything containing it; ties keep dictionary order.
 */
export function matchHeadwords(items: readonly Headword[], query: string): Headword[] {
  const q = foldKana(filterText(query));
  if (!q) return [];
  const ranked: [number, number, Headword][] = [];
  items.forEach((h, i) => {
    const key = headwordKey(h);
    if (!key.includes(q)) return;
    const term = foldKana(filterText(h[0]));
    const rank = term.startsWith(q) ? 0 : key.split(' ').some((w) => w.startsWith(q)) ? 1 : 2;
    ranked.push([rank, i, h]);
  });
  return ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((r) => r[2]);
}

/** Where an old single-page anchor now lives (`g-trample` → `t/#g-trample`; `gl-t` → `t/`), or null. */
export function movedAnchor(id: string, items: readonly Headword[], groups: readonly string[]): string | null {
  const group = /^gl-([a-z]+)$/.exec(id)?.[1];
  if (group) return groups.includes(group) ? `${group}/` : null;
  if (!/^[gp]-/.test(id)) return null;
  const h = items.find((x) => x[1].endsWith(`#${id}`));
  return h ? h[1] : null;
}

/** Matches shown at once (the status line says how many there are in all). */
const SHOWN = 60;

let list: Promise<HeadwordList> | null = null;
function headwords(src: string): Promise<HeadwordList> {
  list ??= fetch(src).then((r) => {
    if (!r.ok) throw new Error(`${src}: ${r.status}`);
    return r.json() as Promise<HeadwordList>;
  });
  list.catch(() => (list = null));
  return list;
}

function row(doc: Document, h: Headword, index: string, lang: string): HTMLLIElement {
  const li = doc.createElement('li');
  const a = doc.createElement('a');
  a.href = h[1].startsWith('/') ? h[1] : `${index}${h[1]}`;
  const part = (cls: string, text: string, l?: string) => {
    const s = doc.createElement('span');
    s.className = cls;
    s.textContent = text;
    if (l) s.lang = l;
    a.append(s);
  };
  part('gl-r-term', h[0], lang);
  if (h[2]) part('gl-r-reading', `（${h[2]}）`, lang);
  if (h[3] && h[3] !== h[0]) part('gl-r-en', h[3], 'en');
  for (const [l, name] of h[4]) part('gl-r-other', name, l);
  li.append(a);
  return li;
}

export function initGlossary(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-gl-filter]');
  const input = doc.querySelector<HTMLInputElement>('[data-gl-q]');
  const status = doc.querySelector<HTMLElement>('[data-gl-status]');
  const results = doc.querySelector<HTMLElement>('[data-gl-results]');
  const none = doc.querySelector<HTMLElement>('[data-gl-none]');
  if (!form || !input || !status || !results) return;
  const view = doc.defaultView ?? window;
  const src = form.dataset['src']!;
  const index = form.dataset['index']!;
  const lang = doc.body.dataset['lang'] ?? 'en';
  const groups = Array.from(doc.querySelectorAll<HTMLAnchorElement>('.gl-index a')).map((a) => a.pathname.slice(index.length).replace(/\/$/, ''));
  const initialStatus = status.textContent ?? '';
  form.hidden = false;

  // A link from before the split: send it on to the page that holds its target.
  const redirectOld = () => {
    let id = view.location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      /* keep it */
    }
    if (!id || doc.getElementById(id)) return;
    const local = movedAnchor(id, [], groups);
    if (local) return view.location.replace(`${index}${local}`);
    if (!/^[gp]-/.test(id)) return;
    void headwords(src).then((l) => {
      const to = movedAnchor(id, l.items, groups);
      if (to) view.location.replace(`${index}${to}`);
    });
  };

  let seq = 0;
  const apply = async (): Promise<void> => {
    const raw = input.value.trim();
    const mine = ++seq;
    if (!raw) {
      results.hidden = true;
      results.replaceChildren();
      status.textContent = initialStatus;
      if (none) none.hidden = true;
      return;
    }
    let l: HeadwordList;
    try {
      l = await headwords(src);
    } catch {
      return;
    }
    if (mine !== seq) return;
    const hits = matchHeadwords(l.items, raw);
    results.replaceChildren(...hits.slice(0, SHOWN).map((h) => row(doc, h, index, lang)));
    results.hidden = hits.length === 0;
    status.textContent = fillMessage(form.dataset['lMatches'], { k: hits.length, n: l.count, count: hits.length }, '{k}/{n}');
    if (none) {
      none.hidden = hits.length > 0;
      if (hits.length === 0) {
        const a = doc.createElement('a');
        a.href = `${form.dataset['search']}?q=${encodeURIComponent(raw)}`;
        a.textContent = raw;
        none.replaceChildren(format(form.dataset['lNone'] ?? '', { q: raw }), ' ', a);
      }
    }
  };

  let timer = 0;
  input.addEventListener('input', () => {
    view.clearTimeout(timer);
    timer = view.setTimeout(() => void apply(), 60);
  });
  // Loading the list when the box gets focus makes the first keystroke answer at once.
  input.addEventListener('focus', () => void headwords(src).catch(() => undefined), { once: true });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    view.clearTimeout(timer);
    // Enter opens the first match.
    void apply().then(() => results.querySelector<HTMLAnchorElement>('a')?.click());
  });

  const q = new URLSearchParams(view.location.search).get('q');
  if (q) {
    input.value = q;
    void apply();
  }
  redirectOld();
  view.addEventListener('hashchange', redirectOld);
}
