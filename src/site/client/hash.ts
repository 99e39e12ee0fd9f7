/**
 * Anchors in other spellings (`#R70219b`, `#702.19.`, `#CR702.19b`): resolved to the rule on this page,
 * or to the rule's own URL when it lives elsewhere. Runs on load and on every hash change.
 */
import { ruleFromQuery } from '../lookup.ts';
import { base, goToElement, highlight } from './page.ts';

function resolveHash(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const raw = view.location.hash.slice(1);
  if (!raw) return;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    /* keep raw */
  }
  const el = doc.getElementById(id);
  if (el) {
    if (el.dataset['rule']) highlight(el, doc);
    return;
  }
  const rule = ruleFromQuery(id);
  if (!rule) return;
  const target = doc.getElementById(rule);
  if (target) goToElement(target, doc);
  else view.location.replace(`${base(doc)}${rule}/`);
}

export function initHash(doc: Document = document): void {
  resolveHash(doc);
  (doc.defaultView ?? window).addEventListener('hashchange', () => resolveHash(doc));
}
