/**
 * What every browser module needs to know about the page it runs in: the edition base, the numbered
 * rules in order, which rule the reader is on (computed when asked, never cached), and how to move to
 * a rule. Pure reads of the DOM plus two small actions (highlight, go to).
 */
import { LANG_ALTERNATION } from '../../i18n/locales.ts';

/** `/en/`, `/ja/2019-01-25/`: the only shape an edition base may have. */
export const BASE_RE = new RegExp(`^/(?:${LANG_ALTERNATION})/(?:\\d{4}-\\d{2}-\\d{2}/)?$`);

/** The page's edition base (`data-base` on body), `/en/` when it is missing or malformed. */
export function base(doc: Document = document): string {
  const b = doc.body.dataset['base'] ?? '';
  return BASE_RE.test(b) ? b : '/en/';
}

export function isTyping(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Numbered elements of the page, in order. */
export function ruleElements(doc: Document = document): HTMLElement[] {
  return Array.from(doc.querySelectorAll<HTMLElement>('[data-rule][id]'));
}

/** Bottom edge of whatever is stuck to the top of the viewport (the sticky header), in px. */
function stuckTop(doc: Document = document): number {
  const top = doc.querySelector<HTMLElement>('header.top');
  if (!top) return 0;
  const r = top.getBoundingClientRect();
  return r.bottom > 0 && getComputedStyle(top).position !== 'static' ? r.bottom : 0;
}

/**
 * The rule the reader is on: the hash target while it is on screen, else the first rule whose bottom
 * is below the sticky header (the one being read at the top of the viewport).
 */
export function currentRule(doc: Document = document): HTMLElement | null {
  const view = doc.defaultView ?? window;
  let id = '';
  try {
    id = decodeURIComponent(view.location.hash.slice(1));
  } catch {
    id = view.location.hash.slice(1);
  }
  const target = id ? doc.getElementById(id) : null;
  const top = stuckTop(doc);
  if (target?.dataset['rule']) {
    const r = target.getBoundingClientRect();
    if (r.bottom > top && r.top < view.innerHeight) return target;
  }
  const els = ruleElements(doc);
  for (const el of els) if (el.getBoundingClientRect().bottom > top + 8) return el;
  return els[els.length - 1] ?? null;
}

export function highlight(el: HTMLElement, doc: Document = document): void {
  doc.querySelectorAll('.r-current').forEach((x) => x.classList.remove('r-current'));
  el.classList.add('r-current');
}

/** Moves to a rule on this page: the hash (replaced, so Back leaves the page), scroll and highlight. */
export function goToElement(el: HTMLElement, doc: Document = document): void {
  const view = doc.defaultView ?? window;
  view.history.replaceState(null, '', `#${el.id}`);
  el.scrollIntoView({ block: 'start' });
  highlight(el, doc);
}

/** Whether a URL answers (HEAD); false on any network error. */
export async function exists(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { method: 'HEAD' });
    return r.ok;
  } catch {
    return false;
  }
}
