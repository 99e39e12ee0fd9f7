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

export const Edition = z.enum(["2019-01-25", "2026-01-16"]).meta({ id: "edition" });

export const Rule = z.string().regex(/^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$/).meta({ id: "rule", description: "a rule number such as 613.3c" });

export const Id = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/).meta({ id: "id", description: "an object id (letters, digits, underscore; starting with a letter)" });

export const Player = z.enum(["P1", "P2"]).meta({ id: "player" });

export const I18n = z.strictObject({
  en: z.string(),
  ko: z.string().optional(),
  ja: z.string().optional(),
}).meta({ id: "i18n" });

export const Mana = z.string().regex(/^(\{[0-9WUBRGCXSP\/]+\})*$/).meta({ id: "mana", description: "a mana string such as {2}{W/U}{B/P}" });

export const Color = z.enum(["white", "blue", "black", "red", "green"]).meta({ id: "color" });

export const Pt = z.tuple([z.int(), z.int()]).meta({ id: "pt" });

export const Num = z.union([
  z.int(),
  z.strictObject({
    get count() {
      return Filter;
    },
  }),
  z.strictObject({
    power: z.string(),
  }),
  z.strictObject({
    x: z.literal(true),
  }),
  z.strictObject({
    amount: z.literal("event"),
  }),
]).meta({ id: "num" });

export const Ptexpr = z.tuple([Num, Num]).meta({ id: "ptexpr" });

export const Attach = z.strictObject({
  get edition() {
    return Edition;
  },
  get rule() {
    return Rule;
  },
  example: z.int().min(1),
  get ruleset() {
    return Edition.optional();
  },
}).meta({ id: "attach" });

export const PlayerSetup = z.strictObject({
  life: z.int().optional(),
  poison: z.int().min(0).optional(),
  get pool() {
    return Mana.optional();
  },
  get library() {
    return z.union([
    z.int().min(0),
    z.array(Id),
  ]).optional();
  },
  hand: z.int().min(0).optional(),
  maxHandSize: z.int().optional(),
}).meta({ id: "playerSetup" });

export const Setup = z.strictObject({
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
    return z.record(Id, SetupObject).optional();
  },
}).meta({ id: "setup" });

export const StepName = z.enum(["untap", "upkeep", "draw", "main1", "beginning-of-combat", "declare-attackers", "declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat", "main2", "end", "cleanup"]).meta({ id: "stepName" });

export const Zone = z.enum(["battlefield", "hand", "library", "graveyard", "exile", "stack", "command"]).meta({ id: "zone" });

export const SetupObject = z.strictObject({
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
  get card() {
    return Card;
  },
}).meta({ id: "object" });

export const Keyword = z.enum(["flying", "reach", "trample", "deathtouch", "first-strike", "double-strike", "lifelink", "vigilance", "haste", "menace", "shadow", "defender", "indestructible", "wither", "infect", "undying", "hexproof", "shroud", "flash", "protection-from-white", "protection-from-blue", "protection-from-black", "protection-from-red", "protection-from-green", "can-block-additional-creature", "cant-attack-alone", "attacks-if-able", "blocks-if-able", "cant-block", "cant-be-blocked"]).meta({ id: "keyword" });

