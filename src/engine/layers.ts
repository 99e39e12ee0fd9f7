/**
 * The layer system (613): the characteristics of every object, derived from the state by a pure function.
 * Layer 1 (copy effects, 613.1a; copy.ts), layers 2, 4, 5, 6 and 7a-7e (2019) or 7a-7d (2026); CDAs first (613.2), then timestamp order (613.6) with
 * dependencies detected by trial (613.7); an effect that starts applying keeps its set of objects (613.5).
 */
import { layerOneCard } from './copy.ts';
import { costColors, manaValue, parseCost } from './mana.ts';
import type {
  ActivatedDef, Characteristics, Color, EffectDef, Filter, GameObject, GameState, ManaLetter, Num, PlayerId, Ref, TriggerDef,
} from './types.ts';
import { COLORS } from './types.ts';
import { changeling, hasSubtype } from './changeling.ts';

export type View = Record<string, Characteristics>;

export interface Ctx {
  you: PlayerId;
  self?: string;
  bindings?: Record<string, { obj: string; inc: number } | { player: PlayerId }>;
  eventAmount?: number;
  /** The types of mana the triggering mana ability produced ("mana of any type that land produced", 605.1b). */
  eventMana?: ManaLetter[];
  /** The types of mana spent to cast the spell being resolved (none for a copy). */
  spent?: ManaLetter[];
  x?: number;
  /** The triggered ability being resolved (for "… and it gains this ability", 706.9a). */
  ability?: TriggerDef;
  /** The activated ability being resolved (the same, for an activated ability). */
  activatedAbility?: ActivatedDef;
  /** The incarnation (400.7) of `self` when the ability was activated or triggered: if the source has since left the
   * battlefield, "its power" is its last known information (608.2g; 608.2h and 113.7a in 2026). */
  selfInc?: number;
}

export const opponentOf = (p: PlayerId): PlayerId => (p === 'P1' ? 'P2' : 'P1');

/** Resolve an object reference; undefined when the reference names nothing (or a player). */
export function refObj(state: GameState, ref: Ref, ctx: Ctx): string | undefined {
  if (ref === 'self') return ctx.self;
  if (ref.startsWith('$')) {
    const b = ctx.bindings?.[ref.slice(1)];
    if (b && 'obj' in b) return state.objects[b.obj]?.inc === b.inc ? b.obj : undefined;
    return undefined;
  }
  return state.objects[ref] ? ref : undefined;
}

/**
 * The last known information of the object a reference means, when that object has left the battlefield since the
 * reference was made (608.2g; 608.2h and 113.7a in 2026): a binding's incarnation, or the source's when its ability
 * was activated or triggered. Undefined when the object is still the one meant (its current information applies).
 */
export function lastKnown(state: GameState, ref: Ref, ctx: Ctx): { id: string; info: GameState['lki'][string] } | undefined {
  let id: string | undefined;
  let inc: number | undefined;
  if (ref === 'self') [id, inc] = [ctx.self, ctx.selfInc];
  else if (ref.startsWith('$')) {
    const b = ctx.bindings?.[ref.slice(1)];
    if (b && 'obj' in b) [id, inc] = [b.obj, b.inc];
  }
  if (id === undefined || inc === undefined || state.objects[id]?.inc === inc) return undefined;
  const info = state.lki[id];
  return info && info.inc === inc ? { id, info } : undefined;
}

export function hasKeyword(c: Characteristics, kw: string): boolean {
  return c.keywords.includes(kw);
}

