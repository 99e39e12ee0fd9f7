/**
 * The labels the history's views build from its words (src/history/strings.ts): the collapsed groups' headings,
 * an entry's name, a status. Apart from the catalogs so that the browser's compare page, which is given its own
 * language's words by the page, bundles none of the three catalogs.
 */
import type { Status } from './diff.ts';
import { createTranslator, type Catalog, type Locale, type Translate } from '../i18n/translate.ts';
import { LANGS } from '../i18n/locales.ts';
import type { HistoryKey } from './strings.ts';

/** Between two sentences, and after a label ending in a colon: a space, none in Japanese (「初出。最新版では…」). */
export const sentenceSpace = (lang: Locale): string => (lang === 'ja' ? '' : ' ');

/** A translator over one language's words as a page handed them over (strings.ts `historyCatalog`). */
export function historyTranslator(catalog: Catalog, lang: Locale): Translate<HistoryKey> {
  return createTranslator<Catalog>(Object.fromEntries(LANGS.map((l) => [l, catalog])) as Record<Locale, Catalog>, lang);
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