export const CardType = z.enum(["artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "tribal"]).meta({ id: "cardType" });

export const Card = z.strictObject({
  name: z.string().optional(),
  get manaCost() {
    return Mana.optional();
  },
  supertypes: z.array(z.enum(["basic", "legendary", "snow", "world", "ongoing"])).optional(),
  get types() {
    return z.array(CardType);
  },
  subtypes: z.array(z.string()).optional(),
  get colors() {
    return z.array(Color).optional();
  },
  get pt() {
    return Pt.optional();
  },
  get ptCda() {
    return Ptexpr.optional();
  },
  loyalty: z.int().optional(),
  get keywords() {
    return z.array(Keyword).optional();
  },
  get static() {
    return z.array(Effect).optional();
  },
  get replacement() {
    return z.array(Replacement).optional();
  },
  get triggered() {
    return z.array(Trigger).optional();
  },
  get activated() {
    return z.array(Activated).optional();
  },
  get spell() {
    return z.strictObject({
    get targets() {
      return z.array(Target).optional();
    },
    get additionalCosts() {
      return z.array(z.strictObject({
      get sacrifice() {
        return Filter;
      },
    })).optional();
    },
    get effects() {
      return z.array(Action);
    },
  }).optional();
  },
}).meta({ id: "card" });

export const Filter = z.strictObject({
  ids: z.array(z.string()).optional(),
  types: z.array(z.string()).optional(),
  notTypes: z.array(z.string()).optional(),
  subtypes: z.array(z.string()).optional(),
  supertypes: z.array(z.string()).optional(),
  get colors() {
    return z.array(Color).optional();
  },
  get notColors() {
    return z.array(Color).optional();
  },
  get anyColor() {
    return z.array(Color).optional();
  },
  controller: z.enum(["you", "opponent", "any"]).optional(),
  owner: z.enum(["you", "opponent", "any"]).optional(),
  zone: z.enum(["battlefield", "hand", "library", "graveyard", "exile", "stack", "command", "any"]).optional(),
  abilities: z.enum(["none", "any"]).optional(),
  get keyword() {
    return Keyword.optional();
  },
  get notKeyword() {
    return Keyword.optional();
  },
  attached: z.enum(["enchanted"]).optional(),
  self: z.boolean().optional(),
  other: z.boolean().optional(),
  token: z.boolean().optional(),
  sharesColorWith: z.string().optional(),
  lock: z.boolean().optional(),
}).meta({ id: "filter" });

export const Target = z.strictObject({
  id: z.string(),
  get filter() {
    return Filter.optional();
  },
  player: z.boolean().optional(),
  group: z.string().optional(),
}).meta({ id: "target" });

export const RulesMod = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal("max-attackers"),
    n: z.int(),
  }),
  z.strictObject({
    kind: z.literal("cant-play-lands"),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal("additional-land"),
    player: z.string(),
    n: z.int(),
  }),
  z.strictObject({
    kind: z.literal("cost-increase"),
    get spells() {
      return Filter;
    },
    get mana() {
      return Mana;
    },
  }),
  z.strictObject({
    kind: z.literal("cost-reduction"),
    get spells() {
      return Filter;
    },
    generic: z.int(),
  }),
  z.strictObject({
    kind: z.literal("unblockable"),
  }),
]).meta({ id: "rulesMod" });

export const Effect = z.strictObject({
  id: z.string().optional(),
  get affects() {
    return z.union([
    Filter,
    z.string(),
  ]);
  },
  cda: z.boolean().optional(),
  control: z.string().optional(),
  addTypes: z.array(z.string()).optional(),
  setTypes: z.array(z.string()).optional(),
  addSubtypes: z.array(z.string()).optional(),
  setSubtypes: z.array(z.string()).optional(),
  get setColors() {
    return z.array(Color).optional();
  },
  get addColors() {
    return z.array(Color).optional();
  },
  get gain() {
    return z.array(Keyword).optional();
  },
  get lose() {
    return z.array(Keyword).optional();
  },
  loseAll: z.boolean().optional(),
  get setPT() {
    return Ptexpr.optional();
  },
  get delta() {
    return Ptexpr.optional();
  },
  switchPT: z.boolean().optional(),
  get rules() {
    return z.array(RulesMod).optional();
  },
  until: z.enum(["end-of-turn", "end-of-combat", "indefinite"]).optional(),
}).meta({ id: "effect" });

export const Replacement = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal("prevent-all-damage"),
    get from() {
      return Filter.optional();
    },
    combatOnly: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal("prevent-n"),
    n: z.int(),
    get to() {
      return Filter;
    },
  }),
  z.strictObject({
    kind: z.literal("double-damage"),
    get from() {
      return Filter;
    },
  }),
  z.strictObject({
    kind: z.literal("scale-life-gain"),
    player: z.string(),
    factor: z.int(),
  }),
  z.strictObject({
    kind: z.literal("floor-life"),
    player: z.string(),
    get ifControls() {
      return Filter.optional();
    },
  }),
  z.strictObject({
    kind: z.literal("gain-to-draw"),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal("draw-to-return"),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal("graveyard-to-exile"),
  }),
  z.strictObject({
    kind: z.literal("die-to-library"),
  }),
  z.strictObject({
    kind: z.literal("regenerate"),
  }),
]).meta({ id: "replacement" });

