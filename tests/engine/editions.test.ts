/**
 * Scenarios in every edition they are attached to: each attachment names the same example (found by its text, not
 * its number), and each scenario passes every expectation under the rules the widget runs on that edition's pages.
 */
import { expect } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { runScenario } from '../../src/engine/index.ts';
import { examplesOf, exampleSimilarity, matchExamples, MATCH_THRESHOLD } from '../../src/engine/example-match.ts';
import { runEditionFor } from '../../src/sandbox/model.ts';
import { EN, parseFile } from '../helpers.ts';
import { SHARED, needs } from '../inputs.ts';

// Every test here reads the English editions of the mirror: skipped locally without it, failing under CI.
const { describe, it } = needs(SHARED);

const scenarios = scenarioFiles().map((f) => {
  const l = loadScenario(f);
  if (!l.scenario) throw new Error(l.errors.join('\n'));
  return l.scenario;
});

const doc17 = SHARED.present ? parseFile(EN('2017-01-19')) : null; // published 2017-01-19, effective 2017-01-20
const doc19 = SHARED.present ? parseFile(EN('2019-01-25')) : null;
const doc26 = SHARED.present ? parseFile(EN('2026-01-16')) : null;
const ex17 = doc17 ? examplesOf(doc17) : [];
const ex19 = doc19 ? examplesOf(doc19) : [];
const ex26 = doc26 ? examplesOf(doc26) : [];
const matches = matchExamples(ex19, ex26);
/** 2019 example → the 2017-01-20 example it was (the edition of the Korean chapter posts). */
const earlier = matchExamples(ex19, ex17);
const key = (rule: string, n: number) => `${rule}#${n}`;

