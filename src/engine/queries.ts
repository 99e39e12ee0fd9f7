/**
 * Questions a scenario asks without changing the game: an object's characteristics with their layer log (613),
 * legal payments of a cost (601.2g-h, 107.4), legal attacks and blocks (508.1, 509.1) and the legal combat damage
 * assignments (510.1). A question asked at the wrong time is an illegal action, never a crash.
 */
import type { Game } from './game.ts';
import { fixX, formatUnits, legalPayments, parseCost, parsePool } from './mana.ts';
import { IllegalAction, type Action, type PlayerId } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);
import { formatCost } from './mana.ts';

export function query(g: Game, a: Action): unknown {
  const what = a['what'] as string;
  switch (what) {
    case 'legal-payments': {
      const p = (a['player'] as PlayerId | undefined) ?? g.s.turn.active;
      const pool = a['pool'] !== undefined ? parsePool(a['pool'] as string) : g.s.players[p].pool;
      const cost = fixX(parseCost(a['cost'] as string), (a['x'] as number | undefined) ?? 0);
      const life = g.s.players[p].life;
      const opts = legalPayments(cost, pool, life);
      const rules = ['601.2h', '117.3'];
      if (cost.some((c) => c.k === 'phyrexian')) rules.push('107.4f', '118.4');
      if (cost.some((c) => c.k === 'hybrid' || c.k === 'mono')) rules.push('107.4e');
      g.cite('query', rules, `legal payments of ${(formatCost(cost) || '{0}')} from ${formatUnits(pool) || 'an empty pool'} with ${life} life: ${opts.length ? opts.map((o) => `${formatUnits(o.mana) || '—'}${o.life ? ` + ${o.life} life` : ''}`).join(' / ') : 'none'}`);
      return { options: opts.map((o) => ({ mana: formatUnits(o.mana), life: o.life })) };
    }
    case 'legal-attacks': {
      const opts = g.legalAttacks();
      g.cite('query', ['508.1c', '508.1d'], `legal attack declarations: ${opts.map((o) => `[${o.map((i) => g.name(i)).join(', ')}]`).join(' ')}`);
      return { options: opts };
    }
    case 'legal-blocks': {
      const opts = g.blockCandidates().filter((b) => g.blockError(b) === null);
      g.cite('query', ['509.1b', '509.1c'], `${opts.length} legal block declaration(s)`);
      return { options: opts.map((o) => Object.fromEntries(o.map((b) => [b.blocker, b.attackers]))) };
    }
    case 'legal-damage-assignments': {
      const dealers = g.damageDealers(g.s.turn.step === 'first-strike-damage');
      const id = a['attacker'] as string;
      const d = dealers.find((x) => x.id === id);
      if (!d) throw new IllegalAction(`${g.s.objects[id] ? g.name(id) : id} doesn't assign combat damage in this step`, '510.1');
      const fixed = (a['others'] ?? {}) as Record<string, Record<string, number>>;
      const opts = g.enumerateAssignments(d, dealers, fixed);
      g.cite('query', g.profile.damageAssignmentOrder ? ['510.1c', '510.1a', '509.2'] : ['510.1c', '510.1a'], `${g.name(id)} can assign its damage in ${opts.length} way(s)`);
      return { options: opts };
    }
    case 'characteristics': {
      const id = a['obj'] as string;
      const c = g.chars(id);
      g.cite('query', ['613.1', '202.2', '202.3'], `${c.name}: ${c.colors.join(' and ') || 'colorless'}, mana value ${c.manaValue}${c.power !== undefined ? `, ${c.power}/${c.toughness}` : ''}`);
      return { power: c.power, toughness: c.toughness, colors: c.colors, types: c.types, manaValue: c.manaValue, layers: c.layerLog };
    }
    case 'can-cast': {
      const snapshot = clone(g.s);
      const trace = g.trace.length;
      try {
        g.castSpell({ ...a, op: 'cast' });
        return { legal: true };
      } catch (e) {
        if (e instanceof IllegalAction) return { legal: false, rule: e.rule };
        throw e;
      } finally {
        g.s = snapshot;
        g.trace.length = trace;
        g.touch();
      }
    }
    default:
      throw new IllegalAction(`unknown query "${what}"`, '100.1');
  }
}
