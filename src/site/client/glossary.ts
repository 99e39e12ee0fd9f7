/**
 * The glossary page's filter box and index (GlossaryView.astro): typing narrows the entries of every
 * initial group at once (no network: the entries are all in the page), an index link or a deep link
 * opens its collapsed group. The page works without this script (the filter then stays hidden).
 */
import { fillMessage, format } from '../../i18n/translate.ts';

/** Folds what a reader types the way the page's filter keys are written (NFKC, lower case). */
export function filterText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Katakana → hiragana, so `とらんぷる` finds `トランプル` (readings are printed in hiragana). */
export function foldKana(s: string): string {
  return s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Opens the collapsed group that holds the element `id` names, so a deep link shows its entry. */
export function revealHashTarget(doc: Document = document): void {
  let id = doc.defaultView?.location.hash.slice(1) ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep it */
  }
  const el = id ? doc.getElementById(id) : null;
  const group = el?.closest<HTMLDetailsElement>('details[data-gl-group]') ?? (el instanceof HTMLDetailsElement && el.dataset['glGroup'] !== undefined ? el : null);
  if (!el || !group || group.open) return;
  group.open = true;
  el.scrollIntoView({ block: 'start' });
}

export function initGlossary(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-gl-filter]');
  const input = doc.querySelector<HTMLInputElement>('[data-gl-q]');
  const status = doc.querySelector<HTMLElement>('[data-gl-status]');
  const none = doc.querySelector<HTMLElement>('[data-gl-none]');
  if (!form || !input || !status) return;
  const view = doc.defaultView ?? window;
  const groups = Array.from(doc.querySelectorAll<HTMLDetailsElement>('details[data-gl-group]'));
  const entries = groups.map((g) => ({ group: g, items: Array.from(g.querySelectorAll<HTMLElement>('.gl-entry')).map((el) => ({ el, key: foldKana(el.dataset['glK'] ?? '') })) }));
  const total = entries.reduce((n, g) => n + (g.group.id === 'gl-pairs' ? 0 : g.items.length), 0);
  const wasOpen = new Map<HTMLDetailsElement, boolean>();
  const lang = doc.body.dataset['lang'] ?? 'en';
  form.hidden = false;

  const apply = (): void => {
    const q = foldKana(filterText(input.value));
    if (!q) {
      for (const g of entries) {
        g.group.hidden = false;
        for (const it of g.items) it.el.hidden = false;
        if (wasOpen.has(g.group)) g.group.open = wasOpen.get(g.group)!;
      }
      wasOpen.clear();
      status.textContent = fillMessage(form.dataset['lCount'], { n: total, count: total }, '{n}');
      if (none) none.hidden = true;
      return;
    }
    let k = 0;
    for (const g of entries) {
      if (!wasOpen.has(g.group)) wasOpen.set(g.group, g.group.open);
      let any = false;
      for (const it of g.items) {
        const hit = it.key.includes(q);
        it.el.hidden = !hit;
        if (hit) {
          any = true;
          if (g.group.id !== 'gl-pairs') k++;
        }
      }
      g.group.hidden = !any;
      g.group.open = any;
    }
    status.textContent = fillMessage(form.dataset['lMatches'], { k, n: total, count: k }, '{k}/{n}');
    if (none) {
      none.hidden = k > 0;
      if (k === 0) {
        const a = doc.createElement('a');
        a.href = `/${lang}/search/?q=${encodeURIComponent(input.value.trim())}`;
        a.textContent = input.value.trim();
        none.replaceChildren(format(form.dataset['lNone'] ?? '', { q: input.value.trim() }), ' ', a);
      }
    }
  };

  let timer = 0;
  input.addEventListener('input', () => {
    view.clearTimeout(timer);
    timer = view.setTimeout(apply, 60);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    view.clearTimeout(timer);
    apply();
    // Enter goes to the first match.
    const first = entries.flatMap((g) => g.items).find((it) => !it.el.hidden && input.value.trim());
    first?.el.querySelector<HTMLAnchorElement>('a')?.focus();
  });

  // An index link opens its group (after clearing a filter that would hide it).
  doc.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-gl-jump]');
    if (!a) return;
    const group = doc.getElementById(`gl-${a.dataset['glJump']}`) as HTMLDetailsElement | null;
    if (!group) return;
    if (input.value) {
      input.value = '';
      apply();
    }
    group.open = true;
  });

  const q = new URLSearchParams(view.location.search).get('q');
  if (q) {
    input.value = q;
    apply();
  }
  revealHashTarget(doc);
  view.addEventListener('hashchange', () => revealHashTarget(doc));
}
