/**
 * Resolving spells and abilities (608): target legality on resolution (608.2b, 114/115), doing as much as possible
 * (609.3), the instructions of a spell or ability as one handler per op (609, 611 continuous effects and their
 * locked sets 611.2c), costs paid during resolution (608.2f), and what happens to the spell afterwards (608.2k).
 */
import type { Game } from './game.ts';
import { evalNum, hasKeyword, matches, opponentOf, refObj, type Ctx } from './layers.ts';
import { parsePool } from './mana.ts';
import { IllegalAction, type Action, type CardDef, type EffectDef, type Filter, type GameState, type ReplacementDef, type Step, type StackItem, type TargetDef, type TargetRef, type Zone } from './types.ts';

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
    if (pick === undefined) throw new IllegalAction(`no target chosen for "${d.id}"`, '601.2c');
    const t: TargetRef = pick === 'P1' || pick === 'P2' ? { player: pick } : { obj: pick, inc: g.s.objects[pick]?.inc ?? -1 };
    if (!g.targetLegal(d, t, ctx, sourceColors)) throw new IllegalAction(`${pick === 'P1' || pick === 'P2' ? pick : g.s.objects[pick] ? g.name(pick) : pick} isn't a legal target`, '601.2c');
    const grp = d.group ?? d.id;
    const seen = byGroup.get(grp) ?? [];
    if (seen.includes(pick)) throw new IllegalAction(`the same object can't be chosen twice for one instance of the word "target"`, '601.2c');
    byGroup.set(grp, [...seen, pick]);
    out[d.id] = t;
  }
  return out;
}

const COLOR_SYMBOL = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' } as const;

