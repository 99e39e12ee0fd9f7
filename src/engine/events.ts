/**
 * Events with replacement effects (614; which effects are in force and which applies first, 616.1, is in
 * replacements.ts): life gain and loss (118.3; 119.3 when it comes from damage) with the replacements that can
 * change them (614.1a, 616.2), and adding mana to a pool (106.3).
 */
import * as replacements from './replacements.ts';
import * as zones from './zones.ts';
import * as triggers from './triggers.ts';
import type { Game } from './game.ts';
import { list, M, pl, sym, word, type Msg } from './msg.ts';
import { formatUnits, parsePool } from './mana.ts';
import { type Filter, type PlayerId } from './types.ts';

/** The spells a restricted mana may pay for, in words ("creature spells"). */
export function spellWords(f: Filter): Msg {
  const words = [...(f.colors ?? []), ...(f.types ?? [])];
  return words.length ? M`${list(words.map(word), ' ')} spells` : M`certain spells`;
}

export function gainLife(g: Game, p: PlayerId, n: number): void {
  const res = lifeGainReplacements(g, [{ player: p, amount: n }]);
  for (const r of res) applyGainResult(g, r);
}

/** Replacement effects on life gain: scaling (Boon Reflection) and life gain → draw (616.2). */
export function lifeGainReplacements(g: Game, items: { player: PlayerId; amount: number }[]): ({ player: PlayerId; amount: number; draw?: boolean })[] {
  const out: { player: PlayerId; amount: number; draw?: boolean }[] = [];
  for (const it of items) {
    let cur: { player: PlayerId; amount: number; draw?: boolean } = { ...it };
    for (const r of replacements.replacementsFor(g, (r) => r.def.kind === 'scale-life-gain' || r.def.kind === 'gain-to-draw')) {
      const d = r.def;
      if (d.kind === 'scale-life-gain' && g.player(d.player, { you: r.controller }) === cur.player && !cur.draw) {
        cur = { ...cur, amount: cur.amount * d.factor };
        g.cite('replacement', ['614.1a'], M`${g.ref(r.source ?? '')}: ${pl(cur.player)} gains ${cur.amount} life instead`);
      }
      if (d.kind === 'gain-to-draw' && g.player(d.player, { you: r.controller }) === cur.player && !cur.draw) {
        cur = { ...cur, draw: true };
        g.cite('replacement', ['614.1a', '616.2'], M`instead of gaining ${cur.amount} life, ${pl(cur.player)} draws that many cards (${cur.amount})`);
      }
    }
    out.push(cur);
  }
  return out;
}

function applyGainResult(g: Game, r: { player: PlayerId; amount: number; draw?: boolean }): void {
  if (r.draw) return zones.draw(g, r.player, r.amount);
  if (r.amount <= 0) return;
  g.s.players[r.player].life += r.amount;
  g.touch();
  g.cite('event', ['118.3'], M`${pl(r.player)} gains ${r.amount} life`);
  triggers.detect(g, { kind: 'gain-life', player: r.player, amount: r.amount });
}

export function loseLife(g: Game, p: PlayerId, n: number, rule = '118.3'): void {
  if (n <= 0) return;
  g.s.players[p].life -= n;
  g.touch();
  g.cite('event', [rule], M`${pl(p)} loses ${n} life`);
}

export function addMana(g: Game, p: PlayerId, mana: string, times = 1, source?: string, only?: Filter): void {
  // 107.4h / 106.3: mana produced by a snow source is snow mana, which can pay {S}
  const snow = !!source && (g.view()[source]?.supertypes.includes('snow') ?? false);
  const units = parsePool(mana).map((u) => ({ ...u, ...(snow ? { snow: true } : {}), ...(only ? { only } : {}) }));
  for (let i = 0; i < times; i++) g.s.players[p].pool.push(...units.map((u) => ({ ...u })));
  g.touch();
  const total = times > 0 ? formatUnits(Array.from({ length: times }, () => units).flat()) : '';
  g.cite('event', ['106.4', ...(snow && total ? ['107.4h'] : []), ...(only && total ? ['106.6'] : [])], !total ? M`${pl(p)} adds no mana` : snow ? M`${pl(p)} adds ${sym(total)} (snow mana: its source, ${g.ref(source!)}, is snow)` : only ? M`${pl(p)} adds ${sym(total)} that can be spent only to cast ${spellWords(only)}` : M`${pl(p)} adds ${sym(total)}`);
}
