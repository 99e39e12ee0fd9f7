/**
 * What a scenario's check verified, said as a sentence in the page's language ("Gray Ogre: P/T is 5/8", "Rule 704.5j
 * is applied"), never as the engine's path (`ogre.pt`) or an object id. A failed check says what was found instead.
 * Pure (no DOM); used by the widget's step panel and unit-tested in tests/sandbox/.
 */
import type { Expectation, ExpectationResult, Scenario } from '../engine/scenario.ts';
import { isPlayerId } from '../engine/types.ts';
import type { Lang } from './labels.ts';
import { formatValue, listSep, nameOf, playerName, resultText, stackLabel, stepName, type T } from './model.ts';
import type { StringKey } from './strings.ts';
import { counterName } from './words.ts';

const OBJECT_FIELDS: Record<string, StringKey> = {
  zone: 'f_zone', pt: 'f_pt', power: 'power', toughness: 'toughness', colors: 'colors', types: 'types', subtypes: 'subtypes',
  supertypes: 'f_supertypes', has: 'f_has', lacks: 'f_lacks', counters: 'counters', damage: 'damage', tapped: 'tapped',
  controller: 'controller', manaValue: 'f_manaValue', manaCost: 'f_manaCost', abilities: 'f_abilities',
  preventionShield: 'f_preventionShield', name: 'f_name', attacking: 'attacking', blocked: 'blocked', owner: 'f_owner',
};
const PLAYER_FIELDS: Record<string, StringKey> = {
  life: 'life', poison: 'poison', pool: 'pool', handCount: 'f_handCount', libraryCount: 'f_libraryCount',
  graveyardCount: 'f_graveyardCount', exileCount: 'f_exileCount', lost: 'lost', won: 'won',
  restrictedPool: 'f_restrictedPool', libraryTop: 'f_libraryTop', library: 'f_library',
};
const TURN_FIELDS: Record<string, StringKey> = { step: 'f_step', active: 'f_active', number: 'f_number' };

function value(v: unknown, field: string, s: Scenario, lang: Lang, t: T): string {
  if (field === 'pt' && Array.isArray(v)) return `${String(v[0])}/${String(v[1])}`;
  if (field === 'counters' && v && typeof v === 'object') {
    const e = Object.entries(v);
    return e.length ? e.map(([k, n]) => `${counterName(k, t)} ×${n}`).join(listSep(lang)) : t('none');
  }
  return formatValue(v, t, { s, lang, field });
}

/** The sentence for one check, and for a failed one what was found instead. */
export function describeCheck(e: ExpectationResult, s: Scenario, lang: Lang, t: T): string {
  const text = checkSentence(e, s, lang, t);
  if (e.passed) return text;
  const field = e.path.includes('.') ? e.path.slice(e.path.indexOf('.') + 1) : e.path;
  const actual = e.path === 'result' ? resultText(e.actual, s, lang, t) : value(e.actual, field, s, lang, t);
  return t('ckWas', { text, actual });
}

function checkSentence(e: ExpectationResult, s: Scenario, lang: Lang, t: T): string {
  const [head, ...rest] = e.path.split(' ');
  const arg = rest.join(' ');
  if (head === 'illegal') return e.expected ? t('ckIllegal') : t('ckLegal');
  if (head === 'illegal.rule') return t('ckIllegalRule', { rule: String(e.expected) });
  if (head === 'illegal.rules') return t('ckIllegalRules', { rules: (Array.isArray(e.expected) ? e.expected : []).join(listSep(lang)) });
  if (head === 'result') return t('ckResult', { value: resultText(e.expected, s, lang, t) });
  if (head === 'trace.cites') return t('ckCites', { rule: arg });
  if (head === 'trace.notCites') return t('ckNotCites', { rule: arg });
  if (head === 'trace.sbaRounds') return t('ckSbaRounds', { n: Number(e.expected) });
  if (head === 'trace.layerBreakdown') return t('ckLayers', { subject: nameOf(s, arg, lang) });
  if (head === 'damageEvent') return t('ckDamageEvent');
  if (head!.startsWith('events.')) return eventSentence(head!.slice('events.'.length), e.expected, s, lang, t);
  if (head === 'stack') return t('ckStack', { value: Array.isArray(e.expected) && e.expected.length ? e.expected.map((x) => stackLabel(String(x), s, lang, t)).join(' ← ') : t('emptyZone') });
  if (head === 'game') return t('ckGame');
  const dot = head!.indexOf('.');
  const subjectId = dot < 0 ? head! : head!.slice(0, dot);
  const field = dot < 0 ? '' : head!.slice(dot + 1);
  if (subjectId === 'turn') return t('ckTurn', { field: t(TURN_FIELDS[field] ?? 'f_step'), value: field === 'step' ? stepName(String(e.expected), t) : formatValue(e.expected, t, { s, lang, field }) });
  if (isPlayerId(subjectId)) {
    return t('ckField', { subject: playerName(subjectId, t), field: PLAYER_FIELDS[field] ? t(PLAYER_FIELDS[field]!) : field, value: value(e.expected, field, s, lang, t) });
  }
  const subject = nameOf(s, subjectId, lang);
  if (field === 'exists') return e.expected ? t('ckExists', { subject }) : t('ckGone', { subject });
  const label = OBJECT_FIELDS[field];
  return t('ckField', { subject, field: label ? t(label) : field, value: value(e.expected, field, s, lang, t) });
}

