/**
 * Flashback (702.34 of 2026; 702.33 of 2019): an instant or sorcery card with flashback may be cast from its owner's
 * graveyard by paying its flashback cost rather than its mana cost (an alternative cost, 601.2b, 601.2f-h), and a spell
 * whose flashback cost was paid is exiled instead of being put anywhere else any time it would leave the stack —
 * into a library too, so "shuffle [this] into its owner's library" exiles it and shuffles the library anyway (701.24c
 * of 2026's example: Black Sun's Zenith). Cites are 2019 numbers (the crosswalk gives 2026's).
 */
import type { Game } from './game.ts';
import { M, pl, zone } from './msg.ts';
import type { PlayerId, Zone } from './types.ts';

/** Whether `by` casts `id` from their graveyard with flashback (702.33a): marks the spell, which then pays that cost. */
export function castWithFlashback(g: Game, id: string, by: PlayerId): boolean {
  const o = g.obj(id);
  const c = g.chars(id);
  if (o.zone !== 'graveyard' || o.owner !== by || !o.card.flashback) return false;
  if (!c.types.includes('instant') && !c.types.includes('sorcery')) return false;
  o.flashback = true;
  g.touch();
  g.cite('cast', ['702.33a', '601.2b'], M`${pl(by)} casts ${g.ref(id)} from their graveyard with flashback, paying its flashback cost rather than its mana cost`);
  return true;
}

/** Where a spell cast with flashback goes when it would leave the stack for `dest` (702.33a): exile, whatever `dest` is. */
export function flashbackDestination(g: Game, id: string, dest: Zone): Zone {
  const o = g.s.objects[id]!;
  if (!o.flashback || o.zone !== 'stack' || dest === 'exile') return dest;
  g.cite('replacement', ['702.33a', '614.1a'], M`${g.ref(id)} was cast with flashback: it is exiled instead of being put into the ${zone(dest)}`);
  return 'exile';
}
