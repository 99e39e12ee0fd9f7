/**
 * What an instruction's references and numbers name now (608.2c-h): the objects an object reference names (ids, self,
 * $bindings, every object matching a filter), as targets with their incarnation (400.7), the player a player
 * reference names, and a number evaluated now with last known information (608.2g, 112.7a; a negative result counts
 * as 0, 107.1b). Shared by instructions.ts and mana-instructions.ts.
 */
import type { Game } from './game.ts';
import { M, obj } from './msg.ts';
import { evalNum, lastKnown, matches, refObj, type Ctx } from './layers.ts';
import { isPlayerId, type Instruction, type Num, type PlayerId, type TargetRef } from './types.ts';

/** The instruction of one op. */
export type Of<K extends Instruction['op']> = Extract<Instruction, { op: K }>;
type Refs = Of<'tap'>['obj'];

/** A number of the instruction, evaluated now; a negative result counts as 0 (107.1b). */
export function num(g: Game, ctx: Ctx, n: Num | undefined, dflt = 0): number {
  if (n === undefined) return dflt;
  const lki = typeof n === 'object' && 'power' in n ? lastKnown(g.s, n.power, ctx) : undefined;
  if (lki) g.cite('rule', ['608.2g', '112.7a'], M`${obj(lki.id, lki.info.chars.name)} has left the battlefield: its last known information is used (power ${lki.info.chars.power ?? 0})`);
  return Math.max(0, evalNum(g.s, g.view(), n, ctx));
}

/** The objects an object reference names now (ids, self, $bindings, or every object matching a filter). */
export function objs(g: Game, ctx: Ctx, r: Refs | undefined): string[] {
  if (r === undefined) return [];
  if (typeof r === 'object' && !Array.isArray(r)) return Object.keys(g.s.objects).filter((id) => matches(g.s, g.view(), id, r.all, ctx));
  const list = Array.isArray(r) ? r : [r];
  return list.map((x) => refObj(g.s, x, ctx)).filter((x): x is string => !!x);
}

/** Objects and players a reference names, as targets (an object with its incarnation, 400.7). */
export function targetRefs(g: Game, ctx: Ctx, r: Refs | undefined): TargetRef[] {
  const list = Array.isArray(r) ? r : typeof r === 'string' ? [r] : [];
  const out: TargetRef[] = [];
  for (const x of list) {
    const bound = x.startsWith('$') ? ctx.bindings?.[x.slice(1)] : undefined;
    if (isPlayerId(x) || x === 'you' || x === 'opponent' || x === 'defending' || x === 'active') out.push({ player: g.player(x, ctx) });
    else if (bound && 'player' in bound) out.push(bound);
    else {
      const id = refObj(g.s, x, ctx);
      if (id) out.push({ obj: id, inc: g.s.objects[id]!.inc });
    }
  }
  if (typeof r === 'object' && !Array.isArray(r)) for (const id of objs(g, ctx, r)) out.push({ obj: id, inc: g.s.objects[id]!.inc });
  return out;
}

export const player = (g: Game, ctx: Ctx, ref: string | undefined, dflt = 'you'): PlayerId => g.player(ref ?? dflt, ctx);
