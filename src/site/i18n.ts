/**
 * UI strings of the reading site in English, Japanese and Korean (document text never passes through
 * here): the data is src/i18n/locales/*.site.json, filled in by the one translation system
 * (src/i18n/translate.ts). IMPORTED BY BUILD-TIME CODE ONLY; the browser script reads the few strings it
 * needs from `data-*` attributes.
 */
import { LANGS, type Lang } from '../model/types.ts';
import { LOCALES } from '../i18n/locales.ts';
import type { InlineWords } from './render/inline-view.ts';
import { createTranslator, messageData, type Args, type Catalog, type MessageKey } from '../i18n/translate.ts';
import en from '../i18n/locales/en.site.json';
import ja from '../i18n/locales/ja.site.json';
import ko from '../i18n/locales/ko.site.json';

/** A key as callers use it (a plural key `x` stands for its forms `x#one`, `x#other`). */
export type UiKey = MessageKey<typeof en>;

// Every English key in every locale, with the same placeholders: tests/i18n.test.ts.
const STRINGS: Record<Lang, Catalog> = { en, ja, ko };

/** Translator for a UI language: `t('lag', { edition, latest })`; `{name}` placeholders are filled in. */
export function useStrings(lang: Lang): (key: UiKey, vars?: Args) => string {
  return createTranslator<Catalog>(STRINGS, lang);
}

/**
 * For strings a browser script fills in (counts known only there): `data-l-count={m('glossaryCount')}`
 * holds every plural form; the script calls `fillMessage(el.dataset.lCount, { n, count: n })`.
 */
export function useMessageData(lang: Lang): (key: UiKey) => string {
  return (key) => messageData<Catalog>(STRINGS, lang, key);
}

/** Each language's name in itself (src/i18n/locales.ts). */
export const LANG_LABEL: Record<Lang, string> = Object.fromEntries(LANGS.map((l) => [l, LOCALES[l].label])) as Record<Lang, string>;

const LANG_NAME_KEY = { en: 'english', ja: 'japanese', ko: 'korean' } as const satisfies Record<Lang, UiKey>;

/**
 * The site's tagline in t's language: "… in English, Japanese and Korean" when the build has every
 * language, else naming only those it has (`present`, e.g. siteLanguages(site)): a build made with
 * --allow-missing must not claim a language it has no page in.
 */
export function siteTagline(t: (key: 'tagline' | 'taglineOf' | 'taglineJoin' | 'english' | 'japanese' | 'korean', vars?: Args) => string, present: readonly Lang[]): string {
  if (LANGS.every((lang) => present.includes(lang))) return t('tagline');
  return t('taglineOf', { langs: present.map((lang) => t(LANG_NAME_KEY[lang])).join(t('taglineJoin')) });
}

/** The UI key naming where a source document came from (SourceRecord.origin): /sources/ and the home-page notice. */
export const ORIGIN_KEY = { content: 'sourceOriginContent', mirror: 'sourceOriginMirror', cache: 'sourceOriginCache', download: 'sourceOriginDownload' } as const satisfies Record<string, UiKey>;

/** The words the inline renderer (src/site/render/inline-view.ts) needs, as templates (`{evidence}`, `{was}` kept). */
const wordsOf = new Map<Lang, InlineWords>();
export function inlineWords(lang: Lang): InlineWords {
  let w = wordsOf.get(lang);
  if (!w) {
    const t = useStrings(lang);
    w = { gap: t('gap'), restored: t('restored', { evidence: '{evidence}' }), refWas: t('refWas', { was: '{was}' }), fallback: t('fallback'), note: t('note') };
    wordsOf.set(lang, w);
  }
  return w;
}
