/**
 * Questions a scenario asks without changing the game, one handler per kind (`what`) of the Query union, in a map so
 * TypeScript checks that each has one: an object's characteristics with their layer log (613), legal payments of a
 * cost (601.2g-h, 107.4), legal attacks and blocks (508.1, 509.1), the legal combat damage assignments (510.1) and
 * whether a spell could be cast now (601.2, undone afterwards). A question asked at the wrong time is an illegal
 * action, never a crash.
 */
import * as casting from './casting.ts';
import * as combat from './combat.ts';
import type { Game } from './game.ts';
import { color, list, M, sym, word } from './msg.ts';
import { fixX, formatCost, formatUnits, legalPayments, parseCost, parsePool } from './mana.ts';
import { IllegalAction, type Query } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

type Of<K extends Query['what']> = Extract<Query, { what: K }>;
type QueryHandlers = { [K in Query['what']]: (g: Game, a: Of<K>) => unknown };

const QUERIES: QueryHandlers = {
  'legal-payments': (g, a) => {
    const p = a.player ?? g.s.turn.active;
    const pool = a.pool !== undefined ? parsePool(a.pool) : g.s.players[p].pool;
    const cost = fixX(parseCost(a.cost), a.x ?? 0);
    const life = g.s.players[p].life;
    const opts = legalPayments(cost, pool, life);
    const rules = ['601.2h', '117.3'];
    if (cost.some((c) => c.k === 'phyrexian')) rules.push('107.4f', '118.4');
    if (cost.some((c) => c.k === 'hybrid' || c.k === 'mono')) rules.push('107.4e');
    g.cite('query', rules, M`legal payments of ${sym(formatCost(cost) || '{0}')} from the pool ${sym(formatUnits(pool) || '—')} with ${life} life: ${opts.length ? list(opts.map((o) => sym(`${formatUnits(o.mana) || '—'}${o.life ? ` + ♥${o.life}` : ''}`)), ' / ') : sym('—')}`);
    return { options: opts.map((o) => ({ mana: formatUnits(o.mana), life: o.life })) };
  },
  'legal-attacks': (g) => {
    const opts = combat.legalAttacks(g);
    g.cite('query', ['508.1c', '508.1d'], M`legal attack declarations: ${list(opts.map((o) => M`[${list(o.map((i) => g.ref(i)))}]`), ' ')}`);
    return { options: opts };
  },
  'legal-blocks': (g) => {
    const opts = combat.legalBlocks(g);
    g.cite('query', ['509.1b', '509.1c'], M`${opts.length} legal block declaration(s)`);
    return { options: opts.map((o) => Object.fromEntries(o.map((b) => [b.blocker, b.attackers]))) };
  },
  'legal-damage-assignments': (g, a) => {
    const dealers = combat.damageDealers(g, g.s.turn.step === 'first-strike-damage');
    const id = a.attacker;
    const d = dealers.find((x) => x.id === id);
    if (!d) throw new IllegalAction(M`${g.refAny(id)} doesn't assign combat damage in this step`, '510.1');
    const opts = combat.enumerateAssignments(g, d, dealers, a.others ?? {});
    g.cite('query', g.profile.damageAssignmentOrder ? ['510.1c', '510.1a', '509.2'] : ['510.1c', '510.1a'], M`${g.ref(id)} can assign its damage in ${opts.length} way(s)`);
    return { options: opts };
  },
  characteristics: (g, a) => {
    const c = g.chars(a.obj);
    const colors = c.colors.length ? list(c.colors.map(color)) : word('colorless');
    g.cite('query', ['613.1', '202.2', '202.3'], (c.power !== undefined ? M`${g.ref(a.obj)}: ${colors}, mana value ${c.manaValue}, ${c.power}/${c.toughness ?? 0}` : M`${g.ref(a.obj)}: ${colors}, mana value ${c.manaValue}`));
    return { power: c.power, toughness: c.toughness, colors: c.colors, types: c.types, manaValue: c.manaValue, layers: c.layerLog };
  },
  'can-cast': (g, a) => {
    const snapshot = clone(g.s);
    const trace = g.trace.length;
    try {
      casting.castSpell(g, a);
      return { legal: true };
    } catch (e) {
      if (e instanceof IllegalAction) return { legal: false, rule: e.rule };
      throw e;
    } finally {
      g.s = snapshot;
      g.trace.length = trace;
      g.touch();
    }
  },
};

export function query(g: Game, a: Query): unknown {
  const handler = QUERIES[a.what] as (g: Game, a: Query) => unknown;
  return handler(g, a);
}
