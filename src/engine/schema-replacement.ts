/**
 * The scenario format, part 3: replacement and prevention effects (zod; 614, 615, 616), one form per `kind`: what a
 * card's static ability or a created effect does instead of an event. The forms refer to the card vocabulary
 * (schema-card.ts) and to instructions (schema-action.ts) through lazy getters, as those two refer to each other: the
 * format is recursive. Part of the one description of the format: schema.ts assembles the scenario.
 */
import * as z from 'zod';
import { CopyExcept, Filter } from './schema-card.ts';
import { Instruction } from './schema-action.ts';

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
    kind: z.literal('may-skip-draw'),
    player: z.string().optional().describe('whose draws (default: you, the controller)'),
  }).describe('"If you would draw a card, you may skip that draw instead" (Obstinate Familiar; 614.1a, 614.10): choices["skip-draw:<source id>"] true skips each such draw'),
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
    kind: z.literal('as-enters-choose'),
    choose: z.enum(['color', 'opponent', 'player']),
    link: z.string().describe('the name linking this choice to the abilities that read it (607.2d: filter chosenColor / controlledByChosen, effect gainProtectionFromChosen, add-mana chosenColor); a copied ability reads only a choice made for its own link'),
  }).describe('"As this enters, choose a color / an opponent" (614.12, 607.2d): a replacement effect applied as the permanent enters (also as a token, 111.x, or a copy that entered as one); the choice is choices["choose:<id>:<link>"]; an object that never entered with this ability has no choice (607.5a)'),
  z.strictObject({
    kind: z.literal('as-enters-pay-life'),
    n: z.int().min(1).max(1000),
  }).describe('"As this enters, you may pay N life. If you don\'t, it enters tapped" (Breeding Pool; 614.1c): choices["pay-life:<id>"] true or false'),
  z.strictObject({
    kind: z.literal('pay-life-exile-instead'),
  }).describe('"If you would pay life while your library has at least that many cards in it, exile that many cards from the top of your library instead" (Ashiok, Wicked Manipulator; 614.1a); the sandbox applies it to the life paid as a permanent enters (as-enters-pay-life), where a card entering from the top of the library is not among those exiled (614.13c of 2026)'),
  z.strictObject({
    kind: z.literal('as-enters-exile'),
    get filter() {
      return Filter;
    },
    link: z.string().describe('the cards exiled this way are "exiled with" it under this link (607.2a): read by the number exiledWith'),
  }).describe('"As this enters, exile any number of [cards matching the filter]" (Sutured Ghoul; 614.1c): chosen as it enters (choices["exile:<id>:<link>"], a list of ids), never itself or another object entering at the same time (614.13a)'),
  z.strictObject({
    kind: z.literal('others-enter-as-copy'),
    get filter() {
      return Filter.optional();
    },
  }).describe('"[Creatures] you control enter as a copy of this" (Essence of the Wild; 614.1c): applied to a permanent entering under its controller\'s control before that permanent\'s own enters replacements (616.1f: copy effects first), so an "enters tapped" it had is gone'),
  z.strictObject({
    kind: z.literal('double-tokens'),
  }).describe('"If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead" (Doubling Season; 614.1a): applied to the creation before the tokens enter (616.1g)'),
  z.strictObject({
    kind: z.literal('sunburst'),
    counter: z.string().optional().describe('the kind of counter when sunburst sets the number of another ability (702.44c of 2026; Modular—Sunburst: +1/+1); default: +1/+1 if it enters as a creature, else charge (702.44a)'),
  }).describe('sunburst (702.44a-b of 2026): it enters with a counter for each color of mana spent to cast it; none if it didn\'t enter from the stack as a resolving spell'),
  z.strictObject({
    kind: z.literal('enters-with-counters'),
    counters: z.record(z.string(), z.int().min(1)),
  }),
]).meta({ id: 'replacement' });
