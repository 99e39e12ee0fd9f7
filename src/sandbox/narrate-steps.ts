/**
 * A scenario step said as a sentence in the page's language ("P1 casts Lightning Bolt", "Sandbox: Gray Ogre is
 * destroyed"): one describer per op of the engine's own action union (engine/types.ts `Action`, `ActionOf`), in a
 * record TypeScript checks against that union, so a new op without a describer, or a renamed field, fails the
 * typecheck instead of printing an empty name on a page. Pure (no DOM); used by the widget's step list.
 */
import type { Scenario, ScenarioStep } from '../engine/scenario.ts';
import { isPlayerId, type Action, type ActionOf, type Query, type Zone } from '../engine/types.ts';
import type { Lang } from './labels.ts';
import { listSep, nameOf, playerName, stepName, type T } from './model.ts';
import { STRINGS, type StringKey } from './strings.ts';
import { counterName, filterText } from './words.ts';

/** What every describer needs: the scenario, the page's language, its strings, the acting player's name. */
interface Narration {
  s: Scenario;
  lang: Lang;
  t: T;
  /** The acting player (the action's `by`, else the active player), as the page names it. */
  p: string;
  /** An object's name as the page's example writes it; '' for anything but an id. */
  n: (id: unknown) => string;
  sep: string;
}

type Describers = { [K in Action['op']]: (a: ActionOf<K>, c: Narration) => string };
type QueryDescribers = { [K in Query['what']]: (q: Extract<Query, { what: K }>, c: Narration) => string };

/** The zones (400.1), each a word of the page's language. */
const ZONE_KEY: Record<Zone, StringKey> = {
  library: 'library', hand: 'hand', battlefield: 'battlefield', graveyard: 'graveyard', stack: 'stack', exile: 'exile', command: 'command',
};

/** The question a query asks, in the page's language (a question the sandbox has no words for: its name). */
const QUERIES: QueryDescribers = {
  'characteristics': (q, c) => c.t('qCharacteristics', { card: c.n(q.obj) }),
  'legal-payments': (_q, c) => c.t('qPayments'),
  'legal-attacks': (_q, c) => c.t('qAttacks'),
  'legal-blocks': (_q, c) => c.t('qBlocks'),
  'legal-damage-assignments': (q, c) => c.t('qAssignments', { card: c.n(q.attacker) }),
  'can-cast': (q) => q.what,
};

/** One query's question: its describer. */
function askOne<K extends Query['what']>(what: K, q: Extract<Query, { what: K }>, c: Narration): string {
  return QUERIES[what](q, c);
}

/** The number an injected instruction gives (1 when it is an expression, not a number). */
const count = (n: unknown): number => (typeof n === 'number' ? n : 1);
/** The player an injected instruction names, else the acting player. */
const who = (player: string | undefined, c: Narration): string => (typeof player === 'string' && isPlayerId(player) ? playerName(player, c.t) : c.p);
/** A sandbox injection (an event the example takes as given), in the page's words. */
const injected = (text: string, c: Narration): string => c.t('opOther', { text });

/** An instruction the sandbox has no sentence for: its label (else its op), with the object it names. */
function other(a: Action, c: Narration): string {
  const label = 'label' in a && typeof a.label === 'string' && a.label ? a.label : a.op.replace(/-/g, ' ');
  const target = 'obj' in a && typeof a.obj === 'string' ? ` (${c.n(a.obj)})` : 'card' in a && typeof a.card === 'string' ? ` (${c.n(a.card)})` : '';
  return c.t('opOther', { text: `${label}${target}` });
}

