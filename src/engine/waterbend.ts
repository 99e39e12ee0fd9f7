/**
 * Waterbend (701.67 of 2026): "Waterbend [cost]" means "Pay [cost]. For each generic mana in that cost, you may tap an
 * untapped artifact or creature you control rather than pay that mana." As an additional cost to cast a spell, it adds
 * to the total cost (601.2f), and the tapping may pay only the generic mana of the waterbend cost, never other generic
 * mana of the total cost (701.67b). Tapping is a way to pay, not a mana ability: no summoning-sickness check (like
 * convoke, 302.6 doesn't apply). No 2019 counterpart: cites are "=".
 */
import type { Game } from './game.ts';
import { list, M, pl, sym } from './msg.ts';
import type { CostSymbol } from './mana.ts';
import * as zones from './zones.ts';
import { IllegalAction, type PlayerId } from './types.ts';

/** Taps `picks` to pay generic mana of a waterbend {n} inside `total`; returns what is left to pay with mana. */
export function waterbend(g: Game, by: PlayerId, spell: string, n: number, total: CostSymbol[], picks: readonly string[]): CostSymbol[] {
  if (!picks.length) return total;
  if (picks.length > n) {
    throw new IllegalAction(M`tapping pays only the generic mana of the waterbend cost (${sym(`{${n}}`)}), not other parts of the total cost: ${picks.length} permanents are too many`, '=701.67b');
  }
  const v = g.view();
  picks.forEach((id, i) => {
    const c = v[id];
    const o = g.s.objects[id];
    if (!c || !o || o.zone !== 'battlefield' || c.controller !== by || !(c.types.includes('artifact') || c.types.includes('creature'))) {
      throw new IllegalAction(M`${g.refAny(id)} isn't an artifact or creature ${pl(by)} controls`, '=701.67a');
    }
    if (o.tapped || picks.indexOf(id) !== i) throw new IllegalAction(M`${g.ref(id)} isn't untapped`, '=701.67a');
  });
  for (const id of picks) zones.tap(g, id);
  g.cite('cost', ['=701.67a', '=701.67b'], M`${pl(by)} taps ${list(picks.map((id) => g.ref(id)))} to pay ${picks.length} generic mana of the waterbend cost of ${g.ref(spell)}`);
  let left = picks.length;
  const out: CostSymbol[] = [];
  for (const s of total) {
    if (s.k === 'generic' && left > 0) {
      const use = Math.min(left, s.n);
      left -= use;
      if (s.n - use > 0) out.push({ ...s, n: s.n - use });
    } else out.push(s);
  }
  return out;
}
