/**
 * Bestow (702.103 of 2026; 702.102 of 2019) and casting from the top of the library. A creature card with bestow may
 * be cast bestowed: its controller pays the bestow cost instead of its mana cost, and as it is put onto the stack it
 * becomes an Aura enchantment with enchant creature (a bestowed Aura spell, not a creature spell), targeting the
 * creature it will enchant. Whether it can be cast is judged from those characteristics only (702.103d): "Creature
 * spells can't be cast" doesn't stop it, and "you may cast creature spells from the top of your library" doesn't
 * allow it. As it resolves, a legal target makes it an Aura attached to that creature (608.3c); an illegal one ends
 * the bestowing and it resolves as a creature spell (702.103e, 608.3b). A bestowed Aura that becomes unattached ceases
 * to be bestowed (702.103f) instead of going to the graveyard (704.5m). The bestowed characteristics themselves are
 * applied where an object's characteristics start (layers.ts `printed`), from the object's `bestowed` flag.
 * Cites are 2019 numbers (the crosswalk gives 2026's), or 2026 numbers marked with "=" where 2019 has none.
 */
import type { Game } from './game.ts';
import { M, pl } from './msg.ts';
import { matches } from './layers.ts';
import * as costs from './costs.ts';
import { IllegalAction, type PlayerId, type TargetDef } from './types.ts';

/** The target of a bestowed Aura spell: the creature it will enchant (303.4a). */
export const ENCHANT_TARGET: TargetDef = { id: 'enchant', filter: { types: ['creature'] } };

/** Chooses to cast `id` bestowed (702.103a-b): checked, and the object becomes a bestowed Aura spell from now on. */
export function castBestowed(g: Game, id: string): void {
  const o = g.obj(id);
  if (!o.card.bestow) throw new IllegalAction(M`${g.ref(id)} has no bestow ability`, '702.102a');
  o.bestowed = true;
  g.touch();
  g.cite('cast', ['702.102a', '702.102b'], M`${g.ref(id)} is cast bestowed: it is an Aura enchantment spell with enchant creature, not a creature spell, and its bestow cost is paid instead of its mana cost`);
}

/**
 * Whether `by` may cast `id` from where it is: from the hand, or from the top of their library by an effect that
 * allows casting spells matching a filter from there (Garruk's Horde), judged from the spell's characteristics as it
 * would be cast (bestowed or not, 702.103d, 601.3e). Throws when not.
 */
export function checkCastZone(g: Game, id: string, by: PlayerId): void {
  const o = g.obj(id);
  if (o.zone === 'hand') return;
  const top = o.zone === 'library' && o.owner === by && g.zoneOf(by, 'library')[0] === id;
  if (top) {
    for (const { mod, controller, source } of costs.rulesMods(g)) {
      if (mod.kind !== 'cast-from-library-top' || g.player(mod.player, { you: controller }) !== by) continue;
      if (matches(g.s, g.view(), id, { ...mod.spells, zone: 'any' }, { you: controller, ...(source ? { self: source } : {}) })) {
        g.cite('cast', ['601.2'], source ? M`${g.ref(source)} allows ${pl(by)} to cast ${g.ref(id)} from the top of their library` : M`an effect allows ${pl(by)} to cast ${g.ref(id)} from the top of their library`);
        return;
      }
      if (o.bestowed) throw new IllegalAction(M`cast bestowed, ${g.ref(id)} is an Aura spell: only its characteristics as a bestowed spell count, and they aren't those of a spell ${pl(by)} may cast from the top of their library`, '702.102c');
    }
  }
  throw new IllegalAction(M`${g.ref(id)} isn't in ${pl(by)}'s hand`, '601.2');
}

/**
 * As a bestowed Aura spell begins resolving (702.103e, 608.3b): if its target is illegal it ceases to be bestowed and
 * resolves as a creature spell (returns true: the caller doesn't let it fizzle). Not bestowed: false.
 */
export function unbestowIfIllegal(g: Game, id: string, targetLegal: boolean): boolean {
  const o = g.s.objects[id];
  if (!o?.bestowed || targetLegal) return false;
  delete o.bestowed;
  g.touch();
  g.cite('resolve', ['702.102d'], M`the target of ${g.ref(id)} is illegal: it ceases to be bestowed and resolves as a creature spell`);
  return true;
}