/** What a created effect does to power/toughness of one named object, in the sandbox's words; null for anything else. */
function effectText(e: ActionOf<'create-effect'>['effect'], c: Narration): string | null {
  const { n, t } = c;
  if (typeof e.affects !== 'string' || n(e.affects) === e.affects) return null; // a reference, not a named object
  const pt = (v: unknown, signed: boolean) => (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number') ? v.map((x: number) => (signed && x >= 0 ? `+${x}` : String(x))).join('/') : null);
  const delta = pt(e.delta, true);
  const set = pt(e.setPT, false);
  const change = [set ? t('layerSet', { pt: set }) : null, delta ? t('layerModify', { delta }) : null, e.switchPT ? t('layerSwitch') : null].filter(Boolean).join(' ');
  if (!change) return null;
  const text = t('efOn', { card: n(e.affects), change });
  return e.until === 'end-of-turn' ? t('efUntilEot', { text }) : text;
}

const DESCRIBE: Describers = {
  // ------------------------------------------------ player actions
  'pass': (_a, c) => c.t('opPass', { p: c.p }),
  'pass-all': (_a, c) => c.t('opPassAll'),
  'pass-until': (_a, c) => c.t('opPassUntil'),
  'advance': (a, c) => c.t('opAdvance', { step: stepName(a.to, c.t) }),
  'check-sba': (_a, c) => c.t('opSba'),
  'cast': (a, c) => c.t('opCast', { p: c.p, card: c.n(a.card) }),
  'activate': (a, c) => c.t('opActivate', { p: c.p, card: c.n(a.obj) }),
  'tap-for-mana': (a, c) => c.t('opActivate', { p: c.p, card: c.n(a.obj) }),
  'play-land': (a, c) => c.t('opLand', { p: c.p, card: c.n(a.card) }),
  'declare-attackers': (a, c) => c.t('opAttack', { p: c.p, list: a.attackers.map((x) => c.n(typeof x === 'string' ? x : x.id)).join(c.sep) }),
  'declare-blockers': (a, c) => {
    if (!a.blocks.length) return c.t('opNoBlock', { p: c.p });
    const list = a.blocks.map((b) => c.t('opBlockPair', { blocker: c.n(b.blocker), attacker: b.attackers.map(c.n).join(c.sep) }));
    return c.t('opBlock', { p: c.p, list: list.join(c.sep) });
  },
  'order-blockers': (a, c) => c.t('opOrder', { p: c.p, card: c.n(a.attacker), list: a.order.map(c.n).join(' → ') }),
  'assign-combat-damage': (a, c) => {
    const list = Object.values(a.assignments).flatMap((to) => Object.entries(to).map(([k, v]) => `${isPlayerId(k) ? playerName(k, c.t) : c.n(k)} ${v}`));
    return c.t('opAssign', { p: c.p, list: list.join(c.sep) });
  },
  'query': (a, c) => c.t('opQuery', { what: askOne(a.what, a, c) }),
  'set': (a, c) => {
    const m = /^players\.(P[12])\.(\w+)$/.exec(a.path);
    const field = m?.[2];
    const path = m && field !== undefined && isKey(field) ? `${playerName(m[1]!, c.t)} ${c.t(field)}` : a.path;
    return c.t('opSet', { path, value: JSON.stringify(a.value) });
  },
  // ------------------------------------------------ injected instructions (events the example takes as given)
  'create-effect': (a, c) => {
    // the scenario's label is English: a ja/ko page says what the effect does from its data instead
    if (c.lang === 'en' && a.label) return injected(c.t('opEffect', { text: a.label }), c);
    const text = effectText(a.effect, c);
    return injected(text ? c.t('opEffect', { text }) : c.t('opEffectPlain'), c);
  },
  'end-effect': (_a, c) => injected(c.t('opEffectEnds'), c),
  'move': (a, c) => injected(c.t('opMove', { card: c.n(a.obj), zone: c.t(ZONE_KEY[a.to]) }), c),
  'destroy': (a, c) => injected(a.all ? c.t('opDestroyAll', { what: filterText(a.all, c.t, c.lang) }) : c.t('opDestroy', { card: c.n(a.obj) }), c),
  'exile': (a, c) => injected(c.t('opExile', { card: c.n(a.obj) }), c),
  'tap': (a, c) => injected(c.t('opTap', { card: c.n(a.obj) }), c),
  'untap': (a, c) => injected(c.t('opUntap', { card: c.n(a.obj) }), c),
  'deal-damage': (a, c) => injected(c.t('opDamage', { card: c.n(a.from), n: count(a.n) }), c),
  'gain-life': (a, c) => injected(c.t('opGainLife', { p: who(a.player, c), n: count(a.n) }), c),
  'lose-life': (a, c) => injected(c.t('opLoseLife', { p: who(a.player, c), n: count(a.n) }), c),
  'put-counters': (a, c) => injected(c.t('opCounters', { card: c.n(a.on), n: count(a.n), kind: counterName(a.kind, c.t) }), c),
  'discard': (a, c) => injected(c.t('opDiscard', { p: who(a.player, c) }), c),
  'create-prevention': (_a, c) => injected(c.t('opPrevention'), c),
  'create-replacement': (_a, c) => injected(c.t('opReplacement'), c),
  'regenerate': (a, c) => injected(c.t('opRegenerate', { card: c.n(a.obj) }), c),
  'create-delayed': (_a, c) => injected(c.t('opDelayed'), c),
  'each-player-sacrifices': (_a, c) => injected(c.t('opEachSacrifice'), c),
  'attach': (a, c) => injected(c.t('opAttach', { card: c.n(a.obj) }), c),
  // the instructions the sandbox has no sentence for: their label or op, with the object they name
  'create-token': other, 'create-token-copy': other, 'for-each': other, 'exile-top': other, 'put-exiled': other, 'if-you-do': other, 'sacrifice': other, 'reflexive': other, 'may-sacrifice-else': other,
  'remove-counters': other, 'return-to-hand': other, 'draw': other, 'add-mana': other, 'shuffle': other,
  'shuffle-into-library': other, 'double-mana': other, 'win-game': other, 'set-life': other,
  'prevent-next-from-source': other, 'undying': other, 'change-targets': other, 'copy-spell': other,
  'cumulative-upkeep': other, 'exchange-control': other, 'become-copy': other, echo: other, 'aura-swap': other, 'additional-upkeeps': other, 'share-keywords': other, 'exile-same-name': other,
};

/** Whether a word is one of the sandbox's strings (a player field of a `set` path: life, poison, …). */
const isKey = (k: string): k is StringKey => k in STRINGS.en;

/** One action as a sentence: its op's describer. */
function describeOne<K extends Action['op']>(op: K, a: ActionOf<K>, c: Narration): string {
  return DESCRIBE[op](a, c);
}

export function describeAction(a: Action, s: Scenario, lang: Lang, t: T): string {
  const n = (id: unknown) => (typeof id === 'string' ? nameOf(s, id, lang) : '');
  const p = playerName('by' in a && typeof a.by === 'string' ? a.by : s.setup.turn.active, t);
  return describeOne(a.op, a, { s, lang, t, p, n, sep: listSep(lang) });
}

export function describeStep(step: ScenarioStep, s: Scenario, lang: Lang, t: T): string {
  const note = step.note?.[lang];
  if (note) return note;
  const actions = Array.isArray(step.do) ? step.do : [step.do];
  const text = actions.map((a) => describeAction(a, s, lang, t)).join(lang === 'ja' ? '、' : '; ');
  return text || (step.note?.['en'] ?? '');
}
