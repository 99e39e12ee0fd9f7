/**
 * The not-found page and `/go/`: read the path or query, redirect to the rule it names, or list the
 * nearest pages that exist (checked with HEAD requests). Text reaches the page as text nodes only.
 */
import { ancestors, resolveLostPath, ruleFromQuery } from '../lookup.ts';
import { BASE_RE, exists } from './page.ts';

function item(doc: Document, href: string, text: string): HTMLLIElement {
  const li = doc.createElement('li');
  const a = doc.createElement('a');
  a.href = href;
  a.textContent = text;
  li.append(a);
  return li;
}

export async function notFound(doc: Document = document): Promise<void> {
  const view = doc.defaultView ?? window;
  const loc = view.location;
  const list = doc.querySelector<HTMLElement>('[data-notfound-list]');
  const params = new URLSearchParams(loc.search);
  if (loc.pathname.replace(/\/$/, '') === '/go') {
    const b = params.get('base') ?? '/en/';
    const rule = ruleFromQuery(params.get('q') ?? '');
    if (rule) loc.replace(`${BASE_RE.test(b) ? b : '/en/'}${rule}/`);
    return;
  }
  const lost = resolveLostPath(loc.pathname, (view.navigator.language || 'en').slice(0, 2));
  if (!lost) return;
  if (lost.redirect) {
    loc.replace(lost.redirect + loc.hash);
    return;
  }
  if (!list || !lost.rule) return;
  const prefix = `/${lost.lang}/${lost.edition ? `${lost.edition}/` : ''}`;
  for (const n of ancestors(lost.rule)) if (await exists(`${prefix}${n}/`)) list.append(item(doc, `${prefix}${n}/`, n));
  list.append(item(doc, prefix, prefix));
}

export function initNotFound(doc: Document = document): void {
  if (doc.querySelector('[data-notfound]')) void notFound(doc);
}
