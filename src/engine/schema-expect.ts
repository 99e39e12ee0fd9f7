/**
 * The scenario format, part 3: expectations (zod). What a step expects of the game afterwards: objects' zones and
 * characteristics (613), players' life, counts and pool, the stack, whether the action was illegal and which rules it
 * breaks, a query's answer, the trace's citations, and what the step did that the state doesn't show (events).
 */
import * as z from 'zod';
import { Color, Id, Player, Pt, Rule, StepName, Zone } from './schema-base.ts';

const ObjectExpect = z.strictObject({
  get zone() {
    return Zone.optional();
  },
  get pt() {
    return z.union([
      Pt,
      z.null(),
    ]).optional();
  },
  power: z.union([z.int(), z.null()]).optional(),
  toughness: z.union([z.int(), z.null()]).optional(),
  get colors() {
    return z.array(Color).optional();
  },
  types: z.array(z.string()).optional(),
  subtypes: z.array(z.string()).optional(),
  supertypes: z.array(z.string()).optional(),
  has: z.array(z.string()).optional(),
  lacks: z.array(z.string()).optional(),
  counters: z.record(z.string(), z.int()).optional(),
  damage: z.int().optional(),
  tapped: z.boolean().optional(),
  get controller() {
    return Player.optional();
  },
  get owner() {
    return Player.optional();
  },
  exists: z.boolean().optional(),
  manaValue: z.int().optional(),
  name: z.string().optional().describe("the object's name (as copied, 706.2)"),
  manaCost: z.union([z.string(), z.null()]).optional(),
  abilities: z.enum(['none', 'any']).optional(),
  preventionShield: z.int().optional(),
  attacking: z.boolean().optional(),
  blocked: z.boolean().optional(),
}).meta({ id: 'objectExpect' });

const PlayerExpect = z.strictObject({
  life: z.int().optional(),
  poison: z.int().optional(),
  pool: z.string().optional(),
  restrictedPool: z.string().optional().describe('the part of the pool that has a spending restriction (106.6)'),
  get libraryTop() {
    return z.array(Id).optional().describe('the top cards of the library, in order, top first (as many as listed)');
  },
  get library() {
    return z.array(Id).optional().describe("the library's contents, in any order (a shuffle keeps them)");
  },
  handCount: z.int().optional(),
  libraryCount: z.int().optional(),
  graveyardCount: z.int().optional(),
  exileCount: z.int().optional(),
  lost: z.boolean().optional(),
  won: z.boolean().optional(),
}).meta({ id: 'playerExpect' });

export const Expect = z.object({
  get trace() {
    return z.strictObject({
      get cites() {
        return z.array(Rule).optional();
      },
      get notCites() {
        return z.array(Rule).optional();
      },
      sbaRounds: z.int().optional(),
      layerBreakdown: z.strictObject({
        obj: z.string(),
        rows: z.array(z.string()),
      }).optional(),
    }).optional();
  },
  get illegal() {
    return z.union([
      z.boolean(),
      z.strictObject({
        get rule() {
          return Rule;
        },
        get rules() {
          return z.array(Rule).describe('every rule the action breaks (a set), when it breaks several').optional();
        },
      }),
    ]).optional();
  },
  result: z.record(z.string(), z.unknown()).optional(),
  stack: z.union([
    z.int(),
    z.array(z.string()),
  ]).optional(),
  get game() {
    return z.strictObject({
      get winner() {
        return Player.optional();
      },
      draw: z.boolean().optional(),
    }).optional();
  },
  get turn() {
    return z.strictObject({
      get step() {
        return StepName.optional();
      },
      get active() {
        return Player.optional();
      },
      number: z.int().optional(),
    }).optional();
  },
  events: z.strictObject({
    resolved: z.array(z.string()).optional(),
    notResolved: z.array(z.string()).optional(),
    costs: z.record(z.string(), z.strictObject({ total: z.string(), x: z.int().optional() })).optional(),
    payments: z.array(z.strictObject({ for: z.string(), mana: z.string(), snow: z.string(), life: z.int() })).optional(),
    combatDamage: z.record(z.string(), z.record(z.string(), z.int())).optional(),
    replacements: z.array(z.strictObject({ source: z.string(), chooser: z.string() })).optional(),
    damage: z.array(z.strictObject({ wouldDeal: z.record(z.string(), z.int()), dealt: z.record(z.string(), z.int()), prevented: z.int() })).optional(),
    shuffles: z.array(Player).optional().describe('whose libraries were shuffled (701.19), in order'),
    get choices() {
      return z.array(z.strictObject({ choice: z.string(), by: Player.optional(), value: z.unknown() })).optional().describe('the choices made for the players in this step: which, by whom, what');
    },
  }).describe("what the step did that the state doesn't show: spells that resolved or not, locked-in costs and X, the combat damage assignment, replacements applied and who chose, each damage event (source>recipient amounts, prevented)").optional(),
  damageEvent: z.array(z.strictObject({
    stage: z.string(),
    items: z.array(z.string()),
  })).optional(),
  get P1() {
    return PlayerExpect.optional();
  },
  get P2() {
    return PlayerExpect.optional();
  },
}).catchall(ObjectExpect).meta({ id: 'expect' });
