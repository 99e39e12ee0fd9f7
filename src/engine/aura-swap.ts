/**
 * Aura swap (702.65 of 2026; 702.64 of 2019): "[Cost]: You may exchange this permanent with an Aura card in your hand."
 * The exchange puts this Aura into its controller's hand and the chosen Aura card onto the battlefield attached to
 * what this one enchanted. If either half can't be completed, the ability has no effect (702.65b): the card in hand
 * can't enchant that object (its enchant ability, 303.4a), or the Aura isn't the player's own card (a player's hand
 * holds only cards they own, so it can't be exchanged into it). Cites are 2019 numbers.
 */
import type { Game } from './game.ts';
import { M, pl } from './msg.ts';
import { matches, type Ctx } from './layers.ts';
import * as zones from './zones.ts';

/** Resolves the aura swap of `ctx.self`; the card is chosen by choices["swap:<id>"] (null: no exchange). */
export function auraSwap(g: Game, ctx: Ctx): void {
  const id = ctx.self;
  if (!id || !g.onBattlefield(id)) return;
  const o = g.s.objects[id]!;
  const enchanted = o.attachedTo;
  const hand = g.zoneOf(ctx.you, 'hand').filter((x) => g.chars(x).subtypes.includes('Aura'));
  const pick = g.choice<string | null>(`swap:${id}`, [...hand, null], `${ctx.you} chooses an Aura card in their hand to exchange with ${g.name(id)}`, ctx.you);
  if (pick === null) return g.cite('rule', ['702.64a'], M`${pl(ctx.you)} doesn't exchange ${g.ref(id)}`);
  if (!hand.includes(pick)) return g.cite('rule', ['702.64b'], M`${g.refAny(pick)} isn't an Aura card in ${pl(ctx.you)}'s hand: the exchange can't be completed and the ability has no effect`);
  if (o.owner !== ctx.you) {
    return g.cite('rule', ['702.64b'], M`${pl(ctx.you)} controls ${g.ref(id)} but doesn't own it, so it can't be put into their hand: the exchange can't be completed and the ability has no effect`);
  }
  const enchant = g.obj(pick).card.enchant ?? { types: ['creature'] };
  if (!enchanted || !g.onBattlefield(enchanted) || !matches(g.s, g.view(), enchanted, enchant, { you: ctx.you, self: pick })) {
    return g.cite('rule', ['702.64b', '303.4a'], M`${g.ref(pick)} can't enchant ${enchanted ? g.ref(enchanted) : M`anything`}: the exchange can't be completed and the ability has no effect`);
  }
  zones.move(g, id, 'hand', { rule: '702.64a', text: M`${g.ref(id)} is put into ${pl(ctx.you)}'s hand` });
  zones.move(g, pick, 'battlefield', { rule: '702.64a', text: M`${g.ref(pick)} is put onto the battlefield`, opts: { controller: ctx.you } });
  g.s.objects[pick]!.attachedTo = enchanted;
  g.touch();
  g.cite('event', ['702.64a', '303.4f'], M`${g.ref(pick)} enters attached to ${g.ref(enchanted)}, exchanged with ${g.ref(id)}`);
}
