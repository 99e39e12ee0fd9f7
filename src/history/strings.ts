/**
 * The words of the history pages (/en/changes/…, /en/history/…) and of the browser's any-two compare page: the data
 * is src/i18n/locales/*.history.json, filled in by the one translation system (src/i18n/translate.ts), so counts
 * take the plural form Intl.PluralRules chooses ("1 rule", "2 rules"). The pages are English today; ja and ko hold
 * the same keys (tests/i18n.test.ts) so a translated history needs no code change. The browser's compare page is
 * given its own language's words by the page (`historyCatalog`), so no catalog is bundled; labels.ts builds labels.
 */
import { createTranslator, type Catalog, type Locale, type MessageKey, type Translate } from '../i18n/translate.ts';
import en from '../i18n/locales/en.history.json';
import ja from '../i18n/locales/ja.history.json';
import ko from '../i18n/locales/ko.history.json';

/** A key as callers use it (`hiddenWords` stands for its plural forms). */
export type HistoryKey = MessageKey<typeof en>;

const STRINGS: Record<Locale, Catalog> = { en, ja, ko };

/** The words of one language as they are, for a page to hand to its script (`historyTranslator`). */
export const historyCatalog = (lang: Locale): Catalog => STRINGS[lang];

/** The history words of one language: `t('refsOnly_rules', { n, count: n })`. */
export function historyStrings(lang: Locale = 'en'): Translate<HistoryKey> {
  return createTranslator<Catalog>(STRINGS, lang);
}
