/**
 * The scenario format, part 2: actions (zod), one form per `op`, as discriminated unions so that each form is checked
 * exactly (an unknown field is located) and TypeScript knows every field of every op:
 *   - PlayerAction: what a player (or the sandbox) does in a step: priority and turn structure (116/117, 500), casting
 *     and activating (601, 602, 605), playing a land (305), declaring attackers and blockers (508, 509), assigning
 *     combat damage (510), questions that change nothing (query), and sandbox edits (set);
 *   - Instruction: what a spell or ability does when it resolves (608.2c, 609-611, 614-616, 701). A step may inject
 *     one directly; `by` then names whose instruction it is and `source` the object it comes from.
 * The engine runs each op with one handler (actions.ts for player actions, instructions.ts for instructions), in a
 * map keyed by `op`, so a new op without a handler is a type error.
 * References to the card vocabulary (schema-card.ts) are lazy getters: the two modules refer to each other.
 */
import * as z from 'zod';
import { Color, Id, Keyword, Mana, Player, StepName, Zone } from './schema-base.ts';
import { Card, CopyExcept, Effect, Filter, Num, Target } from './schema-card.ts';
import { Replacement } from './schema-replacement.ts';

/** A scenario object id, "self", "$t" (a target or a binding) — one or several — or every object matching a filter. */
const Refs = z.union([
  z.string(),
  z.array(z.string()),
  z.strictObject({
    get all() {
      return Filter;
    },
  }),
]).meta({ id: 'refs', description: 'an object reference (an id, self, $binding), a list of them, or { all: filter }' });

/** A player reference: P1, P2, you, opponent, active, defending, $t (a target), $t-opponent. */
const PlayerRef = z.string().meta({ id: 'playerRef', description: 'P1, P2, you, opponent, active, defending, or $binding' });

/** Fields every instruction may carry when a step injects it. */
const injected = {
  by: Player.optional().describe('the player whose instruction it is (defaults to the active player)'),
  source: z.string().optional().describe('the object the instruction comes from (its "self")'),
  label: z.string().optional(),
};

const Payment = z.union([
  z.strictObject({ auto: z.literal(true) }),
  z.strictObject({
    get mana() {
      return Mana.optional();
    },
    life: z.int().min(0).optional(),
    get snow() {
      return Mana.optional().describe('which of the mana is snow mana (to pay {S}, 107.4h)');
    },
  }),
]).meta({ id: 'payment' });

const Targets = z.record(z.string(), z.string()).describe('target id → the chosen object id or player');

// ------------------------------------------------------------------ instructions (608.2c)
// The forms that contain instructions are named consts with annotated getters and no spread, so TypeScript can infer
// the recursion (a spread in a recursive object literal makes its type `any`).
const CreateDelayed = z.strictObject({
  op: z.literal('create-delayed'), by: injected.by, source: injected.source, label: injected.label, on: z.enum(['ltb', 'becomes-untapped', 'step-begins']),
  get step() { return StepName.optional(); },
  obj: z.string().optional(),
  get effects(): z.ZodArray<typeof Instruction> { return z.array(Instruction); },
});

const CreateToken = z.strictObject({
  op: z.literal('create-token'), by: injected.by, source: injected.source, label: injected.label,
  get card() { return Card; },
  get n() { return Num.optional(); },
  get id() { return Id.optional(); },
  controller: PlayerRef.optional(),
  blocking: z.string().optional().describe('put onto the battlefield blocking this attacker (509.7)'),
});

const CreateTokenCopy = z.strictObject({
  op: z.literal('create-token-copy'), by: injected.by, source: injected.source, label: injected.label,
  of: z.string().optional().describe('the object copied (an id, self, $t); its copiable values become the token\'s (706.2; 707.2 in 2026), its name too (111.4 of 2026: not "… Token"); naming nothing, no token is created (111.12 of 2026)'),
  ofExiledWith: z.string().optional().describe('instead of `of`: "a card exiled with [this]", a card the source exiled with the exile of this link (607.2a; Mimic Vat); with none, no token is created (111.12 of 2026); with several, choices["copy:<source id>"]'),
  get n() { return Num.optional(); },
  get id() { return Id.optional(); },
  controller: PlayerRef.optional(),
}).describe('"create a token that\'s a copy of [object]"');

