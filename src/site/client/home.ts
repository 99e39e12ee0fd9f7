/**
 * The site's root (`/`, a language chooser): puts the reader's preferred language first and marks it
 * (navigator.languages), so `/` no longer reads as "English only". No redirect: the chooser stays
 * reachable from every page's footer.
 */
import { preferredLang } from './notfound.ts';

export function initHome(doc: Document = document): void {
  const list = doc.querySelector<HTMLElement>('[data-lang-chooser]');
  if (!list) return;
  const nav = (doc.defaultView ?? window).navigator;
  const lang = preferredLang(nav.languages?.length ? nav.languages : [nav.language]);
  const card = list.querySelector<HTMLElement>(`[data-lang-card="${lang}"]`);
  if (!card) return;
  list.prepend(card);
  const badge = card.querySelector<HTMLElement>('[data-lang-mine]');
  if (badge) badge.hidden = false;
}
