/**
 * The engine's trace lines and illegal-action reasons in the page's language. The engine gives each line as a message
 * (src/engine/msg.ts: its English template is the key, its values the arguments); the template comes from the one
 * translation system (src/i18n/locales/*.trace.json via createTranslator) and each argument is localized: players
 * ("P1" → "プレイヤー1"), zones, steps and colors in the sandbox's words, and object names as the page's example
 * writes them (nameOf: the scenario's names, then the names the translated example uses, e.g. Japanese 《…》). An
 * English page shows the engine's own English line, which can carry more detail (the layer rows of a P/T change).
 */
import type { Msg } from '../engine/msg.ts';
import { fill } from '../engine/msg.ts';
import type { RunResult, Scenario } from '../engine/scenario.ts';
import { createTranslator, type Catalog, type Locale } from '../i18n/translate.ts';
import jaTrace from '../i18n/locales/ja.trace.json';
import koTrace from '../i18n/locales/ko.trace.json';
import type { Lang } from './labels.ts';
import { nameOf, playerName, stepName, type T } from './model.ts';
import { STRINGS, type StringKey } from './strings.ts';

/** English needs no catalog in the bundle: a message's key is its English template (en.trace.json lists the keys,
 * for the parity test). */
export const TRACE: Record<Locale, Catalog> = { en: {}, ja: jaTrace, ko: koTrace };

const ZONES = new Set(['library', 'hand', 'battlefield', 'graveyard', 'stack', 'exile', 'command']);
const COLORS = new Set(['white', 'blue', 'black', 'red', 'green']);

/** The scenario's objects by the English name the engine uses for them (its card name or the scenario's `names.en`). */
export function namesOf(s: Scenario, run?: RunResult): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, o] of Object.entries(s.setup.objects ?? {})) out.set(o.card.name ?? s.names?.[id]?.['en'] ?? id, id);
  for (const st of run?.steps ?? []) for (const [id, o] of Object.entries(st.state.objects)) if (!out.has(o.name)) out.set(o.name, id);
  return out;
}

/** Phrases the engine builds around a name or word, translated as messages of their own. */
const PHRASES: [RegExp, string][] = [
  [/^(.+)'s ability$/, "{0}'s ability"],
  [/^(.+) spells$/, '{0} spells'],
];

export interface TraceContext {
  s: Scenario;
  lang: Lang;
  t: T;
  names: Map<string, string>;
}

function localizeArg(v: string | number, c: TraceContext): string {
  if (typeof v === 'number') return String(v);
  if (/^P[12]$/.test(v)) return playerName(v, c.t);
  if (ZONES.has(v)) return c.t(v as StringKey);
  if (COLORS.has(v)) return c.t(`c_${v}` as StringKey);
  if (`s_${v}` in STRINGS.en) return stepName(v, c.t);
  const id = c.names.get(v) ?? (c.s.setup.objects?.[v] || c.s.names?.[v] ? v : undefined);
  // the sandbox's anonymous hand and library cards ("P1-hand1") are just "a card"
  if (id && /^P[12]-(hand|library)\d+$/.test(id)) return traceMessage({ key: 'a card', args: [] }, c);
  if (id) {
    const local = nameOf(c.s, id, c.lang);
    return local === id ? v : local; // an object the scenario doesn't name (a token) keeps the engine's name
  }
  // a word or a phrase that is itself in the catalog ("colorless", "creature"; "{0}'s ability", "{0} spells")
  if (Object.hasOwn(TRACE.ja, v)) return traceMessage({ key: v, args: [] }, c);
  for (const [re, key] of PHRASES) {
    const m = re.exec(v);
    if (m) return traceMessage({ key, args: [m[1]!] }, c);
  }
  const path = /^players\.(P[12])\.(\w+)$/.exec(v);
  if (path && path[2]! in STRINGS.en) return `${playerName(path[1]!, c.t)} ${c.t(path[2] as StringKey)}`;
  // a list of names, players or colors (", "-joined by the engine)
  if (v.includes(', ')) {
    const parts = v.split(', ');
    if (parts.every((p) => c.names.has(p) || /^P[12]$/.test(p) || COLORS.has(p))) return parts.map((p) => localizeArg(p, c)).join(c.lang === 'ja' ? '、' : ', ');
  }
  return v;
}

/** A message in the page's language (English: the engine's own words). */
export function traceMessage(msg: Msg, c: TraceContext): string {
  const template = createTranslator<Catalog>(TRACE, c.lang)(msg.key);
  return fill(template, msg.args, (v) => localizeArg(v, c));
}

/** A trace line: the message in the page's language, or the engine's English line on an English page. */
export function traceLine(e: { text: string; msg?: Msg }, c: TraceContext): string {
  return c.lang === 'en' || !e.msg ? e.text : traceMessage(e.msg, c);
}
