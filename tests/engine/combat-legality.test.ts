/**
 * The combat requirement maxima (508.1d, 509.1c) computed from the board's structure (src/engine/combat-legality.ts)
 * against a brute-force reference on small boards: every attack set (2^n) and every block declaration
 * ((attackers + 1)^blockers, two attackers for a creature that can block an additional one), each checked with the
 * engine's own restriction checks (attackRestrictionError, blockRestrictionError), the best count of requirements
 * obeyed taken over all of them. Boards are drawn by a seeded generator (the engine's mulberry32), so a failure names
 * its seed and reproduces. Then boards of 20 a side, which the brute force could never check.
 */
import * as combat from '../../src/engine/combat.ts';
import { describe, expect, it } from 'vitest';
import { Game, runScenario, type GameState, type Scenario } from '../../src/engine/index.ts';
import { attackBoard, blockBoard } from '../../src/engine/combat.ts';
import { maxAttackRequirements, maxBlockRequirements } from '../../src/engine/combat-legality.ts';
import { hasKeyword } from '../../src/engine/layers.ts';
import { seeded } from '../../src/engine/random.ts';

type Objects = NonNullable<Scenario['setup']['objects']>;
const COLORS = ['white', 'blue', 'black', 'red', 'green'] as const;

/** A random board: P1's creatures (the attackers), P2's (the blockers), each with a few relevant keywords. */
function board(seed: number, nAtt: number, nBlk: number, opts: { maxAttackers?: boolean } = {}): Objects {
  const r = seeded(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const objs: Objects = {};
  for (let i = 0; i < nAtt; i++) {
    const kw: string[] = [];
    if (r() < 0.3) kw.push('menace');
    if (r() < 0.2) kw.push('flying');
    if (r() < 0.1) kw.push('shadow');
    if (r() < 0.15) kw.push(`protection-from-${pick(COLORS)}`);
    if (r() < 0.05) kw.push('cant-be-blocked');
    if (r() < 0.35) kw.push('attacks-if-able');
    if (r() < 0.25) kw.push('cant-attack-alone');
    if (r() < 0.1) kw.push('defender');
    objs[`a${i}`] = { owner: 'P1', zone: 'battlefield', ...(r() < 0.1 ? { tapped: true } : {}), ...(r() < 0.1 ? { summoningSick: true } : {}), card: { name: `Attacker ${i}`, types: ['creature'], pt: [2, 2], colors: [pick(COLORS)], keywords: kw } } as Objects[string];
  }
  for (let i = 0; i < nBlk; i++) {
    const kw: string[] = [];
    if (r() < 0.2) kw.push('flying');
    if (r() < 0.15) kw.push('reach');
    if (r() < 0.1) kw.push('shadow');
    if (r() < 0.55) kw.push('blocks-if-able');
    if (r() < 0.25) kw.push('can-block-additional-creature');
    if (r() < 0.08) kw.push('cant-block');
    objs[`b${i}`] = { owner: 'P2', zone: 'battlefield', ...(r() < 0.08 ? { tapped: true } : {}), card: { name: `Blocker ${i}`, types: ['creature'], pt: [2, 2], colors: [pick(COLORS)], keywords: kw } } as Objects[string];
  }
  if (opts.maxAttackers && r() < 0.4) objs['limit'] = { owner: 'P2', zone: 'battlefield', card: { name: 'Limit', types: ['enchantment'], static: [{ affects: { types: ['creature'] }, rules: [{ kind: 'max-attackers', n: 1 + Math.floor(r() * 3) }] }] } } as Objects[string];
  return objs;
}

/** The game at P1's declare attackers step, or (with `attack`) at the declare blockers step after those attackers. */
function gameAt(objects: Objects, attack?: (g: Game) => string[]): Game {
  const base: Scenario = { id: 'prop', formatVersion: 1, attach: [], ruleset: '2019-01-25', setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects }, steps: [{ do: { op: 'advance', to: 'declare-attackers' } }] };
  let state: GameState | undefined;
  runScenario(base, { onState: (s, i) => { if (i === 0) state = s; } });
  const g = new Game(state!);
  if (!attack) return g;
  // every attacker declared, restrictions on the attack aside: the blocks are what is checked
  const ids = attack(g);
  g.s.combat = { attackers: Object.fromEntries(ids.map((id) => [id, { at: 'P2', blocked: false, blockers: [] }])), blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
  g.s.turn.step = 'declare-blockers';
  g.touch();
  return g;
}

function bruteAttack(g: Game): number {
  const all = g.battlefield().filter((id) => combat.canAttack(g, id));
  let best = 0;
  for (let m = 0; m < 1 << all.length; m++) {
    const set = all.filter((_, i) => m & (1 << i));
    if (combat.attackRestrictionError(g, set)) continue;
    best = Math.max(best, set.filter((id) => hasKeyword(g.chars(id), 'attacks-if-able')).length);
  }
  return best;
}

function bruteBlock(g: Game): number {
  const blockers = g.battlefield().filter((id) => combat.canBlock(g, id));
  const attackers = Object.keys(g.s.combat!.attackers);
  const choices = (b: string) => {
    const out: string[][] = [[], ...attackers.map((a) => [a])];
    if (hasKeyword(g.chars(b), 'can-block-additional-creature')) for (let i = 0; i < attackers.length; i++) for (let j = i + 1; j < attackers.length; j++) out.push([attackers[i]!, attackers[j]!]);
    return out;
  };
  let best = 0;
  const go = (i: number, acc: { blocker: string; attackers: string[] }[]): void => {
    if (i === blockers.length) {
      if (!combat.blockRestrictionError(g, acc)) best = Math.max(best, acc.filter((b) => hasKeyword(g.chars(b.blocker), 'blocks-if-able')).length);
      return;
    }
    for (const c of choices(blockers[i]!)) go(i + 1, c.length ? [...acc, { blocker: blockers[i]!, attackers: c }] : acc);
  };
  go(0, []);
  return best;
}

/** The answer that ignores menace (each required blocker obeys if it may block anything): what the search improves on. */
function naiveBlock(g: Game): number {
  const b = blockBoard(g);
  return b.blockers.filter((x) => x.required && b.attackers.some((a) => b.mayBlock(x.id, a.id))).length;
}

describe('508.1d: the most attack requirements obeyed, against every attack set', () => {
  it('agrees with the brute force on 600 seeded boards of up to 5 creatures (and a limit on attackers)', () => {
    const kinds = new Set<number>();
    let aloneMatters = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const g = gameAt(board(seed, 1 + (seed % 5), 0, { maxAttackers: true }));
      const want = bruteAttack(g);
      expect(maxAttackRequirements(attackBoard(g)), `seed ${seed}`).toBe(want);
      kinds.add(want);
      // the count that forgets "can't attack alone": the required creatures able to attack, up to the limit
      const b = attackBoard(g);
      if (Math.min(b.able.filter((c) => c.required).length, b.maxAttackers) !== want) aloneMatters++;
    }
    // the boards reach the answers 0 to 4 (so a constant or off-by-one answer fails), and boards where a lone
    // creature that can't attack alone changes the answer (counted by the brute force, not by the code under test)
    expect([0, 1, 2, 3, 4].every((k) => kinds.has(k))).toBe(true);
    expect(aloneMatters).toBeGreaterThan(5);
  });
});

