/**
 * The scenario format, part 1: card definitions (zod). A card is described by its printed
 * characteristics (CR 202-209), keywords (702), static abilities as continuous effects (611, 613), replacement and
 * prevention effects (614, 615), triggered abilities (603) and activated abilities (602); its instructions are the
 * instructions of schema-action.ts (referred to lazily: an instruction can create a token, which is a card).
 * Part of the one description of the format: schema.ts assembles the scenario and derives the JSON Schema.
 */
import * as z from 'zod';
import { Instruction } from './schema-action.ts';
import { CardType, Color, Int, Keyword, Mana, Pt, StepName, Zone } from './schema-base.ts';

export const Num = z.union([
  Int(),
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
    ifSpent: z.enum(['W', 'U', 'B', 'R', 'G', 'C']).optional().describe('X only if mana of this type was spent to cast the spell, else 0 (Dawnglow Infusion; a copy had none spent, 707.10 of 2026)'),
  }),
  z.strictObject({
    amount: z.literal('event'),
  }),
  z.strictObject({
    counters: z.string().describe('an object reference (self, $t)'),
    kind: z.string(),
  }).describe('the number of counters of a kind on an object; one that left the battlefield: as it last existed there (last known information, 608.2h of 2026; Modular\'s "for each +1/+1 counter on this permanent")'),
  z.strictObject({
    get devotion() { return Color; },
  }).describe('your devotion to a color (700.5 of 2026): the mana symbols of that color (hybrid ones included) among the mana costs of the permanents you control, plus effects that increase it (the rules mod devotion-plus), counted after copy and control effects but before other effects (700.5a)'),
  z.strictObject({
    life: z.string().describe('you, opponent, P1 or P2'),
  }).describe("a player's life total, as it is when the number is used (Volcano Hellion's echo {X}, X your life total: 702.1b of 2026)"),
  z.strictObject({
    get cardTypes() {
      return Filter;
    },
    plus: z.int().optional(),
  }).describe("the number of card types among the objects matching the filter, plus a constant (Tarmogoyf's */1+*)"),
]).meta({ id: 'num' });

const Ptexpr = z.tuple([Num, Num]).meta({ id: 'ptexpr' });

export const Card = z.strictObject({
  name: z.string().optional(),
  get manaCost() {
    return Mana.optional();
  },
  supertypes: z.array(z.enum(['basic', 'legendary', 'snow', 'world', 'ongoing'])).optional(),
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
  get splice() {
    return z.strictObject({
      onto: z.string().describe('the subtype of the spells it can be spliced onto (Arcane)'),
      get cost() { return Mana; },
    }).optional().describe("splice onto [subtype] [cost] (702.47a): as a spell of that subtype is cast, this card may be revealed from the hand and its splice cost paid; the spell then also has this card's spell text (its targets and effects)");
  },
  get enchant() {
    return Filter.optional().describe('what an Aura card can enchant (its enchant ability, 303.4a); default: a creature');
  },
  get flashback() {
    return Mana.optional().describe('Flashback [cost] (702.34a of 2026): an instant or sorcery card that may be cast from its owner\'s graveyard for this cost, and is exiled instead of going anywhere else when it would leave the stack (a card that has gained flashback, e.g. from Recoup, is written with it)');
  },
  get bestow() {
    return Mana.optional().describe('Bestow [cost] (702.103a of 2026): the card may be cast bestowed for this cost, as an Aura enchantment spell with enchant creature (the cast action\'s `bestow`, its target `enchant`); its "enchanted creature gets …" is a static ability of the card with affects {attached: enchanted}');
  },
  get spell() {
    return z.strictObject({
      get targets() {
        return z.array(Target).optional();
      },
      get modes() {
        return z.array(z.strictObject({
          get targets() { return z.array(Target).optional(); },
          get effects() { return z.array(Instruction); },
        })).min(2).max(10).optional().describe('"Choose one —" (700.2): the modes of a modal spell; the cast action\'s `mode` picks one, whose targets and instructions the spell then has (its own `effects` are left empty); a copy has the same mode (707.10 of 2026)');
      },
      waterbend: z.int().min(1).max(1000).optional().describe('"As an additional cost to cast this spell, waterbend {N}" (701.67 of 2026): {N} adds to the total cost; each generic mana of it may be paid by tapping an untapped artifact or creature you control (the cast action\'s `waterbend`), and only of it (701.67b)'),
      get additionalCosts() {
        return z.array(z.strictObject({
          get sacrifice() {
            return Filter;
          },
        })).optional();
      },
      get effects() {
        return z.array(Instruction);
      },
    }).optional();
  },
}).meta({ id: 'card' });

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
  controller: z.enum(['you', 'opponent', 'any']).optional(),
  owner: z.enum(['you', 'opponent', 'any']).optional(),
  zone: z.enum(['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command', 'any']).optional(),
  abilities: z.enum(['none', 'any']).optional(),
  get keyword() {
    return Keyword.optional();
  },
  get notKeyword() {
    return Keyword.optional();
  },
  attached: z.enum(['enchanted']).optional(),
  self: z.boolean().optional(),
  other: z.boolean().optional(),
  token: z.boolean().optional(),
  manaValueParity: z.enum(['even', 'odd']).optional().describe('an even or odd mana value (on the stack with its X, 202.3e)'),
  sharesColorWith: z.string().optional(),
  toughnessGreaterThanPower: z.boolean().optional().describe('a creature whose toughness is greater than its power'),
  lock: z.boolean().optional(),
}).meta({ id: 'filter' });