const IfYouDo = z.strictObject({
  op: z.literal('if-you-do'), by: injected.by, source: injected.source, label: injected.label,
  get cost() {
    return z.union([
      z.strictObject({ op: z.literal('sacrifice'), obj: Refs }),
      z.strictObject({ op: z.literal('sacrifice'), get choose() { return Filter; } }).describe('"you may sacrifice [a permanent matching the filter]": the player chooses one (choices.sacrifice, null to decline); `then` can name it $sacrificed'),
    ]);
  },
  get then(): z.ZodArray<typeof Instruction> { return z.array(Instruction); },
});

const Reflexive = z.strictObject({
  op: z.literal('reflexive'), by: injected.by, source: injected.source, label: injected.label,
  get targets() { return z.array(Target).optional(); },
  get effects(): z.ZodArray<typeof Instruction> { return z.array(Instruction); },
}).describe('"When you do, …" (603.12): a reflexive triggered ability that triggers at once, as this instruction is reached, and is put on the stack the next time a player would receive priority (targets chosen then: choices.targets:<source>); it sees the bindings of what created it ($sacrificed)');

const ForEach = z.strictObject({
  op: z.literal('for-each'), by: injected.by, source: injected.source, label: injected.label,
  each: z.array(z.string()).describe('the bindings (target ids) to go through, in this order'),
  as: z.string().describe('the name each one is bound to in turn ($as in the effects)'),
  get effects(): z.ZodArray<typeof Instruction> { return z.array(Instruction); },
}).describe('"For each of them, …" (608.2f of 2026): the effects are followed for one target after another, never at once; a target that no longer exists is skipped');

const MaySacrificeElse = z.strictObject({ op: z.literal('may-sacrifice-else'), by: injected.by, source: injected.source, label: injected.label, get filter() { return Filter; }, get else(): z.ZodArray<typeof Instruction> { return z.array(Instruction); } });