export function matches(state: GameState, view: View, id: string, f: Filter, ctx: Ctx): boolean {
  const o = state.objects[id];
  const c = view[id];
  if (!o || !c) return false;
  const zone = f.zone ?? (f.ids ? 'any' : 'battlefield');
  if (zone !== 'any' && o.zone !== zone) return false;
  if (o.phasedOut && !f.ids) return false; // 702.25b: treated as though it doesn't exist
  if (f.ids && !f.ids.some((r) => refObj(state, r, ctx) === id)) return false;
  if (f.self && id !== ctx.self) return false;
  if (f.other && id === ctx.self) return false;
  if (f.token !== undefined && o.token !== f.token) return false;
  if (f.manaValueParity && (c.manaValue % 2 === 0) !== (f.manaValueParity === 'even')) return false;
  if (f.types && !f.types.every((t) => c.types.includes(t))) return false;
  if (f.notTypes && f.notTypes.some((t) => c.types.includes(t))) return false;
  if (f.subtypes && !f.subtypes.every((t) => hasSubtype(c, t))) return false;
  if (f.supertypes && !f.supertypes.every((t) => c.supertypes.includes(t))) return false;
  if (f.colors && !f.colors.every((t) => c.colors.includes(t))) return false;
  if (f.anyColor && !f.anyColor.some((t) => c.colors.includes(t))) return false;
  if (f.notColors && f.notColors.some((t) => c.colors.includes(t))) return false;
  if (f.controller === 'you' && c.controller !== ctx.you) return false;
  if (f.controller === 'opponent' && c.controller === ctx.you) return false;
  if (f.owner === 'you' && o.owner !== ctx.you) return false;
  if (f.owner === 'opponent' && o.owner === ctx.you) return false;
  if (f.toughnessGreaterThanPower !== undefined && (c.toughness !== undefined && c.power !== undefined && c.toughness > c.power) !== f.toughnessGreaterThanPower) return false;
  if (f.abilities === 'none' && c.hasAbilities) return false;
  if (f.abilities === 'any' && !c.hasAbilities) return false;
  if (f.keyword && !hasKeyword(c, f.keyword)) return false;
  if (f.notKeyword && hasKeyword(c, f.notKeyword)) return false;
  if (f.blockingOrBlockedBy !== undefined) {
    const other = refObj(state, f.blockingOrBlockedBy, ctx);
    const cb = state.combat;
    if (!other || !cb || !((cb.blockers[id] ?? []).includes(other) || (cb.blockers[other] ?? []).includes(id))) return false;
  }
  if (f.attached === 'enchanted') {
    const src = ctx.self ? state.objects[ctx.self] : undefined;
    if (!src || src.attachedTo !== id || src.zone !== 'battlefield') return false;
  }
  if (f.chosenColor !== undefined) {
    // 607.2d: "the chosen color" is the one chosen for the linked ability of the object read for (none: nothing matches)
    const chosen = ctx.self ? state.objects[ctx.self]?.chosen?.[f.chosenColor] : undefined;
    if (!chosen || !c.colors.includes(chosen as Color)) return false;
  }
  if (f.controlledByChosen !== undefined) {
    const chosen = ctx.self ? state.objects[ctx.self]?.chosen?.[f.controlledByChosen] : undefined;
    if (!chosen || c.controller !== chosen) return false;
  }
  if (f.sharesColorWith) {
    const other = refObj(state, f.sharesColorWith, ctx);
    const oc = other ? view[other] : undefined;
    if (!oc || !c.colors.some((x) => oc.colors.includes(x))) return false;
  }
  return true;
}

export function evalNum(state: GameState, view: View, n: Num, ctx: Ctx): number {
  if (typeof n === 'number') return n;
  if ('count' in n) return Object.keys(state.objects).filter((id) => matches(state, view, id, n.count, ctx)).length + (n.plus ?? 0);
  if ('power' in n) {
    const lki = lastKnown(state, n.power, ctx);
    if (lki) return lki.info.chars.power ?? 0;
    const id = refObj(state, n.power, ctx);
    return id ? (view[id]?.power ?? 0) : 0;
  }
  if ('exiledWith' in n) {
    const src = ctx.self ? state.objects[ctx.self] : undefined;
    if (!src) return 0;
    return Object.values(state.objects).filter((o) => o.zone === 'exile' && o.exiledWith?.obj === src.id && o.exiledWith.inc === src.inc && o.exiledWith.link === n.exiledWith)
      .reduce((sum, o) => sum + (view[o.id]?.[n.total] ?? 0), 0);
  }
  if ('manaValueOf' in n) {
    const id = refObj(state, n.manaValueOf, ctx);
    return id ? (view[id]?.manaValue ?? 0) : 0;
  }
  if ('attackedWithThisTurn' in n) return state.turn.active === ctx.you ? (state.turn.attackedWith ?? []).length : 0;
  if ('countersOn' in n) {
    const id = refObj(state, n.countersOn, ctx);
    return id ? (state.objects[id]!.counters[n.kind] ?? 0) : 0;
  }
  // "X if {G} was spent to cast this spell" (a copy spent none, 707.10 of 2026)
  if ('x' in n) return n.ifSpent !== undefined && !(ctx.spent ?? []).includes(n.ifSpent) ? 0 : (ctx.x ?? 0);
  if ('cardTypes' in n) {
    const types = new Set(Object.keys(state.objects).filter((id) => matches(state, view, id, n.cardTypes, ctx)).flatMap((id) => view[id]?.types ?? []));
    return types.size + (n.plus ?? 0);
  }
  if ('counters' in n) {
    const lki = lastKnown(state, n.counters, ctx);
    if (lki) return lki.info.counters[n.kind] ?? 0;
    const id = refObj(state, n.counters, ctx);
    return id ? (state.objects[id]?.counters[n.kind] ?? 0) : 0;
  }
  if ('devotion' in n) return devotion(state, view, n.devotion, ctx.you);
  if ('life' in n) {
    const p = n.life === 'you' ? ctx.you : n.life === 'opponent' ? opponentOf(ctx.you) : n.life;
    return p === 'P1' || p === 'P2' ? state.players[p].life : 0;
  }
  return ctx.eventAmount ?? 0;
}

