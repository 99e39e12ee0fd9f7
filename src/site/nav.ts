/** Header navigation: language switch and edition picker that keep the reader on the same section. */
import type { Lang } from '../model/types.ts';
import { LANGS } from '../model/types.ts';
import { LANG_LABEL } from './i18n.ts';
import { sectionHref, type Edition, type Site } from './site.ts';
import { glossaryPath } from './glossary-pages.ts';

/** What the switches keep: a section (`702`), the glossary (a glossary page → the other edition's glossary index), or nothing. */
export type SwitchPlace = string | { glossary: true } | null;

export interface SwitchLink {
  lang: Lang;
  edition: string;
  label: string;
  /** Same section in that edition when it has it, else that edition's contents. */
  href: string;
  /** Base the browser script appends the current rule number to (`/ja/` → `/ja/702.19b/`). */
  base: string;
  /** The link is this page (its language's link on an edition's page, the edition's own in the picker). */
  current: boolean;
  /** The link is to the page's own language (also on a page of no edition, such as `/ko/404.html`). */
  ownLanguage: boolean;
  latest: boolean;
}

function link(ed: Edition, current: Edition | null, section: SwitchPlace, label: string): SwitchLink {
  const href = typeof section === 'string' ? sectionHref(ed, section) || ed.base : section ? glossaryPath(ed.base) : ed.base;
  return { lang: ed.lang, edition: ed.edition, label, href, base: ed.base, current: ed === current, ownLanguage: ed.lang === current?.lang, latest: ed.latest };
}

/**
 * One link per language: the latest edition of it (the reader's own edition for its language). `pageLang`, the
 * page's language, marks its link as the page's own on a page of no edition too (the not-found pages).
 */
export function languageLinks(site: Site, ed: Edition | null, section: SwitchPlace, pageLang: Lang | null = ed?.lang ?? null): SwitchLink[] {
  return LANGS.flatMap((lang) => {
    const target = ed && ed.lang === lang ? ed : site.latest.get(lang);
    return target ? [{ ...link(target, ed, section, LANG_LABEL[lang]), ownLanguage: lang === pageLang }] : [];
  });
}

/** Every edition of the reader's language, newest first. */
export function editionLinks(site: Site, ed: Edition, section: SwitchPlace): SwitchLink[] {
  return site.editions.filter((e) => e.lang === ed.lang).sort((a, b) => b.edition.localeCompare(a.edition)).map((e) => link(e, ed, section, e.edition));
}
