/**
 * Choosing targets and checking their legality (601.2c on casting, 608.2b on resolution; 114 / 115): a target is
 * legal if it matches the target's filter and isn't protected from the source (shroud, hexproof, protection, 702).
 * Below the rule areas that choose targets (casting, triggers, instructions), so none of them imports another for it.
 */
import type { Game } from './game.ts';
import { code, M } from './msg.ts';
import { hasKeyword, matches, type Ctx } from './layers.ts';
import { IllegalAction, isPlayerId, type Filter, type TargetDef, type TargetRef } from './types.ts';

export function targetLegal(g: Game, def: TargetDef, t: TargetRef, ctx: Ctx, sourceColors: string[]): boolean {
  if ('player' in t) return !!def.player;
  if (def.player && !def.filter) return false;
  const o = g.s.objects[t.obj];
  if (!o || o.inc !== t.inc) return false;
  const v = g.view();
  const f: Filter = def.filter ?? {};
  if (!matches(g.s, v, t.obj, f, ctx)) return false;
  const c = v[t.obj]!;
  if (hasKeyword(c, 'shroud')) return false;
  if (hasKeyword(c, 'hexproof') && c.controller !== ctx.you) return false;
  if (c.keywords.some((k) => k.startsWith('protection-from-') && sourceColors.includes(k.slice(16)))) return false;
  return true;
}

export function chooseTargets(g: Game, defs: TargetDef[], chosen: Record<string, string>, ctx: Ctx, sourceColors: string[] = []): Record<string, TargetRef> {
  const out: Record<string, TargetRef> = {};
  const byGroup = new Map<string, string[]>();
  for (const d of defs) {
    const pick = chosen[d.id];
    if (pick === undefined) throw new IllegalAction(M`no target chosen for "${code(d.id)}"`, '601.2c');
    const t: TargetRef = isPlayerId(pick) ? { player: pick } : { obj: pick, inc: g.s.objects[pick]?.inc ?? -1 };
    if (!targetLegal(g, d, t, ctx, sourceColors)) throw new IllegalAction(M`${g.refAny(pick)} isn't a legal target`, '601.2c');
    const grp = d.group ?? d.id;
    const seen = byGroup.get(grp) ?? [];
    if (seen.includes(pick)) throw new IllegalAction(M`the same object can't be chosen twice for one instance of the word "target"`, '601.2c');
    byGroup.set(grp, [...seen, pick]);
    out[d.id] = t;
  }
  return out;
}
