/**
 * The site's only browser script (vanilla, no framework): keyboard shortcuts, go-to-rule, anchors in
 * other spellings, language/edition switch that keeps the rule, reference and glossary previews, and
 * the not-found redirector. Document text is only ever inserted as text nodes.
 */
import { ancestors, resolveLostPath, ruleFromQuery } from '../lookup.ts';
import { renderParagraphs, type PreviewData } from './preview-render.ts';

const body = document.body;
const BASE_RE = /^\/(?:en|ja|ko)\/(?:\d{4}-\d{2}-\d{2}\/)?$/;
const base = (): string => (BASE_RE.test(body.dataset['base'] ?? '') ? body.dataset['base']! : '/en/');

function isTyping(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Numbered elements of the page, in order. */
function ruleElements(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-rule][id]'));
}

/** The rule the reader is on: the hash target, else the first one visible at the top of the viewport. */
function currentRule(): HTMLElement | null {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target?.dataset['rule']) {
    const r = target.getBoundingClientRect();
    if (r.bottom > 0 && r.top < innerHeight) return target;
  }
  const els = ruleElements();
  for (const el of els) if (el.getBoundingClientRect().bottom > 60) return el;
  return els[0] ?? null;
}

function goToElement(el: HTMLElement): void {
  history.replaceState(null, '', `#${el.id}`);
  el.scrollIntoView({ block: 'start' });
  highlight(el);
}

function highlight(el: HTMLElement): void {
  document.querySelectorAll('.r-current').forEach((x) => x.classList.remove('r-current'));
  el.classList.add('r-current');
}

function stepRule(delta: 1 | -1): void {
  const els = ruleElements();
  const cur = currentRule();
  const i = cur ? els.indexOf(cur) : -1;
  const next = els[i + delta];
  if (next && i >= 0) return goToElement(next);
  const pager = document.querySelector<HTMLAnchorElement>(`a[data-pager="${delta > 0 ? 'next' : 'prev'}"]`);
  if (pager) location.href = pager.href;
}

// ---- anchors in other spellings (#R70219b, #702.19., #CR702.19b) -----------------------------------
function resolveHash(): void {
  const raw = location.hash.slice(1);
  if (!raw) return;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    /* keep raw */
  }
  const el = document.getElementById(id);
  if (el) {
    if (el.dataset['rule']) highlight(el);
    return;
  }
  const rule = ruleFromQuery(id);
  if (!rule) return;
  const target = document.getElementById(rule);
  if (target) goToElement(target);
  else location.replace(`${base()}${rule}/`);
}

// ---- go to rule ------------------------------------------------------------------------------------
function goTo(query: string, where = base()): boolean {
  const rule = ruleFromQuery(query);
  if (!rule) return false;
  const here = document.getElementById(rule);
  if (here?.dataset['rule'] && where === base()) goToElement(here);
  else location.href = `${where}${rule}/`;
  return true;
}

const gotoForm = document.querySelector<HTMLFormElement>('form[data-cr-goto]');
const gotoInput = document.querySelector<HTMLInputElement>('[data-cr-goto-input]');
gotoForm?.addEventListener('submit', (e) => {
  e.preventDefault();
  if (!gotoInput) return;
  if (goTo(gotoInput.value)) {
    gotoInput.setCustomValidity('');
    gotoInput.blur();
  } else {
    gotoInput.setCustomValidity(gotoInput.placeholder);
    gotoInput.reportValidity();
  }
});
gotoInput?.addEventListener('input', () => gotoInput.setCustomValidity(''));

// ---- keyboard --------------------------------------------------------------------------------------
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') {
    hidePreview();
    if (isTyping(e.target)) (e.target as HTMLElement).blur();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
  if (e.key === '/') {
    const search = document.querySelector<HTMLInputElement>('[data-cr-search]');
    if (search) {
      e.preventDefault();
      search.focus();
    }
  } else if (e.key === 'g') {
    if (gotoInput) {
      e.preventDefault();
      gotoInput.focus();
      gotoInput.select();
    }
  } else if (e.key === ']') {
    e.preventDefault();
    stepRule(1);
  } else if (e.key === '[') {
    e.preventDefault();
    stepRule(-1);
  }
});