export function exec(g: Game, a: Action, ctx: Ctx, sourceLabel = ''): void {
  const num = (k: string, dflt = 0) => {
    const n = a[k];
    return n === undefined ? dflt : Math.max(0, evalNum(g.s, g.view(), n as never, ctx)); // 107.1b: negative → 0
  };
  const objs = (k: string): string[] => {
    const r = a[k];
    if (r === undefined) return [];
    if (typeof r === 'object' && r !== null && 'all' in r) {
      const f = (r as { all: Filter }).all;
      return Object.keys(g.s.objects).filter((id) => matches(g.s, g.view(), id, f, ctx));
    }
    const list = Array.isArray(r) ? (r as string[]) : [r as string];
    return list.map((x) => refObj(g.s, x, ctx)).filter((x): x is string => !!x);
  };
  const targetRef = (k: string): TargetRef[] => {
    const r = a[k];
    const list = Array.isArray(r) ? (r as string[]) : typeof r === 'string' ? [r] : [];
    const out: TargetRef[] = [];
    for (const x of list) {
      if (x === 'P1' || x === 'P2' || x === 'you' || x === 'opponent' || x === 'defending' || x === 'active') out.push({ player: g.player(x, ctx) });
      else if (x.startsWith('$') && ctx.bindings?.[x.slice(1)] && 'player' in ctx.bindings[x.slice(1)]!) out.push(ctx.bindings[x.slice(1)]!);
      else {
        const id = refObj(g.s, x, ctx);
        if (id) out.push({ obj: id, inc: g.s.objects[id]!.inc });
      }
    }
    if (typeof r === 'object' && r !== null && !Array.isArray(r) && 'all' in r) for (const id of objs(k)) out.push({ obj: id, inc: g.s.objects[id]!.inc });
    return out;
  };
  const pl = (k: string, d = 'you') => g.player((a[k] as string | undefined) ?? d, ctx);
  switch (a.op) {
    case 'deal-damage': {
      const from = a['from'] ? refObj(g.s, a['from'] as string, ctx) : ctx.self;
      if (!from) return g.cite('rule', ['608.2b'], 'the source of the damage no longer exists');
      const n = num('n');
      const tos = targetRef('to');
      g.dealDamage(tos.map((to) => ({ source: from, to, amount: n, combat: false })), sourceLabel || `${g.name(from)} deals damage`);
      return;
    }
    case 'gain-life': return g.gainLife(pl('player'), num('n'));
    case 'lose-life': return g.loseLife(pl('player'), num('n'));
    case 'put-counters': for (const id of objs('on')) g.putCounters(id, a['kind'] as string, num('n', 1)); return;
    case 'remove-counters': for (const id of objs('on')) g.removeCounters(id, a['kind'] as string, num('n', 1)); return;
    case 'destroy': {
      const all = a['all'] as Filter | undefined;
      const ids = objs('obj').concat(all ? Object.keys(g.s.objects).filter((id) => matches(g.s, g.view(), id, all, ctx)) : []);
      if (ids.length > 1) {
        // simultaneous destruction: one look-back snapshot (603.10a)
        const pre = g.view();
        const preState = clone(g.s);
        g.cite('event', ['701.7a'], `${ids.map((i) => g.name(i)).join(', ')} are destroyed at the same time`);
        for (const id of ids) g.withLookBack(pre, preState, () => g.destroy(id, { noRegen: !!a['noRegen'] }));
      } else for (const id of ids) g.destroy(id, { noRegen: !!a['noRegen'] });
      return;
    }
    case 'sacrifice': {
      for (const id of objs('obj')) if (g.onBattlefield(id)) g.move(id, 'graveyard', { rule: '701.16a', text: `${g.name(id)} is sacrificed` });
      return;
    }
    case 'each-player-sacrifices': {
      // 101.4: APNAP order of choices, then all sacrificed simultaneously
      const f = a['filter'] as Filter;
      const ap = g.s.turn.active;
      const picks: string[] = [];
      for (const p of [ap, opponentOf(ap)]) {
        const cands = g.battlefield().filter((id) => matches(g.s, g.view(), id, { ...f, controller: 'you' }, { you: p }));
        if (!cands.length) continue;
        const pick = g.choice<string>(`sacrifice:${p}`, cands, `${p} chooses a permanent to sacrifice`);
        if (!cands.includes(pick)) throw new IllegalAction(`${g.s.objects[pick] ? g.name(pick) : pick} can't be chosen by ${p}`, '101.4');
        g.cite('choice', ['101.4'], `${p} chooses ${g.name(pick)} (${p === ap ? 'active player first' : 'then the nonactive player'})`);
        picks.push(pick);
      }
      const pre = g.view();
      const preState = clone(g.s);
      for (const id of picks) g.withLookBack(pre, preState, () => g.move(id, 'graveyard', { rule: '701.16a', text: `${g.name(id)} is sacrificed (simultaneously)` }));
      return;
    }
    case 'exile': for (const id of objs('obj')) g.move(id, 'exile'); return;
    case 'move': for (const id of objs('obj')) g.move(id, a['to'] as Zone, a['tapped'] ? { opts: { tapped: true } } : {}); return;
    case 'return-to-hand': for (const id of objs('obj')) if (g.onBattlefield(id)) g.move(id, 'hand', { rule: '608.2c', text: `${g.name(id)} is returned to its owner's hand` }); return;
    case 'tap': for (const id of objs('obj')) g.tap(id); return;
    case 'untap': for (const id of objs('obj')) g.untap(id); return;
    case 'draw': return g.draw(pl('player'), num('n', 1));
    case 'discard': return g.discard(pl('player'), a['n'] === 'all' ? 'all' : num('n', 1));
    case 'add-mana': {
      const who = pl('player');
      if (a['colorOf'] !== undefined) {
        // "one mana of a color of a permanent you control": with no such color, the ability produces no mana (106.5)
        const colors: string[] = [...new Set(objs('colorOf').flatMap((id) => g.view()[id]?.colors ?? []))];
        if (!colors.length) return g.cite('rule', ['106.5'], `${who} controls no permanent with a color, so the ability produces no mana`);
        const color = g.choice<string>(`color:${ctx.self ?? 'mana'}`, colors, `${who} chooses a color among ${colors.join(', ')}`);
        if (!colors.includes(color)) throw new IllegalAction(`${color} isn't a color of a permanent ${who} controls`, '106.5');
        return g.addMana(who, `{${COLOR_SYMBOL[color as keyof typeof COLOR_SYMBOL]}}`, 1, ctx.self);
      }
      return g.addMana(who, a['mana'] as string, a['times'] === undefined ? 1 : num('times'), ctx.self);
    }
    case 'win-game': {
      const p = pl('player');
      g.s.players[p].won = true;
      g.s.players[opponentOf(p)].lost = 'effect';
      g.s.result = { winner: p };
      g.touch();
      return g.cite('game', ['104.2b'], `${p} wins the game`);
    }
    case 'create-effect': return g.createEffect(a['effect'] as EffectDef, ctx, (a['label'] as string | undefined) ?? sourceLabel);
    case 'end-effect': {
      const id = a['id'] as string;
      g.s.effects = g.s.effects.filter((e) => e.def.id !== id && e.eid !== id);
      g.touch();
      return g.cite('event', ['611.2a'], `the effect "${id}" ends`);
    }
    case 'create-replacement': {
      const def = a['replacement'] as ReplacementDef;
      g.s.replacements.push({ rid: `rep${g.tick()}`, def, controller: ctx.you, timestamp: g.s.clock, until: (a['until'] as 'end-of-turn' | undefined) ?? 'end-of-turn', ...(ctx.self ? { source: ctx.self } : {}) });
      g.touch();
      return g.cite('effect', ['614.1a', '615.1a'], `a ${def.kind} effect is created`);
    }
    case 'create-prevention': {
      const amount = num('amount');
      const to = targetRef('to').concat(a['shareColorWith'] ? [] : []);
      let all = to;
      if (a['andSharingColor']) {
        // 615.11: the affected set is determined as the ability resolves
        const first = to[0];
        if (first && 'obj' in first) {
          const others = g.battlefield().filter((id) => id !== first.obj && matches(g.s, g.view(), id, { types: ['creature'], sharesColorWith: first.obj }, ctx));
          all = [...to, ...others.map((id) => ({ obj: id, inc: g.s.objects[id]!.inc }))];
        }
      }
      for (const t of all) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'prevent-next', to: t, remaining: amount, timestamp: g.s.clock });
      g.touch();
      return g.cite('effect', ['615.7', ...(a['andSharingColor'] ? ['615.11'] : [])], `prevention shield${all.length > 1 ? 's' : ''} (next ${amount} damage) on ${all.map((t) => ('obj' in t ? g.name(t.obj) : t.player)).join(', ')}`);
    }
    case 'prevent-next-from-source': {
      for (const t of targetRef('source')) if ('obj' in t) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'prevent-from-source', from: t, ...(a['gainLife'] ? { gainLife: ctx.you } : {}), timestamp: g.s.clock });
      g.touch();
      return g.cite('effect', ['615.5'], 'the next time the creature would deal damage this turn, that damage will be prevented');
    }
    case 'regenerate': {
      for (const t of targetRef('obj')) if ('obj' in t) g.s.shields.push({ sid: `sh${g.tick()}`, kind: 'regenerate', on: t, timestamp: g.s.clock });
      g.touch();
      return g.cite('effect', ['701.14a'], 'a regeneration shield is created');
    }
    case 'create-delayed': {
      const on = a['on'] as 'ltb' | 'becomes-untapped' | 'step-begins';
      const o = a['obj'] ? targetRef('obj')[0] : undefined;
      const bindings: Record<string, TargetRef> = { ...(ctx.bindings ?? {}) };
      if (o && 'obj' in o) bindings['that'] = o;
      if (on === 'ltb' && o && 'obj' in o && !g.onBattlefield(o.obj)) {
        g.cite('rule', ['603.7a'], `${g.name(o.obj)} already left the battlefield: the delayed triggered ability will never trigger`);
        return;
      }
      if (on !== 'step-begins' && (!o || !('obj' in o))) {
        g.cite('rule', ['603.7a'], 'the object the delayed trigger refers to no longer exists: it will never trigger');
        return;
      }
      g.s.delayed.push({
        did: `d${g.tick()}`, controller: ctx.you, on, ...(a['step'] ? { step: a['step'] as Step } : {}),
        ...(o && 'obj' in o ? { obj: o } : {}), effects: a['effects'] as Action[], bindings, ...(ctx.self ? { source: ctx.self } : {}), createdTurn: g.s.turn.number,
      });
      g.touch();
      return g.cite('effect', ['603.7a'], `a delayed triggered ability is created (${on}${a['step'] ? ` ${a['step'] as string}` : ''})`);
    }
    case 'create-token': {
      const n = num('n', 1);
      const card = a['card'] as CardDef;
      for (let i = 0; i < n; i++) {
        const id = (a['id'] as string | undefined) ? `${a['id'] as string}${n > 1 ? i + 1 : ''}` : `token${g.tick()}`;
        const controller = pl('controller');
        g.s.objects[id] = {
          id, inc: 0, owner: controller, controller, zone: 'library', token: true, card: clone(card), tapped: false, damage: 0, counters: {},
          timestamp: g.tick(), controlledSince: g.s.turn.number, pos: g.s.clock,
        };
        const ev = g.rawMove(id, 'battlefield', { controller });
        g.cite('event', ['110.5b'], `a ${card.name ?? 'token'} token is created`);
        if (a['blocking'] && g.s.combat) {
          const att = refObj(g.s, a['blocking'] as string, ctx);
          if (att && g.s.combat.attackers[att]) {
            g.s.combat.attackers[att]!.blockers.push(id);
            g.s.combat.blockers[id] = [att];
            g.cite('event', ['509.7'], `${card.name ?? 'the token'} is put onto the battlefield blocking ${g.name(att)}`);
          }
        }
        g.detect(ev);
      }
      return;
    }
    case 'if-you-do': {
      // 117.12: a cost paid during resolution; "if you do" checks whether it was paid
      const cost = a['cost'] as Action;
      const ok = g.payResolutionCost(cost, ctx);
      if (ok) for (const e of a['then'] as Action[]) g.exec(e, ctx, sourceLabel);
      else g.cite('rule', ['117.12'], `the cost can't be paid, so nothing else happens`);
      return;
    }
    case 'may-sacrifice-else': {
      // 608.2d: an option that can't be taken is not available
      const f = a['filter'] as Filter;
      const cands = g.battlefield().filter((id) => matches(g.s, g.view(), id, { ...f, controller: 'you' }, ctx));
      const pick = cands.length ? g.choice<string | null>('sacrifice', [...cands, null], `${ctx.you} may sacrifice a permanent`) : null;
      if (!cands.length) g.cite('rule', ['608.2d'], `${ctx.you} controls nothing that can be sacrificed, so that option isn't available`);
      if (pick) g.move(pick, 'graveyard', { rule: '701.16a', text: `${g.name(pick)} is sacrificed` });
      else for (const e of a['else'] as Action[]) g.exec(e, ctx, sourceLabel);
      return;
    }
    case 'undying': {
      const id = ctx.self!;
      const o = g.s.objects[id];
      if (!o || o.zone !== 'graveyard') return;
      g.move(id, 'battlefield', { rule: '702.92a', text: `${g.name(id)} returns to the battlefield` });
      g.putCounters(id, '+1/+1', 1);
      return;
    }
    case 'attach': {
      // 613.6d (2019) / 613.7e (2026): an Aura or Equipment gets a new timestamp each time it becomes attached
      const [att] = objs('obj');
      const [to] = objs('to');
      if (!att || !to || !g.onBattlefield(att) || !g.onBattlefield(to)) throw new IllegalAction('both the Aura or Equipment and what it becomes attached to must be on the battlefield', '701.3a');
      const o = g.s.objects[att]!;
      o.attachedTo = to;
      o.timestamp = g.tick();
      g.touch();
      return g.cite('event', ['701.3a', '613.6d'], `${g.name(att)} becomes attached to ${g.name(to)} and receives a new timestamp`);
    }
    case 'set': return g.setPath(a['path'] as string, a['value']);
    default:
      throw new IllegalAction(`unknown instruction "${a.op}"`, '608.2c');
  }
}

