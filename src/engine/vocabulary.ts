/**
 * The engine's basic words: players, editions, zones, colors, mana letters and the steps of a turn, as types with
 * their lists. Apart from types.ts so that msg.ts (whose message arguments name them) and types.ts (whose errors
 * carry messages) don't import each other; types.ts re-exports everything here.
 */
export type PlayerId = 'P1' | 'P2';
export const PLAYERS: readonly PlayerId[] = ['P1', 'P2'];
/** Whether a value names a player ("P1", "P2"): the one test of a player id (and a type guard). */
export const isPlayerId = (x: unknown): x is PlayerId => x === 'P1' || x === 'P2';
/** Whether an id is one of the anonymous hand or library cards the setup makes from a count ("P1-hand1",
 * "P2-library3"; scenario.ts `addCards`): cards, not players. */
export const isCountedCardId = (id: string): boolean => /^P[12]-(hand|library)\d+$/.test(id);
export type Edition = '2019-01-25' | '2026-01-16';
export const EDITIONS: readonly Edition[] = ['2019-01-25', '2026-01-16'];
export type Zone = 'library' | 'hand' | 'battlefield' | 'graveyard' | 'stack' | 'exile' | 'command';
export type Color = 'white' | 'blue' | 'black' | 'red' | 'green';
export const COLORS: readonly Color[] = ['white', 'blue', 'black', 'red', 'green'];
export type ManaLetter = 'W' | 'U' | 'B' | 'R' | 'G' | 'C';
export type Step =
  | 'untap' | 'upkeep' | 'draw' | 'main1' | 'beginning-of-combat' | 'declare-attackers' | 'declare-blockers'
  | 'first-strike-damage' | 'combat-damage' | 'end-of-combat' | 'main2' | 'end' | 'cleanup';
/** The steps of a turn in order (500.1, 501-514). */
export const STEPS: Step[] = [
  'untap', 'upkeep', 'draw', 'main1', 'beginning-of-combat', 'declare-attackers', 'declare-blockers',
  'first-strike-damage', 'combat-damage', 'end-of-combat', 'main2', 'end', 'cleanup',
];
