/**
 * The one translation system of the site and the sandbox. Strings are data: one JSON file per locale
 * and domain in src/i18n/locales/ (`en.site.json`, `ja.sandbox.json`, …); English is the reference
 * whose keys type the others. This module fills them in, and nothing else does:
 *   - `{name}` placeholders are replaced from the arguments, once (unknown names stay as written);
 *   - plural forms are keys with a `#category` suffix (`checks#one`, `checks#other`), chosen with
 *     Intl.PluralRules for the locale from the `count` argument;
 *   - a key missing from a locale falls back to English (the tests require none to be missing).
 * Browser scripts get a message whose numbers are only known there (result counts, progress) as
 * data: `messageData` puts the key's templates (all its plural forms) into a `data-l-*` attribute at
 * build time, and `fillMessage` picks the form and fills it in the browser, with the same rules.
 * Small on purpose (no dependency): it runs in the browser bundles too.
 */

import type { Lang } from './locales.ts';
import { particle } from './korean.ts';

/** A language of the translation system: the site's languages (src/i18n/locales.ts). */
export type Locale = Lang;

/** A domain's strings in one locale. */
export type Catalog = Readonly<Record<string, string>>;

/** The keys a caller uses: plural variants `key#one`/`key#other` are asked for as `key`. */
export type MessageKey<C extends Catalog> = keyof C extends infer K ? (K extends `${infer Base}#${string}` ? Base : K & string) : never;

export type Args = Readonly<Record<string, string | number>>;
export type Translate<K extends string> = (key: K, args?: Args) => string;

/**
 * Replaces `{name}` placeholders from `args`; names not in `args` stay as written. `{name~과}` is the Korean particle
 * for the value of `name` (src/i18n/korean.ts): `“{q}”{q~과}` gives `“독”과`, `“대지”와`.
 */
export function format(template: string, args: Args = {}): string {
  return template.replace(/\{(\w+)(?:~([\p{Script=Hangul}]+))?\}/gu, (m, k: string, p: string | undefined) =>
    !Object.hasOwn(args, k) ? m : p ? particle(String(args[k]), p) : String(args[k]));
}

/** The `{name}` placeholders of a template, sorted (for the parity tests). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The template for `key` in `catalog`, taking the plural form for `count` when the key has forms. */
function pick(catalog: Catalog, locale: string, key: string, count: unknown): string | undefined {
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

/**
 * For a browser script: the templates of `key` in `locale` (falling back to English) as JSON for a
 * `data-l-*` attribute, every plural form kept and the locale whose rules choose among them
 * (`{"@":"en","#one":"{n} term","#other":"{n} terms"}`, `{"@":"ja","":"{n} 語"}`). `fillMessage`
 * turns it into text once the numbers are known.
 */
export function messageData<C extends Catalog>(catalogs: Readonly<Record<Locale, C>>, locale: Locale, key: MessageKey<C>): string {
  const templates = (catalog: Catalog) => Object.fromEntries(Object.entries(catalog).filter(([k]) => k === key || k.startsWith(`${key}#`)).map(([k, v]) => [k.slice(key.length), v]));
  const own = templates(catalogs[locale]);
  return JSON.stringify(Object.keys(own).length ? { '@': locale, ...own } : { '@': 'en', ...templates(catalogs.en) });
}

/**
 * Fills a `messageData` attribute in the browser: the plural form for `args.count` under the
 * Intl.PluralRules of the templates' locale, then the `{name}` placeholders. A missing or unreadable
 * attribute gives `fallback` filled in the same way.
 */
export function fillMessage(data: string | undefined, args: Args = {}, fallback = ''): string {
  let templates: Catalog = { '': fallback };
  try {
    if (data) templates = JSON.parse(data) as Catalog;
  } catch {
    /* not JSON: keep the fallback */
  }
  return format(pick(templates, templates['@'] ?? 'en', '', args['count']) ?? fallback, args);
}
