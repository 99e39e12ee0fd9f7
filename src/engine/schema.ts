/**
 * The scenario format, described once. Everything else is derived from these zod schemas:
 *   - the TypeScript types of a scenario (z.infer, re-exported by scenario.ts and types.ts),
 *   - validation with located, friendly messages (scenario-validate.ts),
 *   - the published JSON Schema, content/scenarios/scenario.schema.json (`npm run -s cr -- scenario --schema`,
 *     kept current by tests/engine/schema.test.ts) for editors and other tools.
 * Node-only at run time (the browser imports only types from here). Each schema carries its JSON-Schema name as
 * `meta({ id })`, so the published schema keeps one `$defs` entry per concept.
 */
import * as z from 'zod';

import { Edition, I18n, PageEdition, Id, Mana, Player, Rule, StepName, Zone } from './schema-base.ts';
import { LIMITS } from './limits.ts';
import { Card } from './schema-card.ts';
import { Action } from './schema-action.ts';
import { Expect } from './schema-expect.ts';

export * from './schema-base.ts';
export * from './schema-card.ts';
export * from './schema-action.ts';
export * from './schema-replacement.ts';
export * from './schema-expect.ts';

const Attach = z.strictObject({
  get edition() {
    return PageEdition;
  },
  get rule() {
    return Rule;
  },
  example: z.int().min(1),
  get ruleset() {
    return Edition.optional();
  },
}).meta({ id: 'attach' });

const PlayerSetup = z.strictObject({
  life: z.int().optional(),
  poison: z.int().min(0).optional(),
  get pool() {
    return Mana.optional();
  },
  get library() {
    return z.union([
      z.int().min(0).max(LIMITS.cards).describe(`a number of cards (at most ${LIMITS.cards})`),
      z.array(Id).max(LIMITS.cards),
    ]).optional();
  },
  hand: z.int().min(0).max(LIMITS.cards).optional().describe(`a number of cards (at most ${LIMITS.cards})`),
  maxHandSize: z.int().optional(),
}).meta({ id: 'playerSetup' });

const Setup = z.strictObject({
  get turn() {
    return z.strictObject({
      get active() {
        return Player;
      },
      number: z.int().min(1).optional(),
      get step() {
        return StepName;
      },
    });
  },
  get players() {
    return z.partialRecord(Player, PlayerSetup);
  },
  get objects() {
    return z.record(Id, SetupObject).refine((o) => Object.keys(o).length <= LIMITS.objects, { message: `at most ${LIMITS.objects} objects` }).meta({ maxProperties: LIMITS.objects }).optional();
  },
}).meta({ id: 'setup' });

const SetupObject = z.strictObject({
  get owner() {
    return Player;
  },
  get controller() {
    return Player.optional();
  },
  get zone() {
    return Zone;
  },
  token: z.boolean().optional(),
  tapped: z.boolean().optional(),
  damage: z.int().min(0).optional(),
  counters: z.record(z.string(), z.int().min(0)).optional(),
  get attachedTo() {
    return Id.optional();
  },
  summoningSick: z.boolean().optional(),
  phasedOut: z.boolean().optional().describe("a phased-out permanent: treated as though it doesn't exist (702.25b)"),
  get card() {
    return Card;
  },
}).meta({ id: 'object' });

const Step = z.strictObject({
  get do() {
    return z.union([
      Action,
      z.array(Action).min(1),
    ]);
  },
  choices: z.record(z.string(), z.unknown()).optional(),
  pauseBefore: z.enum(['sba', 'triggers', 'priority']).optional(),
  get expect() {
    return Expect.optional();
  },
  get note() {
    return I18n.optional();
  },
}).meta({ id: 'step' });

const Compare = z.strictObject({
  get ruleset() {
    return Edition;
  },
  skipSteps: z.array(z.int().min(0)).optional(),
  get expectAt() {
    return z.record(z.string().regex(/^[0-9]+$/).describe('a step index'), Expect).optional();
  },
}).meta({ id: 'compare' });

const Knob = z.strictObject({
  path: z.string(),
  get label() {
    return I18n;
  },
  min: z.int().optional(),
  max: z.int().optional(),
  kind: z.enum(['number', 'pt', 'mana', 'counters', 'choice']).optional(),
}).meta({ id: 'knob' });

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/).describe('a lowercase slug (letters, digits, dots, hyphens)'),
  formatVersion: z.literal(1),
  get attach() {
    return z.array(Attach).min(1);
  },
  get ruleset() {
    return Edition;
  },
  get names() {
    return z.record(z.string(), I18n).optional();
  },
  get assumptions() {
    return z.array(I18n).optional();
  },
  get setup() {
    return Setup;
  },
  get steps() {
    return z.array(Step).min(1);
  },
  get compare() {
    return z.array(Compare).optional();
  },
  get knobs() {
    return z.array(Knob).optional();
  },
}).meta({ title: 'CR Atlas engine scenario (formatVersion 1)', description: 'A scenario reproduces one or more examples of the Comprehensive Rules on the CR Atlas rules engine. Language-neutral: ids, numbers and enums only; human text lives in names and note (en required).' });

export type ScenarioInput = z.infer<typeof Scenario>;

/** The published JSON Schema (content/scenarios/scenario.schema.json), generated from the zod schemas above. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const js = z.toJSONSchema(Scenario, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return { $schema: js['$schema'], $id: 'cr-atlas/scenario.schema.json', ...js };
}
