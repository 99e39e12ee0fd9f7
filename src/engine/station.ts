/**
 * Station (702.184 of 2026): "Tap another untapped creature you control: Put a number of charge counters on this
 * permanent equal to the tapped creature's power. Activate only as a sorcery." A static ability may make a creature
 * station using another characteristic (702.184c: Tapestry Warden's "… stations permanents using its toughness rather
 * than its power"), the rules mod station-by-toughness on the creatures it affects. The number is fixed as the cost is
 * paid and is the ability's X (its instruction: put-counters with n {x: true}). No 2019 counterpart: cites are "=".
 */
import type { Game } from './game.ts';
import { M, pl } from './msg.ts';
import * as costs from './costs.ts';
import * as zones from './zones.ts';
import { IllegalAction, type PlayerId } from './types.ts';

/** Pays a station cost by tapping `pick` (checked); returns the number of charge counters the ability will put. */
export function stationCost(g: Game, by: PlayerId, id: string, pick: string | undefined): number {
  const t = g.s.turn;
  if (t.active !== by || (t.step !== 'main1' && t.step !== 'main2') || g.s.stack.length) {
    throw new IllegalAction(M`${g.ref(id)}'s station ability can be activated only as a sorcery`, '=702.184a');
  }
  const c = pick ? g.view()[pick] : undefined;
  const o = pick ? g.s.objects[pick] : undefined;
  if (!pick || !c || !o || o.zone !== 'battlefield' || c.controller !== by || !c.types.includes('creature') || pick === id) {
    throw new IllegalAction(pick ? M`${g.refAny(pick)} isn't another creature ${pl(by)} controls` : M`a station cost needs another untapped creature ${pl(by)} controls (the action's station)`, '=702.184a');
  }
  if (o.tapped) throw new IllegalAction(M`${g.ref(pick)} is tapped`, '=702.184a');
  const byToughness = costs.rulesMods(g).some((r) => r.mod.kind === 'station-by-toughness' && costs.rulesAffects(g, r, pick));
  const n = (byToughness ? c.toughness : c.power) ?? 0;
  zones.tap(g, pick);
  g.cite('cost', byToughness ? ['=702.184a', '=702.184c'] : ['=702.184a'], byToughness
    ? M`${pl(by)} taps ${g.ref(pick)} to station ${g.ref(id)}: it stations using its toughness, ${n}, rather than its power`
    : M`${pl(by)} taps ${g.ref(pick)} to station ${g.ref(id)}: its power is ${n}`);
  return Math.max(0, n);
}
