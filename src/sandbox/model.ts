/**
 * The pure part of the sandbox widget (no DOM): which edition to run, the controls for the tweakable values,
 * the "modified" logic, localized step descriptions, readable state diffs, the outcome summary and the
 * comparison of two runs. Unit-tested in tests/sandbox/.
 */
import { diffViews, type RunResult, type Scenario, type StateView, type StepResult } from '../engine/scenario.ts';
import { isCountedCardId, isPlayerId } from '../engine/types.ts';
import type { Lang } from './labels.ts';
import type { SiteScenario } from './manifest.ts';
import { isStringKey, translator, type StringKey } from './strings.ts';
import { abilityPresence, counterName, subtypeName, tokenName } from './words.ts';

export type T = (key: StringKey, args?: Record<string, string | number>) => string;
export type Tweakable = NonNullable<Scenario['knobs']>[number] & { value: unknown };

/** Editions the engine has a rules profile for. */
const ENGINE_EDITIONS = ['2019-01-25', '2026-01-16'] as const;

/** The edition to run a scenario under on a page of `pageEdition`: the page's own when the engine knows it. */
export function runEditionFor(s: Scenario, pageEdition: string): string {
  if ((ENGINE_EDITIONS as readonly string[]).includes(pageEdition)) return pageEdition;
  return s.attach.find((a) => a.edition === pageEdition)?.ruleset ?? s.ruleset;
}

/**
 * Other editions to compare with: every edition whose rules run the example on some page (the scenario's own, each
 * attached edition's, each `compare` block's), so a page can say whether the outcome differs under another edition.
 */
export function compareEditionsFor(s: Scenario, runEdition: string): string[] {
  const all = [s.ruleset, ...s.attach.map((a) => runEditionFor(s, a.edition)), ...(s.compare ?? []).map((c) => c.ruleset)];
  return [...new Set(all)].filter((e) => e !== runEdition);
}

// ------------------------------------------------------------------ names

/**
 * A card's name as the page's example writes it: the scenario's own translation, else the name the translated
 * example uses (`localNames`, found by the build: Japanese examples give names in 《…》), else the English name.
 */
export function nameOf(s: Scenario, id: string, lang: Lang, view?: StateView): string {
  // the sandbox's anonymous hand and library cards ("P1-library1"): just "a card"
  if (isCountedCardId(id)) return translator(lang)('anonCard');
  const n = s.names?.[id];
  const own = n?.[lang] ?? (s as SiteScenario).localNames?.[lang]?.[id] ?? n?.['en'] ?? s.setup.objects?.[id]?.card.name;
  if (own !== undefined) return own;
  // an object the scenario gives no name (601.2c's "bear"): its card type, as a word of the page, not the id
  const type = s.setup.objects?.[id]?.card.types?.[0];
  const typeKey = `ty_${type}`;
  if (type && TYPE_WORDS.has(type) && isStringKey(typeKey)) return translator(lang)(typeKey);
  // an object the engine makes (a token): its name, never the scenario's id for it; a Saproling token as the page's
  // CR writes the subtype
  const made = view?.objects[id]?.name ?? tokenName(s, id);
  if (made === undefined) return id;
  return lang === 'en' ? made : subtypeName(made, translator(lang));
}

export function playerName(p: string, t: T): string {
  const m = /^P(\d)$/.exec(p);
  return m ? t('player', { n: m[1]! }) : p;
}

const i18n = (m: Record<string, string> | undefined, lang: Lang): string | undefined => m?.[lang] ?? m?.['en'];

// ------------------------------------------------------------------ controls for the tweakable values

export interface Control {
  /** Index of the knob in listTweakables(). */
  knob: number;
  /** Which part of the knob's value this control edits: 0/1 for P/T, a counter name, or null for the whole value. */
  part: number | string | null;
  label: string;
  kind: 'range' | 'text' | 'select';
  min?: number;
  max?: number;
  value: number | string;
  options?: { value: string; label: string }[];
}

const COLORS = ['white', 'blue', 'black', 'red', 'green'] as const;

function range(knob: number, part: number | string | null, label: string, value: number, k: Tweakable, dmin: number, dmax: number): Control {
  const min = Math.min(k.min ?? dmin, value);
  const max = Math.max(k.max ?? Math.max(dmax, value * 2), value);
  return { knob, part, label, kind: 'range', min, max, value };
}

