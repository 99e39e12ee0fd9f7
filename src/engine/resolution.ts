/**
 * Resolving spells and abilities (608): target legality on casting and on resolution (601.2c, 608.2b, 114/115), doing
 * as much as possible (609.3), continuous effects and their locked sets (611.2a, 611.2c), costs paid during resolution
 * (117.12), and what happens to the spell afterwards (608.2k, 608.3). The instructions themselves, one handler per op,
 * are in instructions.ts.
 */
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import * as instructions from './instructions.ts';
import type { Game } from './game.ts';
import { code, list, M, obj, pl, type Arg } from './msg.ts';
import { evalNum, hasKeyword, matches, refObj, type Ctx } from './layers.ts';
import { setStateField } from './state-edit.ts';
import { checkStateTriggers } from './triggers.ts';
import { IllegalAction, isPlayerId, type EffectDef, type Filter, type GameState, type StackItem, type TargetDef, type TargetRef } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

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
  const changesChars = !!(def.control || def.addTypes || def.setTypes || def.addSubtypes || def.setSubtypes || def.setColors || def.addColors || def.gain || def.lose || def.loseAll || def.setPT || def.delta || def.switchPT);
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
  if (def.gain || def.lose || def.loseAll) layers.push('613.1f');
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

export function resolveTop(g: Game): void {
  const item = g.s.stack.pop();
  if (!item) return;
  g.touch();
  const ctx: Ctx = { you: item.controller, self: item.obj, bindings: { ...item.bindings, ...item.targets }, ...(item.ability ? { ability: item.ability } : {}) };
  if (item.eventAmount !== undefined) ctx.eventAmount = item.eventAmount;
  if (item.sourceSnapshot) ctx.selfInc = item.sourceSnapshot.inc;
  const spellObj = item.kind === 'spell' && !item.copy ? g.s.objects[item.obj] : undefined;
  if (spellObj?.stackInfo?.x !== undefined) ctx.x = spellObj.stackInfo.x;
  if (item.x !== undefined) ctx.x = item.x; // an activated ability's X (602.2b → 601.2b)
  if (item.kind === 'spell') ctx.spent = item.spent ?? [];
  g.cite('resolve', ['608.1', '405.5'], (item.copy ? M`the copy of ${g.ref(item.obj)} resolves` : item.kind === 'spell' ? M`${g.ref(item.obj)} resolves` : !item.obj ? M`a delayed triggered ability resolves` : M`${g.ref(item.obj)}'s ability resolves`));
  // 608.2a: intervening "if"
  if (item.condition && !triggers.checkCondition(g, item.condition, ctx)) {
    g.cite('resolve', ['608.2a', '603.4'], M`the "if" condition of ${g.ref(item.obj)}'s ability is false: it's removed from the stack and does nothing`);
    g.record.notResolved.push(item.obj);
    return finishSpell(g, item);
  }
  // 608.2b: targets
  const illegal = new Set<string>();
  const colors = item.kind === 'spell' ? g.chars(item.obj).colors : (g.view()[item.obj]?.colors ?? []);
  for (const d of item.targetDefs) {
    const t = item.targets[d.id];
    if (t && !targetLegal(g, d, t, { you: item.controller, self: item.obj }, colors)) illegal.add(d.id);
  }
  if (item.targetDefs.length && illegal.size === item.targetDefs.length) {
    g.cite('resolve', ['608.2b'], M`all targets of ${item.kind === 'spell' ? g.ref(item.obj) : M`${g.ref(item.obj)}'s ability`} are illegal: it doesn't resolve and none of its effects happen`);
    g.record.notResolved.push(item.obj);
    return finishSpell(g, item);
  }
  // the illegal target named (not the scenario's label for it, "t2")
  if (illegal.size) g.cite('resolve', ['608.2b'], M`an illegal target is not affected by the spell (${list([...illegal].map((id) => g.refT(item.targets[id]!)))})`);
  for (const e of item.effects) {
    const refs = JSON.stringify(e).match(/"\$([A-Za-z0-9_]+)"/g) ?? [];
    if (refs.some((r) => illegal.has(r.slice(2, -1)))) continue;
    instructions.exec(g, e, ctx, item.label);
    checkStateTriggers(g); // 603.8: a state trigger sees the state between the instructions too
    if (g.s.result) break;
  }
  g.record.resolved.push(item.obj);
  finishSpell(g, item);
}

function finishSpell(g: Game, item: StackItem): void {
  // 704.5e: a copy of a spell that leaves the stack ceases to exist (the card it copies stays where it is)
  if (item.copy) g.cite('rule', ['608.2k', '704.5e'], M`the copy of ${g.ref(item.obj)} leaves the stack and ceases to exist`);
  else if (item.kind === 'spell') {
    const o = g.s.objects[item.obj];
    if (o && o.zone === 'stack') {
      const c = g.chars(item.obj);
      const permanent = ['creature', 'artifact', 'enchantment', 'land', 'planeswalker'].some((t) => c.types.includes(t));
      if (permanent) zones.move(g, item.obj, 'battlefield', { rule: '608.3', text: M`${obj(item.obj, c.name)} enters the battlefield under ${pl(item.controller)}'s control`, opts: { controller: item.controller } });
      else zones.move(g, item.obj, 'graveyard', { rule: '608.2k', text: M`${obj(item.obj, c.name)} is put into its owner's graveyard` });
    }
  }
  g.s.turn.priority = g.s.turn.active;
  g.s.turn.passes = 0;
  g.touch();
}
