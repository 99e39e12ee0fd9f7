/**
 * Previews of references and glossary terms. One `PreviewController` owns the popover element, its
 * owner link and the show/hide timers. Mouse: hover (with a short delay); keyboard: focus; touch: the
 * first tap shows the preview, a second tap on the same link follows it. On a narrow or touch screen
 * the preview is a sheet fixed to the bottom of the viewport (always fully on screen, with a close
 * button); elsewhere it is placed under (or above) the link and kept inside the viewport.
 */
import { renderParagraphs, type PreviewData } from './preview-render.ts';
import { LANG_ALTERNATION } from '../../i18n/locales.ts';
import { editionApiDir, glossaryApiFile, glossaryGroup, ruleSection, sectionApiFile } from '../api-paths.ts';

const PREVIEWABLE = 'a[data-r], a[data-g]';
/** Width below which previews are sheets (matches the CSS breakpoint, 40rem). */
const SHEET_MAX_WIDTH = 640;

/**
 * Where a previewable link's data is: the file (`/api/en/2026-01-16/sections/702.json`, or a glossary
 * group `…/glossary/t.json`; src/site/api-paths.ts) and the entry in it (a rule number or a slug).
 */
/** `ja/2026-01-16/702.19b`: a link's language, edition and rule number or glossary slug. */
const KEY = new RegExp(`^(${LANG_ALTERNATION})/(\\d{4}-\\d{2}-\\d{2})/(.+)$`);

export function apiUrl(a: HTMLAnchorElement): { url: string; key: string; kind: 'rule' | 'glossary' } | null {
  const r = a.dataset['r'];
  const g = a.dataset['g'];
  const key = r ?? g;
  if (!key) return null;
  const m = KEY.exec(key);
  if (!m) return null;
  const dir = editionApiDir(m[1]!, m[2]!);
  if (r) {
    const section = ruleSection(m[3]!);
    return section ? { url: dir + sectionApiFile(section), key: m[3]!, kind: 'rule' } : null;
  }
  return { url: dir + glossaryApiFile(encodeURIComponent(glossaryGroup(m[3]!))), key: m[3]!, kind: 'glossary' };
}

/** The entry `key` of a section or glossary-group file, or null. */
function entryOf(file: unknown, key: string, kind: 'rule' | 'glossary'): PreviewData | null {
  const list = kind === 'rule' ? (file as { rules?: (PreviewData & { number: string })[] }).rules : (file as { entries?: (PreviewData & { slug: string })[] }).entries;
  if (!Array.isArray(list)) return null;
  return list.find((e) => (kind === 'rule' ? (e as { number: string }).number : (e as { slug: string }).slug) === key) ?? null;
}

export class PreviewController {
  private readonly doc: Document;
  /** One request per file (a section, a glossary group), shared by every link into it. */
  private readonly cache = new Map<string, Promise<unknown>>();
  private pop: HTMLDivElement | null = null;
  private owner: HTMLAnchorElement | null = null;
  private hideTimer = 0;
  private showTimer = 0;
  private lastPointer = 'mouse';

  constructor(doc: Document = document) {
    this.doc = doc;
  }

  get open(): boolean {
    return !!this.pop && !this.pop.hidden;
  }