// ---- language and edition switch: stay on the same rule ---------------------------------------------
async function exists(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { method: 'HEAD' });
    return r.ok;
  } catch {
    return false;
  }
}

document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a[data-switch], a[data-parallel]');
  if (!(a instanceof HTMLAnchorElement) || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  const cur = currentRule();
  if (!cur) return;
  if (a.dataset['parallel'] !== undefined) {
    a.href = `${a.href.split('#')[0]}#${cur.id}`;
    return;
  }
  const switchBase = a.dataset['switch'] ?? '';
  if (!BASE_RE.test(switchBase)) return;
  e.preventDefault();
  void (async () => {
    for (const n of [cur.id, ...ancestors(cur.id)]) {
      const url = `${switchBase}${n}/`;
      if (await exists(url)) {
        location.href = url;
        return;
      }
    }
    location.href = a.href;
  })();
});

// ---- previews of references and glossary terms ------------------------------------------------------
const cache = new Map<string, Promise<PreviewData | null>>();
let pop: HTMLDivElement | null = null;
let owner: HTMLAnchorElement | null = null;
let hideTimer = 0;
let showTimer = 0;
let lastPointer = 'mouse';

function popover(): HTMLDivElement {
  if (pop) return pop;
  pop = document.createElement('div');
  pop.id = 'cr-pop';
  pop.className = 'pop';
  pop.setAttribute('role', 'tooltip');
  pop.hidden = true;
  pop.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  pop.addEventListener('pointerleave', () => scheduleHide());
  document.body.append(pop);
  return pop;
}

function apiUrl(a: HTMLAnchorElement): string | null {
  const r = a.dataset['r'];
  const g = a.dataset['g'];
  const key = r ?? g;
  if (!key) return null;
  const m = /^(en|ja|ko)\/(\d{4}-\d{2}-\d{2})\/(.+)$/.exec(key);
  if (!m) return null;
  return `/api/${m[1]}/${m[2]}/${r ? 'rules' : 'glossary'}/${encodeURIComponent(m[3]!)}.json`;
}

function load(a: HTMLAnchorElement): Promise<PreviewData | null> {
  const url = apiUrl(a);
  if (!url) return Promise.resolve(null);
  let p = cache.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<PreviewData>) : null))
      .catch(() => null);
    cache.set(url, p);
  }
  return p;
}

