/**
 * The words of the history pages (/en/changes/…, /en/history/…) and of the browser's any-two compare page: the data
 * is src/i18n/locales/*.history.json, filled in by the one translation system (src/i18n/translate.ts), so counts
 * take the plural form Intl.PluralRules chooses ("1 rule", "2 rules"). The pages are English today; ja and ko hold
 * the same keys (tests/i18n.test.ts) so a translated history needs no code change. Small: the browser's compare
 * script (src/site/client/history.ts) bundles it.
 */
import type { Status } from './diff.ts';
import { createTranslator, type Catalog, type Locale, type MessageKey, type Translate } from '../i18n/translate.ts';
import en from '../i18n/locales/en.history.json';
import ja from '../i18n/locales/ja.history.json';
import ko from '../i18n/locales/ko.history.json';

/** A key as callers use it (`hiddenWords` stands for its plural forms). */
export type HistoryKey = MessageKey<typeof en>;

const STRINGS: Record<Locale, Catalog> = { en, ja, ko };

/** The history words of one language: `t('refsOnly_rules', { n, count: n })`. */
export function historyStrings(lang: Locale = 'en'): Translate<HistoryKey> {
  return createTranslator<Catalog>(STRINGS, lang);
}

/** The kinds of entries a diff lists, as the keys name them. */
export type EntryKind = 'rules' | 'examples' | 'glossary';

/**
 * The collapsed groups' headings: "1 rule with only references renumbered", "2 entries with only typography
 * changed (…)".
 */
export function minorHeading(t: Translate<HistoryKey>, only: 'references' | 'typography', kind: EntryKind, n: number): string {
  return t(`${only === 'references' ? 'refsOnly' : 'typoOnly'}_${kind}` as const, { n, count: n });
}

/** A diff entry's name: the rule number or term, with the example's position for an example ("702.19b (example 2)"). */
export function entryLabel(t: Translate<HistoryKey>, number: string | null, example: number | null | undefined): string {
  return number === null ? '' : example ? t('exampleOf', { number, k: example }) : number;
}

/** A status as the diff lists show it ("moved and changed"). */
export function statusLabel(t: Translate<HistoryKey>, status: Status): string {
  return t(`status_${status}` as const);
}