export const Trigger = z.strictObject({
  on: z.enum(["etb", "dies", "ltb", "to-graveyard-from-battlefield", "attacks", "blocks", "becomes-blocked", "becomes-blocked-by", "gain-life", "becomes-tapped", "becomes-untapped", "step-begins", "cast", "deals-damage"]),
  get filter() {
    return Filter.optional();
  },
  self: z.boolean().optional(),
  get step() {
    return StepName.optional();
  },
  whose: z.enum(["you", "any"]).optional(),
  player: z.string().optional(),
  if: z.strictObject({
    lifeAtLeast: z.int().optional(),
    player: z.string().optional(),
  }).optional(),
  optional: z.boolean().optional(),
  get targets() {
    return z.array(Target).optional();
  },
  get effects() {
    return z.array(Action);
  },
}).meta({ id: "trigger" });

export const Activated = z.strictObject({
  get cost() {
    return Mana.optional();
  },
  tap: z.boolean().optional(),
  sacrificeSelf: z.boolean().optional(),
  get targets() {
    return z.array(Target).optional();
  },
  get effects() {
    return z.array(Action);
  },
  get zone() {
    return Zone.optional();
  },
}).meta({ id: "activated" });

export const Action = z.looseObject({
  op: z.enum(["pass", "pass-all", "pass-until", "advance", "check-sba", "cast", "activate", "play-land", "tap-for-mana", "declare-attackers", "declare-blockers", "order-blockers", "assign-combat-damage", "query", "set", "deal-damage", "gain-life", "lose-life", "put-counters", "remove-counters", "destroy", "sacrifice", "each-player-sacrifices", "exile", "move", "return-to-hand", "tap", "untap", "draw", "discard", "add-mana", "win-game", "create-effect", "end-effect", "create-replacement", "create-prevention", "prevent-next-from-source", "regenerate", "create-delayed", "create-token", "if-you-do", "may-sacrifice-else", "attach"]),
  get by() {
    return Player.optional();
  },
}).meta({ id: "action" });

export const Step = z.strictObject({
  get do() {
    return z.union([
    Action,
    z.array(Action).min(1),
  ]);
  },
  choices: z.record(z.string(), z.unknown()).optional(),
  pauseBefore: z.enum(["sba", "triggers", "priority"]).optional(),
  get expect() {
    return Expect.optional();
  },
  get note() {
    return I18n.optional();
  },
}).meta({ id: "step" });

export const ObjectExpect = z.strictObject({
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
  manaCost: z.union([z.string(), z.null()]).optional(),
  abilities: z.enum(["none", "any"]).optional(),
  preventionShield: z.int().optional(),
  attacking: z.boolean().optional(),
  blocked: z.boolean().optional(),
}).meta({ id: "objectExpect" });

export const PlayerExpect = z.strictObject({
  life: z.int().optional(),
  poison: z.int().optional(),
  pool: z.string().optional(),
  handCount: z.int().optional(),
  libraryCount: z.int().optional(),
  graveyardCount: z.int().optional(),
  exileCount: z.int().optional(),
  lost: z.boolean().optional(),
  won: z.boolean().optional(),
}).meta({ id: "playerExpect" });

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
}).catchall(ObjectExpect).meta({ id: "expect" });

export const Compare = z.strictObject({
  get ruleset() {
    return Edition;
  },
  skipSteps: z.array(z.int().min(0)).optional(),
  get expectAt() {
    return z.record(z.string().regex(/^[0-9]+$/).describe("a step index"), Expect).optional();
  },
}).meta({ id: "compare" });

export const Knob = z.strictObject({
  path: z.string(),
  get label() {
    return I18n;
  },
  min: z.int().optional(),
  max: z.int().optional(),
  kind: z.enum(["number", "pt", "mana", "counters", "choice"]).optional(),
}).meta({ id: "knob" });

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/).describe("a lowercase slug (letters, digits, dots, hyphens)"),
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
}).meta({ title: "CR Atlas engine scenario (formatVersion 1)", description: "A scenario reproduces one or more examples of the Comprehensive Rules on the CR Atlas rules engine. Language-neutral: ids, numbers and enums only; human text lives in names and note (en required)." });

export type ScenarioInput = z.infer<typeof Scenario>;

/** The published JSON Schema (content/scenarios/scenario.schema.json), generated from the zod schemas above. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const js = z.toJSONSchema(Scenario, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return { $schema: js['$schema'], $id: 'cr-atlas/scenario.schema.json', ...js };
}