const COLOR_LETTER: Record<Color, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

/**
 * A player's devotion to a color (700.5 of 2026): the mana symbols of that color among the mana costs of the
 * permanents they control (a hybrid symbol counts for each of its colors), plus devotion-plus effects (700.5a).
 */
function devotion(state: GameState, view: View, color: Color, p: PlayerId): number {
  const letter = COLOR_LETTER[color];
  let n = 0;
  let plus = 0;
  for (const o of Object.values(state.objects)) {
    const c = view[o.id];
    if (o.zone !== 'battlefield' || o.phasedOut || !c || c.controller !== p) continue;
    for (const m of (c.manaCost ?? '').matchAll(/\{([^}]*)\}/g)) if (m[1]!.split('/').includes(letter)) n++;
    for (const st of c.statics) for (const r of st.rules ?? []) if (r.kind === 'devotion-plus') plus += r.n;
  }
  return n + plus;
}

/** The object's values after layer 1: its card, or the copiable values a copy effect gives it (613.1a, 706.2). */
function printed(state: GameState, o: GameObject): Characteristics {
  const { card, copied } = layerOneCard(state, o);
  const cost = card.manaCost !== undefined ? parseCost(card.manaCost) : null;
  const c: Characteristics = {
    name: card.name ?? o.id,
    manaCost: card.manaCost ?? null,
    manaValue: cost ? manaValue(cost, o.zone === 'stack' ? (o.stackInfo?.x ?? 0) : 0) : 0,
    colors: card.colors ? [...card.colors] : cost ? costColors(cost) : [],
    supertypes: [...(card.supertypes ?? [])],
    types: [...card.types],
    subtypes: [...(card.subtypes ?? [])],
    keywords: [...(card.keywords ?? [])],
    statics: [...(card.static ?? [])],
    replacements: [...(card.replacement ?? [])],
    triggers: [...(card.triggered ?? [])],
    activated: [...(card.activated ?? [])],
    controller: o.controller,
    hasAbilities: false,
    layerLog: [],
  };
  refreshAbilityFlag(c);
  if (copied) c.layerLog.push({ layer: '1', effect: copied.label ?? copied.eid, timestamp: copied.timestamp, text: `copy of ${card.name ?? copied.copy!.of}`, rule: '613.1a' });
  if (card.pt) {
    c.power = card.pt[0];
    c.toughness = card.pt[1];
  }
  if (o.bestowed) {
    // 702.103b of 2026: an Aura enchantment with enchant creature, not a creature (its creature types go with it, 205.3d);
    // set while a spell is cast bestowed, so the checks of casting see these characteristics only (702.103d)
    c.types = ['enchantment'];
    c.subtypes = ['Aura'];
    c.layerLog.push({ layer: '4', effect: 'bestow', timestamp: 0, text: 'bestowed: Aura enchantment', rule: state.ruleset === '2026-01-16' ? '702.103b' : '702.102a' });
  }
  return c;
}

type LayerName = '2' | '4' | '5' | '6' | '7a' | '7b' | '7c' | '7d' | '7e';

interface Part {
  key: string;
  layer: LayerName;
  def: EffectDef;
  timestamp: number;
  controller: PlayerId;
  source?: string;
  locked?: { obj: string; inc: number }[];
  cda: boolean;
  label: string;
}

const LAYER_RULE: Record<LayerName, string> = {
  '2': '613.1b', '4': '613.1d', '5': '613.1e', '6': '613.1f', '7a': '613.3a', '7b': '613.3b', '7c': '613.3c', '7d': '613.3d', '7e': '613.3e',
};

