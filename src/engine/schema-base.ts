/**
 * The scenario format, part 0: its vocabulary (zod): editions, rule numbers, object ids, players, mana strings (107.4),
 * colors (105), zones (400), steps (500), keywords (702) and card types (300). No imports from the other parts, so
 * every part can use these at once (the card and action parts refer to each other only lazily).
 */
import * as z from 'zod';
import { LIMITS } from './limits.ts';

/** A whole number a scenario writes: at most LIMITS.amount either way. */
export const Int = () => z.int().min(-LIMITS.amount).max(LIMITS.amount);

export const Edition = z.enum(['2019-01-25', '2026-01-16']).meta({ id: 'edition' });

/** Editions whose pages may show a scenario: the engine's two rules profiles, and 2017-01-20 (the English edition and
 * the Korean chapter posts translating it), run under the rules of 2019-01-25 (an attachment's `ruleset`). */
export const PageEdition = z.enum(['2017-01-20', '2019-01-25', '2026-01-16']).meta({ id: 'page-edition', description: 'an edition whose pages show the scenario; an edition without a rules profile of its own names the one it runs under (ruleset)' });

export const Rule = z.string().regex(/^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$/).meta({ id: 'rule', description: 'a rule number such as 613.3c' });

export const Id = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/).meta({ id: 'id', description: 'an object id (letters, digits, underscore; starting with a letter)' });

export const Player = z.enum(['P1', 'P2']).meta({ id: 'player' });

export const I18n = z.strictObject({
  en: z.string(),
  ko: z.string().optional(),
  ja: z.string().optional(),
}).meta({ id: 'i18n' });

export const Mana = z.string().regex(/^(\{[0-9WUBRGCXSP\/]+\})*$/).meta({ id: 'mana', description: 'a mana string such as {2}{W/U}{B/P}' });

export const Color = z.enum(['white', 'blue', 'black', 'red', 'green']).meta({ id: 'color' });

export const Pt = z.tuple([Int(), Int()]).meta({ id: 'pt' });

export const StepName = z.enum(['untap', 'upkeep', 'draw', 'main1', 'beginning-of-combat', 'declare-attackers', 'declare-blockers', 'first-strike-damage', 'combat-damage', 'end-of-combat', 'main2', 'end', 'cleanup']).meta({ id: 'stepName' });

export const Zone = z.enum(['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command']).meta({ id: 'zone' });

export const Keyword = z.enum(['flying', 'reach', 'trample', 'deathtouch', 'first-strike', 'double-strike', 'lifelink', 'vigilance', 'haste', 'menace', 'shadow', 'defender', 'indestructible', 'wither', 'infect', 'undying', 'hexproof', 'shroud', 'flash', 'protection-from-white', 'protection-from-blue', 'protection-from-black', 'protection-from-red', 'protection-from-green', 'can-block-additional-creature', 'cant-attack-alone', 'attacks-if-able', 'blocks-if-able', 'cant-block', 'cant-be-blocked', 'plainswalk', 'islandwalk', 'swampwalk', 'mountainwalk', 'forestwalk', 'snow-plainswalk', 'snow-islandwalk', 'snow-swampwalk', 'snow-mountainwalk', 'snow-forestwalk', 'convoke', 'toxic-1', 'toxic-2', 'toxic-3', 'trample-over-planeswalkers', 'changeling']).meta({ id: 'keyword', description: "changeling: the object is every creature type (702.73a), a characteristic-defining ability applied first in layer 4. toxic-N: toxic N (702.164 in 2026); a creature's total toxic value is the sum of its toxic abilities' N (702.164b). trample-over-planeswalkers: a variant of trample (702.19c of 2026): attacking a planeswalker, excess damage may go to its controller" });

export const CardType = z.enum(['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'instant', 'sorcery', 'tribal']).meta({ id: 'cardType' });
