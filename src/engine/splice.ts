/**
 * Splice (702.47): as a player casts a spell with the named subtype (Arcane), they may reveal cards with "splice onto
 * [subtype]" from their hand; the spell gains each revealed card's text — its targets and instructions, after the
 * spell's own (702.47b) — and each splice cost adds to the total cost (601.2f). The revealed cards stay in the hand
 * and can be cast or spliced again later (702.47a's example); the spell keeps its own characteristics (color: 702.47c).
 * Rule numbers are 2026's in this comment; the code cites 2019's (702.46), as the whole engine does (crosswalk.ts).
 */
import type { Game } from './game.ts';
import { list, M, pl, word } from './msg.ts';
import { parseCost, type CostSymbol } from './mana.ts';
import { IllegalAction, type Instruction, type PlayerId, type TargetDef } from './types.ts';

export interface Spliced {
  targets: TargetDef[];
  effects: Instruction[];
  cost: CostSymbol[];
}

/** The text and costs the revealed cards add to spell `id` (checked: each is another card in the caster's hand that can be spliced onto it; target ids distinct from the spell's own). */
export function spliceOnto(g: Game, id: string, by: PlayerId, cards: readonly string[], own: readonly TargetDef[]): Spliced {
  const out: Spliced = { targets: [], effects: [], cost: [] };
  if (!cards.length) return out;
  const subtypes = g.chars(id).subtypes;
  for (const card of cards) {
    const o = g.obj(card);
    const sp = o.card.splice;
    if (card === id || o.zone !== 'hand' || o.owner !== by) throw new IllegalAction(M`${g.ref(card)} isn't another card in ${pl(by)}'s hand`, '702.46a');
    if (!sp) throw new IllegalAction(M`${g.ref(card)} has no splice ability`, '702.46a');
    if (!subtypes.includes(sp.onto)) throw new IllegalAction(M`${g.ref(card)} can be spliced only onto a spell with the subtype ${word(sp.onto)}`, '702.46a');
    out.targets.push(...(o.card.spell?.targets ?? []));
    out.effects.push(...(o.card.spell?.effects ?? []));
    out.cost.push(...parseCost(sp.cost));
  }
  const ids = new Set([...own, ...out.targets].map((t) => t.id));
  if (ids.size !== own.length + out.targets.length) throw new IllegalAction(M`the spliced cards' targets must have ids of their own`, '702.46b');
  g.cite('cast', ['702.46a', '702.46b'], M`${pl(by)} reveals ${list(cards.map((c) => g.ref(c)))} and splices it onto ${g.ref(id)}: the spell also has its text; the card stays in the hand`);
  return out;
}