  /** Installs the document listeners (hover, focus, tap, outside press). */
  init(): void {
    const d = this.doc;
    const view = d.defaultView ?? window;
    d.addEventListener('pointerdown', (e) => {
      this.lastPointer = e.pointerType;
      if (this.open && !(e.target as Element).closest?.('#cr-pop, ' + PREVIEWABLE)) this.hide();
    });
    d.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse') return;
      const a = (e.target as Element).closest?.(PREVIEWABLE);
      if (!(a instanceof HTMLAnchorElement)) return;
      view.clearTimeout(this.hideTimer);
      view.clearTimeout(this.showTimer);
      this.showTimer = view.setTimeout(() => void this.show(a), 150);
    });
    d.addEventListener('pointerout', (e) => {
      if (e.pointerType !== 'mouse') return;
      if ((e.target as Element).closest?.(PREVIEWABLE)) {
        view.clearTimeout(this.showTimer);
        this.scheduleHide();
      }
    });
    d.addEventListener('focusin', (e) => {
      const a = (e.target as Element).closest?.(PREVIEWABLE);
      if (a instanceof HTMLAnchorElement && this.lastPointer !== 'touch') void this.show(a);
    });
    d.addEventListener('focusout', (e) => {
      const to = e.relatedTarget as Element | null;
      if ((e.target as Element).closest?.(PREVIEWABLE) && !to?.closest?.('#cr-pop')) this.scheduleHide();
    });
    // Tap: the first tap on a reference shows the preview (with an Open link); a second tap follows it.
    d.addEventListener('click', (e) => {
      const a = (e.target as Element).closest?.(PREVIEWABLE);
      if (!(a instanceof HTMLAnchorElement) || this.lastPointer !== 'touch') return;
      if (this.owner === a && this.open) return;
      e.preventDefault();
      void this.show(a);
    });
    view.addEventListener('resize', () => {
      if (this.open && this.owner) this.place(this.pop!, this.owner);
    });
  }

  private element(): HTMLDivElement {
    if (this.pop) return this.pop;
    const d = this.doc;
    const pop = d.createElement('div');
    pop.id = 'cr-pop';
    pop.className = 'pop';
    pop.setAttribute('role', 'dialog');
    pop.setAttribute('aria-label', d.body.dataset['lPreview'] ?? 'Preview');
    pop.hidden = true;
    pop.addEventListener('pointerenter', () => (d.defaultView ?? window).clearTimeout(this.hideTimer));
    pop.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.scheduleHide();
    });
    // Inside the main landmark, so assistive technology finds it with the text it belongs to.
    (d.querySelector('main') ?? d.body).append(pop);
    this.pop = pop;
    return pop;
  }

  private load(a: HTMLAnchorElement): Promise<PreviewData | null> {
    const where = apiUrl(a);
    if (!where) return Promise.resolve(null);
    let p = this.cache.get(where.url);
    if (!p) {
      p = fetch(where.url)
        .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
        .catch(() => null);
      this.cache.set(where.url, p);
    }
    return p.then((file) => (file ? entryOf(file, where.key, where.kind) : null));
  }

  /** Preview from the page itself when the target is here (no request). */
  private fromPage(a: HTMLAnchorElement): HTMLElement | null {
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('#')) return null;
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      /* keep raw */
    }
    const el = this.doc.getElementById(id);
    if (!el) return null;
    const wrap = this.doc.createElement('div');
    const parts = el.tagName === 'DT' ? [el, el.nextElementSibling] : Array.from(el.querySelectorAll(':scope > .rb, :scope > .ex'));
    for (const p of parts) {
      if (!p) continue;
      const c = p.cloneNode(true) as HTMLElement;
      c.removeAttribute('id');
      c.querySelectorAll('[id]').forEach((x) => x.removeAttribute('id'));
      wrap.append(c);
    }
    return wrap;
  }

  /** A sheet on narrow or touch screens; a popover under the link elsewhere. */
  private sheetMode(): boolean {
    return this.doc.documentElement.clientWidth < SHEET_MAX_WIDTH || this.lastPointer === 'touch';
  }

  async show(a: HTMLAnchorElement): Promise<void> {
    const d = this.doc;
    (d.defaultView ?? window).clearTimeout(this.hideTimer);
    const p = this.element();
    this.owner = a;
    const content = this.fromPage(a) ?? (await this.load(a).then((data) => (data ? renderParagraphs(data, a.dataset['g'] !== undefined) : null)));
    if (this.owner !== a) return;
    if (!content) return this.hide();
    // The preview speaks the language of what it shows (an English fallback inside a ja page is en).
    p.lang = a.hreflang || d.documentElement.lang;
    p.replaceChildren(content);
    const body = d.body;
    if (a.hreflang === 'en' && body.dataset['lang'] !== 'en') {
      const note = d.createElement('p');
      note.className = 'pop-fb';
      note.lang = body.dataset['lang'] ?? '';
      note.textContent = body.dataset['lFallback'] ?? 'English';
      p.prepend(note);
    }
    const bar = d.createElement('p');
    bar.className = 'pop-bar';
    bar.lang = body.dataset['lang'] ?? '';
    const open = d.createElement('a');
    open.href = a.href;
    open.className = 'pop-open';
    open.textContent = `${body.dataset['lOpen'] ?? 'Open'} →`;
    bar.append(open);
    const sheet = this.sheetMode();
    if (sheet) {
      const close = d.createElement('button');
      close.type = 'button';
      close.className = 'pop-close';
      close.textContent = body.dataset['lClose'] ?? 'Close';
      close.addEventListener('click', () => this.hide());
      bar.append(close);
    }
    // A sheet's bar (Open, Close) heads it and stays in view however long the rule (CSS: sticky); a popover ends with it.
    if (sheet) p.prepend(bar);
    else p.append(bar);
    p.classList.toggle('pop-sheet', sheet);
    p.hidden = false;
    a.setAttribute('aria-describedby', 'cr-pop');
    this.place(p, a);
  }

  private place(p: HTMLElement, a: HTMLElement): void {
    const view = this.doc.defaultView ?? window;
    if (p.classList.contains('pop-sheet')) {
      // Fixed to the bottom of the viewport by CSS; nothing to compute.
      p.style.width = p.style.left = p.style.top = p.style.maxHeight = '';
      return;
    }
    const vw = this.doc.documentElement.clientWidth;
    const r = a.getBoundingClientRect();
    const width = Math.min(448, vw - 16);
    p.style.width = `${width}px`;
    p.style.left = `${Math.max(8, Math.min(r.left, vw - width - 8)) + view.scrollX}px`;
    // The sticky header stays in front of the reader: a preview never covers it (nor the link).
    const ceiling = (this.doc.querySelector('header.top')?.getBoundingClientRect().bottom ?? 0) + 6;
    p.style.maxHeight = '';
    const h = p.offsetHeight;
    const roomBelow = view.innerHeight - 8 - (r.bottom + 6);
    const roomAbove = r.top - 6 - ceiling;
    // Below when it fits, else above when that fits, else on the roomier side, shortened to fit (it scrolls).
    const side = h <= roomBelow || (h > roomAbove && roomBelow >= roomAbove) ? 'below' : 'above';
    const room = side === 'below' ? roomBelow : roomAbove;
    if (h > room) p.style.maxHeight = `${Math.max(room, 96)}px`;
    const height = Math.min(h, Math.max(room, 96));
    const top = side === 'below' ? r.bottom + 6 : r.top - 6 - height;
    p.style.top = `${top + view.scrollY}px`;
  }

  hide(): void {
    const view = this.doc.defaultView ?? window;
    view.clearTimeout(this.showTimer);
    if (this.pop) this.pop.hidden = true;
    this.owner?.removeAttribute('aria-describedby');
    this.owner = null;
  }

  private scheduleHide(): void {
    const view = this.doc.defaultView ?? window;
    view.clearTimeout(this.hideTimer);
    this.hideTimer = view.setTimeout(() => this.hide(), 250);
  }
}
