/**
 * The addresses of the history's pages, for the build and for the browser's scripts alike (no build-side import):
 * the changes pages and the compare page in each language, and a rule number's history — built pages in English,
 * one page per language that shows it in the browser in Japanese and Korean.
 */
import type { Lang } from '../../i18n/locales.ts';

export const changesPath = (lang: Lang = 'en') => `/${lang}/changes/`;
export const comparePagePath = (lang: Lang = 'en') => `/${lang}/changes/compare/`;
export const comparePath = (from: string, to: string, lang: Lang = 'en') => `${comparePagePath(lang)}?old=${from}&new=${to}`;

/** The built English history page of a rule number (every rule number ever used has one). */
export const historyPath = (number: string) => `/en/history/${number}/`;

/** The page that shows a number's history in a language other than English (`?n=702.19b`). */
export const ruleHistoryPagePath = (lang: Lang) => `/${lang}/history/`;

/** A number's history in the page's language, marking the rule it named in edition `at` when given. */
export function ruleHistoryPath(lang: Lang, number: string, at?: string): string {
  if (lang === 'en') return `${historyPath(number)}${at ? `?at=${at}` : ''}`;
  return `${ruleHistoryPagePath(lang)}?n=${encodeURIComponent(number)}${at ? `&at=${at}` : ''}`;
}
