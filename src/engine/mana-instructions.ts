/**
 * The mana instructions (106): adding mana (106.3, 106.5, 106.7, 605.1b) and doubling the unspent mana (106.6). Apart
 * from instructions.ts because the triggered mana abilities that resolve at once while a cost is paid (605.4a, costs.ts)
 * run them: costs.ts, below instructions.ts, calls them without the whole instruction table.
 */
import type { Game } from './game.ts';
import * as events from './events.ts';
import { list, M, pl, sym, word } from './msg.ts';
import { matches, type Ctx } from './layers.ts';
import { formatUnits } from './mana.ts';
import { LIMITS } from './limits.ts';
import { num, objs, player, type Of } from './refs.ts';
import { IllegalAction, type PlayerId } from './types.ts';

const COLOR_SYMBOL = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' } as const;

/**
 * "Add [mana]" (106.3): a fixed amount, one mana of a color of a permanent (106.5), of a color the permanents it looks
 * at could produce (106.7), or of a type the triggering mana ability produced (605.1b).
 */
export function addManaInstruction(g: Game, a: Of<'add-mana'>, ctx: Ctx): void {
  const who = player(g, ctx, a.player);
  if (a.colorOf !== undefined) {
    // "one mana of a color of a permanent you control": with no such color, the ability produces no mana (106.5)
    const colors: string[] = [...new Set(objs(g, ctx, a.colorOf).flatMap((id) => g.view()[id]?.colors ?? []))];
    if (!colors.length) return g.cite('rule', ['106.5'], M`${pl(who)} controls no permanent with a color, so the ability produces no mana`);
    const color = g.choice<string>(`color:${ctx.self ?? 'mana'}`, colors, `${who} chooses a color among ${colors.join(', ')}`, who);
    if (!colors.includes(color)) throw new IllegalAction(M`${word(color)} isn't a color of a permanent ${pl(who)} controls`, '106.5');
    return events.addMana(g, who, `{${COLOR_SYMBOL[color as keyof typeof COLOR_SYMBOL]}}`, 1, ctx.self);
  }
  if (a.couldProduce) {
    // 106.7: the colors the matching permanents' mana abilities would produce now (105.1: {C} is no color)
    const colors = [...couldProduceColors(g, a.couldProduce, ctx, new Set(ctx.self ? [ctx.self] : []))];
    if (!colors.length) return g.cite('rule', ['106.7'], M`no permanent it looks at could produce a color of mana, so the ability produces no mana`);
    const color = g.choice<string>(`color:${ctx.self ?? 'mana'}`, colors, `${who} chooses a color among ${colors.join(', ')}`, who);
    if (!colors.includes(color)) throw new IllegalAction(M`${word(color)} isn't a color of mana those permanents could produce`, '106.7');
    g.cite('rule', ['106.7'], M`the permanents it looks at could produce ${list(colors.map((c) => word(c)))}`);
    return events.addMana(g, who, `{${COLOR_SYMBOL[color as keyof typeof COLOR_SYMBOL]}}`, 1, ctx.self);
  }
  if (a.chosenColor !== undefined) {
    // 607.2d: the color chosen for the linked "as … enters" ability; an object that never made that choice (a copy
    // that didn't enter as the card with it, 607.5a) produces no mana
    const color = ctx.self ? g.s.objects[ctx.self]?.chosen?.[a.chosenColor] : undefined;
    if (!color) return g.cite('rule', ['706.7a'], M`no color was chosen for this ability's linked "as … enters" ability, so it produces no mana`);
    g.cite('rule', ['607.2d'], M`the chosen color is ${word(color)}`);
    return events.addMana(g, who, `{${COLOR_SYMBOL[color as keyof typeof COLOR_SYMBOL]}}`, 1, ctx.self);
  }
  if (a.typeProduced) {
    // "one mana of any type that [permanent] produced": a type the triggering mana ability produced (605.1b)
    const types = [...new Set(ctx.eventMana ?? [])];
    if (!types.length) return g.cite('rule', ['106.5'], M`no mana was produced, so the ability produces no mana`);
    const t = g.choice<string>(`mana:${ctx.self ?? 'mana'}`, types, `${who} chooses a type among ${types.join(', ')}`, who);
    if (!(types as string[]).includes(t)) throw new IllegalAction(M`${sym(`{${t}}`)} isn't a type of mana that was produced (${sym(types.map((x) => `{${x}}`).join(''))})`, '605.1b');
    return events.addMana(g, who, `{${t}}`, 1, ctx.self);
  }
  const times = a.times === undefined ? 1 : num(g, ctx, a.times);
  if (times * Math.max(1, (a.mana ?? '').split('{').length - 1) > LIMITS.mana) throw new Error(`add-mana: more than ${LIMITS.mana} mana at once`);
  return events.addMana(g, who, a.mana ?? '', times, ctx.self, a.spendOnly);
}

/** "Double the amount of each type of unspent mana you have": the added mana is new mana from this ability, so any
 * restriction on the mana already in the pool doesn't carry over to it (106.6, its Doubling Cube example). */
export function doubleMana(g: Game, p: PlayerId, source: string | undefined): void {
  const pool = g.s.players[p].pool;
  if (!pool.length) return g.cite('rule', ['106.6'], M`${pl(p)} has no unspent mana, so no mana is added`);
  const added = formatUnits(pool);
  events.addMana(g, p, added, 1, source);
  if (pool.some((u) => u.only)) g.cite('rule', ['106.6'], M`the ${sym(added)} added has no spending restriction, although some of the mana it doubled has one`);
}

/**
 * The colors of mana the permanents matching `f` could produce (106.7): the basic land types' intrinsic abilities
 * (305.6), the mana their mana abilities name, the colors of the permanents a "mana of a color among …" ability looks
 * at, and, for another "could produce" ability, what it in turn could produce — never the permanents already being
 * asked about (two Exotic Orchards alone could produce nothing).
 */
function couldProduceColors(g: Game, f: NonNullable<Of<'add-mana'>['couldProduce']>, ctx: Ctx, asking: Set<string>): Set<string> {
  const out = new Set<string>();
  const v = g.view();
  const basic: Record<string, string> = { Plains: 'white', Island: 'blue', Swamp: 'black', Mountain: 'red', Forest: 'green' };
  for (const id of g.battlefield().filter((x) => !asking.has(x) && matches(g.s, v, x, f, ctx))) {
    const c = v[id]!;
    for (const s of c.subtypes) if (basic[s]) out.add(basic[s]!);
    for (const ab of c.activated) {
      for (const e of ab.effects) {
        if (e.op !== 'add-mana') continue;
        for (const [color, letter] of Object.entries(COLOR_SYMBOL)) if (e.mana?.includes(`{${letter}}`)) out.add(color);
        const self: Ctx = { you: c.controller, self: id };
        if (e.colorOf !== undefined) for (const o of objs(g, self, e.colorOf)) for (const col of v[o]?.colors ?? []) out.add(col);
        if (e.couldProduce) for (const col of couldProduceColors(g, e.couldProduce, self, new Set([...asking, id]))) out.add(col);
      }
    }
  }
  return out;
}
