/**
 * The two kinds of id that start with a player's name have one test each (src/engine/types.ts): `isPlayerId` for
 * the players themselves and `isCountedCardId` for the anonymous hand and library cards the setup makes from a
 * count. The engine, the scenario checker and the sandbox's words all ask these; here they are held to what the
 * setup really builds from every scenario of content/scenarios.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { buildState } from '../../src/engine/scenario.ts';
import { isCountedCardId, isPlayerId, PLAYERS, type Edition } from '../../src/engine/types.ts';

describe('player ids and counted card ids', () => {
  it('tells a player from anything else that looks like one', () => {
    for (const p of PLAYERS) expect(isPlayerId(p)).toBe(true);
    for (const x of ['P3', 'P0', 'p1', ' P1', 'P1 ', 'P12', 'P1-hand1', 'you', '', undefined, 1, null]) expect(isPlayerId(x)).toBe(false);
  });

  it('tells a counted hand or library card from a player and from other objects', () => {
    for (const id of ['P1-hand1', 'P2-library12', 'P1-library1']) expect(isCountedCardId(id)).toBe(true);
    for (const id of ['P1', 'P2', 'P1-hand', 'P3-hand1', 'P1-graveyard1', 'xP1-hand1', 'P1-hand1x', 'bear']) expect(isCountedCardId(id)).toBe(false);
  });

  it('matches exactly the cards the setup makes from each scenario\'s hand and library counts', () => {
    const files = scenarioFiles();
    let total = 0;
    for (const f of files) {
      const l = loadScenario(f);
      if (!l.scenario) throw new Error(l.errors.join('\n'));
      const s = l.scenario;
      const state = buildState(s, s.ruleset as Edition);
      // what the setup was asked for: the numeric hand and library counts of each player
      const asked = PLAYERS.reduce((n, p) => {
        const ps = s.setup.players[p] ?? {};
        return n + (typeof ps.hand === 'number' ? ps.hand : 0) + (typeof ps.library === 'number' ? ps.library : 0);
      }, 0);
      const counted = Object.keys(state.objects).filter(isCountedCardId);
      expect(counted.length, f).toBe(asked);
      total += asked;
      for (const id of counted) expect(['hand', 'library'], `${f} ${id}`).toContain(state.objects[id]!.zone);
      // no object of the scenario's own is mistaken for a player
      expect(Object.keys(state.objects).filter(isPlayerId), f).toEqual([]);
    }
    // not vacuous: some scenarios give a hand or library as a count (117.12's Standstill: P1's library of 5)
    expect(total).toBeGreaterThan(0);
  });
});
