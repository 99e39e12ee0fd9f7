/**
 * The format constructs added in issue 23's second part (their scenarios attach to 2026-01-16 examples), each
 * checked beyond its scenario: the same scenario without the construct's card gives the other outcome, so the
 * construct, not the setup, makes the difference.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import type { GameState } from '../../src/engine/types.ts';
import { loadScenario } from '../../scripts/scenario.ts';

const load = (f: string) => loadScenario(`content/scenarios/${f}`).scenario! as Scenario;
/** The scenario with its expectations dropped (to run a variant whose outcome differs). */
const bare = (s: Scenario): Scenario => ({ ...structuredClone(s), steps: s.steps.map((st) => ({ ...st, expect: undefined }) as never) });

describe('constructs of issue 23, part two', () => {
  it("Lich's Mirror (would-lose-game, 614.1a): one replacement for two reasons; without it P1 loses by 704.5a and 704.5b", () => {
    const s = load('704.7-2026-ex1-lichs-mirror.json');
    const r = runScenario(s);
    expect(r.passed).toBe(true);
    // the loss is replaced once, though two state-based actions would each have made P1 lose
    expect(r.steps[0]!.entries.filter((l) => l.rules.includes('614.1a')).length).toBe(1);
    // the same under the rules of 2019 (the life rule is 118.5 there)
    const r19 = runScenario(s, { edition: '2019-01-25' });
    expect([r19.final.players.P1.life, r19.final.players.P1.lost ?? null]).toEqual([20, null]);
    const without = bare(s);
    delete without.setup.objects!['mirror'];
    const w = runScenario(without);
    expect(w.errors).toEqual([]);
    expect(w.final.players.P1.lost).toBe('704.5a');
    expect(w.steps[0]!.rules).toEqual(expect.arrayContaining(['704.5a', '704.5b']));
    expect(w.final.result).toEqual({ winner: 'P2' });
  });

  it('trample over planeswalkers (702.19c of 2026): without it the unblocked 7/7 deals all its damage to the planeswalker (510.1a)', () => {
    const s = load('702.19c-2026-ex1-trample-over-planeswalkers.json');
    expect(runScenario(s).passed).toBe(true);
    const plain = bare(s);
    plain.setup.objects!['big']!.card.keywords = [];
    const r = runScenario(plain);
    // each attacker has one legal assignment (all to the planeswalker), so the damage is dealt as the step begins and
    // no assignment is left to give; P2 loses no life
    expect(r.steps[0]!.rules).toContain('704.5i');
    expect([r.steps[2]!.illegal?.rule, r.steps[3]!.illegal?.rule]).toEqual(['510.1', '510.1']);
    expect(r.final.players.P2.life).toBe(20);
    expect(r.final.objects['pw']!.zone).toBe('graveyard');
  });

  it('a creature attacks only the defending player or a planeswalker that player controls (508.1b)', () => {
    const s = bare(load('702.19c-2026-ex1-trample-over-planeswalkers.json'));
    s.setup.objects!['pw']!.owner = 'P1';
    const r = runScenario(s);
    expect(r.steps[0]!.illegal?.rule).toBe('508.1b');
  });

  it('Dawnglow Infusion (x ifSpent): the original gains X for each of {G} and {W} spent; paid without {W}, X once', () => {
    const s = load('707.10-2026-ex3-dawnglow-infusion-copy.json');
    expect(runScenario(s).passed).toBe(true);
    const noWhite = bare(s);
    noWhite.setup.players!.P1!.pool = '{G}{C}{C}{C}{U}{U}';
    (noWhite.steps[0]!.do as { payment: { mana: string } }).payment.mana = '{G}{C}{C}{C}';
    const r = runScenario(noWhite);
    expect(r.errors).toEqual([]);
    expect(r.final.players.P1.life).toBe(23);
  });

  it('splice (702.47): the splice cost adds to the total cost; only onto a spell of the named subtype', () => {
    const s = load('702.47c-2026-ex1-glacial-ray-splice.json');
    const r = runScenario(s);
    expect(r.passed).toBe(true);
    expect(r.steps[0]!.record?.costs?.['mists']).toEqual({ total: '{1}{U}{R}' });
    // Reach Through Mists without its subtype Arcane: Glacial Ray can't be spliced onto it
    const notArcane = bare(s);
    notArcane.setup.objects!['mists']!.card.subtypes = [];
    expect(runScenario(notArcane).steps[0]!.illegal?.rule).toBe('702.47a');
    // without the splice the blue spell has no target, and Glacial Ray cast alone can't target the creature (702.16)
    const alone = bare(s);
    alone.steps = [{ do: { op: 'cast', by: 'P1', card: 'ray', targets: { any: 'knight' }, payment: { mana: '{C}{R}' } } }] as never;
    expect(runScenario(alone).steps[0]!.illegal?.rule).toBe('601.2c');
  });

  it('Exquisite Archangel (400.6): P1 chooses; state-based action first puts it in the graveyard, and the life total still becomes 20', () => {
    const s = load('400.6-2026-ex1-exquisite-archangel.json');
    expect(runScenario(s).passed).toBe(true);
    const movesFirst = bare(s);
    movesFirst.steps[1]!.choices = { 'sba-order:angel': 'moves-first' };
    const r = runScenario(movesFirst);
    expect(r.errors).toEqual([]);
    expect([r.final.objects['angel']!.zone, r.final.players.P1.life, r.final.players.P1.lost ?? null]).toEqual(['graveyard', 20, null]);
    // no choice given: the run stops and asks for it
    const none = bare(s);
    delete none.steps[1]!.choices;
    expect(runScenario(none).errors.join(' ')).toContain('sba-order:angel');
  });

  it('Darksteel Colossus and Gravebane Zombie (701.24g of 2026): shuffled first, whatever the order given; without the shuffle replacement the Colossus goes to the graveyard', () => {
    const s = load('701.24g-2026-ex1-darksteel-colossus-gravebane-zombie.json');
    expect(runScenario(s).passed).toBe(true);
    // the top of P1's library after the step (from the engine's state: the view gives only a count)
    const top = (sc: Scenario): { top: string | undefined; colossus: string } => {
      let state: GameState | undefined;
      runScenario(sc, { onState: (st) => { state = st; } });
      const lib = Object.values(state!.objects).filter((o) => o.owner === 'P1' && o.zone === 'library').sort((a, b) => a.pos - b.pos);
      return { top: lib[0]?.id, colossus: state!.objects['colossus']!.zone };
    };
    const other = bare(s);
    (other.steps[0]!.do as { obj: string[] }).obj = ['colossus', 'zombie'];
    expect(top(other)).toEqual({ top: 'zombie', colossus: 'library' });
    const plain = bare(s);
    plain.setup.objects!['colossus']!.card.replacement = [];
    expect(top(plain)).toEqual({ top: 'zombie', colossus: 'graveyard' });
  });

  it("Loaming Shaman (701.24d of 2026): the targeted player's library is shuffled with no card; without the player, nothing is", () => {
    const s = load('701.24d-2026-ex1-loaming-shaman.json');
    const r = runScenario(s);
    expect(r.passed).toBe(true);
    expect(r.steps[1]!.rules).toEqual(expect.arrayContaining(['701.24d', '701.24a']));
    const noPlayer = bare(s);
    const trig = noPlayer.setup.objects!['shaman']!.card.triggered![0]!;
    trig.effects = [{ op: 'shuffle-into-library', obj: [] }] as never;
    expect(runScenario(noPlayer).steps[1]!.rules).not.toContain('701.24a');
  });
});