export const Target = z.strictObject({
  id: z.string(),
  get filter() {
    return Filter.optional();
  },
  player: z.boolean().optional(),
  group: z.string().optional(),
}).meta({ id: 'target' });

export const RulesMod = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('max-attackers'),
    n: z.int(),
  }),
  z.strictObject({
    kind: z.literal('cant-play-lands'),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal('additional-land'),
    player: z.string(),
    n: z.int(),
  }),
  z.strictObject({
    kind: z.literal('cost-increase'),
    get spells() {
      return Filter;
    },
    get mana() {
      return Mana;
    },
  }),
  z.strictObject({
    kind: z.literal('cost-reduction'),
    get spells() {
      return Filter;
    },
    generic: z.int(),
  }),
  z.strictObject({
    kind: z.literal('unblockable'),
  }),
  z.strictObject({
    kind: z.literal('loyalty-cost'),
    n: z.int().describe("the loyalty abilities of permanents the effect's controller controls cost an additional [+n] (negative: [−n]) to activate"),
  }).describe("Carth the Lion's \"Planeswalkers' loyalty abilities you control cost an additional [+1] to activate\" (606.4, 606.5 in 2026)"),
  z.strictObject({
    kind: z.literal('cant-cast'),
    player: z.string().describe("who can't cast them: you, opponent, P1 or P2"),
    get spells() {
      return Filter;
    },
  }).describe("a casting prohibition (601.3): the player can't cast spells matching the filter, e.g. Void Winnower's \"Your opponents can't cast spells with even mana values\"; a choice made while casting (X) that could lift it lets the player begin to cast (601.3a)"),
  z.strictObject({
    kind: z.literal('devotion-plus'),
    n: z.int().min(1).max(100),
  }).describe('"Your devotion to each color and each combination of colors is increased by [n]" (Altar of the Pantheon; 700.5a of 2026)'),
  z.strictObject({
    kind: z.literal('station-by-toughness'),
  }).describe('the creatures the effect affects station permanents using their toughness rather than their power (702.184c of 2026: Tapestry Warden)'),
  z.strictObject({
    kind: z.literal('cast-from-library-top'),
    player: z.string().describe('who may: you, opponent, P1 or P2'),
    get spells() {
      return Filter;
    },
  }).describe('"You may cast [spells matching the filter] from the top of your library" (Garruk\'s Horde): judged from the spell\'s characteristics as it would be cast (bestowed: an Aura spell, 702.103d of 2026)'),
]).meta({ id: 'rulesMod' });

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
  removeTypes: z.array(z.string()).optional().describe('"[it] isn\'t a [type]" (layer 4): the object loses these card types'),
  get ifLess() {
    return z.strictObject({ get n() { return Num; }, than: z.int() }).optional().describe('"as long as [n] is less than [than]": a static ability that applies only then (611.3a; Purphoros: devotion to red less than five)');
  },
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
  until: z.enum(['end-of-turn', 'end-of-combat', 'indefinite', 'while-you-control-source']).optional().describe('while-you-control-source: "for as long as you control [this]" (611.2b)'),
}).meta({ id: 'effect' });

