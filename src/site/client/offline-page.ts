/**
 * The offline page (`/offline/`, what the service worker answers for a page it has no copy of): speaks
 * the language of the address the reader asked for (its block shown, the others hidden, <html lang>
 * set), and opens a short rule address (`/ja/704.5j/`) at the page holding the rule when that page is
 * saved — the rule index and /api/index.json come from the saved edition's cache (src/site/host/short-address.ts).
 */
import { resolveShortAddress } from '../host/short-address.ts';
import { loadRuleIndex } from './goto.ts';
import { preferredLang } from './notfound.ts';
import { siteIndex } from './site-index.ts';
import { pathLang } from '../../i18n/locales.ts';

export async function initOfflinePage(doc: Document = document): Promise<void> {
  if (!doc.querySelector('[data-offline-page]')) return;
  const view = doc.defaultView ?? window;
  const path = view.location.pathname;
  const lang = pathLang(path) ?? preferredLang(view.navigator.languages ?? [view.navigator.language]);
  const block = doc.querySelector<HTMLElement>(`[data-off-lang="${lang}"]`);
  if (block) {
    for (const b of doc.querySelectorAll<HTMLElement>('[data-off-lang]')) b.hidden = b !== block;
    doc.documentElement.lang = lang;
  }
  if (path === '/offline/') return;
  const target = await resolveShortAddress(path, (await siteIndex())?.editions ?? [], loadRuleIndex, lang);
  // Only another page: the target itself unsaved would come back here (no loop).
  if (target && target.split('#')[0] !== path) view.location.replace(target);
}