describe('509.1c: the most block requirements obeyed, against every block declaration', () => {
  it('agrees with the brute force on 600 seeded boards of up to 5 creatures a side', () => {
    let menaceMatters = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const g = gameAt(board(1000 + seed, 1 + (seed % 5), 1 + ((seed * 7) % 5)), (g) => g.battlefield().filter((id) => combat.canAttack(g, id)));
      const want = bruteBlock(g);
      expect(maxBlockRequirements(blockBoard(g)), `seed ${1000 + seed}`).toBe(want);
      if (naiveBlock(g) !== want) menaceMatters++;
    }
    // the boards include cases where ignoring menace gives the wrong answer, so the search itself is tested
    expect(menaceMatters).toBeGreaterThan(5);
  });

  it('the 509.1c example: one creature "blocks if able" and one without abilities must both block a creature with menace', () => {
    const g = gameAt({
      m: { owner: 'P1', zone: 'battlefield', card: { name: 'Menace', types: ['creature'], pt: [2, 2], keywords: ['menace'] } },
      req: { owner: 'P2', zone: 'battlefield', card: { name: 'Required', types: ['creature'], pt: [1, 1], keywords: ['blocks-if-able'] } },
      other: { owner: 'P2', zone: 'battlefield', card: { name: 'Other', types: ['creature'], pt: [1, 1] } },
    } as Objects, () => ['m']);
    expect(maxBlockRequirements(blockBoard(g))).toBe(1);
    expect(combat.blockError(g, [])?.rule).toBe('509.1c');
    expect(combat.blockError(g, [{ blocker: 'req', attackers: ['m'] }, { blocker: 'other', attackers: ['m'] }])).toBeNull();
  });

  it('a helper can open only one of two menace attackers: one of the two required blockers obeys', () => {
    // x may block m1 and m2; y only m1; z only m2; y and z "block if able"; x can block one creature
    const c = (name: string, kw: string[], owner: 'P1' | 'P2', colors: string[] = ['green']) => ({ owner, zone: 'battlefield', card: { name, types: ['creature'], pt: [1, 1], colors, keywords: kw } }) as Objects[string];
    const g = gameAt({
      m1: c('M1', ['menace', 'protection-from-blue'], 'P1'),
      m2: c('M2', ['menace', 'protection-from-red'], 'P1'),
      x: c('X', [], 'P2', ['green']),
      y: c('Y', ['blocks-if-able'], 'P2', ['red']),
      z: c('Z', ['blocks-if-able'], 'P2', ['blue']),
    }, () => ['m1', 'm2']);
    expect([naiveBlock(g), bruteBlock(g), maxBlockRequirements(blockBoard(g))]).toEqual([2, 1, 1]);
  });
});

describe('combat legality at 20 creatures a side', () => {
  it('checks attack and block declarations with requirements and restrictions (no subset or assignment is enumerated)', () => {
    const objs = board(2026, 20, 20);
    for (const o of Object.values(objs)) delete (o as { tapped?: boolean }).tapped;
    const g = gameAt(objs);
    const able = g.battlefield().filter((id) => combat.canAttack(g, id));
    expect(able.length).toBeGreaterThan(12); // more than the old subset limit
    const errs = combat.attackError(g, []);
    // with any requirement among able creatures, attacking with nobody breaks 508.1d
    expect(errs?.rule).toBe(able.some((id) => hasKeyword(g.chars(id), 'attacks-if-able')) ? '508.1d' : undefined);
    const gb = gameAt(objs, (g) => g.battlefield().filter((id) => combat.canAttack(g, id)));
    const best = maxBlockRequirements(blockBoard(gb));
    expect(best).toBeGreaterThan(0);
    expect(combat.blockError(gb, [])?.rule).toBe('509.1c');
  });
});