function partsOf(key: string, def: EffectDef, base: Omit<Part, 'key' | 'layer' | 'def'>): Part[] {
  const out: Part[] = [];
  const add = (layer: LayerName) => out.push({ key, layer, def, ...base });
  if (def.control) add('2');
  // rules-only parts (613.10) don't apply in layers 1-7
  if (def.addTypes || def.setTypes || def.removeTypes || def.addSubtypes || def.setSubtypes) add('4');
  if (def.setColors || def.addColors) add('5');
  if (def.gain || def.lose || def.loseAll || def.gainProtectionFromChosen || def.gainActivated) add('6');
  if (def.setPT) add(def.cda ? '7a' : '7b');
  if (def.delta) add('7c');
  if (def.switchPT) add('7e');
  return out;
}

function collectParts(state: GameState, cur: View, layer: LayerName): Part[] {
  const parts: Part[] = [];
  for (const o of Object.values(state.objects)) {
    const c = cur[o.id]!;
    if (o.zone === 'battlefield' && !o.phasedOut) {
      c.statics.forEach((def, i) => {
        // "as long as …": the condition is looked at as the effect would apply (devotion: after copy and control, 700.5a)
        if (def.ifLess && !(evalNum(state, cur, def.ifLess.n, { you: c.controller, self: o.id }) < def.ifLess.than)) return;
        parts.push(...partsOf(`${o.id}:static${i}`, def, { timestamp: o.timestamp, controller: c.controller, source: o.id, cda: !!def.cda, label: def.id ?? `${c.name} (static)` }));
        if (def.grantStatic) parts.push(...grantedParts(state, cur, o, `${o.id}:static${i}`, def));
      });
    }
    const ptCda = layerOneCard(state, o).card.ptCda;
    if (ptCda && layer === '7a') {
      const def: EffectDef = { affects: 'self', setPT: ptCda, cda: true };
      parts.push({ key: `${o.id}:cda`, layer: '7a', def, timestamp: o.timestamp, controller: c.controller, source: o.id, cda: true, label: `${c.name} (characteristic-defining ability)` });
    }
  }
  for (const e of state.effects) {
    parts.push(...partsOf(e.eid, e.def, { timestamp: e.timestamp, controller: e.controller, ...(e.source ? { source: e.source } : {}), ...(e.locked ? { locked: e.locked } : {}), cda: false, label: e.label ?? e.def.id ?? e.eid }));
  }
  return parts.filter((p) => p.layer === layer);
}

/**
 * The effects of static abilities a static ability grants (613.7a of 2026): on each object it affects, "self" being that
 * object, with the later of that object's timestamp and the granting source's — plus a half, so that they stay after the
 * object's own static abilities when the object gets a new timestamp (an Equipment attached again keeps the relative
 * order of its abilities' timestamps).
 */
function grantedParts(state: GameState, cur: View, grantor: GameObject, key: string, def: EffectDef): Part[] {
  const ctx: Ctx = { you: cur[grantor.id]!.controller, self: grantor.id };
  const holders = typeof def.affects === 'string' ? [refObj(state, def.affects, ctx)].filter((x): x is string => !!x) : Object.keys(state.objects).filter((id) => matches(state, cur, id, def.affects as Filter, ctx));
  const out: Part[] = [];
  for (const h of holders) {
    const holder = state.objects[h]!;
    if (holder.zone !== 'battlefield' || holder.phasedOut) continue;
    const timestamp = Math.max(holder.timestamp, grantor.timestamp) + 0.5;
    (def.grantStatic ?? []).forEach((g, j) => out.push(...partsOf(`${key}:grant${j}:${h}`, g, { timestamp, controller: cur[h]!.controller, source: h, cda: false, label: `${cur[h]!.name} (ability granted by ${cur[grantor.id]!.name})` })));
  }
  return out;
}

function affected(state: GameState, cur: View, p: Part, frozen: Map<string, string[]>): string[] {
  const f = frozen.get(p.key);
  if (f) return f.filter((id) => state.objects[id]);
  if (p.locked) return p.locked.filter((l) => state.objects[l.obj]?.inc === l.inc).map((l) => l.obj);
  const ctx: Ctx = { you: p.controller, ...(p.source ? { self: p.source } : {}) };
  if (typeof p.def.affects === 'string') {
    const id = refObj(state, p.def.affects, ctx);
    return id ? [id] : [];
  }
  const filter = p.def.affects;
  return Object.keys(state.objects).filter((id) => matches(state, cur, id, filter, ctx));
}

