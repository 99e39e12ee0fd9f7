/**
 * Resolving spells and abilities (608): the top of the stack resolves, its targets are checked again (608.2b, with
 * targeting.ts), an intervening "if" is checked again (603.4), it does as much as possible (609.3), and what happens to
 * the spell afterwards (608.2k, 608.3). The instructions themselves, one handler per op, are in instructions.ts; the
 * continuous effects they create in effects.ts.
 */
import * as targeting from './targeting.ts';
import * as zones from './zones.ts';
import * as costs from './costs.ts';
import * as triggers from './triggers.ts';
import * as instructions from './instructions.ts';
import type { Game } from './game.ts';
import { list, M, obj, pl } from './msg.ts';
import { matches, type Ctx } from './layers.ts';
import { checkStateTriggers } from './triggers.ts';
import * as bestow from './bestow.ts';
import type { StackItem } from './types.ts';

export function resolveTop(g: Game): void {
  const item = g.s.stack.pop();
  if (!item) return;
  g.touch();
  const ctx: Ctx = { you: item.controller, self: item.obj, bindings: { ...item.bindings, ...item.targets }, ...(item.ability ? { ability: item.ability } : {}), ...(item.activatedAbility ? { activatedAbility: item.activatedAbility } : {}) };
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
  const colors = item.colors ?? (item.kind === 'spell' ? g.chars(item.obj).colors : (g.view()[item.obj]?.colors ?? []));
  for (const d of item.targetDefs) {
    const t = item.targets[d.id];
    if (t && !targeting.targetLegal(g, d, t, { you: item.controller, self: item.obj }, colors)) illegal.add(d.id);
  }
  // 702.103e of 2026: a bestowed Aura spell whose target is illegal resolves as a creature spell instead
  if (item.kind === 'spell' && !item.copy && bestow.unbestowIfIllegal(g, item.obj, !illegal.has('enchant'))) illegal.clear();
  else if (item.targetDefs.length && illegal.size === item.targetDefs.length) {
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

/** The permanent whose "can't enter the battlefield" effect (614.17d) forbids this one, as it would be on the battlefield. */
function cantEnterBy(g: Game, id: string): string | undefined {
  for (const r of costs.rulesMods(g)) {
    if (r.mod.kind !== 'cant-enter' || r.source === id) continue;
    if (matches(g.s, g.view(), id, r.mod.filter, { you: r.controller, ...(r.source ? { self: r.source } : {}) })) return r.source ?? '';
  }
  return undefined;
}

function finishSpell(g: Game, item: StackItem): void {
  // 704.5e: a copy of a spell that leaves the stack ceases to exist (the card it copies stays where it is)
  if (item.copy) g.cite('rule', ['608.2k', '704.5e'], M`the copy of ${g.ref(item.obj)} leaves the stack and ceases to exist`);
  else if (item.kind === 'spell') {
    const o = g.s.objects[item.obj];
    if (o && o.zone === 'stack') {
      const c = g.chars(item.obj);
      const permanent = ['creature', 'artifact', 'enchantment', 'land', 'planeswalker'].some((t) => c.types.includes(t));
      const enchant = o.bestowed ? item.targets['enchant'] : undefined;
      if (permanent) {
        zones.move(g, item.obj, 'battlefield', { rule: '608.3', text: M`${obj(item.obj, c.name)} enters the battlefield under ${pl(item.controller)}'s control`, opts: { controller: item.controller }, cantEnter: (id) => cantEnterBy(g, id) });
        if (enchant && 'obj' in enchant && g.onBattlefield(enchant.obj) && g.onBattlefield(item.obj)) {
          // 608.3c of 2026: an Aura spell enters attached to what it targeted
          g.s.objects[item.obj]!.attachedTo = enchant.obj;
          g.touch();
          g.cite('resolve', [g.profile.edition === '2026-01-16' ? '=608.3c' : '608.3'], M`${g.ref(item.obj)} enters the battlefield attached to ${g.ref(enchant.obj)}, the creature it targeted`);
        }
      } else zones.move(g, item.obj, 'graveyard', { rule: '608.2k', text: M`${obj(item.obj, c.name)} is put into its owner's graveyard` });
    }
  }
  g.s.turn.priority = g.s.turn.active;
  g.s.turn.passes = 0;
  g.touch();
}
