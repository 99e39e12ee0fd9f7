/**
 * The engine's trace lines and illegal-action reasons in the page's language. The engine gives each line as a message
 * (src/engine/msg.ts: its English template is the key, its values typed arguments); the template comes from the one
 * translation system (src/i18n/locales/*.trace.json) and each argument is localized by its kind, never guessed from
 * its text: players ("P1" → "プレイヤー1"), zones, steps and colors in the sandbox's words, objects by the name the
 * page's example writes (nameOf), phrases as messages of their own, lists with the language's separator; symbols and
 * the scenario's identifiers stay as written. An English page shows the engine's own English line.
 */
import { M, type Arg, type Msg } from '../engine/msg.ts';
import type { Scenario } from '../engine/scenario.ts';
import { isCountedCardId } from '../engine/types.ts';
import { createTranslator, type Catalog, type Locale, type Translate } from '../i18n/translate.ts';
import { LANGS } from '../i18n/locales.ts';
import jaTrace from '../i18n/locales/ja.trace.json';
import koTrace from '../i18n/locales/ko.trace.json';
import type { Lang } from './labels.ts';
import { listSep, nameOf, playerName, stepName, type T } from './model.ts';
import { isStringKey } from './strings.ts';
import { subtypeName } from './words.ts';

/** English needs no catalog in the bundle: a message's key is its English template (en.trace.json lists the keys,
 * for the parity test). */
export const TRACE: Record<Locale, Catalog> = { en: {}, ja: jaTrace, ko: koTrace };
const TRANSLATE = Object.fromEntries(LANGS.map((l) => [l, createTranslator<Catalog>(TRACE, l)])) as Record<Locale, Translate<string>>;

/** The sandbox's anonymous hand and library cards ("P1-hand1") are just "a card". */
const A_CARD = M`a card`;

export interface TraceReport {
  problems: string[];
  kept: string[];
  templates: string[];
}

export interface TraceContext {
  s: Scenario;
  lang: Lang;
  t: T;
  /** When given, collects for the tests what a page could not put in its language (unknown arguments, missing keys),
   * the text written as the scenario or the example gives it (object names, symbols, the scenario's identifiers) and
   * the templates used. */
  report?: TraceReport;
}

/** The English name the scenario gives an object. */
const englishName = (s: Scenario, id: string): string | undefined => s.setup.objects?.[id]?.card.name ?? s.names?.[id]?.['en'];

/**
 * An object as the page's example names it. The engine gives the object's id and its name at that moment; when that
 * is not the scenario's name for it (a copy takes the name of what it copies), the object of the scenario with that
 * name gives the translation. An object the scenario doesn't name (a token) keeps the engine's name.
 */
function objectName(a: { obj: string; name: string }, c: TraceContext): string {
  if (isCountedCardId(a.obj)) return traceMessage(A_CARD, c);
  const { s, lang } = c;
  // an object the scenario names by description only (no card name): as the widget names it (its card type)
  if (s.setup.objects?.[a.obj] && englishName(s, a.obj) === undefined) return nameOf(s, a.obj, lang);
  const id = englishName(s, a.obj) === a.name ? a.obj : Object.keys({ ...s.setup.objects, ...s.names }).find((x) => englishName(s, x) === a.name);
  // an object the scenario doesn't name (a token): its name, a Saproling token as the page's CR writes the subtype
  const local = id === undefined ? (lang === 'en' ? a.name : tokenWords(a.name, c)) : nameOf(s, id, lang);
  const out = local === id ? a.name : local;
  c.report?.kept.push(out);
  return out;
}

/** A token's name the engine gave it from its subtypes (111.4 of 2026: "Ooze Token"): each subtype and the word
 * "Token" as the page writes them (「ウーズ・トークン」); any other name as a subtype name or as written. */
function tokenWords(name: string, c: TraceContext): string {
  const m = /^(.+) Token$/.exec(name);
  if (!m) return subtypeName(name, c.t);
  const words = [...m[1]!.split(' ').map((w) => subtypeName(w, c.t)), c.t('token')];
  return words.join(c.lang === 'ja' ? '・' : ' ');
}

/** A sandbox edit's path: a player's life, poison… in the sandbox's words; any other path as written. */
function pathName(path: string, c: TraceContext): string {
  const m = /^players\.(P[12])\.(\w+)$/.exec(path);
  if (m && isStringKey(m[2]!)) return `${playerName(m[1]!, c.t)} ${c.t(m[2])}`;
  c.report?.problems.push(`path ${path}`);
  return path;
}

function localizeArg(a: Arg, c: TraceContext): string {
  if (typeof a === 'number') return String(a);
  if ('key' in a) return traceMessage(a, c);
  if ('obj' in a) return objectName(a, c);
  if ('player' in a) return playerName(a.player, c.t);
  if ('zone' in a) return c.t(a.zone);
  if ('step' in a) return stepName(a.step, c.t);
  if ('color' in a) return c.t(`c_${a.color}`);
  if ('list' in a) return a.list.map((x) => localizeArg(x, c)).join(a.sep && a.sep !== ', ' ? a.sep : listSep(c.lang));
  if ('sym' in a) {
    if (/[A-Za-z]/.test(a.sym.replace(/\{[^}]*\}/g, ''))) c.report?.problems.push(`symbols with words: ${a.sym}`);
    c.report?.kept.push(a.sym);
    return a.sym;
  }
  if ('code' in a) {
    c.report?.kept.push(a.code);
    return a.code;
  }
  if ('path' in a) return pathName(a.path, c);
  c.report?.problems.push(`unknown argument ${JSON.stringify(a)}`);
  return String(a);
}

/** A message in the page's language (English: the engine's own words). */
export function traceMessage(msg: Msg, c: TraceContext): string {
  // a target as the scenario labels it ("t1 = Runeclaw Bear"): the label is the scenario's id, so a ja/ko page names
  // just the target
  const [label, target] = msg.args;
  if (c.lang !== 'en' && msg.key === '{0} = {1}' && label && typeof label === 'object' && 'code' in label && target !== undefined) return localizeArg(target, c);
  if (c.lang !== 'en' && !Object.hasOwn(TRACE[c.lang], msg.key)) c.report?.problems.push(`no ${c.lang} translation: ${msg.key}`);
  c.report?.templates.push(TRACE[c.lang][msg.key] ?? msg.key);
  return TRANSLATE[c.lang](msg.key, Object.fromEntries(msg.args.map((a, i) => [String(i), localizeArg(a, c)])));
}

/** A trace line: the message in the page's language, or the engine's English line on an English page. */
export function traceLine(e: { text: string; msg?: Msg }, c: TraceContext): string {
  return c.lang === 'en' || !e.msg ? e.text : traceMessage(e.msg, c);
}
