/**
 * Keyboard shortcuts: `/` search, `g` go-to, `[`/`]` previous/next rule (then the previous/next page),
 * Esc closes what is open and leaves a text box. Ignored while typing or with a modifier held.
 */
import { currentRule, goToElement, isTyping, ruleElements } from './page.ts';

export interface KeyboardDeps {
  /** Closes any open preview (Esc). */
  closePreview(): void;
}

function stepRule(delta: 1 | -1, doc: Document): void {
  const els = ruleElements(doc);
  const cur = currentRule(doc);
  const i = cur ? els.indexOf(cur) : -1;
  const next = els[i + delta];
  if (next && i >= 0) {
    goToElement(next, doc);
    next.querySelector<HTMLElement>('a.num')?.focus({ preventScroll: true });
    return;
  }
  const pager = doc.querySelector<HTMLAnchorElement>(`a[data-pager="${delta > 0 ? 'next' : 'prev'}"]`);
  if (pager) (doc.defaultView ?? window).location.href = pager.href;
}

export function initKeyboard(deps: KeyboardDeps, doc: Document = document): void {
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      deps.closePreview();
      if (isTyping(e.target)) (e.target as HTMLElement).blur();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    if (e.key === '/') {
      const search = doc.querySelector<HTMLInputElement>('[data-cr-search]');
      if (search) {
        e.preventDefault();
        search.focus();
      }
    } else if (e.key === 'g') {
      const input = doc.querySelector<HTMLInputElement>('[data-cr-goto-input]');
      if (input) {
        e.preventDefault();
        input.focus();
        input.select();
      }
    } else if (e.key === ']' || e.key === '[') {
      e.preventDefault();
      stepRule(e.key === ']' ? 1 : -1, doc);
    }
  });
}
