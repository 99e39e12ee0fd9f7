/**
 * The search boxes' words (the instant box in every header, the full-text page), in the three page
 * languages: the data is src/i18n/locales/*.search.json, filled in by the one translation system
 * (src/i18n/translate.ts). BUILD-TIME ONLY (imported by SearchBox.astro and FullTextSearch.astro); the
 * browser scripts read what they need from `data-l-*` attributes, counts with their plural forms.
 */
import { createTranslator, messageData, type Args, type Catalog, type Locale, type MessageKey } from '../../i18n/translate.ts';
import en from '../../i18n/locales/en.search.json';
import ja from '../../i18n/locales/ja.search.json';
import ko from '../../i18n/locales/ko.search.json';

/** A key as callers use it (`count` stands for its plural forms). */
export type SearchKey = MessageKey<typeof en>;

// Every English key in every locale, with the same placeholders: tests/i18n.test.ts.
const STRINGS: Record<Locale, Catalog> = { en, ja, ko };

/**
 * The search words of one page language: `t('boxNone', { q })`; `m('count')` for a browser script;
 * `rowAttributes`, the `data-l-*` attributes both boxes give their scripts.
 */
export function searchStrings(lang: Locale): { t: (key: SearchKey, args?: Args) => string; m: (key: SearchKey) => string; rowAttributes: Record<string, string> } {
  const t = createTranslator<Catalog>(STRINGS, lang);
  const m = (key: SearchKey) => messageData<Catalog>(STRINGS, lang, key);
  // What both boxes' scripts read for their rows and status line (rows.ts labelsOf, the result count).
  const rowAttributes = { 'data-l-count': m('count'), 'data-l-matched': t('matched'), 'data-l-glossary': t('glossary'), 'data-l-see': t('see') };
  return { t, m, rowAttributes };
}
