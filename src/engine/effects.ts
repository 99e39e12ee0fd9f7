/**
 * Creating continuous effects (611) with their durations and locked sets (611.2a-c), paying a cost during resolution
 * (117.12), and the sandbox's state edits. Called by the instructions (instructions.ts), by state-based actions (a
 * "for as long as" duration, 611.2b) and by the scenario's actions; below all of them, so none imports another for it.
 */
import * as zones from './zones.ts';
import type { Game } from './game.ts';
import { code, list, M, type Arg } from './msg.ts';
import { evalNum, matches, refObj, type Ctx } from './layers.ts';
import { setStateField } from './state-edit.ts';
import { IllegalAction, type EffectDef, type Filter, type GameState } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/** A sandbox edit (the action `set`): only an existing field, with a value of its type (state-edit.ts). */
export function setPath(g: Game, path: string, value: unknown): void {
  setStateField(g.s, path, value);
  g.touch();
  g.cite('injection', [], M`sandbox edit: ${{ path }} = ${typeof value === 'number' ? value : code(JSON.stringify(value))}`);
}

/**
 * A cost paid during resolution (117.12). "You may sacrifice [a permanent]" (`choose`): the player picks one or
 * declines (choices.sacrifice); the one sacrificed is bound as $sacrificed for what follows ("that creature", whose
 * last known information a later instruction reads, 608.2g).
 */
export function payResolutionCost(g: Game, cost: { op: 'sacrifice'; obj: string | string[] | { all: Filter } } | { op: 'sacrifice'; choose: Filter }, ctx: Ctx): boolean {
  if ('choose' in cost) {
    const cands = g.battlefield().filter((id) => matches(g.s, g.view(), id, { ...cost.choose, controller: 'you' }, ctx));
    if (!cands.length) return false;
    const pick = g.choice<string | null>('sacrifice', [...cands, null], `${ctx.you} may sacrifice a permanent`, ctx.you);
    if (pick === null) return false;
    if (!cands.includes(pick)) throw new IllegalAction(M`${g.refAny(pick)} can't be sacrificed for this`, '117.12');
    ctx.bindings = { ...ctx.bindings, sacrificed: { obj: pick, inc: g.s.objects[pick]!.inc } };
    zones.move(g, pick, 'graveyard', { rule: '701.16a', text: M`${g.ref(pick)} is sacrificed` });
    return true;
  }
  if (typeof cost.obj === 'object' && !Array.isArray(cost.obj)) return false;
  const ids = (Array.isArray(cost.obj) ? cost.obj : [cost.obj]).map((r) => refObj(g.s, r, ctx));
  if (ids.some((id) => !id || !g.onBattlefield(id) || g.chars(id).controller !== ctx.you)) return false;
  for (const id of ids) zones.move(g, id!, 'graveyard', { rule: '701.16a', text: M`${g.ref(id!)} is sacrificed` });
  return true;
}

/** Whether a "for as long as you control [source]" duration holds now (611.2b). */
export function stillControlled(g: Game, source: string | undefined, you: string): boolean {
  return !!source && g.onBattlefield(source) && g.chars(source).controller === you;
}

export function createEffect(g: Game, def: EffectDef, ctx: Ctx, label: string): void {
  const until = def.until ?? 'indefinite';
  if (until === 'while-you-control-source' && !stillControlled(g, ctx.self, ctx.you)) {
    // 611.2b: the duration ended before the effect would first apply, so the effect does nothing
    return g.cite('rule', ['611.2b'], M`the "for as long as" duration is already over, so the effect does nothing`);
  }
  const eff = { eid: `e${g.tick()}`, def: clone(def), controller: ctx.you, timestamp: g.s.clock, until, label: label || def.id || 'effect', ...(ctx.self ? { source: ctx.self } : {}) } as GameState['effects'][number];
  // resolve references; lock the affected set (611.2c) unless the effect modifies only rules
  const v = g.view();
  if (def.gainActivatedOf !== undefined) {
    // "gains all activated abilities of [object]": those it has now, fixed as the effect begins
    const of = refObj(g.s, def.gainActivatedOf, ctx);
    eff.def.gainActivated = [...(eff.def.gainActivated ?? []), ...clone(of ? (v[of]?.activated ?? []) : [])];
    delete eff.def.gainActivatedOf;
  }
  const changesChars = !!(def.control || def.addTypes || def.setTypes || def.removeTypes || def.addSubtypes || def.setSubtypes || def.setColors || def.addColors || def.gain || def.lose || def.loseAll || def.setPT || def.delta || def.switchPT || eff.def.gainActivated);
  if (typeof def.affects === 'string') {
    const id = refObj(g.s, def.affects, ctx);
    eff.locked = id ? [{ obj: id, inc: g.s.objects[id]!.inc }] : [];
  } else if (changesChars && def.affects.lock !== false) {
    const f = def.affects;
    eff.locked = Object.keys(g.s.objects).filter((id) => matches(g.s, v, id, f, ctx)).map((id) => ({ obj: id, inc: g.s.objects[id]!.inc }));
  }
  // numbers are fixed when the effect is created (608.2h)
  const fix = (n: unknown) => {
    if (typeof n !== 'object' || n === null) return n;
    const val = evalNum(g.s, v, n as never, ctx);
    if (val < 0) g.cite('rule', ['107.1b'], M`the value is ${val}; a calculation that yields a negative number uses 0 instead`);
    return Math.max(0, val);
  };
  if (def.delta) eff.def.delta = [fix(def.delta[0]) as number, fix(def.delta[1]) as number];
  // "becomes an X/X …": X is fixed as the effect begins (608.2h); a characteristic-defining ability is never created here
  if (def.setPT && typeof def.setPT[0] === 'object' && 'x' in def.setPT[0]) eff.def.setPT = [fix(def.setPT[0]) as number, fix(def.setPT[1]) as number];
  if (def.control === 'you') eff.def.control = ctx.you;
  g.s.effects.push(eff);
  g.touch();
  const names: Arg | undefined = eff.locked?.length ? list(eff.locked.map((l) => g.ref(l.obj))) : undefined;
  const rules = ['611.2a'];
  if (eff.locked && typeof def.affects !== 'string') rules.push('611.2c');
  const layers: string[] = [];
  if (def.control) layers.push('613.1b');
  if (def.addTypes || def.setTypes || def.addSubtypes || def.setSubtypes) layers.push('613.1d');
  if (def.setColors || def.addColors) layers.push('613.1e');
  if (def.gain || def.lose || def.loseAll || eff.def.gainActivated) layers.push('613.1f');
  if (def.setPT) layers.push('613.3b');
  if (def.delta) layers.push('613.3c');
  if (def.switchPT) layers.push('613.3e');
  if (layers.length > 1) layers.push('613.5');
  g.cite('effect', [...rules, ...layers], (names ? M`a continuous effect is created for ${names} (timestamp ${eff.timestamp})` : M`a continuous effect is created (timestamp ${eff.timestamp})`));
  // 208.3a: an effect on the power and/or toughness of a noncreature permanent is created even though it doesn't
  // do anything unless that permanent becomes a creature
  if (def.setPT || def.delta || def.switchPT) {
    const now = g.view();
    for (const l of eff.locked ?? []) {
      if (g.onBattlefield(l.obj) && !now[l.obj]!.types.includes('creature')) g.cite('rule', ['208.3a'], M`${g.ref(l.obj)} isn't a creature: the effect on its power and toughness does nothing until it becomes one`);
    }
  }
}