describe('finding an example in another edition by its text', () => {
  it('reads every example of both editions', () => {
    // 243 and 276: the counts in ../shared/design/engine-sandbox.md §0 and §1, found there by splitting the raw
    // files on lines that start with "Example:" (an independent extraction).
    expect(ex19.length).toBe(243);
    expect(ex26.length).toBe(276);
    // 242: lines of the raw 2017-01-19 file that start with "Example:" (counted with a regex over the file)
    expect(ex17.length).toBe(242);
  });

  it('matches moved and reworded examples and leaves removed ones alone', () => {
    expect(matches.get('613.3e#1')?.to).toEqual({ rule: '613.4d', ordinal: 1 }); // layer 7e → 7d
    expect(matches.get('704.7#1')?.to).toEqual({ rule: '704.8', ordinal: 1 });
    expect(matches.get('119.4c#2')?.to).toEqual({ rule: '120.4d', ordinal: 2 });
    expect(matches.get('601.2c#1')?.to).toEqual({ rule: '601.2c', ordinal: 1 });
    // damage assignment order was removed in 2024: these examples have no 2026 counterpart
    for (const k of ['509.2#1', '510.1c#1', '510.1c#2', '510.1c#3', '510.1c#4', '510.2#1']) expect(matches.has(k), k).toBe(false);
    // no 2026 example is claimed twice
    const targets = [...matches.values()].map((m) => key(m.to.rule, m.to.ordinal));
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('scores identical text 1 and unrelated text low', () => {
    const t = 'Example: Gray Ogre is a 2/2 creature.';
    expect(exampleSimilarity(t, t)).toBe(1);
    expect(exampleSimilarity(t, 'Example: A player casts Lightning Bolt targeting a planeswalker.')).toBeLessThan(MATCH_THRESHOLD);
    // the 2026 terminology reads as the 2019 one
    expect(exampleSimilarity('Its converted mana cost is 3 and it enters the battlefield tapped.', 'Its mana value is 3 and it enters tapped.')).toBe(1);
  });
});

describe('scenario attachments across editions', () => {
  it('attaches every scenario to the 2026-01-16 example its 2019-01-25 example became, and to nothing else', () => {
    for (const s of scenarios) {
      const want = s.attach.filter((a) => a.edition === '2019-01-25').map((a) => matches.get(key(a.rule, a.example))).filter((m) => !!m).map((m) => key(m.to.rule, m.to.ordinal));
      const got = s.attach.filter((a) => a.edition === '2026-01-16').map((a) => key(a.rule, a.example));
      const only2026 = s.attach.every((a) => a.edition !== '2019-01-25');
      if (only2026) expect(got.length, s.id).toBeGreaterThan(0); // a scenario written for a 2026-only example
      else expect(got.sort(), s.id).toEqual(want.sort());
    }
  });

  it('attaches every scenario to the 2017-01-20 example its 2019-01-25 example was, run under the 2019 rules', () => {
    let attached = 0;
    for (const s of scenarios) {
      const want = s.attach.filter((a) => a.edition === '2019-01-25').map((a) => earlier.get(key(a.rule, a.example))).filter((m) => !!m).map((m) => key(m.to.rule, m.to.ordinal));
      const got = s.attach.filter((a) => a.edition === '2017-01-20');
      expect(got.map((a) => key(a.rule, a.example)).sort(), s.id).toEqual(want.sort());
      // the engine has no 2017 rules profile: the nearest, 2019-01-25's, runs (the widget says so)
      for (const a of got) expect(runEditionFor(s, a.edition), s.id).toBe('2019-01-25');
      attached += got.length;
    }
    // all but one of the 111 scenarios attached to 2019-01-25 (110, and 106.7#1's Exotic Orchard from issue 23):
    // 107.1b example 3 (Chameleon Colossus) is not in the 2017 edition, which has two examples under 107.1b
    expect(attached).toBe(110);
    expect(ex17.filter((e) => e.rule === '107.1b').length).toBe(2);
    // renumbered between 2017 and 2019 (rule 701.9 became 701.10, 701.18 became 701.19): the text finds them, the
    // number would not; and one moved to another part (2019 700.7, "this [something]", was 2017 201.5)
    expect(earlier.get('701.10a#1')?.to).toEqual({ rule: '701.9a', ordinal: 1 });
    expect(earlier.get('701.19c#1')?.to).toEqual({ rule: '701.18c', ordinal: 1 });
    expect(earlier.get('700.7#1')?.to).toEqual({ rule: '201.5', ordinal: 1 });
  });

  it('every attachment names an existing example of its edition', () => {
    const have = { '2017-01-20': new Set(ex17.map((e) => key(e.rule, e.ordinal))), '2019-01-25': new Set(ex19.map((e) => key(e.rule, e.ordinal))), '2026-01-16': new Set(ex26.map((e) => key(e.rule, e.ordinal))) } as Record<string, Set<string>>;
    for (const s of scenarios) for (const a of s.attach) expect(have[a.edition]?.has(key(a.rule, a.example)), `${s.id}: ${a.edition} ${a.rule}#${a.example}`).toBe(true);
  });

  // one run per scenario and rules profile, naming the pages it serves (2017 and 2019 pages both run the 2019 rules)
  const runs = scenarios.flatMap((s) => [...new Set(s.attach.map((a) => runEditionFor(s, a.edition)))].map((edition) => ({
    s, edition, pages: s.attach.filter((a) => runEditionFor(s, a.edition) === edition).map((a) => `${a.edition} ${a.rule}#${a.example}`).join(', '),
  })));
  for (const { s, edition, pages } of runs) {
    it(`${s.id} on ${pages} (rules ${edition})`, () => {
      const r = runScenario(s, { edition });
      expect(r.edition).toBe(edition);
      expect(r.errors).toEqual([]);
      expect(r.expectations.filter((e) => !e.passed)).toEqual([]);
      expect(r.expectations.length).toBeGreaterThan(0);
      // citations are in the numbering of the edition that was run
      const rules = new Set((edition === '2026-01-16' ? doc26 : doc19)!.rules.map((x) => x.number));
      for (const st of r.steps) {
        for (const e of st.entries) for (const rule of e.rules) expect(rules.has(rule), `cites ${rule}`).toBe(true);
        if (st.illegal) expect(rules.has(st.illegal.rule), `illegal cites ${st.illegal.rule}`).toBe(true);
      }
    });
  }
});
