/**
 * Searching for cards with the same name (701.23 of 2026; 701.18 of 2019), as Splinter and Lobotomy do: "Search
 * [player]'s graveyard, hand, and library for all cards with the same name as [that card] and exile them." In the
 * graveyard, a public zone, every such card is found; in the hand and the library, hidden zones, the searching player
 * may find some or none of them (701.23b), chosen by choices["found:<source>"] (default: all). A name that is
 * undefined — Lobotomy's chosen card when the hand has none to choose — lets the player search but find nothing
 * (701.23c). Cites are 2019 numbers.
 */
import type { Game } from './game.ts';
import { list, M, pl } from './msg.ts';
import { lastKnown, matches, refObj, type Ctx } from './layers.ts';
import * as zones from './zones.ts';
import { IllegalAction, type Filter, type PlayerId } from './types.ts';

export function exileSameName(g: Game, p: PlayerId, ctx: Ctx, like: string | undefined, chooseFromHand: Filter | undefined): void {
  let name: string | undefined;
  if (like !== undefined) {
    // the card may have left its zone already (Splinter exiles it first): its last known name
    const lki = lastKnown(g.s, like, ctx);
    const id = refObj(g.s, like, ctx);
    name = lki ? lki.info.chars.name : id ? g.name(id) : undefined;
  } else if (chooseFromHand) {
    const hand = g.zoneOf(p, 'hand');
    const cands = hand.filter((id) => matches(g.s, g.view(), id, { ...chooseFromHand, zone: 'hand' }, ctx));
    if (hand.length) g.cite('event', ['701.16a'], M`${pl(p)} reveals their hand: ${list(hand.map((id) => g.ref(id)))}`);
    const pick = cands.length ? g.choice<string>(`name:${ctx.self ?? ''}`, cands, `${ctx.you} chooses a card from ${p}'s hand`, ctx.you) : undefined;
    if (pick !== undefined && !cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} can't be chosen`, '608.2d');
    name = pick !== undefined ? g.name(pick) : undefined;
  }
  if (name === undefined) return g.cite('rule', ['701.18c'], M`no card was chosen, so the search is for an undefined quality: ${pl(ctx.you)} may search but finds no cards`);
  const same = (zone: 'graveyard' | 'hand' | 'library') => g.zoneOf(p, zone).filter((id) => g.name(id) === name);
  const pub = same('graveyard');
  const hidden = [...same('hand'), ...same('library')];
  const found = g.choice<string[]>(`found:${ctx.self ?? ''}`, [hidden], `${ctx.you} chooses which cards named ${name} to find in the hidden zones`, ctx.you);
  if (!Array.isArray(found) || !found.every((id) => hidden.includes(id))) throw new IllegalAction(M`only cards with that name in ${pl(p)}'s hand and library can be found there`, '701.18a');
  if (hidden.length > found.length) g.cite('rule', ['701.18b'], M`${pl(ctx.you)} searches hidden zones and finds ${found.length} of the ${hidden.length} cards with that name there`);
  for (const id of [...pub, ...found]) zones.move(g, id, 'exile', { rule: '701.18a', text: M`${g.ref(id)} is found and exiled` });
}