export const Instruction = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('deal-damage'), ...injected, to: Refs, get n() { return Num; }, from: z.string().optional() }),
  z.strictObject({ op: z.literal('gain-life'), ...injected, player: PlayerRef.optional(), get n() { return Num; } }),
  z.strictObject({ op: z.literal('lose-life'), ...injected, player: PlayerRef.optional(), get n() { return Num; } }),
  z.strictObject({ op: z.literal('put-counters'), ...injected, on: Refs, kind: z.string(), get n() { return Num.optional(); } }),
  z.strictObject({ op: z.literal('remove-counters'), ...injected, on: Refs, kind: z.string(), get n() { return Num.optional(); } }),
  z.strictObject({ op: z.literal('destroy'), ...injected, obj: Refs.optional(), get all() { return Filter.optional(); }, noRegen: z.boolean().optional() }),
  z.strictObject({ op: z.literal('sacrifice'), ...injected, obj: Refs }),
  z.strictObject({ op: z.literal('each-player-sacrifices'), ...injected, get filter() { return Filter; } }),
  z.strictObject({
    op: z.literal('exile'), ...injected, obj: Refs,
    until: z.literal('source-leaves').optional().describe('"exile … until [this] leaves the battlefield" (610.3): when the source leaves, the card returns to the battlefield under its owner\'s control (610.3b-c), with every other card whose "until" event happened at the same time (610.3d of 2026); if the source has already left, the card isn\'t exiled (610.3a)'),
    link: z.string().optional().describe('the link name of "cards exiled with [this]" (607.2a): read by create-token-copy ofExiledWith'),
  }),
  z.strictObject({ op: z.literal('move'), ...injected, obj: Refs, get to() { return Zone; }, tapped: z.boolean().optional(),
    get is() { return z.strictObject({ addTypes: z.array(z.string()).optional(), addSubtypes: z.array(z.string()).optional(), get setColors() { return z.array(Color).optional(); } }).optional().describe('"that permanent is [characteristic]": applies as it enters the battlefield (611.2e)'); } }),
  z.strictObject({ op: z.literal('return-to-hand'), ...injected, obj: Refs }),
  z.strictObject({ op: z.literal('tap'), ...injected, obj: Refs }),
  z.strictObject({ op: z.literal('untap'), ...injected, obj: Refs }),
  z.strictObject({ op: z.literal('draw'), ...injected, player: PlayerRef.optional(), get n() { return Num.optional(); } }),
  z.strictObject({ op: z.literal('discard'), ...injected, player: PlayerRef.optional(), get n() { return z.union([Num, z.literal('all')]).optional(); } }),
  z.strictObject({
    op: z.literal('add-mana'), ...injected, player: PlayerRef.optional(),
    get mana() { return Mana.optional(); },
    get times() { return Num.optional(); },
    colorOf: Refs.optional().describe("one mana of a color among these permanents' colors (106.5)"),
    get couldProduce() { return Filter.optional().describe('one mana of any color that a permanent matching the filter could produce (106.7): what its mana abilities would add if they resolved now, costs ignored; one that could produce only what this kind of ability names produces nothing by itself (Exotic Orchards alone); the choice is choices["color:<source id>"]'); },
    typeProduced: z.literal(true).optional().describe('one mana of any type the triggering mana ability produced (a triggered mana ability, 605.1b); the choice, where there are several, is choices["mana:<source id>"] (a letter such as G)'),
    get spendOnly() { return Filter.optional().describe('the mana can be spent only to cast spells matching this filter (106.6)'); },
    chosenColor: z.string().optional().describe('one mana of the color chosen for this link of the source (607.2d, Paradise Plume); none if no color was chosen for it (607.5a: a copy that never entered as the card with the choice)'),
  }),
  z.strictObject({ op: z.literal('shuffle'), ...injected, player: PlayerRef.optional(), seed: z.int().optional().describe("the shuffle's seed: the same seed gives the same order (default 1)") }).describe('shuffle a library (701.19a)'),
  z.strictObject({
    op: z.literal('shuffle-into-library'), ...injected, obj: Refs,
    player: PlayerRef.optional().describe('the player who shuffles ("target player shuffles any number of target cards into their library"): their library is shuffled even if no object is named (701.19d; 701.24d of 2026)'),
    get from() { return Zone.optional().describe('the zone the object is expected to be in (default: graveyard); elsewhere it stays, and the library is shuffled anyway (701.19c)'); },
    seed: z.int().optional(),
  }).describe("shuffle an object into its owner's library"),
  z.strictObject({ op: z.literal('double-mana'), ...injected, player: PlayerRef.optional() }).describe('double the amount of each type of unspent mana the player has (Doubling Cube); the new mana has no restrictions (106.6)'),
  z.strictObject({ op: z.literal('win-game'), ...injected, player: PlayerRef.optional() }),
  z.strictObject({ op: z.literal('set-life'), ...injected, player: PlayerRef.optional(), get n() { return Num; } }).describe("a player's life total becomes n: they gain or lose the difference (119.5; 118.5 of 2019)"),
  z.strictObject({ op: z.literal('create-effect'), ...injected, get effect() { return Effect; } }),
  z.strictObject({ op: z.literal('end-effect'), ...injected, id: z.string() }),
  z.strictObject({ op: z.literal('create-replacement'), ...injected, get replacement() { return Replacement; }, until: z.enum(['end-of-turn', 'indefinite']).optional() }),
  z.strictObject({ op: z.literal('create-prevention'), ...injected, to: Refs, get amount() { return Num; }, andSharingColor: z.boolean().optional() }),
  z.strictObject({ op: z.literal('prevent-next-from-source'), ...injected, source: z.string(), gainLife: z.boolean().optional() }),
  z.strictObject({ op: z.literal('regenerate'), ...injected, obj: Refs }),
  CreateDelayed,
  CreateToken,
  CreateTokenCopy,
  IfYouDo,
  Reflexive,
  MaySacrificeElse,
  ForEach,
  z.strictObject({ op: z.literal('exile-top'), ...injected, player: PlayerRef.optional(), get n() { return Num.optional().describe('how many cards (default 1)'); }, bind: z.string().optional().describe('the name the (last) exiled card is bound to ($bind) for the instructions after it') }).describe('exile the top card(s) of a library (default: yours)'),
  z.strictObject({ op: z.literal('put-exiled'), ...injected, link: z.string(), get filter() { return Filter.optional(); } })
    .describe('"Put a [creature] card exiled with [this] onto the battlefield under your control" (607.2a): one card the source exiled with the exile of this link, chosen as choices["put-exiled:<source id>"]; a card exiled by another ability of it can\'t be chosen (607.5 of 2026); none, nothing happens'),
  z.strictObject({ op: z.literal('undying'), ...injected }).describe("the undying keyword's return with a +1/+1 counter (702.92a; generated by the keyword)"),
  z.strictObject({ op: z.literal('attach'), ...injected, obj: Refs, to: Refs }),
  z.strictObject({ op: z.literal('change-targets'), ...injected, spell: z.string(), targets: z.record(z.string(), z.string()) }).describe('choose new targets for a spell (114.6, 114.7d-e): target id → the new object or player; only the final set is checked'),
  z.strictObject({ op: z.literal('copy-spell'), ...injected, spell: z.string(), newTargets: z.record(z.string(), z.string()).optional(), get setColors() { return z.array(Color).optional().describe('"except that the copy is red" (707.10 of 2026; 707.9b): the copy\'s colors'); } }).describe("put a copy of a spell on the stack (706.10; 707.10 in 2026), controlled by the player copying it: it copies the spell's characteristics and every decision made for it (targets, X, the creature sacrificed as an additional cost); `newTargets` (target id → object or player) are the new targets chosen for the copy (706.10c), each legal; the copy isn't cast"),
  z.strictObject({ op: z.literal('cumulative-upkeep'), ...injected, cost: z.strictObject({ get mana() { return Mana.optional(); }, life: z.int().min(1).optional(), get sacrifice() { return Filter.optional(); }, draw: z.literal(true).optional().describe('"Cumulative upkeep—Draw a card": a card drawn for each age counter (a draw replaced by another event, such as a skipped draw, still pays it: 118.11 of 2026)') }) })
    .describe('after the age counter: pay the cost once per age counter or sacrifice this permanent (702.23a); the choice is choices["pay:<id>"]: false, true (life), a payment (mana) or a list of permanents (sacrifice)'),
  z.strictObject({ op: z.literal('echo'), ...injected, cost: z.strictObject({ get mana() { return Mana.optional(); }, get generic() { return Num.optional().describe('an amount of generic mana, worked out as the ability resolves ({X}, 702.1b of 2026)'); } }) })
    .describe('echo\'s "sacrifice it unless you pay [cost]" (702.30a of 2026): the choice is choices["pay:<id>"]: false, or a payment'),
  z.strictObject({ op: z.literal('additional-upkeeps'), ...injected, get n() { return Num; } }).describe('"you get [n] additional upkeep steps after this phase" (500.10 of 2026): after the current phase, that many beginning phases with only an upkeep step; none if it isn\'t your turn (500.10a)'),
  z.strictObject({ op: z.literal('share-keywords'), ...injected, get keywords() { return z.array(Keyword).min(1); } })
    .describe('"creatures you control gain [keyword] until end of turn if a creature you control has [keyword]", for each listed keyword (Concerted Effort; each landwalk and protection ability counts on its own, 702.1c of 2026)'),
  z.strictObject({ op: z.literal('exile-same-name'), ...injected, player: PlayerRef, like: z.string().optional().describe('the object whose name is searched for (it may have left its zone: its last known name)'), get chooseFromHand() { return Filter.optional().describe('instead, a card the searching player chooses from that player\'s revealed hand (choices["name:<source>"]); none to choose, nothing is found (701.23c of 2026)'); } })
    .describe('search the player\'s graveyard, hand and library for all cards with that name and exile them (701.23a-c of 2026): all in the graveyard; in the hand and library, the ones chosen (choices["found:<source>"], default all)'),
  z.strictObject({ op: z.literal('aura-swap'), ...injected }).describe('aura swap (702.65a of 2026): exchange this Aura with an Aura card in your hand (choices["swap:<id>"]); no effect if either half can\'t be completed (702.65b)'),
  z.strictObject({ op: z.literal('exchange-control'), ...injected, a: z.string(), b: z.string() }).describe('exchange control of two permanents (701.10a-b): all or nothing'),
  z.strictObject({ op: z.literal('become-copy'), ...injected, obj: Refs, of: z.string(), get except() { return CopyExcept.optional(); } }).describe('the object becomes a copy of another (706.2, 706.4), with exceptions (706.9)'),
]).meta({ id: 'instruction', description: 'what a spell or ability does as it resolves, one form per op' });

