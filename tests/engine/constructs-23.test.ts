/**
 * The format constructs added by issue 23, under the rules of 2019-01-25 (their scenarios attach to 2026 examples):
 * copies of spells (copy-spell, 706.10), casting prohibitions (the rules mod cant-cast, 601.3/601.3a) and reflexive
 * triggers after a cost paid on resolution (reflexive, 603.12; if-you-do with a chosen sacrifice). The rule
 * numbers differ between the editions: 2019 cites 601.3 for both the prohibition and the proposal that ends
 * prohibited (2026 splits them into 601.3 and 601.5).
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
import { loadScenario } from '../../scripts/scenario.ts';

const load = (f: string) => loadScenario(`content/scenarios/${f}`).scenario! as Scenario;

describe('constructs of issue 23 under the 2019 rules', () => {
  it('Void Winnower: the same steps are illegal under 601.3 in 2019 (601.3 and 601.5 in 2026)', () => {
    const s = load('601.3a-2026-ex1-void-winnower.json');
    const r19 = runScenario(s, { edition: '2019-01-25' });
    expect(r19.steps.map((st) => st.illegal?.rule ?? null)).toEqual(['601.3', '601.3', null]);
    const r26 = runScenario(s, { edition: '2026-01-16' });
    expect(r26.steps.map((st) => st.illegal?.rule ?? null)).toEqual(['601.3', '601.5', null]);
    expect(r26.passed).toBe(true);
    // X = 3: mana value 5, odd, so Rolling Thunder resolves and deals 3
    expect(r19.final.players.P2.life).toBe(17);
  });

  it('a copy of Fling (706.10 in 2019): the same damage twice, and the copy leaves no card behind', () => {
    const s = load('707.10-2026-ex2-fling-copy.json');
    const r = runScenario(s, { edition: '2019-01-25' });
    expect(r.errors).toEqual([]);
    expect(r.final.players.P2.life).toBe(14);
    expect(r.steps[2]!.rules).toContain('706.10');
    expect(r.steps[3]!.rules).toEqual(expect.arrayContaining(['608.2g', '704.5e']));
    // only the three cards are in P1's graveyard: the copy was not a card
    expect(r.final.players.P1.graveyard).toEqual(['ogre', 'twincast', 'fling']);
  });

  it('Heart-Piercer Manticore (603.12): sacrificing triggers the reflexive ability; declining it triggers nothing', () => {
    const s = load('603.12-2026-ex1-heart-piercer-manticore.json');
    const r = runScenario(s, { edition: '2019-01-25' });
    expect(r.errors).toEqual([]);
    expect(r.final.players.P2.life).toBe(17);
    const declined = structuredClone(s);
    declined.steps[1]!.choices = { sacrifice: null };
    declined.steps = declined.steps.slice(0, 2).map((st) => ({ ...st, expect: undefined }) as never);
    const d = runScenario(declined, { edition: '2019-01-25' });
    expect(d.errors).toEqual([]);
    expect(d.final.objects['ogre']!.zone).toBe('battlefield');
    expect(d.final.stack).toEqual([]);
    expect(d.steps[1]!.rules).not.toContain('603.12');
  });
});
