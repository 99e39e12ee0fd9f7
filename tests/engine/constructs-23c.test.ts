/**
 * The format constructs added in issue 23's third part (h-eng-b: "as … enters" choices and linked abilities, token
 * copies, Doubling Season, "enter as a copy of this", "exile … until", "cards exiled with this"), each checked beyond
 * its scenario: a variant where the construct's condition fails gives the other outcome, so the construct, not the
 * setup, makes the difference.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import { loadScenario } from '../../scripts/scenario.ts';

const load = (f: string) => loadScenario(`content/scenarios/${f}`).scenario! as Scenario;
/** The scenario with its expectations dropped (to run a variant whose outcome differs). */
const bare = (s: Scenario): Scenario => ({ ...structuredClone(s), steps: s.steps.map((st) => ({ ...st, expect: undefined }) as never) });
const keywords = (r: ReturnType<typeof runScenario>, id: string) => r.final.objects[id]?.keywords ?? [];

describe('constructs of issue 23, part three', () => {
  it('as-enters-choose (614.12): the choice is made as the permanent enters, only among its options; one never entered has none', () => {
    const s = load('614.12-2026-ex1-voice-of-all-token-copy.json');
    expect(runScenario(s).passed).toBe(true);
    // Voice of All put on the battlefield by the setup never entered: no color chosen, no protection (607.5a of 2026)
    const placed = bare(s);
    placed.setup.objects!['voice']!.zone = 'battlefield';
    placed.steps = [{ do: { op: 'query', what: 'characteristics', obj: 'voice' } }] as never;
    const p = runScenario(placed);
    expect(p.errors).toEqual([]);
    expect(keywords(p, 'voice').filter((k) => k.startsWith('protection'))).toEqual([]);
    // "purple" is not a color: the move is illegal, by 614.12
    const purple = bare(s);
    purple.steps[0]!.choices = { 'choose:voice:voice': 'purple' };
    expect(runScenario(purple).steps[0]!.illegal?.rule).toBe('614.12');
    // without the choice the run stops and asks for it
    const none = bare(s);
    delete none.steps[0]!.choices;
    expect(runScenario(none).errors.join(' ')).toContain('choose:voice:voice');
  });

  it('the choice belongs to the object (400.7): Lost Order of Jarkeld back in the hand has no chosen player and is 1/1 again; a chosen player of its own counts', () => {
    const s = bare(load('208.2a-2026-ex1-lost-order-of-jarkeld.json'));
    // returned to the hand instead of destroyed: the card in the hand is a new object with no chosen player (else 4/4)
    s.steps[2] = { do: { op: 'return-to-hand', obj: 'lost' } } as never;
    s.steps.push({ do: { op: 'query', what: 'characteristics', obj: 'lost' } } as never);
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect([r.steps[1]!.state.objects['lost']!.power, r.final.objects['lost']!.zone, r.final.objects['lost']!.power]).toEqual([4, 'hand', 1]);
    // "choose a player" choosing P1 counts P1's own creature (the chosen player's, not the opponent's): 1 + 2
    const player = bare(load('208.2a-2026-ex1-lost-order-of-jarkeld.json'));
    player.setup.objects!['lost']!.card.replacement = [{ kind: 'as-enters-choose', choose: 'player', link: 'opp' }];
    player.steps[1]!.choices = { 'choose:lost:opp': 'P1' };
    expect(runScenario(player).steps[1]!.state.objects['lost']!.power).toBe(3);
  });

  it("double-tokens (614.1a) doubles only tokens created under its controller's control", () => {
    const s = load('616.1g-2026-ex1-doubling-season-voice-of-all.json');
    expect(runScenario(s).passed).toBe(true);
    const theirs = bare(s);
    theirs.setup.objects!['season']!.owner = 'P2';
    theirs.steps[0]!.choices = { 'choose:tok:voice': 'blue' };
    const r = runScenario(theirs);
    expect(r.errors).toEqual([]);
    expect(Object.keys(r.final.objects).filter((id) => id.startsWith('tok'))).toEqual(['tok']);
    expect(keywords(r, 'tok')).toContain('protection-from-blue');
  });

  it("others-enter-as-copy (614.1c) applies to what its filter names: an opponent's Essence of the Wild leaves Rusted Sentinel itself, tapped", () => {
    const s = load('616.1f-2026-ex2-essence-of-the-wild.json');
    expect(runScenario(s).passed).toBe(true);
    const theirs = bare(s);
    theirs.setup.objects!['essence']!.owner = 'P2';
    const r = runScenario(theirs);
    expect(r.errors).toEqual([]);
    expect([r.final.objects['sentinel']!.name, r.final.objects['sentinel']!.tapped]).toEqual(['Rusted Sentinel', true]);
  });

  it('exile until source-leaves (610.3): a Priest that left before its ability resolved exiles nothing (610.3b of 2026); one Priest destroyed returns only its card', () => {
    const s = load('610.3d-2026-ex1-two-banisher-priests.json');
    expect(runScenario(s).passed).toBe(true);
    const gone = bare(s);
    gone.steps = [{ do: [{ op: 'move', obj: 'p1', to: 'battlefield' }, { op: 'destroy', obj: 'p1' }, { op: 'pass-all' }], choices: { 'targets:p1': { t: 'c1' } } }] as never;
    const g = runScenario(gone);
    expect(g.errors).toEqual([]);
    expect([g.final.objects['c1']!.zone, g.steps[0]!.rules.includes('610.3b')]).toEqual(['battlefield', true]);
    const one = bare(s);
    one.steps[2] = { do: { op: 'destroy', obj: 'p1' } } as never;
    const o = runScenario(one);
    expect([o.final.objects['c1']!.zone, o.final.objects['c2']!.zone]).toEqual(['battlefield', 'exile']);
  });

  it('create-token-copy ofExiledWith (607.2a): only a card exiled by the exile of the same link counts', () => {
    const s = load('111.12-2026-ex1-mimic-vat.json');
    expect(runScenario(s).passed).toBe(true);
    const otherLink = bare(s);
    const trig = otherLink.setup.objects!['vat']!.card.triggered![0]!;
    (trig.effects[0] as { link?: string }).link = 'another';
    const r = runScenario(otherLink);
    expect(r.errors).toEqual([]);
    expect([r.final.objects['bear']!.zone, r.final.objects['vtok']]).toEqual(['exile', undefined]);
    expect(r.steps[2]!.rules).toContain('111.12');
  });

  it("differentNames (201.2b): with a name, the fourth Demon counts and Liliana's Contract wins; two sharing a name count once", () => {
    const s = load('201.2b-2026-ex1-lilianas-contract.json');
    expect(runScenario(s).passed).toBe(true);
    const named = bare(s);
    named.setup.objects!['fd']!.card.name = 'Kothophed, Soul Hoarder';
    named.steps.push({ do: { op: 'pass-all' } } as never);
    const r = runScenario(named);
    expect(r.errors).toEqual([]);
    expect(r.final.players.P1.won).toBe(true);
    const shared = bare(s);
    shared.setup.objects!['fd']!.card.name = 'Bloodgift Demon';
    shared.steps.push({ do: { op: 'pass-all' } } as never);
    expect(runScenario(shared).final.players.P1.won ?? false).toBe(false);
  });

  it('may-skip-draw (614.10) with a draw cost (118.11 of 2026): skipping still pays; drawing instead takes two cards', () => {
    const s = load('118.11-2026-ex1-psychic-vortex-obstinate-familiar.json');
    expect(runScenario(s).passed).toBe(true);
    const draws = bare(s);
    draws.steps[0]!.choices = { 'pay:vortex': true, 'skip-draw:familiar': false };
    const r = runScenario(draws);
    expect(r.errors).toEqual([]);
    expect([r.final.players.P1.hand, r.final.players.P1.library, r.final.objects['vortex']!.zone]).toEqual([2, 1, 'battlefield']);
    // not paying: Psychic Vortex is sacrificed and nothing is drawn
    const unpaid = bare(s);
    unpaid.steps[0]!.choices = { 'pay:vortex': false };
    const u = runScenario(unpaid);
    expect([u.final.players.P1.hand, u.final.objects['vortex']!.zone]).toEqual([0, 'graveyard']);
  });

  it('cant-enter (614.17d) is checked on the permanent as it would enter: Clone copying a nonland creature enters; without Worms of the Earth it enters as Dryad Arbor', () => {
    const s = load('608.3e-2026-ex1-worms-of-the-earth-clone.json');
    expect(runScenario(s).passed).toBe(true);
    const bear = bare(s);
    bear.setup.objects!['bear'] = { owner: 'P2', zone: 'battlefield', card: { name: 'Grizzly Bears', manaCost: '{1}{G}', types: ['creature'], subtypes: ['Bear'], pt: [2, 2] } };
    bear.steps[0]!.choices = { 'copy:clone': 'bear' };
    const b = runScenario(bear);
    expect(b.errors).toEqual([]);
    expect([b.final.objects['clone']!.zone, b.final.objects['clone']!.name]).toEqual(['battlefield', 'Grizzly Bears']);
    const noWorms = bare(s);
    delete noWorms.setup.objects!['worms'];
    const w = runScenario(noWorms);
    expect([w.final.objects['clone']!.zone, w.final.objects['clone']!.name, w.final.objects['clone']!.types]).toEqual(['battlefield', 'Dryad Arbor', ['land', 'creature']]);
  });

  it('grantStatic (613.7a of 2026): the granted ability follows the later timestamp; without Rune of Flight the Hammer takes flying away; only an Equipment is granted it', () => {
    const s = load('613.7a-2026-ex1-rune-of-flight-colossus-hammer.json');
    expect(runScenario(s).passed).toBe(true);
    const noRune = bare(s);
    delete noRune.setup.objects!['rune'];
    noRune.steps = noRune.steps.slice(1);
    noRune.setup.objects!['bear']!.card.keywords = ['flying'];
    const n = runScenario(noRune);
    expect(n.errors).toEqual([]);
    expect([n.final.objects['bear']!.power, n.final.objects['bear']!.keywords]).toEqual([12, []]);
    // the Hammer not an Equipment: the Rune grants it nothing
    const notEquipment = bare(s);
    notEquipment.setup.objects!['hammer']!.card.subtypes = [];
    expect(runScenario(notEquipment).final.objects['bear']!.keywords).toEqual([]);
  });

  it('combat-damage-to-player (603.2c): one trigger however many creatures deal combat damage to a player, none when none does', () => {
    const s = load('111.11-2026-ex1-disa-tarmogoyf-token.json');
    const r = runScenario(s);
    expect(r.passed).toBe(true);
    expect(r.steps[0]!.entries.filter((l) => l.rules.includes('603.2c')).length).toBe(1);
    // both attackers blocked by P2's walls: no combat damage to a player, no trigger
    const blocked = bare(s);
    for (const id of ['w1', 'w2']) blocked.setup.objects![id] = { owner: 'P2', zone: 'battlefield', card: { types: ['creature'], pt: [0, 5] } };
    (blocked.steps[0]!.do as { op: string; blocks?: unknown }[])[3]!.blocks = [{ blocker: 'w1', attackers: ['a1'] }, { blocker: 'w2', attackers: ['a2'] }];
    const b = runScenario(blocked);
    expect(b.errors).toEqual([]);
    expect([b.final.players.P2.life, b.final.objects['goyf']]).toEqual([20, undefined]);
  });

  it("gainActivatedOf (201.5b of 2026): without the gain there is no third ability; Skithiryx's own regeneration shields Skithiryx", () => {
    const s = load('201.5b-2026-ex1-quicksilver-elemental-skithiryx.json');
    expect(runScenario(s).passed).toBe(true);
    const noGain = bare(s);
    noGain.steps = noGain.steps.slice(1);
    expect(runScenario(noGain).steps[0]!.illegal).toBeDefined();
    const own = bare(s);
    own.setup.objects!['skith']!.owner = 'P1';
    own.steps = [{ do: [{ op: 'activate', by: 'P1', obj: 'skith', ability: 1, payment: { mana: '{B}{B}' } }, { op: 'pass-all' }] }, own.steps[2]!] as never;
    const r = runScenario(own);
    expect(r.errors).toEqual([]);
    expect([r.final.objects['skith']!.zone, r.final.objects['quick']!.zone]).toEqual(['battlefield', 'graveyard']);
  });

  it('cost-reduction on the spell itself with attackedWithThisTurn (601.2f): no attack, no reduction; the count is of this turn only', () => {
    const s = load('608.2i-2026-ex1-search-party-captain.json');
    expect(runScenario(s).passed).toBe(true);
    const noAttack = bare(s);
    (noAttack.steps[0]!.do as { op: string; attackers?: string[] }[])[1]!.attackers = [];
    const r = runScenario(noAttack);
    expect(r.steps[2]!.illegal?.rule).toBe('601.2h');
    const withFour = bare(noAttack);
    (withFour.steps[2]!.do as { op: string; mana?: string; payment?: { mana: string } }[])[0]!.mana = '{C}{C}{C}{W}';
    (withFour.steps[2]!.do as { op: string; mana?: string; payment?: { mana: string } }[])[1]!.payment = { mana: '{C}{C}{C}{W}' };
    expect(runScenario(withFour).steps[2]!.record?.costs?.['captain']).toEqual({ total: '{3}{W}' });
  });

  it('for-each with exile-top and manaValueOf (608.2f of 2026): the order the targets are taken in decides which card counts for which', () => {
    const s = load('608.2f-2026-ex2-soulfire-eruption.json');
    expect(runScenario(s).passed).toBe(true);
    const swapped = bare(s);
    const fe = swapped.setup.objects!['eruption']!.card.spell!.effects[0] as { each: string[] };
    fe.each = ['t2', 't1'];
    const r = runScenario(swapped);
    expect(r.errors).toEqual([]);
    // the creature takes 3 (the top card) and survives; the opponent takes 5
    expect([r.final.objects['c']!.zone, r.final.objects['c']!.damage, r.final.players.P2.life]).toEqual(['battlefield', 3, 15]);
  });

  it('as-enters-exile (614.13a): entering alone, Sutured Ghoul may exile Runeclaw Bear from the graveyard; nothing chosen, it is 0/0', () => {
    const s = load('614.13a-2026-ex1-sutured-ghoul.json');
    expect(runScenario(s).passed).toBe(true);
    const alone = bare(s);
    alone.steps = [{ do: { op: 'move', obj: 'ghoul', to: 'battlefield', by: 'P1' }, choices: { 'exile:ghoul:sutured': ['bear', 'x'] } }] as never;
    const r = runScenario(alone);
    expect(r.errors).toEqual([]);
    expect([r.final.objects['ghoul']!.power, r.final.objects['ghoul']!.toughness, r.final.objects['bear']!.zone]).toEqual([5, 5, 'exile']);
    const none = bare(s);
    none.steps = [{ do: { op: 'move', obj: 'ghoul', to: 'battlefield', by: 'P1' }, choices: { 'exile:ghoul:sutured': [] } }] as never;
    expect(runScenario(none).final.objects['ghoul']!.zone).toBe('graveyard');
  });

  it('as-enters-pay-life and pay-life-exile-instead (614.1a): not paying, it enters tapped; without Ashiok, 2 life; a library too small, the life is paid', () => {
    const s = load('614.13c-2026-ex1-ashiok-breeding-pool.json');
    expect(runScenario(s).passed).toBe(true);
    const run = (f: (x: Scenario) => void) => {
      const v = bare(s);
      f(v);
      const r = runScenario(v);
      expect(r.errors).toEqual([]);
      return [r.final.objects['pool']!.tapped, r.final.players.P1.life, r.final.players.P1.exile.length];
    };
    expect(run((v) => { v.steps[0]!.choices = { 'pay-life:pool': false }; })).toEqual([true, 20, 0]);
    expect(run((v) => { delete v.setup.objects!['ashiok']; })).toEqual([false, 18, 0]);
    expect(run((v) => { delete v.setup.objects!['l2']; delete v.setup.objects!['l3']; })).toEqual([false, 18, 0]);
  });

  it('reveals-first-draw (603.11): a first card that is not a basic land is revealed but triggers nothing', () => {
    const s = load('603.11-2026-ex1-reveal-first-draw.json');
    expect(runScenario(s).passed).toBe(true);
    const other = bare(s);
    other.setup.objects!['f1']!.card = { types: ['sorcery'] };
    const r = runScenario(other);
    expect(r.errors).toEqual([]);
    expect([r.steps[0]!.rules.includes('603.11'), r.steps[0]!.state.stack, r.final.players.P1.hand]).toEqual([true, [], 1]);
  });

  it('put-exiled (607.2a, 607.5 of 2026): before the linked exile has exiled anything, the return ability puts nothing onto the battlefield', () => {
    const s = load('607.5-2026-ex1-quicksilver-arc-slogger-sisters.json');
    expect(runScenario(s).passed).toBe(true);
    const early = bare(s);
    // skip the Sisters' exile: gain their abilities, then activate the return at once
    (early.steps[2]!.do as unknown[]).splice(2, 2);
    const r = runScenario(early);
    expect([r.steps[3]!.illegal, r.steps[3]!.rules.includes('607.2a')]).toEqual([undefined, true]);
    expect([r.final.objects['blk']!.zone, r.final.objects['lc']!.zone]).toEqual(['battlefield', 'exile']);
    expect(r.final.objects['blk']!.controller).toBe('P2');
  });

  it('activated sacrifice cost and "except it has this ability" for an activated ability (706.9a): it can\'t sacrifice itself; without the exception the copy loses the ability', () => {
    const s = load('201.5b-2026-ex3-ever-changing-dane.json');
    expect(runScenario(s).passed).toBe(true);
    const itself = bare(s);
    itself.steps = structuredClone(itself.steps);
    (itself.steps[0]!.do as { sacrifice?: string }[])[0]!.sacrifice = 'dane';
    expect(runScenario(itself).steps[0]!.illegal?.rule).toBe('602.2b');
    const plain = bare(s);
    const ab = plain.setup.objects!['dane']!.card.activated![0]!;
    (ab.effects[0] as { except?: unknown }).except = {};
    const r = runScenario(plain);
    expect([r.steps[0]!.state.objects['dane']!.name, r.steps[1]!.illegal?.rule]).toEqual(['Runeclaw Bear', '602.1']);
  });
});
