/**
 * The scenario format, part 1: card definitions (zod). A card is described by its printed
 * characteristics (CR 202-209), keywords (702), static abilities as continuous effects (611, 613), replacement and
 * prevention effects (614, 615), triggered abilities (603) and activated abilities (602); its instructions are the
 * instructions of schema-action.ts (referred to lazily: an instruction can create a token, which is a card).
 * Part of the one description of the format: schema.ts assembles the scenario and derives the JSON Schema.
 */
import * as z from 'zod';
import { Instruction } from './schema-action.ts';
import { Replacement } from './schema-replacement.ts';
import { CardType, Color, Int, Keyword, Mana, Pt, StepName, Zone } from './schema-base.ts';

export const Num = z.union([
  Int(),
  z.strictObject({
    get count() {
      return Filter;
    },
    plus: Int().optional().describe('a constant added to the count ("1 plus the number of …", Lost Order of Jarkeld)'),
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
    exiledWith: z.string().describe('the link of the exile'),
    total: z.enum(['power', 'toughness']),
  }).describe('the total power or toughness of the cards exiled with this object under the link (607.2a; Sutured Ghoul)'),
  z.strictObject({
    manaValueOf: z.string().describe('an object id, self or $binding'),
  }).describe("an object's mana value (202.3) where it is now (\"that card's mana value\")"),
  z.strictObject({
    attackedWithThisTurn: z.literal(true),
  }).describe('the number of creatures you attacked with this turn (history: counted even if one is no longer a creature or has left, 608.2i of 2026)'),
  z.strictObject({
    countersOn: z.string().describe('an object id, self, or $creator in a token\'s definition: the object whose ability created the token (201.5a of 2026)'),
    kind: z.string(),
  }).describe('the number of counters of a kind on an object as it is now, never as it last existed: a characteristic that keeps counting, 0 once the object has left ("equal to the number of slime counters on Gutter Grime"); for a number used once as an ability resolves, see `counters`'),
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
  blockingOrBlockedBy: z.string().optional().describe('blocking or blocked by this object (an id or self)'),
  chosenColor: z.string().optional().describe('of the color chosen for this link of the object the filter is read for ("a spell of the chosen color", 607.2d); matches nothing while no color was chosen'),
  controlledByChosen: z.string().optional().describe('controlled by the player chosen for this link ("the chosen player controls", 607.2d); matches nothing while no player was chosen'),
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
    get generic() {
      return Num.describe('{1} less for each … (a number; evaluated as the total cost is determined, 601.2f)');
    },
  }).describe('on a permanent: spells matching the filter cost less; on the spell itself ("This spell costs {1} less to cast for each …", spells: { self: true }): applied while it is cast (601.2f)'),
  z.strictObject({
    kind: z.literal('unblockable'),
  }),
  z.strictObject({
    kind: z.literal('loyalty-cost'),
    n: z.int().describe("the loyalty abilities of permanents the effect's controller controls cost an additional [+n] (negative: [−n]) to activate"),
  }).describe("Carth the Lion's \"Planeswalkers' loyalty abilities you control cost an additional [+1] to activate\" (606.4, 606.5 in 2026)"),
  z.strictObject({
    kind: z.literal('cant-enter'),
    get filter() {
      return Filter;
    },
  }).describe('"[Lands] can\'t enter the battlefield" (Worms of the Earth; 614.17d): checked on the permanent as it would enter, after the replacements that modify how it enters (a copy it enters as); a permanent spell that can\'t enter is put into its owner\'s graveyard (608.3e of 2026)'),
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
  gainActivatedOf: z.string().optional().describe('"gains all activated abilities of [object]" (Quicksilver Elemental): the activated abilities that object has as the effect begins, fixed then (611.2c); "this" in them means the object that has them now (201.5b of 2026)'),
  get gainActivated() {
    return z.array(Activated).optional().describe('activated abilities the affected objects gain (layer 6, 613.1f); gainActivatedOf is resolved into this');
  },
  get grantStatic() {
    return z.array(Effect).optional().describe('"[Objects] have \'[static ability]\'" (613.7a of 2026; Rune of Flight\'s "Enchanted Equipment has \'Equipped creature has flying\'"): each affected object has these static abilities, "self" being that object; their effects have the later of its timestamp and the granting source\'s, and keep their order after it when it gets a new one');
  },
  gainProtectionFromChosen: z.string().optional().describe('"has protection from the chosen color": the color chosen for this link of the source as it entered (607.2d); nothing while none was chosen (607.5a)'),
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
  on: z.enum(['etb', 'dies', 'ltb', 'to-graveyard-from-battlefield', 'attacks', 'blocks', 'becomes-blocked', 'becomes-blocked-by', 'gain-life', 'becomes-tapped', 'becomes-untapped', 'step-begins', 'cast', 'deals-damage', 'state', 'crews', 'tapped-for-mana', 'combat-damage-to-player', 'reveals-first-draw', 'expend']).describe("expend: \"whenever you expend N\" (700.14 of 2026; N is the trigger's `expend`): the mana its controller spent this turn to cast spells was less than N before paying a cost to cast a spell and at least N after. reveals-first-draw: \"Reveal the first card you draw each turn. Whenever you reveal [a card matching the filter] this way, …\": the static ability and the triggered ability linked to it (603.11, 607.2h of 2026) as one trigger of the object's controller ($that is the card); only the first card drawn in a turn is revealed; combat-damage-to-player: \"whenever one or more [creatures matching the filter] deal combat damage to a player\", a batched trigger: once for each combat damage event in which any of them did (603.2c), however many they were; state: a state trigger (603.8), triggering whenever its \"if\" condition is true and it isn't already waiting or on the stack; crews: \"whenever [this creature] crews a Vehicle\" ($that is the Vehicle, 702.121b); tapped-for-mana: \"whenever a player taps [a permanent matching the filter] for mana\" ($that is the permanent; with only add-mana effects it is a triggered mana ability, 106.11a, 605.1b, 605.4a); deals-damage: whenever this object (self) or a source matching the filter deals damage, one of the two required"),
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
    get differentNames() {
      return z.strictObject({
        get filter() {
          return Filter;
        },
        atLeast: z.int().min(1),
      }).optional().describe('"if you control N or more [objects] with different names" (201.2b): objects have different names only if each has a name and no two share one, so an object with no name (a face-down creature) never counts');
    },
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
  get sacrifice() {
    return Filter.optional().describe('"Sacrifice another creature" as a cost (602.2b): a permanent you control matching the filter, named by the activate action\'s `sacrifice`; the effects name it $sacrificed');
  },
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
