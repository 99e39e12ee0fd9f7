/**
 * The site's root (`/`, a language chooser): puts the reader's preferred language first and marks it
 * (navigator.languages), so `/` no longer reads as "English only". No redirect: the chooser stays
 * reachable from every page's footer. The header's go-to box follows the same language.
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
  // The header's go-to goes to that language's current edition (`/ja/`): 規則702.19b from a Japanese browser opens
  // the Japanese rule, not the English one.
  const goto = doc.querySelector<HTMLFormElement>('form[data-cr-goto]');
  const baseField = goto?.querySelector<HTMLInputElement>('input[name="base"]');
  if (goto && baseField) {
    baseField.value = `/${lang}/`;
    goto.action = `/${lang}/go/`;
  }
  const badge = card.querySelector<HTMLElement>('[data-lang-mine]');
  if (badge) badge.hidden = false;
}
