/**
 * The format constructs added in issue 23's third part for rules 300-399, 500-599 and 700-799 (their scenarios attach
 * to 2026-01-16 examples), each checked beyond its scenario: a variant without the construct, or at its edge, gives
 * the other outcome, so the construct, not the setup, makes the difference.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import { loadScenario } from '../../scripts/scenario.ts';

const load = (f: string) => loadScenario(`content/scenarios/${f}`).scenario! as Scenario;
/** The scenario with its expectations dropped (to run a variant whose outcome differs). */
const bare = (s: Scenario): Scenario => ({ ...structuredClone(s), steps: s.steps.map((st) => ({ ...st, expect: undefined }) as never) });

describe('constructs of issue 23, part three', () => {
  it('intrinsic mana abilities (305.6): numbered after the listed ones, one per basic land type; none for a nonland', () => {
    const s = bare(load('305.5-2026-ex1-basic-land-mountain.json'));
    const card = s.setup.objects!['mountain']!.card;
    card.subtypes = ['Forest', 'Mountain'];
    card.activated = [{ tap: true, effects: [{ op: 'gain-life', player: 'you', n: 1 }] }];
    s.steps = [{ do: { op: 'tap-for-mana', by: 'P1', obj: 'mountain', ability: 2 } }] as never;
    let r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(r.final.players.P1.pool).toBe('{R}');
    // a Mountain that isn't a land (an artifact with the subtype, as a scenario may write) has no such ability
    card.types = ['artifact'];
    card.activated = [];
    s.steps = [{ do: { op: 'tap-for-mana', by: 'P1', obj: 'mountain' } }] as never;
    r = runScenario(s);
    expect(r.steps[0]!.illegal?.rule).toBe('602.1');
  });

  it('changeling (702.73a): every creature type, not a land type; an effect setting the creature types ends it', () => {
    const s = bare(load('707.9d-2026-ex2-glasspool-mimic-changeling.json'));
    // static abilities (their affected set is not locked in, 611.3a): Merfolk get +1/+1, Forests get +0/+5
    s.setup.objects!['lord'] = { owner: 'P2', zone: 'battlefield', card: { name: 'Anthem', types: ['enchantment'], static: [
      { affects: { types: ['creature'], subtypes: ['Merfolk'] }, delta: [1, 1] },
      { affects: { types: ['creature'], subtypes: ['Forest'] }, delta: [0, 5] },
    ] } };
    s.steps = [
      { do: { op: 'query', what: 'characteristics', obj: 'outcast' } },
      { do: { op: 'create-effect', effect: { affects: 'outcast', setSubtypes: ['Frog'] } } },
    ] as never;
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    const pt = (i: number, id = 'outcast') => { const o = r.steps[i]!.state.objects[id]!; return [o.power, o.toughness]; };
    expect(pt(0)).toEqual([2, 2]); // a Merfolk, not a Forest
    expect(pt(0, 'bear')).toEqual([2, 2]); // the Bear is neither
    expect(pt(1)).toEqual([1, 1]); // a Frog only: no longer a Merfolk (205.1b)
    // without the keyword, no Merfolk
    const plain = bare(s);
    plain.setup.objects!['outcast']!.card.keywords = [];
    expect(runScenario(plain).steps[0]!.state.objects['outcast']!.power).toBe(1);
  });

  it('copy exceptions if a creature (707.9f): Moritte copying a creature enters with two +1/+1 counters and changeling', () => {
    const s = bare(load('707.9f-2026-ex1-moritte-copies-animated-land.json'));
    s.setup.objects!['bear'] = { owner: 'P1', zone: 'battlefield', card: { name: 'Runeclaw Bear', manaCost: '{1}{G}', types: ['creature'], subtypes: ['Bear'], pt: [2, 2] } };
    s.steps = [{ ...s.steps[1]!, choices: { 'copy:moritte': 'bear' } }];
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    const m = r.final.objects['moritte']!;
    expect([m.name, m.zone, m.power, m.toughness, m.counters['+1/+1'], m.keywords]).toEqual(['Runeclaw Bear', 'battlefield', 4, 4, 2, ['changeling']]);
  });

  it('bestow: an illegal target makes it a creature spell (702.103e); unattached, it ceases to be bestowed (702.103f)', () => {
    const s = bare(load('702.103d-2026-ex1-aether-storm-bestow.json'));
    delete s.setup.objects!['storm'];
    const cast = s.steps[1]!;
    // the Bear leaves before the bestowed spell resolves: the Naiad resolves as a 2/2 creature, unattached
    s.steps = [cast, { do: { op: 'destroy', obj: 'bear' } }, { do: { op: 'pass-all' } }] as never;
    let r = runScenario(s);
    expect(r.errors).toEqual([]);
    let n = r.final.objects['naiad']!;
    expect([n.zone, n.types, n.power, n.attachedTo]).toEqual(['battlefield', ['enchantment', 'creature'], 2, undefined]);
    expect(r.steps[2]!.rules).toContain('702.103e');
    // attached, then the Bear is destroyed: the Naiad stays on the battlefield as a creature (not 704.5m)
    s.steps = [cast, { do: { op: 'pass-all' } }, { do: { op: 'destroy', obj: 'bear' } }] as never;
    r = runScenario(s);
    expect(r.errors).toEqual([]);
    n = r.final.objects['naiad']!;
    expect([n.zone, n.types, n.power]).toEqual(['battlefield', ['enchantment', 'creature'], 2]);
    expect(r.steps[2]!.rules).toContain('702.103f');
    expect(r.steps[2]!.rules).not.toContain('704.5m');
    // a card without bestow can't be cast bestowed
    delete s.setup.objects!['naiad']!.card.bestow;
    s.steps = [cast] as never;
    expect(runScenario(s).steps[0]!.illegal?.rule).toBe('702.103a');
  });

  it('echo {X} (702.1b, 702.30a): X is the life total as the ability resolves; not paid, the permanent is sacrificed', () => {
    const s = bare(load('702.1b-2026-ex1-volcano-hellion-echo.json'));
    (s.steps[2]!.do as { n: number }).n = 3;
    s.steps[3]!.choices = { 'pay:hellion': false };
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(r.steps[3]!.record?.costs['hellion']).toEqual({ total: '{7}', x: 7 });
    expect(r.final.objects['hellion']!.zone).toBe('graveyard');
    expect(r.steps[3]!.rules).toContain('702.30a');
    // under P1's control from the start (not since their last upkeep): no trigger
    const old = bare(load('702.1b-2026-ex1-volcano-hellion-echo.json'));
    old.setup.objects!['hellion']!.zone = 'battlefield';
    old.steps = [old.steps[1]!];
    expect(runScenario(old).final.stack).toEqual([]);
  });

  it('flashback (702.34a): only from the graveyard with the ability; cast from the hand, the card is shuffled into the library', () => {
    const s = bare(load('701.24c-2026-ex2-black-suns-zenith-flashback.json'));
    const none = bare(s);
    delete none.setup.objects!['zenith']!.card.flashback;
    expect(runScenario(none).steps[0]!.illegal?.rule).toBe('601.2');
    const fromHand = bare(s);
    fromHand.setup.objects!['zenith']!.zone = 'hand';
    const r = runScenario(fromHand);
    expect(r.errors).toEqual([]);
    expect(r.steps[0]!.record?.costs['zenith']).toEqual({ total: '{1}{B}{B}', x: 1 });
    expect([r.final.objects['zenith']!.zone, r.final.players.P1.library]).toEqual(['library', 4]);
    expect(r.steps[1]!.rules).not.toContain('702.34a');
    // from the graveyard the flashback cost is paid, not the mana cost
    const cheap = bare(s);
    cheap.setup.objects!['zenith']!.card.flashback = '{X}{B}';
    (cheap.steps[0]!.do as { payment: { mana: string } }).payment.mana = '{B}{B}';
    expect(runScenario(cheap).steps[0]!.record?.costs['zenith']).toEqual({ total: '{1}{B}', x: 1 });
  });

  it('expend N (700.14): triggers once, on the payment that takes the mana spent this turn from below N to at least N', () => {
    const s = bare(load('700.14-2026-ex1-bark-knuckle-boxer-expend.json'));
    s.setup.objects!['boxer']!.zone = 'battlefield';
    s.setup.players!.P1!.pool = '{U}{U}{U}{U}{U}{U}{U}{U}{U}';
    const div = s.setup.objects!['divination']!;
    div.card.types = ['instant']; // cast one on another: nothing resolves, nothing ends the step
    s.setup.objects!['div2'] = structuredClone(div);
    s.setup.objects!['div3'] = structuredClone(div);
    const cast = (card: string) => ({ op: 'cast', by: 'P1', card, payment: { mana: '{U}{U}{U}' } });
    s.steps = [{ do: cast('divination') }, { do: cast('div2') }, { do: cast('div3') }] as never;
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    // 0 → 3: no; 3 → 6: yes; 6 → 9: no
    expect(r.steps.map((st) => st.rules.includes('700.14'))).toEqual([false, true, false]);
  });

  it('sunburst (702.44a-b): colors, not mana, counted; none when no colored mana is spent or it enters otherwise', () => {
    const s = bare(load('702.44c-2026-ex1-modular-sunburst.json'));
    const two = bare(s);
    two.setup.players!.P1!.pool = '{G}{G}{G}{U}{C}{C}';
    (two.steps[0]!.do as { payment: { mana: string } }[])[0]!.payment.mana = '{G}{G}{G}{U}{C}{C}';
    two.steps = [two.steps[0]!];
    expect(runScenario(two).final.objects['wanderer']!.counters).toEqual({ '+1/+1': 2 });
    const moved = bare(s);
    moved.steps = [{ do: { op: 'move', obj: 'wanderer', to: 'battlefield' }, choices: { 'targets:wanderer': { t: 'thopter' } } }] as never;
    const r = runScenario(moved);
    expect(r.errors).toEqual([]);
    // no counters: a 0/0, put into the graveyard by state-based actions (704.5f)
    expect(r.final.objects['wanderer']!.zone).toBe('graveyard');
    expect(r.steps[0]!.rules).toContain('702.44b');
  });

  it('station (702.184a, c): the power without a station-by-toughness effect; only as a sorcery', () => {
    const s = bare(load('702.184c-2026-ex1-tapestry-warden-station.json'));
    const plain = bare(s);
    delete plain.setup.objects!['warden']!.card.static;
    plain.steps = [plain.steps[0]!];
    const r = runScenario(plain);
    expect(r.errors).toEqual([]);
    expect(r.final.objects['ship']!.counters).toEqual({}); // a 0/4 stations with its power, 0
    expect(r.final.objects['wall']!.tapped).toBe(true);
    const combat = bare(s);
    combat.setup.turn.step = 'beginning-of-combat';
    combat.steps = [combat.steps[0]!];
    expect(runScenario(combat).steps[0]!.illegal?.rule).toBe('702.184a');
  });

  it('aura swap (702.65a): with its own Aura and a card that can enchant the creature, the two are exchanged', () => {
    const s = bare(load('702.65b-2026-ex2-aura-swap-not-owned.json'));
    s.setup.objects!['wings']!.owner = 'P1';
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    const o = r.final.objects;
    expect([o['wings']!.zone, o['strength']!.zone, o['strength']!.attachedTo, o['bear']!.power, o['bear']!.toughness, o['bear']!.keywords]).toEqual(['hand', 'battlefield', 'bear', 3, 4, []]);
  });

  it('waterbend (701.67a): each tapped artifact or creature pays one generic mana of it; a land can\'t', () => {
    const s = bare(load('701.67b-2026-ex1-spirit-water-revival-waterbend.json'));
    s.setup.players!.P1!.pool = '{U}{U}{U}{U}{U}{U}';
    s.setup.objects!['land'] = { owner: 'P1', zone: 'battlefield', card: { name: 'Island', supertypes: ['basic'], types: ['land'], subtypes: ['Island'] } };
    s.steps = [
      { do: { op: 'cast', by: 'P1', card: 'revival', waterbend: ['land'], payment: { mana: '{U}{U}{U}{U}{U}{U}' } } },
      { do: { op: 'cast', by: 'P1', card: 'revival', waterbend: ['t1', 't2', 't3'], payment: { mana: '{U}{U}{U}{U}{U}{U}' } } },
    ] as never;
    const r = runScenario(s);
    expect(r.steps[0]!.illegal?.rule).toBe('701.67a');
    expect(r.steps[1]!.illegal).toBeUndefined();
    // {7}{U}{U} with three tapped: {4}{U}{U} paid with six blue mana
    expect([r.final.objects['revival']!.zone, r.final.players.P1.pool, r.final.objects['t3']!.tapped, r.final.objects['t4']!.tapped]).toEqual(['stack', '', true, false]);
  });

  it('modal spells (700.2a): a mode must be chosen; the spell has only that mode\'s targets and text', () => {
    const s = bare(load('707.10-2026-ex1-fork-emerald-charm.json'));
    const cast = s.steps[1]!.do as { mode?: number; targets: Record<string, string> };
    s.steps = [{ do: { ...cast, mode: undefined } }, { do: { ...cast, mode: 0 } }, { do: { op: 'pass-all' } }] as never;
    const r = runScenario(s);
    expect(r.steps[0]!.illegal?.rule).toBe('700.2a');
    // the first mode untaps its target and does nothing about flying
    expect(r.final.objects['angel']!.keywords).toContain('flying');
    expect(r.final.objects['charm']!.zone).toBe('graveyard');
  });

  it('devotion (700.5): hybrid symbols count; permanents of other players don\'t', () => {
    const s = bare(load('700.5a-2026-ex1-purphoros-altar-devotion.json'));
    s.steps = [s.steps[0]!];
    const types = (x: Scenario) => runScenario(x).final.objects['purphoros']!.types;
    s.setup.objects!['ball']!.card.manaCost = '{R/W}{R/W}{R/W}';
    expect(types(s)).toEqual(['enchantment', 'creature']);
    s.setup.objects!['ball']!.owner = 'P2';
    expect(types(s)).toEqual(['enchantment']);
  });

  it('additional upkeep steps (500.10a): none when it isn\'t the turn of the player who gets them', () => {
    const s = bare(load('500.10-2026-ex1-obeka-additional-upkeeps.json'));
    s.steps = [{ do: [{ op: 'additional-upkeeps', by: 'P2', n: 2 }, { op: 'pass-all' }] }] as never;
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(r.steps[0]!.rules).toContain('500.10a');
    expect(r.final.turn.step).toBe('beginning-of-combat');
    // P1's own: after the first main phase comes an upkeep step (Phyrexian Arena triggers in it), then combat
    s.steps = [{ do: [{ op: 'additional-upkeeps', by: 'P1', n: 1 }, { op: 'pass-all' }] }, { do: [{ op: 'pass-all' }, { op: 'pass-all' }] }] as never;
    const own = runScenario(s);
    expect([own.steps[0]!.state.turn.step, own.final.turn.step]).toEqual(['upkeep', 'beginning-of-combat']);
  });

  it('an indestructible creature with lethal damage stays, and state-based actions stop (702.12b; was a loop)', () => {
    const s = bare(load('700.14-2026-ex1-bark-knuckle-boxer-expend.json'));
    s.setup.objects!['boxer']!.zone = 'battlefield';
    s.setup.objects!['boxer']!.damage = 5;
    s.setup.objects!['boxer']!.card.keywords = ['indestructible'];
    s.steps = [{ do: { op: 'check-sba' } }] as never;
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(r.final.objects['boxer']!.zone).toBe('battlefield');
    // without indestructible it is destroyed (704.5g)
    s.setup.objects!['boxer']!.card.keywords = [];
    expect(runScenario(s).final.objects['boxer']!.zone).toBe('graveyard');
  });

  it('share-keywords (702.1c): only abilities some creature of the controller has; none at all, nothing gained', () => {
    const s = bare(load('702.1c-2026-ex1-concerted-effort.json'));
    s.steps = [s.steps[0]!, s.steps[1]!];
    s.setup.objects!['walker']!.card.keywords = [];
    s.setup.objects!['knight']!.card.keywords = [];
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(r.final.objects['bear']!.keywords).toEqual([]);
    expect(r.steps[1]!.rules).toContain('702.1c');
  });

  it('exile-same-name (701.23a-b): by default every card with the name is found; a name chosen from the hand is searched for', () => {
    const s = bare(load('701.23b-2026-ex1-splinter-search.json'));
    delete s.steps[0]!.choices;
    const r = runScenario(s);
    expect(r.errors).toEqual([]);
    expect(['mine2', 'mine3', 'mine4'].map((id) => r.final.objects[id]!.zone)).toEqual(['exile', 'exile', 'exile']);
    const lob = bare(load('701.23c-2026-ex1-lobotomy-empty-hand.json'));
    lob.setup.objects!['bear2'] = { owner: 'P2', zone: 'hand', card: structuredClone(lob.setup.objects!['bear']!.card) };
    lob.steps[0]!.choices = { 'name:lobotomy': 'bear2' };
    const l = runScenario(lob);
    expect(l.errors).toEqual([]);
    expect([l.final.objects['bear']!.zone, l.final.objects['bear2']!.zone]).toEqual(['exile', 'exile']);
  });
});