function clone(c: Characteristics): Characteristics {
  return {
    ...c, colors: [...c.colors], supertypes: [...c.supertypes], types: [...c.types], subtypes: [...c.subtypes],
    keywords: [...c.keywords], statics: [...c.statics], replacements: [...c.replacements], triggers: [...c.triggers],
    activated: [...c.activated], layerLog: [...c.layerLog],
  };
}

function signed(n: number) {
  return n >= 0 ? `+${n}` : `${n}`;
}

function applyPart(state: GameState, cur: View, p: Part, ids: string[], edition: string): void {
  const ctx: Ctx = { you: p.controller, ...(p.source ? { self: p.source } : {}) };
  const d = p.def;
  for (const id of ids) {
    const c = cur[id]!;
    let text = '';
    switch (p.layer) {
      case '2': {
        const to = d.control === 'you' ? p.controller : (d.control as PlayerId);
        c.controller = to;
        text = `controller ${to}`;
        break;
      }
      case '4':
        if (d.setTypes) c.types = [...d.setTypes];
        if (d.addTypes) for (const t of d.addTypes) if (!c.types.includes(t)) c.types.push(t);
        if (d.removeTypes) c.types = c.types.filter((t) => !d.removeTypes!.includes(t));
        if (d.setSubtypes) {
          c.subtypes = [...d.setSubtypes];
          delete c.allCreatureTypes; // the new subtypes replace every creature type too (205.1b)
        }
        if (d.addSubtypes) for (const t of d.addSubtypes) if (!c.subtypes.includes(t)) c.subtypes.push(t);
        text = `types ${c.types.join(' ')}${c.subtypes.length ? ` — ${c.subtypes.join(' ')}` : ''}`;
        break;
      case '5':
        if (d.setColors) c.colors = [...d.setColors];
        if (d.addColors) for (const t of d.addColors) if (!c.colors.includes(t)) c.colors.push(t);
        c.colors = COLORS.filter((x: Color) => c.colors.includes(x));
        text = `colors ${c.colors.join(' ') || 'colorless'}`;
        break;
      case '6':
        if (d.loseAll) {
          c.keywords = []; c.statics = []; c.replacements = []; c.triggers = []; c.activated = [];
        }
        if (d.lose) c.keywords = c.keywords.filter((k) => !(d.lose as string[]).includes(k));
        if (d.gain) for (const k of d.gain) if (!c.keywords.includes(k)) c.keywords.push(k);
        if (d.gainActivated) {
          c.activated.push(...d.gainActivated);
          text = `gains ${d.gainActivated.length} activated abilit${d.gainActivated.length === 1 ? 'y' : 'ies'}`;
          break;
        }
        if (d.gainProtectionFromChosen !== undefined) {
          // 607.2d: protection from the color chosen for the linked "as … enters" ability; none chosen, none gained (607.5a)
          const color = p.source ? state.objects[p.source]?.chosen?.[d.gainProtectionFromChosen] : undefined;
          if (color && !c.keywords.includes(`protection-from-${color}`)) c.keywords.push(`protection-from-${color}`);
          text = color ? `gains protection from ${color} (the chosen color)` : 'no color was chosen: no protection';
          break;
        }
        text = d.loseAll ? 'loses all abilities' : `${d.gain ? `gains ${d.gain.join(', ')}` : ''}${d.lose ? ` loses ${d.lose.join(', ')}` : ''}`.trim();
        break;
      case '7a':
      case '7b': {
        const pw = evalNum(state, cur, d.setPT![0], { ...ctx, self: id });
        const tg = evalNum(state, cur, d.setPT![1], { ...ctx, self: id });
        c.power = pw;
        c.toughness = tg;
        text = `${pw}/${tg}`;
        break;
      }
      case '7c': {
        const dp = evalNum(state, cur, d.delta![0], ctx);
        const dt = evalNum(state, cur, d.delta![1], ctx);
        if (c.power !== undefined) c.power += dp;
        if (c.toughness !== undefined) c.toughness += dt;
        text = `${signed(dp)}/${signed(dt)}`;
        break;
      }
      case '7e': {
        const pw = c.power;
        c.power = c.toughness;
        c.toughness = pw;
        text = 'switch';
        break;
      }
      case '7d':
        break;
    }
    c.layerLog.push({ layer: p.layer, effect: p.label, timestamp: p.timestamp, text, rule: ruleForLayer(p.layer, edition), ...(p.source ? { source: p.source } : {}) });
  }
}