/** The `events` expectation: what a step did that the state doesn't show, each part as the schema gives it. */
type Events = Required<NonNullable<Expectation['events']>>;
interface EventNarration { s: Scenario; lang: Lang; t: T; sep: string; name: (id: string) => string; amounts: (m: Record<string, number>) => string }
type EventDescribers = { [K in keyof Events]: (v: Events[K], c: EventNarration) => string };

const EVENTS: EventDescribers = {
  resolved: (v, { t, name, sep }) => t('evResolved', { list: v.map(name).join(sep) || t('none') }),
  notResolved: (v, { t, name, sep }) => t('evNotResolved', { list: v.map(name).join(sep) || t('none') }),
  costs: (v, { t, name, sep }) => Object.entries(v).map(([id, c]) => (c.x === undefined ? t('evCost', { card: name(id), cost: c.total }) : t('evCostX', { card: name(id), cost: c.total, x: c.x }))).join(sep),
  payments: (v, { s, lang, t, name, sep }) => {
    // `for` is the English name the engine gave what was paid for: the object's name in the page's language
    const what = (en: string) => { const id = Object.keys(s.setup.objects ?? {}).find((k) => nameOf(s, k, 'en') === en); return id ? name(id) : stackLabel(en, s, lang, t); };
    return v.map((x) => (x.snow ? t('evPaymentSnow', { what: what(x.for), mana: x.mana || '{0}', snow: x.snow }) : t('evPayment', { what: what(x.for), mana: x.mana || '{0}' }))).join(sep);
  },
  combatDamage: (v, { t, amounts, sep }) => t('evCombat', { list: Object.entries(v).map(([from, to]) => amounts(Object.fromEntries(Object.entries(to).map(([r, n]) => [`${from}>${r}`, n])))).join(sep) }),
  replacements: (v, { t, name, sep }) => v.map((r) => t('evReplacement', { source: name(r.source), player: name(r.chooser) })).join(sep) || t('evReplacementNone'),
  damage: (v, { t, amounts, sep }) => v.map((d) => t('evDamage', { list: amounts(d.dealt), n: d.prevented })).join(sep),
  shuffles: (v, { t, name, sep }) => t('evShuffles', { list: v.map(name).join(sep) || t('none') }),
  choices: (v, { s, lang, t, name, sep }) => t('evChoices', { list: v.map((c) => {
    const value = formatValue(c.value, t, { s, lang });
    return c.by ? t('evChoice', { player: name(c.by), value }) : t('evChoiceAny', { value });
  }).join(sep) || t('none') }),
};

const isEventPart = (part: string): part is keyof Events => part in EVENTS;

function eventOne<K extends keyof Events>(part: K, v: Events[K], c: EventNarration): string {
  return EVENTS[part](v, c);
}

/** The sentence for one part of the `events` expectation (what a step did that the state doesn't show). */
function eventSentence(part: string, v: unknown, s: Scenario, lang: Lang, t: T): string {
  if (!isEventPart(part)) return part;
  const sep = listSep(lang);
  const name = (id: string) => (isPlayerId(id) ? playerName(id, t) : nameOf(s, id, lang));
  const amounts = (m: Record<string, number>) => Object.entries(m).map(([k, n]) => {
    const [from, to] = k.includes('>') ? k.split('>') : [k, ''];
    return to ? `${name(from!)} → ${name(to)} ${n}` : `${name(from!)} ${n}`;
  }).join(sep) || t('none');
  // the engine reports an expectation's value as the scenario gave it, which the scenario schema validated: for
  // events.<part>, that part's schema type (the one boundary where the narration takes the engine's word for it)
  return eventOne(part, v as Events[typeof part], { s, lang, t, sep, name, amounts });
}