export function setPath(g: Game, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Record<string, unknown> = g.s as unknown as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) {
    const next = cur[p];
    if (typeof next !== 'object' || next === null) throw new IllegalAction(`cannot set "${path}": no "${p}"`, '100.1');
    cur = next as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  cur[last] = last === 'pool' && typeof value === 'string' ? parsePool(value) : value;
  g.touch();
  g.cite('injection', [], `sandbox edit: ${path} = ${JSON.stringify(value)}`);
}

export function payResolutionCost(g: Game, cost: Action, ctx: Ctx): boolean {
  if (cost.op === 'sacrifice') {
    const ids = (Array.isArray(cost['obj']) ? (cost['obj'] as string[]) : [cost['obj'] as string]).map((r) => refObj(g.s, r, ctx));
    if (ids.some((id) => !id || !g.onBattlefield(id) || g.chars(id).controller !== ctx.you)) return false;
    for (const id of ids) g.move(id!, 'graveyard', { rule: '701.16a', text: `${g.name(id!)} is sacrificed` });
    return true;
  }
  return false;
}

export function createEffect(g: Game, def: EffectDef, ctx: Ctx, label: string): void {
  const until = def.until ?? 'indefinite';
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
    if (val < 0) g.cite('rule', ['107.1b'], `the value is ${val}; a calculation that yields a negative number uses 0 instead`);
    return Math.max(0, val);
  };
  if (def.delta) eff.def.delta = [fix(def.delta[0]) as number, fix(def.delta[1]) as number];
  if (def.control === 'you') eff.def.control = ctx.you;
  g.s.effects.push(eff);
  g.touch();
  const names = (eff.locked ?? []).map((l) => g.name(l.obj)).join(', ');
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
  g.cite('effect', [...rules, ...layers], `continuous effect "${eff.label}" created${names ? ` for ${names}` : ''} (timestamp ${eff.timestamp})`);
}

