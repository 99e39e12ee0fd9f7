/**
 * The one translation system of the site and the sandbox. Strings are data: one JSON file per locale
 * and domain in src/i18n/locales/ (`en.site.json`, `ja.sandbox.json`, …); English is the reference
 * whose keys type the others. This module fills them in, and nothing else does:
 *   - `{name}` placeholders are replaced from the arguments, once (unknown names stay as written);
 *   - plural forms are keys with a `#category` suffix (`checks#one`, `checks#other`), chosen with
 *     Intl.PluralRules for the locale from the `count` argument;
 *   - a key missing from a locale falls back to English (the tests require none to be missing).
 * Small on purpose (no dependency): it runs in the browser bundles too.
 */

export type Locale = 'en' | 'ja' | 'ko';
export const LOCALES: readonly Locale[] = ['en', 'ja', 'ko'];

/** A domain's strings in one locale. */
export type Catalog = Readonly<Record<string, string>>;

/** The keys a caller uses: plural variants `key#one`/`key#other` are asked for as `key`. */
export type MessageKey<C extends Catalog> = keyof C extends infer K ? (K extends `${infer Base}#${string}` ? Base : K & string) : never;

export type Args = Readonly<Record<string, string | number>>;
export type Translate<K extends string> = (key: K, args?: Args) => string;

/** Replaces `{name}` placeholders from `args`; names not in `args` stay as written. */
export function format(template: string, args: Args = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(args, k) ? String(args[k]) : m));
}

/** The `{name}` placeholders of a template, sorted (for the parity tests). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The template for `key` in `catalog`, taking the plural form for `count` when the key has forms. */
function pick(catalog: Catalog, locale: Locale, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = catalog[`${key}#${pluralCategory(locale, count)}`] ?? catalog[`${key}#other`];
    if (form !== undefined) return form;
  }
  return catalog[key];
}

/**
 * A translator for one locale of a domain: `t('stepOf', { n: 2, total: 5, text })`,
 * `t('checks', { count: 3 })`. Falls back to English, then to the key itself.
 */
export function createTranslator<C extends Catalog>(catalogs: Readonly<Record<Locale, C>>, locale: Locale): Translate<MessageKey<C>> {
  const own = catalogs[locale];
  const english = catalogs.en;
  return (key, args = {}) => {
    const template = pick(own, locale, key, args['count']) ?? pick(english, 'en', key, args['count']) ?? key;
    return format(template, args);
  };
}