/** Preview from the page itself when the target is here (no request). */
function fromPage(a: HTMLAnchorElement): HTMLElement | null {
  const href = a.getAttribute('href') ?? '';
  if (!href.startsWith('#')) return null;
  const el = document.getElementById(decodeURIComponent(href.slice(1)));
  if (!el) return null;
  const wrap = document.createElement('div');
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

async function showPreview(a: HTMLAnchorElement): Promise<void> {
  clearTimeout(hideTimer);
  const p = popover();
  owner = a;
  const content = fromPage(a) ?? (await load(a).then((d) => (d ? renderParagraphs(d, a.dataset['g'] !== undefined) : null)));
  if (owner !== a) return;
  if (!content) return hidePreview();
  p.replaceChildren(content);
  if (a.hreflang === 'en' && body.dataset['lang'] !== 'en') {
    const note = document.createElement('p');
    note.className = 'pop-fb';
    note.textContent = body.dataset['lFallback'] ?? 'English';
    p.prepend(note);
  }
  const open = document.createElement('a');
  open.href = a.href;
  open.className = 'pop-open';
  open.textContent = `${body.dataset['lOpen'] ?? 'Open'} →`;
  p.append(open);
  p.hidden = false;
  a.setAttribute('aria-describedby', 'cr-pop');
  place(p, a);
}

function place(p: HTMLElement, a: HTMLElement): void {
  const r = a.getBoundingClientRect();
  const width = Math.min(448, document.documentElement.clientWidth - 16);
  p.style.width = `${width}px`;
  const left = Math.max(8, Math.min(r.left + scrollX, scrollX + document.documentElement.clientWidth - width - 8));
  p.style.left = `${left}px`;
  const below = r.bottom + scrollY + 6;
  p.style.top = `${below}px`;
  const h = p.offsetHeight;
  if (r.bottom + h + 6 > innerHeight && r.top - h - 6 > 0) p.style.top = `${r.top + scrollY - h - 6}px`;
}

function hidePreview(): void {
  clearTimeout(showTimer);
  if (pop) pop.hidden = true;
  owner?.removeAttribute('aria-describedby');
  owner = null;
}

function scheduleHide(): void {
  clearTimeout(hideTimer);
  hideTimer = window.setTimeout(hidePreview, 250);
}

const PREVIEWABLE = 'a[data-r], a[data-g]';
document.addEventListener('pointerdown', (e) => {
  lastPointer = e.pointerType;
  if (pop && !pop.hidden && !(e.target as Element).closest?.('#cr-pop, ' + PREVIEWABLE)) hidePreview();
});
document.addEventListener('pointerover', (e) => {
  if (e.pointerType !== 'mouse') return;
  const a = (e.target as Element).closest?.(PREVIEWABLE);
  if (!(a instanceof HTMLAnchorElement)) return;
  clearTimeout(hideTimer);
  clearTimeout(showTimer);
  showTimer = window.setTimeout(() => void showPreview(a), 150);
});
document.addEventListener('pointerout', (e) => {
  if (e.pointerType !== 'mouse') return;
  const a = (e.target as Element).closest?.(PREVIEWABLE);
  if (a) {
    clearTimeout(showTimer);
    scheduleHide();
  }
});
document.addEventListener('focusin', (e) => {
  const a = (e.target as Element).closest?.(PREVIEWABLE);
  if (a instanceof HTMLAnchorElement && lastPointer !== 'touch') void showPreview(a);
});
document.addEventListener('focusout', (e) => {
  const to = e.relatedTarget as Element | null;
  if ((e.target as Element).closest?.(PREVIEWABLE) && !to?.closest?.('#cr-pop')) scheduleHide();
});
// Tap: the first tap on a reference shows the preview (with an Open link); a second tap follows it.
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.(PREVIEWABLE);
  if (!(a instanceof HTMLAnchorElement) || lastPointer !== 'touch') return;
  if (owner === a && pop && !pop.hidden) return;
  e.preventDefault();
  void showPreview(a);
});

// ---- not found / go: read the path or query and redirect ---------------------------------------------
async function notFound(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-notfound-list]');
  const params = new URLSearchParams(location.search);
  if (location.pathname.replace(/\/$/, '') === '/go') {
    const b = params.get('base') ?? '/en/';
    const q = params.get('q') ?? '';
    const rule = ruleFromQuery(q);
    if (rule) location.replace(`${BASE_RE.test(b) ? b : '/en/'}${rule}/`);
    return;
  }
  const lost = resolveLostPath(location.pathname, (navigator.language || 'en').slice(0, 2));
  if (!lost) return;
  if (lost.redirect) {
    location.replace(lost.redirect + location.hash);
    return;
  }
  if (!list || !lost.rule) return;
  const prefix = `/${lost.lang}/${lost.edition ? `${lost.edition}/` : ''}`;
  for (const n of ancestors(lost.rule)) {
    if (await exists(`${prefix}${n}/`)) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `${prefix}${n}/`;
      a.textContent = n;
      li.append(a);
      list.append(li);
    }
  }
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = prefix;
  a.textContent = prefix;
  li.append(a);
  list.append(li);
}

if (document.querySelector('[data-notfound]')) void notFound();
resolveHash();
addEventListener('hashchange', resolveHash);

// The search placeholder's form has no target yet: never let Enter navigate away.
document.addEventListener('submit', (e) => {
  if (e.target instanceof HTMLFormElement && e.target.matches('form.cr-search[action="#"]')) e.preventDefault();
});

// Lets tests (and anything else) know the page's handlers are in place.
document.documentElement.dataset['crReady'] = '1';