// ------------------------------------------------------------------ questions (change nothing)
export const Query = z.discriminatedUnion('what', [
  z.strictObject({
    op: z.literal('query'), what: z.literal('legal-payments'), by: Player.optional(), player: Player.optional(),
    get cost() { return Mana; },
    get pool() { return Mana.optional(); },
    x: z.int().min(0).optional(),
  }),
  z.strictObject({ op: z.literal('query'), what: z.literal('legal-attacks'), by: Player.optional() }),
  z.strictObject({ op: z.literal('query'), what: z.literal('legal-blocks'), by: Player.optional() }),
  z.strictObject({
    op: z.literal('query'), what: z.literal('legal-damage-assignments'), by: Player.optional(), attacker: z.string(),
    others: z.record(z.string(), z.record(z.string(), z.int())).optional().describe("the other creatures' assignments, fixed"),
  }),
  z.strictObject({ op: z.literal('query'), what: z.literal('characteristics'), by: Player.optional(), obj: z.string() }),
  z.strictObject({
    op: z.literal('query'), what: z.literal('can-cast'), by: Player, card: z.string(), payment: Payment.optional(), targets: Targets.optional(),
    sacrifice: z.string().optional(), x: z.int().min(0).optional(), fromAnywhere: z.boolean().optional(),
    bestow: z.literal(true).optional().describe('could it be cast bestowed (702.103d of 2026)'),
    mode: z.int().min(0).max(9).optional().describe('the mode it would be cast with (700.2a)'),
  }),
]).meta({ id: 'query' });