/** The form controls of the tweakable values: P/T knobs get a power and a toughness slider, counters one slider per kind. */
export function controlsFor(tweakables: Tweakable[], lang: Lang, t: T): Control[] {
  const out: Control[] = [];
  tweakables.forEach((k, i) => {
    const label = i18n(k.label, lang) ?? k.path;
    const v = k.value;
    if (k.kind === 'pt' && Array.isArray(v)) {
      out.push(range(i, 0, `${label}: ${t('power')}`, Number(v[0]), k, 0, 10));
      out.push(range(i, 1, `${label}: ${t('toughness')}`, Number(v[1]), k, 0, 10));
    } else if (k.kind === 'counters' && v && typeof v === 'object') {
      for (const [name, n] of Object.entries(v as Record<string, number>)) out.push(range(i, name, `${label}: ${counterName(name, t)}`, n, { ...k, min: 0, max: Math.max(k.max ?? 10, n) }, 0, 10));
    } else if (k.kind === 'choice' && Array.isArray(v)) {
      out.push({ knob: i, part: null, label, kind: 'select', value: String(v[0] ?? ''), options: COLORS.map((c) => ({ value: c, label: t(`c_${c}`) })) });
    } else if (k.kind === 'mana' || typeof v === 'string') {
      out.push({ knob: i, part: null, label, kind: 'text', value: String(v ?? '') });
    } else if (typeof v === 'number') {
      out.push(range(i, null, label, v, k, 0, 20));
    }
  });
  return out;
}

/** A knob value with one control's part replaced (never mutates `value`). */
export function withPart(value: unknown, c: Pick<Control, 'part' | 'kind'>, input: string | number): unknown {
  if (c.kind === 'select') return Array.isArray(value) ? [String(input)] : String(input);
  if (c.kind === 'text') return String(input);
  const n = Number(input);
  if (c.part === null) return n;
  if (typeof c.part === 'number' && Array.isArray(value)) return value.map((x, i) => (i === c.part ? n : x));
  if (typeof c.part === 'string' && value && typeof value === 'object') return { ...(value as Record<string, unknown>), [c.part]: n };
  return value;
}

/** Reads one control's current input value from the knob value. */
export function partOf(value: unknown, c: Pick<Control, 'part' | 'kind'>): number | string {
  if (c.kind === 'select') return String(Array.isArray(value) ? value[0] ?? '' : value ?? '');
  if (c.kind === 'text') return String(value ?? '');
  if (c.part === null) return Number(value);
  if (typeof c.part === 'number' && Array.isArray(value)) return Number(value[c.part]);
  if (typeof c.part === 'string' && value && typeof value === 'object') return Number((value as Record<string, unknown>)[c.part] ?? 0);
  return 0;
}

/** A mana pool string the engine accepts: `{W}{W}{G}`, `{2}`, or empty. */
export const validPool = (s: string): boolean => /^(\{(?:[WUBRGC]|\d{1,2})\})*$/.test(s.trim());

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The overrides for runScenario: only the knobs whose value differs from the scenario's own. */
export function overridesFor(tweakables: Tweakable[], values: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  tweakables.forEach((k, i) => {
    if (i < values.length && !same(k.value, values[i])) out[k.path] = values[i];
  });
  return out;
}

/** A run is "modified" when any tweakable value differs from the CR example's. */
export function isModified(tweakables: Tweakable[], values: unknown[]): boolean {
  return Object.keys(overridesFor(tweakables, values)).length > 0;
}

// ------------------------------------------------------------------ step descriptions

/** The separator of a list in running text. */
export const listSep = (lang: Lang) => (lang === 'en' ? ', ' : lang === 'ja' ? '、' : ', ');

/** The sandbox's word for a key built from a prefix and a word (`c_red`, `ty_creature`); `otherwise` when there is none. */
const wordOr = (k: string, otherwise: string, t: T): string => (isStringKey(k) ? t(k) : otherwise);

export function stepName(step: string, t: T): string {
  const k = `s_${step}`;
  return isStringKey(k) ? t(k) : step;
}

// ------------------------------------------------------------------ values and diffs

