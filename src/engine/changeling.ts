/**
 * Changeling (702.73a; 702.72a in 2019): an object that is every creature type. The characteristic-defining ability
 * applied first in layer 4 (layers.ts calls it), and the subtype test filters use, which must tell creature types from
 * the other subtypes a scenario may name.
 */
import type { Characteristics, GameState } from './types.ts';

/**
 * Subtypes that are not creature types (205.3g-205.3n): the land, artifact, enchantment, spell and battle types a
 * scenario may name. Any other subtype a filter names counts as a creature type, which an object with changeling has.
 */
const NON_CREATURE_SUBTYPES = new Set([
  'Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Desert', 'Gate', 'Lair', 'Locus', 'Cave', 'Sphere', 'Town', 'Mine', 'Power-Plant', 'Tower', "Urza's",
  'Equipment', 'Vehicle', 'Treasure', 'Food', 'Clue', 'Blood', 'Gold', 'Fortification', 'Contraption', 'Attraction', 'Powerstone', 'Map', 'Incubator', 'Junk', 'Spacecraft',
  'Aura', 'Saga', 'Shrine', 'Curse', 'Cartouche', 'Class', 'Background', 'Case', 'Role', 'Room', 'Rune', 'Shard',
  'Adventure', 'Arcane', 'Lesson', 'Trap', 'Omen', 'Siege',
]);

/** Whether an object has a subtype: listed, or a creature type of an object that is every creature type (702.73a). */
export function hasSubtype(c: Characteristics, t: string): boolean {
  return c.subtypes.includes(t) || (c.allCreatureTypes === true && !NON_CREATURE_SUBTYPES.has(t));
}

/**
 * Changeling, a characteristic-defining ability (702.73a; 702.72a in 2019): the object is every creature type. Applied first in layer
 * 4 (613.3), from the keywords the object has after copy effects (layer 1), so a copy of a changeling is one too.
 */
export function changeling(state: GameState, cur: Record<string, Characteristics>, edition: string): void {
  for (const o of Object.values(state.objects)) {
    const c = cur[o.id]!;
    if (!c.keywords.includes('changeling')) continue;
    c.allCreatureTypes = true;
    c.layerLog.push({ layer: '4', effect: 'changeling', timestamp: 0, text: 'every creature type', rule: edition === '2026-01-16' ? '702.73a' : '702.72a', source: o.id });
  }
}
