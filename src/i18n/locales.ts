/**
 * The site's languages, in one place: everything else (the `Lang` type, the list, the patterns that read a
 * language from an address, the labels, the schema of the manifest, the command line's `--lang`) is derived
 * from LOCALES. Adding a language is an entry here plus its strings (README, "Adding a language";
 * tests/locales.test.ts holds both true). IMPORTED IN BOTH BUILD-TIME AND BROWSER CODE: no Node APIs, no imports.
 */

/** Each language: its name in itself (language switches, labels) and a two-letter badge (search rows). */
export const LOCALES = {
  en: { label: 'English', badge: 'EN' },
  ja: { label: '日本語', badge: 'JA' },
  ko: { label: '한국어', badge: 'KO' },
} as const satisfies Record<string, { label: string; badge: string }>;

export type Lang = keyof typeof LOCALES;

/** The languages in the site's order (English, the reference, first). */
export const LANGS = Object.keys(LOCALES) as readonly Lang[] as Lang[];

export function isLang(s: unknown): s is Lang {
  return typeof s === 'string' && Object.hasOwn(LOCALES, s);
}

/** `en|ja|ko`: the alternation for a pattern that reads a language. */
export const LANG_ALTERNATION = LANGS.join('|');

/** The language an address starts with (`/ja/702/` → `ja`), or null. */
export function pathLang(path: string): Lang | null {
  const code = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  return isLang(code) ? code : null;
}
