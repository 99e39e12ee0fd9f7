/**
 * Copy effects (706; 707 in 2026) and layer 1 (613.1a). A copy effect makes an object's copiable values those of
 * another object: the values printed on it (name, mana cost, color indicator, types, rules text, power, toughness,
 * loyalty) as modified by other copy effects and by the exceptions of the copy effect itself (706.2, 706.9), and
 * nothing else — not counters, not tapped status, not other continuous effects (706.2 example: a Clone of an animated
 * Chimeric Staff is a noncreature artifact). Copiable values are fixed when the copy effect begins, so a later change to
 * the original doesn't change the copy (706.4 example: Giant Growth still applies to Unstable Shapeshifter after it
 * becomes a copy, because other effects apply in later layers).
 *
 * Exceptions become part of the copiable values (706.9a-c): gaining an ability, keeping the copier's own color,
 * adding a type, a fixed power and toughness — and a characteristic-defining ability for a characteristic the copy
 * sets is not copied (706.9d). Entering the battlefield as a copy is a replacement effect from the permanent itself
 * (614.1c, 614.12), applied by zones.ts before the permanent's other enters-the-battlefield replacements, which it may
 * have copied (706.5 example: a Clone of Skyshroud Behemoth enters tapped with two fade counters). Pure functions of
 * the state; the Game only calls them.
 */
import { costColors, parseCost } from './mana.ts';
import type { ActiveEffect, CardDef, CopyExcept, GameObject, GameState } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** The copy effects that apply to an object now, oldest first (613.6: timestamp order within layer 1). */
function copyEffectsOf(state: GameState, o: GameObject): ActiveEffect[] {
  return state.effects
    .filter((e) => e.copy && (e.locked ?? []).some((l) => l.obj === o.id && l.inc === o.inc))
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** The copiable values of an object (706.2): its card as modified by the copy effects that apply to it. */
function copiableValues(state: GameState, id: string): CardDef {
  const o = state.objects[id]!;
  const effects = copyEffectsOf(state, o);
  const last = effects[effects.length - 1];
  return clone(last ? last.copy!.values : o.card);
}

/** The colors a card's values give it: its color indicator, else the colors of its mana cost (202.2). */
function colorsOf(card: CardDef): CardDef['colors'] {
  if (card.colors) return [...card.colors];
  return card.manaCost ? costColors(parseCost(card.manaCost)) : [];
}

/**
 * The values a copy effect gives `copier` when it copies `original` with the given exceptions (706.2, 706.9).
 * `thisAbility` is the ability creating the effect, for "…and it gains this ability" (706.9a).
 */
export function copyValues(state: GameState, copier: string, original: string, except: CopyExcept = {}, thisAbility?: CardDef['triggered'], thisActivated?: CardDef['activated']): CardDef {
  const v = copiableValues(state, original);
  const own = copiableValues(state, copier);
  if (except.keepColors) {
    // 706.9b/d: the color isn't copied; the copier keeps its own, and the original's color indicator isn't copied
    v.colors = colorsOf(own) ?? [];
  }
  if (except.addTypes) v.types = [...v.types, ...except.addTypes.filter((t) => !v.types.includes(t))];
  if (except.addSubtypes) v.subtypes = [...(v.subtypes ?? []), ...except.addSubtypes.filter((t) => !(v.subtypes ?? []).includes(t))];
  if (except.addSupertypes) v.supertypes = [...(v.supertypes ?? []), ...except.addSupertypes.filter((t) => !(v.supertypes ?? []).includes(t))];
  if (except.pt) {
    // 706.9c-d: the modified value is copiable; a characteristic-defining ability that defined it isn't copied
    v.pt = [except.pt[0], except.pt[1]];
    delete v.ptCda;
  }
  if (except.name !== undefined) v.name = except.name;
  if (except.keywords) v.keywords = [...(v.keywords ?? []), ...except.keywords.filter((k) => !(v.keywords ?? []).includes(k))];
  if (except.triggered) v.triggered = [...(v.triggered ?? []), ...clone(except.triggered)];
  if (except.activated) v.activated = [...(v.activated ?? []), ...clone(except.activated)];
  // 707.9f of 2026: an exception that applies only if the copy is a creature, judged from the values so far
  if (except.ifCreature?.keywords && v.types.includes('creature')) v.keywords = [...(v.keywords ?? []), ...except.ifCreature.keywords.filter((k) => !(v.keywords ?? []).includes(k))];
  if (except.gainThisAbility && thisAbility) v.triggered = [...(v.triggered ?? []), ...clone(thisAbility)];
  if (except.gainThisAbility && thisActivated) v.activated = [...(v.activated ?? []), ...clone(thisActivated)];
  if (v.name === undefined) v.name = state.objects[original]!.card.name ?? original;
  return v;
}

/** A copy effect (layer 1) on one object, from `timestamp`. Its set of affected objects is the copier only. */
export function copyEffect(state: GameState, copier: string, original: string, values: CardDef, timestamp: number, label: string): ActiveEffect {
  const o = state.objects[copier]!;
  return {
    eid: `copy${timestamp}`, def: { affects: copier }, copy: { of: original, values }, source: copier, controller: o.controller,
    timestamp, locked: [{ obj: copier, inc: o.inc }], until: 'indefinite', label,
  };
}

/** The card whose values layer 1 starts from for this object: the last copy effect's values, or its own card. */
export function layerOneCard(state: GameState, o: GameObject): { card: CardDef; copied?: ActiveEffect } {
  const effects = copyEffectsOf(state, o);
  const last = effects[effects.length - 1];
  return last ? { card: last.copy!.values, copied: last } : { card: o.card };
}