/** The zones (400.1), each a word of the page's language. */
const ZONES = new Set(['library', 'hand', 'battlefield', 'graveyard', 'stack', 'exile', 'command']);
/** Card types and supertypes (300.1, 205.4a), each a word of the page's language (`ty_…`). */
const TYPE_WORDS = new Set(['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'instant', 'sorcery', 'tribal', 'basic', 'legendary', 'snow', 'world', 'ongoing']);
const FIELDS = new Set<string>(['power', 'toughness', 'damage', 'counters', 'controller', 'keywords', 'colors', 'types', 'subtypes', 'attachedTo', 'token', 'tapped', 'life', 'poison', 'pool', 'hand', 'library', 'graveyard', 'exile', 'stack', 'priority', 'lost', 'won', 'blockedBy', 'blocked', 'order']);

export function formatValue(v: unknown, t: T, ctx: { s: Scenario; lang: Lang; field?: string }): string {
  if (v === undefined || v === null || v === '') return t('none');
  if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
  if (Array.isArray(v)) {
    if (!v.length) return t('emptyZone');
    return v.map((x) => formatValue(x, t, ctx)).join(listSep(ctx.lang));
  }
  if (typeof v === 'object') {
    const e = Object.entries(v as Record<string, unknown>);
    // a record's keys: objects and players by name, counter kinds and the fields of a characteristics query in words
    const key = (k: string) => (ctx.s.setup.objects?.[k] || ctx.s.names?.[k] || tokenName(ctx.s, k) !== undefined ? nameOf(ctx.s, k, ctx.lang) : isPlayerId(k) ? playerName(k, t)
      : ctx.field === 'counters' ? counterName(k, t) : ctx.field ? k : FIELDS.has(k) && isStringKey(k) ? t(k) : wordOr(`f_${k}`, k, t));
    return e.length ? e.map(([k, x]) => `${key(k)}: ${formatValue(x, t, ctx.field ? ctx : { ...ctx, field: k })}`).join(listSep(ctx.lang)) : t('none');
  }
  const s = String(v);
  // how a player lost or won (the engine's reason, "effect"): that they did
  if ((ctx.field === 'lost' || ctx.field === 'won') && typeof v === 'string') return t('yes');
  if (ctx.field === 'zone' && ZONES.has(s) && isStringKey(s)) return t(s);
  if (ctx.field === 'step') return stepName(s, t);
  if (isPlayerId(s)) return playerName(s, t);
  if (ctx.field === 'colors' && (COLORS as readonly string[]).includes(s)) return wordOr(`c_${s}`, s, t);
  if ((ctx.field === 'types' || ctx.field === 'supertypes') && TYPE_WORDS.has(s)) return wordOr(`ty_${s}`, s, t);
  if (ctx.s.setup.objects?.[s] || ctx.s.names?.[s] || isCountedCardId(s) || tokenName(ctx.s, s) !== undefined) return nameOf(ctx.s, s, ctx.lang);
  if (ctx.field === 'stack') return stackLabel(s, ctx.s, ctx.lang, t);
  if (ctx.field && KEYWORD_FIELDS.has(ctx.field)) return keywordName(s, t);
  if (ctx.field === 'subtypes') return subtypeName(s, t);
  // a name the engine reports (a copy's, 706.2): a card of the scenario, named as the page names that card
  if (ctx.field === 'name' && ctx.lang !== 'en') {
    const card = Object.entries(ctx.s.setup.objects ?? {}).find(([, o]) => o.card.name === s)?.[0];
    if (card) return nameOf(ctx.s, card, ctx.lang);
  }
  if (ctx.field === 'abilities') return abilityPresence(s, t) ?? s;
  return s;
}

const KEYWORD_FIELDS = new Set(['keywords', 'has', 'lacks', 'gain', 'lose']);

/** A keyword ability as the page's CR names it (702.x headings: 飛行, 비행); an unknown one as the engine writes it. */
export function keywordName(k: string, t: T): string {
  const key = `kw_${k}`;
  if (isStringKey(key)) return t(key);
  const prot = /^protection-from-(\w+)$/.exec(k);
  const protColor = `c_${prot?.[1]}`;
  if (prot && (COLORS as readonly string[]).includes(prot[1]!) && isStringKey(protColor)) return t('kwProtection', { color: t(protColor) });
  return k.replace(/-/g, ' ');
}

/**
 * An item on the stack as the engine labels it ("Guile", "Guile's ability", "Guile: triggered ability (dies)") in the
 * page's language: the card named as the page's example names it. An English page keeps the engine's label.
 */
export function stackLabel(label: string, s: Scenario, lang: Lang, t: T, view?: StateView): string {
  if (s.setup.objects?.[label] || s.names?.[label]) return nameOf(s, label, lang, view);
  if (lang === 'en') return label;
  if (label === 'delayed triggered ability') return t('stackDelayed');
  if (label === 'reflexive triggered ability') return t('stackReflexive');
  const ids = Object.keys({ ...s.setup.objects, ...s.names });
  const card = (name: string) => {
    const id = ids.find((x) => (s.setup.objects?.[x]?.card.name ?? s.names?.[x]?.['en']) === name);
    return id === undefined ? name : nameOf(s, id, lang, view);
  };
  // a copy of a spell or ability (707.10): "Fling (copy)"
  const copy = /^(.+) \(copy\)$/.exec(label);
  if (copy) return t('stackCopy', { card: stackLabel(copy[1]!, s, lang, t, view) });
  const ability = /^(.+)'s ability$/.exec(label);
  if (ability) return t('stackAbility', { card: card(ability[1]!) });
  const trigger = /^(.+): triggered ability( \(\w[\w-]*\))?$/.exec(label);
  if (trigger) return t('stackTrigger', { card: card(trigger[1]!) });
  return card(label);
}

export interface DiffLine {
  subject: string;
  field: string;
  before: string;
  after: string;
}

/** A state diff of the engine (`objects.ogre.power: 2 → 3`) in the reader's words. */
export function diffLines(diff: StepResult['diff'], s: Scenario, lang: Lang, t: T): DiffLine[] {
  const out: DiffLine[] = [];
  const label = (f: string): string => {
    const k = f === 'zone' ? 'none' : f;
    return (FIELDS.has(f) || ZONES.has(f) || f === 'zone') && isStringKey(k) ? t(k) : f;
  };
  // merge power and toughness into one P/T line per object
  const pt = new Map<string, { before: [unknown, unknown]; after: [unknown, unknown] }>();
  for (const d of diff) {
    const parts = d.path.split('.');
    const ctx = { s, lang, field: '' };
    if (parts[0] === 'objects' && parts.length >= 3) {
      const id = parts[1]!;
      const field = parts[2]!;
      if (field === 'power' || field === 'toughness') {
        const e = pt.get(id) ?? { before: [undefined, undefined], after: [undefined, undefined] };
        const i = field === 'power' ? 0 : 1;
        e.before[i] = d.before;
        e.after[i] = d.after;
        pt.set(id, e);
        continue;
      }
      if (field === 'name') continue;
      const f = field === 'counters' && parts[3] ? `${t('counters')} ${counterName(parts.slice(3).join('.'), t)}` : field === 'zone' ? '' : label(field);
      ctx.field = field;
      out.push({ subject: nameOf(s, id, lang), field: f, before: formatValue(d.before, t, ctx), after: formatValue(d.after, t, ctx) });
    } else if (parts[0] === 'players' && parts.length >= 3) {
      ctx.field = parts[2]!;
      out.push({ subject: playerName(parts[1]!, t), field: label(parts[2]!), before: formatValue(d.before, t, ctx), after: formatValue(d.after, t, ctx) });
    } else if (parts[0] === 'result') {
      continue; // the game's result: the players' lines say who won and who lost
    } else if (parts[0] === 'turn') {
      if (parts[1] === 'priority') continue;
      ctx.field = parts[1] ?? '';
      out.push({ subject: t('turnWord'), field: parts[1] === 'number' ? '#' : parts[1] === 'active' ? t('active') : '', before: formatValue(d.before, t, ctx), after: formatValue(d.after, t, ctx) });
    } else if (parts[0] === 'combat') {
      const id = parts[2];
      ctx.field = parts[3] ?? '';
      out.push({ subject: id ? nameOf(s, id, lang) : t('attacking'), field: parts[3] ? label(parts[3]) : t('attacking'), before: formatValue(d.before, t, ctx), after: formatValue(d.after, t, ctx) });
    } else {
      ctx.field = parts[0]!;
      out.push({ subject: label(parts[0]!), field: '', before: formatValue(d.before, t, ctx), after: formatValue(d.after, t, ctx) });
    }
  }
  const ptText = (x: [unknown, unknown]) => (x[0] === undefined && x[1] === undefined ? t('none') : `${String(x[0] ?? '?')}/${String(x[1] ?? '?')}`);
  for (const [id, e] of pt) out.unshift({ subject: nameOf(s, id, lang), field: t('f_pt'), before: ptText(e.before), after: ptText(e.after) });
  return out;
}

// ------------------------------------------------------------------ outcome

/** One line per object or player whose state differs between the start and the end, plus creatures on the battlefield. */
export function outcomeLines(initial: StateView, final: StateView, s: Scenario, lang: Lang, t: T): string[] {
  const lines: string[] = [];
  const sep = listSep(lang);
  for (const [id, o] of Object.entries(final.objects)) {
    if (isCountedCardId(id)) continue;
    const before = initial.objects[id];
    const changed = !before || JSON.stringify(before) !== JSON.stringify(o);
    if (!changed && !(o.zone === 'battlefield' && o.power !== undefined)) continue;
    const bits: string[] = [isStringKey(o.zone) ? t(o.zone) : o.zone];
    if (o.power !== undefined) bits.push(`${o.power}/${o.toughness}`);
    if (o.tapped && o.zone === 'battlefield') bits.push(t('tapped'));
    if (o.damage) bits.push(`${t('damage')} ${o.damage}`);
    const counters = Object.entries(o.counters).filter(([, n]) => n > 0).map(([k, n]) => `${counterName(k, t)} ×${n}`);
    if (counters.length) bits.push(`${t('counters')} ${counters.join(sep)}`);
    if (before && JSON.stringify(before.keywords) !== JSON.stringify(o.keywords)) bits.push(`${t('keywords')}: ${o.keywords.length ? o.keywords.map((k) => keywordName(k, t)).join(sep) : t('none')}`);
    if (before && JSON.stringify(before.colors) !== JSON.stringify(o.colors)) bits.push(`${t('colors')}: ${formatValue(o.colors, t, { s, lang, field: 'colors' })}`);
    if (before && before.controller !== o.controller) bits.push(`${t('controller')}: ${playerName(o.controller, t)}`);
    lines.push(`${nameOf(s, id, lang, final)}: ${bits.join(sep)}`);
  }
  for (const [p, ps] of Object.entries(final.players)) {
    const b = initial.players[p as 'P1'];
    const bits: string[] = [];
    if (ps.life !== b.life) bits.push(`${t('life')} ${b.life} → ${ps.life}`);
    if (ps.poison !== b.poison) bits.push(`${t('poison')} ${b.poison} → ${ps.poison}`);
    if (ps.pool !== b.pool) bits.push(`${t('pool')} ${b.pool || t('none')} → ${ps.pool || t('none')}`);
    if (ps.hand !== b.hand) bits.push(`${t('hand')} ${b.hand} → ${ps.hand}`);
    if (ps.library !== b.library) bits.push(`${t('library')} ${b.library} → ${ps.library}`);
    if (ps.lost) bits.push(t('lost'));
    if (ps.won) bits.push(t('won'));
    if (bits.length) lines.push(`${playerName(p, t)}: ${bits.join(sep)}`);
  }
  return lines;
}

/** "Matches the CR example" / "differs" for an unmodified run; null when the scenario has no checks. */
export function checksSummary(r: RunResult, t: T): { ok: boolean; text: string } | null {
  const total = r.expectations.length;
  if (!total) return null;
  const failed = r.expectations.filter((e) => !e.passed).length + r.errors.length;
  return failed ? { ok: false, text: t('differs', { n: failed, total, count: failed }) } : { ok: true, text: t('matches', { n: total, total, count: total }) };
}

// ------------------------------------------------------------------ comparing editions

export interface Comparison {
  same: boolean;
  /** Step-level differences (skipped steps, legality, query results): the step index and what differs. */
  steps: { index: number; text: string }[];
  /** Final-state differences, from this run to the other. */
  final: DiffLine[];
}

/** A query result as compared between editions: without its layer rows, which cite each edition's own rule numbers. */
function comparable(r: unknown): string {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return JSON.stringify(r);
  const { layers: _layers, ...rest } = r as Record<string, unknown>;
  return JSON.stringify(rest);
}

export function compareRuns(a: RunResult, b: RunResult, s: Scenario, lang: Lang, t: T): Comparison {
  const steps: Comparison['steps'] = [];
  b.steps.forEach((sb, index) => {
    const sa = a.steps[index];
    const n = index + 1;
    const push = (text: string) => steps.push({ index, text });
    if (sb.skipped && !sa?.skipped) push(t('compareStepSkipped', { n }));
    else if (sb.illegal && !sa?.illegal) push(t('compareStepIllegal', { n, rule: sb.illegal.rule }));
    else if (!sb.illegal && sa?.illegal && !sb.skipped) push(t('compareStepLegal', { n }));
    else if (sb.result !== undefined && comparable(sb.result) !== comparable(sa?.result)) push(t('compareStepResult', { n, result: resultText(sb.result, s, lang, t) }));
  });
  const final = diffLines(diffViews(a.final, b.final), s, lang, t);
  return { same: !steps.length && !final.length, steps, final };
}

/** A query result (legal options, characteristics) as one line of text. */
export function resultText(r: unknown, s: Scenario, lang: Lang, t: T): string {
  if (r && typeof r === 'object' && Array.isArray((r as { options?: unknown }).options)) {
    const opts = (r as { options: unknown[] }).options;
    return opts.map((o) => formatValue(o, t, { s, lang })).map((x) => `[${x}]`).join(' ') || t('noOptions');
  }
  if (r && typeof r === 'object') {
    const o = { ...(r as Record<string, unknown>) };
    delete o['layers'];
    return formatValue(o, t, { s, lang });
  }
  return formatValue(r, t, { s, lang });
}
