/**
 * Bounds on counts and sizes, so that no scenario, however written, makes the engine hang or exhaust memory (issue 23:
 * 10^9 tokens ran for minutes): every number a scenario writes (damage, life, counters, mana, power) is at most
 * `amount` in size; a library or hand given as a count holds at most `cards` cards; one instruction creates at most
 * `tokens` tokens; a setup lists at most `objects` objects, and a game holds at most `gameObjects` (with the cards
 * counted into libraries and hands, and the tokens created); one ability adds at most `mana` mana. Checked by the schema where the scenario writes the number (schema-base.ts, schema.ts) and by the engine where
 * the game computes it. A module of its own, without zod, because the engine also runs in the browser.
 */
export const LIMITS = { amount: 1_000_000, cards: 1000, tokens: 1000, objects: 2000, gameObjects: 10_000, mana: 10_000 } as const;