export const Replacement = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('prevent-all-damage'),
    get from() {
      return Filter.optional();
    },
    combatOnly: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal('prevent-n'),
    n: z.int(),
    get to() {
      return Filter;
    },
  }),
  z.strictObject({
    kind: z.literal('double-damage'),
    get from() {
      return Filter;
    },
  }),
  z.strictObject({
    kind: z.literal('scale-life-gain'),
    player: z.string(),
    factor: z.int(),
  }),
  z.strictObject({
    kind: z.literal('floor-life'),
    player: z.string(),
    get ifControls() {
      return Filter.optional();
    },
  }),
  z.strictObject({
    kind: z.literal('gain-to-draw'),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal('draw-to-return'),
    player: z.string(),
  }),
  z.strictObject({
    kind: z.literal('graveyard-to-exile'),
  }),
  z.strictObject({
    kind: z.literal('die-to-library'),
  }).describe("\"If this creature would die, put it on top of its owner's library instead\" (Gravebane Zombie)"),
  z.strictObject({
    kind: z.literal('shuffle-into-library-instead'),
  }).describe("\"If this would be put into a graveyard, reveal it and shuffle it into its owner's library instead\" (Darksteel Colossus; the sandbox applies it while the object is on the battlefield); shuffled at the same time as another object is put on top of that library, the shuffle comes first (701.24g of 2026)"),
  z.strictObject({
    kind: z.literal('would-lose-game'),
    player: z.string().optional().describe('whose loss it replaces (default: you, the controller)'),
    get instead() {
      return z.array(Instruction);
    },
  }).describe("\"If you would lose the game, instead …\" (614.1a; 104.3, 704.5a–c): the loss doesn't happen and the instructions are followed, once for all the reasons found in one check of state-based actions (704.7's example: Lich's Mirror)"),
  z.strictObject({
    kind: z.literal('regenerate'),
  }),
  z.strictObject({
    kind: z.literal('enter-as-copy'),
    get of() {
      return Filter.optional();
    },
    get except() {
      return CopyExcept.optional();
    },
  }).describe('"You may have this enter the battlefield as a copy of …" (614.1c, 706.5); the choice is choices["copy:<id>"] (an object id, or null)'),
  z.strictObject({
    kind: z.literal('enters-tapped'),
    get filter() {
      return Filter.optional();
    },
  }).describe('without filter: this permanent enters tapped; with filter: other permanents matching it enter tapped (614.12)'),
  z.strictObject({
    kind: z.literal('sunburst'),
    counter: z.string().optional().describe('the kind of counter when sunburst sets the number of another ability (702.44c of 2026; Modular—Sunburst: +1/+1); default: +1/+1 if it enters as a creature, else charge (702.44a)'),
  }).describe('sunburst (702.44a-b of 2026): it enters with a counter for each color of mana spent to cast it; none if it didn\'t enter from the stack as a resolving spell'),
  z.strictObject({
    kind: z.literal('enters-with-counters'),
    counters: z.record(z.string(), z.int().min(1)),
  }),
]).meta({ id: 'replacement' });