export function resolveTop(g: Game): void {
  const item = g.s.stack.pop();
  if (!item) return;
  g.touch();
  const ctx: Ctx = { you: item.controller, self: item.obj, bindings: { ...item.bindings, ...item.targets } };
  if (item.eventAmount !== undefined) ctx.eventAmount = item.eventAmount;
  const spellObj = item.kind === 'spell' ? g.s.objects[item.obj] : undefined;
  if (spellObj?.stackInfo?.x !== undefined) ctx.x = spellObj.stackInfo.x;
  g.cite('resolve', ['608.1', '405.5'], `${item.label} resolves`);
  // 608.2a: intervening "if"
  if (item.condition && !g.checkCondition(item.condition, ctx)) {
    g.cite('resolve', ['608.2a', '603.4'], `the "if" condition of ${item.label} is false: it's removed from the stack and does nothing`);
    g.record.notResolved.push(item.obj);
    return finishSpell(g, item);
  }
  // 608.2b: targets
  const illegal = new Set<string>();
  const colors = item.kind === 'spell' ? g.chars(item.obj).colors : (g.view()[item.obj]?.colors ?? []);
  for (const d of item.targetDefs) {
    const t = item.targets[d.id];
    if (t && !g.targetLegal(d, t, { you: item.controller, self: item.obj }, colors)) illegal.add(d.id);
  }
  if (item.targetDefs.length && illegal.size === item.targetDefs.length) {
    g.cite('resolve', ['608.2b'], `all targets of ${item.label} are illegal: it doesn't resolve and none of its effects happen`);
    g.record.notResolved.push(item.obj);
    return finishSpell(g, item);
  }
  if (illegal.size) g.cite('resolve', ['608.2b'], `target${illegal.size > 1 ? 's' : ''} ${[...illegal].join(', ')} ${illegal.size > 1 ? 'are' : 'is'} illegal: the spell doesn't affect ${illegal.size > 1 ? 'them' : 'it'}`);
  for (const e of item.effects) {
    const refs = JSON.stringify(e).match(/"\$([A-Za-z0-9_]+)"/g) ?? [];
    if (refs.some((r) => illegal.has(r.slice(2, -1)))) continue;
    g.exec(e, ctx, item.label);
    if (g.s.result) break;
  }
  g.record.resolved.push(item.obj);
  finishSpell(g, item);
}

function finishSpell(g: Game, item: StackItem): void {
  if (item.kind === 'spell') {
    const o = g.s.objects[item.obj];
    if (o && o.zone === 'stack') {
      const c = g.chars(item.obj);
      const permanent = ['creature', 'artifact', 'enchantment', 'land', 'planeswalker'].some((t) => c.types.includes(t));
      if (permanent) g.move(item.obj, 'battlefield', { rule: '608.3', text: `${c.name} enters the battlefield under ${item.controller}'s control`, opts: { controller: item.controller } });
      else g.move(item.obj, 'graveyard', { rule: '608.2k', text: `${c.name} is put into its owner's graveyard` });
    }
  }
  g.s.turn.priority = g.s.turn.active;
  g.s.turn.passes = 0;
  g.touch();
}
