/**
 * The format constructs added in issue 23's second part (their scenarios attach to 2026-01-16 examples), each
 * checked beyond its scenario: the same scenario without the construct's card gives the other outcome, so the
 * construct, not the setup, makes the difference.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../../src/engine/index.ts';
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
});