export const CopyExcept = z.strictObject({
  keepColors: z.boolean().optional().describe("\"except it doesn't copy that creature's color\": the copier keeps its own (706.9b)"),
  get addTypes() {
    return z.array(CardType).optional();
  },
  addSubtypes: z.array(z.string()).optional(),
  addSupertypes: z.array(z.enum(['basic', 'legendary', 'snow', 'world', 'ongoing'])).optional(),
  get pt() {
    return Pt.optional().describe("\"except it's 7/7\" (706.9c); a copied characteristic-defining ability for power/toughness is dropped (706.9d)");
  },
  name: z.string().optional(),
  get keywords() {
    return z.array(Keyword).optional();
  },
  get triggered() {
    return z.array(Trigger).optional();
  },
  get activated() {
    return z.array(Activated).optional();
  },
  gainThisAbility: z.boolean().optional().describe('"…and it gains this ability" (706.9a): the ability creating the copy effect'),
  get ifCreature() {
    return z.strictObject({
      get keywords() { return z.array(Keyword).optional(); },
      counters: z.record(z.string(), z.int().min(1).max(1000)).optional().describe('additional counters it enters with (only when entering the battlefield as a copy)'),
    }).optional().describe('exceptions that apply only if the copy is a creature (707.9f of 2026): judged from the values the copy effect gives without them, the other exceptions included (Moritte of the Frost: "if it\'s a creature, it enters with two additional +1/+1 counters on it and it has changeling")');
  },
}).describe('exceptions and modifications of a copy effect; they become part of the copiable values (706.9)').meta({ id: 'copyExcept' });

export const Trigger = z.strictObject({
  on: z.enum(['etb', 'dies', 'ltb', 'to-graveyard-from-battlefield', 'attacks', 'blocks', 'becomes-blocked', 'becomes-blocked-by', 'gain-life', 'becomes-tapped', 'becomes-untapped', 'step-begins', 'cast', 'deals-damage', 'state', 'crews', 'tapped-for-mana', 'expend']).describe("expend: \"whenever you expend N\" (700.14 of 2026; N is the trigger's `expend`): the mana its controller spent this turn to cast spells was less than N before paying a cost to cast a spell and at least N after. state: a state trigger (603.8), triggering whenever its \"if\" condition is true and it isn't already waiting or on the stack; crews: \"whenever [this creature] crews a Vehicle\" ($that is the Vehicle, 702.121b); tapped-for-mana: \"whenever a player taps [a permanent matching the filter] for mana\" ($that is the permanent; with only add-mana effects it is a triggered mana ability, 106.11a, 605.1b, 605.4a); deals-damage: whenever this object (self) or a source matching the filter deals damage, one of the two required"),
  get filter() {
    return Filter.optional();
  },
  self: z.boolean().optional(),
  get step() {
    return StepName.optional();
  },
  whose: z.enum(['you', 'any']).optional(),
  expend: z.int().min(1).max(1000).optional().describe('N of "whenever you expend N" (on: expend)'),
  player: z.string().optional(),
  if: z.strictObject({
    lifeAtLeast: z.int().optional(),
    handEmpty: z.boolean().optional().describe('the player has no cards in hand'),
    sinceYourLastUpkeep: z.literal(true).optional().describe("this permanent came under its controller's control since the beginning of their last upkeep (echo, 702.30a of 2026)"),
    player: z.string().optional(),
  }).optional(),
  optional: z.boolean().optional(),
  get targets() {
    return z.array(Target).optional();
  },
  get effects() {
    return z.array(Instruction);
  },
}).meta({ id: 'trigger' });

export const Activated = z.strictObject({
  get cost() {
    return Mana.optional();
  },
  tap: z.boolean().optional(),
  loyalty: z.int().min(-1000).max(1000).optional().describe('a loyalty ability (606.2): its cost puts on (+N) or removes (−N) that many loyalty counters (606.4), as changed by loyalty-cost effects (606.5 in 2026); activated only at sorcery speed, once each turn for each permanent (606.3), and a negative cost needs that many counters (606.5; 606.6 in 2026)'),
  crew: z.int().min(0).optional().describe("Crew N (702.121a; 702.122a in 2026): the cost is tapping untapped creatures you control (in 2026, other creatures) with total power N or greater, chosen by the activate action's `crew`"),
  sacrificeSelf: z.boolean().optional(),
  station: z.literal(true).optional().describe('the cost of a station ability (702.184a of 2026): tap another untapped creature you control (the activate action\'s `station`), as a sorcery; the ability\'s X is that creature\'s power (its toughness under station-by-toughness, 702.184c), for its put-counters charge n {x: true}'),
  get targets() {
    return z.array(Target).optional();
  },
  get effects() {
    return z.array(Instruction);
  },
  get zone() {
    return Zone.optional();
  },
}).meta({ id: 'activated' });
