/** Header navigation: language switch and edition picker that keep the reader on the same section. */
import type { Lang } from '../model/types.ts';
import { LANGS } from '../model/types.ts';
import { LANG_LABEL } from './i18n.ts';
import { sectionHref, type Edition, type Site } from './site.ts';
import { glossaryPath } from '../model/glossary-pages.ts';
import { editionIndex, renumberMap, type HistoryStore } from '../history/store.ts';

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
  /**
   * The page's rules whose number differs in that edition (the history's chain: `120.4` → `121.4`), null where the
   * rule is not in it; absent when the two editions number alike. The browser script follows it (client/switch.ts).
   */
  renumber?: Record<string, string | null>;
}

/** What a page gives the switches: its section (or the glossary) and the rule numbers on it. */
export interface SwitchContext {
  section: SwitchPlace;
  rules?: readonly string[];
  store?: HistoryStore | null;
}

/**
 * The page's numbers that another edition numbers differently. Every edition is numbered as the English edition of its
 * date (a composed current edition as the latest English), so two editions of one date need no map.
 */
function renumbering(store: HistoryStore | null | undefined, from: string, to: string, numbers: readonly string[]): Record<string, string | null> | undefined {
  if (!store || from === to) return undefined;
  const f = editionIndex(store, from);
  const t = editionIndex(store, to);
  if (f < 0 || t < 0) return undefined;
  const map = renumberMap(store, f, t);
  const out: Record<string, string | null> = {};
  for (const n of numbers) {
    const m = map.get(n);
    if (m !== undefined && m !== n) out[n] = m;
  }
  return out;
}

function link(ed: Edition, current: Edition | null, ctx: SwitchContext, label: string): SwitchLink {
  const { section } = ctx;
  const renumber = current ? renumbering(ctx.store, current.edition, ed.edition, [...(typeof section === 'string' ? [section] : []), ...(ctx.rules ?? [])]) : undefined;
  // The section as that edition numbers it (2019's 119 is today's 120; null: that edition lacks it, its contents then).
  const there = typeof section === 'string' && renumber && Object.hasOwn(renumber, section) ? renumber[section]! : section;
  const href = typeof there === 'string' ? sectionHref(ed, there) || ed.base : there ? glossaryPath(ed.base) : ed.base;
  return {
    lang: ed.lang, edition: ed.edition, label, href, base: ed.base, current: ed === current, ownLanguage: ed.lang === current?.lang, latest: ed.latest,
    ...(renumber && Object.keys(renumber).length > 0 ? { renumber } : {}),
  };
}

/**
 * One link per language: the edition of it with the page's date when there is one (English 2019-01-25 ↔ Japanese
 * 2019-01-25, English 2026-01-16 ↔ the composed Japanese 2026-01-16: the same rules under the same numbers), else
 * its latest edition, the rule followed through the history. `pageLang`, the page's language, marks its link as the
 * page's own on a page of no edition too (the not-found pages).
 */
export function languageLinks(site: Site, ed: Edition | null, ctx: SwitchPlace | SwitchContext, pageLang: Lang | null = ed?.lang ?? null): SwitchLink[] {
  const c = context(ctx);
  return LANGS.flatMap((lang) => {
    const target = ed && ed.lang === lang ? ed : (ed ? site.get(lang, ed.edition) : undefined) ?? site.latest.get(lang);
    return target ? [{ ...link(target, ed, c, LANG_LABEL[lang]), ownLanguage: lang === pageLang }] : [];
  });
}

/** Every edition of the reader's language, newest first. */
export function editionLinks(site: Site, ed: Edition, ctx: SwitchPlace | SwitchContext): SwitchLink[] {
  const c = context(ctx);
  return site.editions.filter((e) => e.lang === ed.lang).sort((a, b) => b.edition.localeCompare(a.edition)).map((e) => link(e, ed, c, e.edition));
}

const context = (ctx: SwitchPlace | SwitchContext): SwitchContext => (ctx !== null && typeof ctx === 'object' && 'section' in ctx ? ctx : { section: ctx });