function ruleForLayer(layer: LayerName, edition: string): string {
  if (edition === '2026-01-16') {
    return ({ '2': '613.1b', '4': '613.1d', '5': '613.1e', '6': '613.1f', '7a': '613.4a', '7b': '613.4b', '7c': '613.4c', '7d': '613.4c', '7e': '613.4d' } as const)[layer];
  }
  return LAYER_RULE[layer];
}

const SAME = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Order parts of one layer: CDAs first, then timestamps, with dependencies (613.7) overriding timestamps. */
function orderParts(state: GameState, cur: View, parts: Part[], frozen: Map<string, string[]>, edition: string): { order: Part[]; deps: Record<string, string[]> } {
  const deps: Record<string, string[]> = {};
  const cdas = parts.filter((p) => p.cda).sort((a, b) => a.timestamp - b.timestamp);
  const rest = parts.filter((p) => !p.cda).sort((a, b) => a.timestamp - b.timestamp || a.key.localeCompare(b.key));
  if (rest.length < 2) return { order: [...cdas, ...rest], deps };
  const dependsOn = (a: Part, b: Part): boolean => {
    if (a.locked || frozen.has(a.key) || typeof a.def.affects === 'string') return false;
    const before = affected(state, cur, a, frozen);
    const trial: View = {};
    for (const [k, v] of Object.entries(cur)) trial[k] = clone(v);
    applyPart(state, trial, b, affected(state, trial, b, frozen), edition);
    const after = affected(state, trial, a, frozen);
    return !SAME(before, after);
  };
  const order: Part[] = [];
  const left = [...rest];
  while (left.length) {
    const free = left.find((a) => !left.some((b) => b !== a && dependsOn(a, b)));
    const pick = free ?? left[0]!;
    if (free) {
      const waited = left.filter((a) => a !== free && left.indexOf(a) < left.indexOf(free));
      if (waited.length) deps[free.key] = waited.map((w) => w.key);
    }
    order.push(pick);
    left.splice(left.indexOf(pick), 1);
  }
  return { order: [...cdas, ...order], deps };
}

/** The characteristics of every object (613.1). Pure: the same state always gives the same view. */
export function derive(state: GameState): View {
  const cur: View = {};
  for (const o of Object.values(state.objects)) cur[o.id] = printed(state, o);
  const frozen = new Map<string, string[]>();
  const edition = state.ruleset;
  const layers: LayerName[] = ['2', '4', '5', '6', '7a', '7b', '7c', '7d', '7e'];
  for (const layer of layers) {
    if (layer === '7d') {
      for (const o of Object.values(state.objects)) {
        const c = cur[o.id]!;
        if (c.power === undefined || o.zone !== 'battlefield') continue;
        const plus = o.counters['+1/+1'] ?? 0;
        const minus = o.counters['-1/-1'] ?? 0;
        if (plus === 0 && minus === 0) continue;
        c.power += plus - minus;
        c.toughness = (c.toughness ?? 0) + plus - minus;
        c.layerLog.push({ layer: edition === '2026-01-16' ? '7c' : '7d', effect: 'counters', timestamp: 0, text: `${signed(plus - minus)}/${signed(plus - minus)}`, rule: ruleForLayer('7d', edition), source: o.id });
      }
      continue;
    }
    if (layer === '4') changeling(state, cur, edition);
    const parts = collectParts(state, cur, layer);
    const { order } = orderParts(state, cur, parts, frozen, edition);
    for (const p of order) {
      const ids = affected(state, cur, p, frozen);
      if (!frozen.has(p.key)) frozen.set(p.key, ids); // 613.5
      applyPart(state, cur, p, ids, edition);
    }
    if (layer === '6') for (const c of Object.values(cur)) refreshAbilityFlag(c);
  }
  for (const o of Object.values(state.objects)) {
    const c = cur[o.id]!;
    if (!c.types.includes('creature')) {
      delete c.power;
      delete c.toughness;
    }
    c.hasAbilities = c.keywords.length + c.statics.length + c.replacements.length + c.triggers.length + c.activated.length > 0;
  }
  return cur;
}

/** For "has no abilities" checks inside layer 7c the ability count must reflect layer 6: recomputed lazily. */
function refreshAbilityFlag(c: Characteristics): void {
  c.hasAbilities = c.keywords.length + c.statics.length + c.replacements.length + c.triggers.length + c.activated.length > 0;
}
