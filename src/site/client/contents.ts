/**
 * The contents sidebar and the menu sheet: keeps `--head-h` equal to the sticky header's height (for
 * scroll padding and sticky offsets), highlights the sidebar entry of the rule in view as the reader
 * scrolls (IntersectionObserver; the first rule whose bottom is below the header, the same rule
 * page.ts's currentRule() reads), shows that rule's number on the phone's menu button, and closes the
 * menu sheet when one of its links is followed.
 */

/** `702.19b` → `702.19`; `702` → null (the section heading has no sidebar entry). */
export function ruleKey(number: string): string | null {
  const m = /^(\d{3})\.(\d+)/.exec(number);
  return m ? `${m[1]}.${m[2]}` : null;
}

export function initContents(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const root = doc.documentElement;
  const header = doc.querySelector<HTMLElement>('header.top');
  const menu = doc.getElementById('cr-menu');
  const where = doc.querySelector<HTMLElement>('[data-menu-where]');
  const links = new Map<string, HTMLAnchorElement>();
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[data-toc]')) links.set(a.dataset['toc']!, a);

  let headH = 0;
  let observer: IntersectionObserver | null = null;
  const rules = Array.from(doc.querySelectorAll<HTMLElement>('main [data-rule][id]'));
  const order = new Map(rules.map((el, i) => [el, i]));
  const visible = new Set<HTMLElement>();
  let active: HTMLAnchorElement | null = null;

  const mark = (el: HTMLElement | null): void => {
    const key = el ? ruleKey(el.dataset['rule'] ?? '') : null;
    const link = key ? (links.get(key) ?? null) : null;
    if (link === active) return;
    active?.removeAttribute('aria-current');
    active = link;
    if (where) where.textContent = link && key ? key : '';
    if (!link) return;
    link.setAttribute('aria-current', 'location');
    // Keep the entry visible inside the sidebar without moving the page.
    // The sidebar scrolls as a whole; the phone's sheet scrolls only its contents (its header stays).
    const box = [link.closest<HTMLElement>('.side-contents'), link.closest<HTMLElement>('.side')].find((b) => b && b.scrollHeight > b.clientHeight);
    if (box) {
      const lr = link.getBoundingClientRect();
      const br = box.getBoundingClientRect();
      if (lr.top < br.top + 40 || lr.bottom > br.bottom - 40) box.scrollTop += lr.top - br.top - box.clientHeight / 3;
    }
  };

  const pick = (): void => {
    let first: HTMLElement | null = null;
    for (const el of visible) if (!first || order.get(el)! < order.get(first)!) first = el;
    if (first) mark(first);
  };

  const observe = (): void => {
    observer?.disconnect();
    visible.clear();
    if (!links.size || !('IntersectionObserver' in view)) return;
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.add(e.target as HTMLElement);
          else visible.delete(e.target as HTMLElement);
        }
        pick();
      },
      { rootMargin: `-${Math.round(headH) + 8}px 0px 0px 0px` },
    );
    for (const el of rules) observer.observe(el);
  };

  const measure = (): void => {
    const h = header && view.getComputedStyle(header).position !== 'static' ? header.offsetHeight : 0;
    if (Math.abs(h - headH) < 1) return;
    headH = h;
    root.style.setProperty('--head-h', `${h}px`);
    observe();
  };
  measure();
  if (header && 'ResizeObserver' in view) new ResizeObserver(measure).observe(header);
  if (!observer) observe();

  if (menu) {
    menu.addEventListener('click', (e) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (a && menu.matches(':popover-open')) menu.hidePopover();
    });
    menu.addEventListener('toggle', (e) => {
      if ((e as ToggleEvent).newState === 'open') active?.scrollIntoView({ block: 'center' });
    });
  }
}
