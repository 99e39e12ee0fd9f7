/**
 * The sandbox widget's strings, in the three page languages: the data is src/i18n/locales/*.sandbox.json
 * (plus the loader's words, *.loader.json), filled in by the one translation system (src/i18n/translate.ts).
 * Engine trace lines and card names stay as the scenario wrote them (English); everything the widget itself
 * says is in the data.
 */
import { createTranslator, format, type Args, type Catalog, type MessageKey } from '../i18n/translate.ts';
import { LOADER_LABELS, type Lang } from './labels.ts';
import enSandbox from '../i18n/locales/en.sandbox.json';
import jaSandbox from '../i18n/locales/ja.sandbox.json';
import koSandbox from '../i18n/locales/ko.sandbox.json';

const en = { ...LOADER_LABELS.en, ...enSandbox };
/** A key as callers use it (`matches`, whose English has the plural forms `matches#one`/`#other`). */
export type StringKey = MessageKey<typeof en>;
export type Strings = Catalog;

// Every English key in every locale, with the same placeholders: tests/i18n.test.ts.
export const STRINGS: Record<Lang, Strings> = { en, ja: { ...LOADER_LABELS.ja, ...jaSandbox }, ko: { ...LOADER_LABELS.ko, ...koSandbox } };

/** Whether a text is one of the sandbox's string keys (keys built from a prefix and a word: `ty_creature`, `s_draw`). */
export const isStringKey = (k: string): k is StringKey => k in STRINGS.en;

/** Fills `{name}` placeholders; unknown names stay as written (src/i18n/translate.ts). */
export const fmt = (template: string, args?: Args): string => format(template, args);

/** A translator for one language: `t('stepN', { n: 2 })`. */
export function translator(lang: Lang): (key: StringKey, args?: Args) => string {
  return createTranslator<Strings>(STRINGS, lang);
}