// ------------------------------------------------------------------ player actions
const Cast = {
  by: Player, card: z.string(), payment: Payment.optional(), targets: Targets.optional(),
  sacrifice: z.string().optional().describe('the permanent sacrificed for an additional cost (601.2b)'),
  x: z.int().min(0).optional(), fromAnywhere: z.boolean().optional(),
  bestow: z.literal(true).optional().describe('cast it bestowed (702.103a-b of 2026): for its bestow cost, as an Aura spell targeting the creature it will enchant (targets.enchant)'),
  splice: z.array(z.string()).optional().describe("cards in the caster's hand with splice onto the spell's subtype, revealed and spliced onto it (702.47a): their splice costs add to the total cost, their text to the spell's; they stay in the hand (702.47b)"),
  get convoke() {
    return z.record(z.string(), Mana).optional().describe('convoke (702.50a): each creature tapped → the one mana of the total cost it pays, {1} for generic mana or a colored mana of one of its colors; the rest is paid by `payment`');
  },
  mode: z.int().min(0).max(9).optional().describe('the mode chosen for a modal spell (700.2a, 601.2b), an index into its modes'),
  waterbend: z.array(z.string()).optional().describe('the artifacts and creatures tapped to pay generic mana of a waterbend cost (701.67a-b of 2026)'),
  tapForMana: z.array(z.string()).optional().describe('permanents the player taps for mana while casting, after the total cost is locked in (601.2g): each mana ability resolves at once, with any triggered mana ability (605.4a)'),
};
const Activate = {
  by: Player, obj: z.string(), ability: z.int().min(0).optional(), payment: Payment.optional(), targets: Targets.optional(), x: z.int().min(0).optional(),
  crew: z.array(z.string()).optional().describe('the creatures tapped to pay a crew cost (702.121a-b)'),
  sacrifice: z.string().optional().describe('the permanent sacrificed to pay a "Sacrifice a/another …" activation cost'),
  station: z.string().optional().describe('the creature tapped to pay a station cost (702.184a of 2026)'),
};

export const PlayerAction = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('pass'), by: Player.optional() }),
  z.strictObject({ op: z.literal('pass-all'), by: Player.optional() }),
  z.strictObject({ op: z.literal('pass-until'), by: Player.optional(), until: z.literal('step-ends').optional() }),
  z.strictObject({ op: z.literal('advance'), by: Player.optional(), get to() { return StepName; } }),
  z.strictObject({ op: z.literal('check-sba'), by: Player.optional() }),
  z.strictObject({ op: z.literal('cast'), ...Cast }),
  z.strictObject({ op: z.literal('activate'), ...Activate }),
  z.strictObject({ op: z.literal('tap-for-mana'), ...Activate }),
  z.strictObject({ op: z.literal('play-land'), by: Player, card: z.string() }),
  z.strictObject({
    op: z.literal('declare-attackers'), by: Player,
    attackers: z.array(z.union([z.string(), z.strictObject({ id: z.string(), at: z.string().optional().describe('the player, or a planeswalker the defending player controls, that the creature attacks (508.1b; default: the defending player)') })])),
  }),
  z.strictObject({ op: z.literal('declare-blockers'), by: Player, blocks: z.array(z.strictObject({ blocker: z.string(), attackers: z.array(z.string()) })) }),
  z.strictObject({ op: z.literal('order-blockers'), by: Player.optional(), attacker: z.string(), order: z.array(z.string()) }),
  z.strictObject({ op: z.literal('assign-combat-damage'), by: Player.optional(), assignments: z.record(z.string(), z.record(z.string(), z.int().min(0))) }),
  Query,
  z.strictObject({ op: z.literal('set'), by: Player.optional(), path: z.string(), value: z.unknown() }).describe('a sandbox edit of the game state'),
]).meta({ id: 'playerAction' });

export const Action = z.discriminatedUnion('op', [PlayerAction, Instruction]).meta({ id: 'action', description: 'a player action, a query, a sandbox edit, or an injected instruction' });
