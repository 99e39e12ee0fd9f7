/**
 * The relevance sets (content/search/relevance.{lang}.json): their make-up as issue 22 asks it, and
 * the thresholds the instant box must keep on them.
 */
import { expect } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { atEdition, editionsToMeasure, evaluate, matches, readRelevance, summarize, twoJudges } from '../../scripts/bench/relevance.ts';
import { nodeSession } from '../../scripts/search-session.ts';

// Every test here reads the rules mirror: skipped locally without it, failing under CI (tests/inputs.ts).
const { describe, it } = needs(SHARED);

/** The query kinds issue 13 measured (its thresholds stay: recall@10 ≥ 0.97, MRR ≥ 0.93). */
const ISSUE_13 = new Set(['number', 'keyword', 'action', 'concept', 'definition', 'inflected', 'synonym', 'katakana', 'prefix', 'cross']);

describe('relevance', () => {
  it('expectations: 702.1* does not take 702.10', () => {
    expect(matches('702.1a', '702.1*')).toBe(true);
    expect(matches('702.10', '702.1*')).toBe(false);
    expect(matches('704.5j', '704*')).toBe(true);
    expect(matches('7040', '704*')).toBe(false);
  });

  it('a set moves to the current edition through the history, never by bare number', () => {
    // 2019's 119.4 (damage) is 2026's 120.4 (README, "Current editions"); 2026's 119.4 is another rule
    // (life). A typed number asks for the rule with that number in the edition shown.
    const set = {
      lang: 'ja' as const,
      edition: '2019-01-25',
      cases: [
        { q: 'ダメージ', expect: ['119.4', '119.3*'], kind: 'keyword' as const, part: 'tuned' as const },
        { q: '119.4', expect: ['119.4'], kind: 'number' as const, part: 'tuned' as const },
      ],
    };
    const { set: moved, dropped } = atEdition(set, '2026-01-16');
    expect(moved.edition).toBe('2026-01-16');
    expect(moved.cases.map((c) => c.expect)).toEqual([['120.4', '120.3*'], ['119.4']]);
    expect(dropped).toEqual([]);
  });

  it("a second judge's answers travel with the case, and both judges' answers count together", () => {
    const set = {
      lang: 'ja' as const,
      edition: '2019-01-25',
      cases: [
        { q: 'ダメージ', expect: ['119.4'], second: ['119.3', '119.4'], kind: 'natural' as const, part: 'heldout' as const },
        { q: 'ライフ', expect: ['118.1'], kind: 'natural' as const, part: 'tuned' as const },
      ],
    };
    const { set: moved } = atEdition(set, '2026-01-16');
    // 2019's 119.3 and 119.4 (damage) are 2026's 120.3 and 120.4; 2019's 118.1 (life) is 2026's 119.1.
    expect(moved.cases.map((c) => [c.expect, c.second])).toEqual([[['120.4'], ['120.3', '120.4']], [['119.1'], undefined]]);
    expect(twoJudges(moved).cases.map((c) => c.expect)).toEqual([['120.4', '120.3'], ['119.1']]);
    expect(twoJudges(set).cases.map((c) => c.expect)).toEqual([['119.4', '119.3'], ['118.1']]);
  });

  it('ja and ko are measured on the translation and on the current edition /ja/ and /ko/ show', () => {
    expect(editionsToMeasure(readRelevance('ja'))).toEqual(['2019-01-25', '2026-01-16']);
    expect(editionsToMeasure(readRelevance('ko'))).toEqual(['2019-01-25', '2026-01-16']);
    expect(editionsToMeasure(readRelevance('en'))).toEqual(['2026-01-16']);
  });

  for (const lang of ['en', 'ja', 'ko'] as const) {
    it(`${lang}: a second judge answered every held-out and retired case and no tuned one, with rules of the set's edition`, () => {
      const set = readRelevance(lang);
      expect(set.cases.filter((c) => (c.part === 'tuned') === !!c.second)).toEqual([]);
      const session = nodeSession(lang, set.edition);
      expect(set.cases.flatMap((c) => (c.second ?? []).filter((e) => session.native.recordIndex(e.replace(/\*$/, '')) === undefined))).toEqual([]);
    });
  }

  for (const lang of ['ja', 'ko'] as const) {
    it(`${lang}: every expectation followed to the current edition names a rule of it`, () => {
      const set = readRelevance(lang);
      const { set: moved, dropped } = atEdition(set, '2026-01-16');
      const session = nodeSession(lang, '2026-01-16');
      const missing = moved.cases.flatMap((c) => [...c.expect, ...(c.second ?? [])].filter((e) => session.native.recordIndex(e.replace(/\*$/, '')) === undefined).map((e) => `${c.q} → ${e}`));
      expect(missing).toEqual([]);
      // Left out: a query whose every expected rule has no 2026 counterpart (at most a handful).
      expect(dropped.length).toBeLessThanOrEqual(3);
      expect(moved.cases.length + dropped.length).toBe(set.cases.length);
    });

    it(`${lang}: the current edition (/${lang}/) keeps issue 13's thresholds too (recall@10 ≥ 0.97, MRR ≥ 0.93)`, async () => {
      const m = await evaluate(lang, atEdition(readRelevance(lang), '2026-01-16').set);
      const old = m.outcomes.filter((o) => o.part === 'tuned' && ISSUE_13.has(o.kind));
      const s = summarize(old.map((o) => o.rank));
      expect(s.recall10, `missed: ${old.filter((o) => o.rank === null).map((o) => o.q).join(', ')}`).toBeGreaterThanOrEqual(0.97);
      expect(s.mrr).toBeGreaterThanOrEqual(0.93);
    });
  }

  for (const lang of ['en', 'ja', 'ko'] as const) {
    it(`${lang}: ≥ 250 queries, ≥ 60 questions, ≥ 30 misspellings, ≥ 30 card queries, a held-out part of each`, () => {
      const set = readRelevance(lang);
      const count = (kind: string, part?: string) => set.cases.filter((c) => c.kind === kind && (!part || c.part === part)).length;
      expect(set.cases.length).toBeGreaterThanOrEqual(250);
      expect(count('natural')).toBeGreaterThanOrEqual(60);
      expect(count('typo')).toBeGreaterThanOrEqual(30);
      expect(count('card')).toBeGreaterThanOrEqual(30);
      for (const kind of ['natural', 'typo', 'card']) expect(count(kind, 'heldout'), kind).toBeGreaterThanOrEqual(5);
    });

    it(`${lang}: every expected rule exists in the set's edition`, async () => {
      const set = readRelevance(lang);
      const session = nodeSession(lang, set.edition);
      const missing = set.cases.flatMap((c) => c.expect.filter((e) => !e.startsWith('g-') && session.native.recordIndex(e.replace(/\*$/, '')) === undefined).map((e) => `${c.q} → ${e}`));
      expect(missing).toEqual([]);
    });

    it(`${lang}: misspellings and IME misconversions find their term (tuned part, recall@10 ≥ 0.9)`, async () => {
      // Issue 22: Japanese and Korean slips should be found "as English ones already do" (9 of 9 then).
      const m = await evaluate(lang);
      const typos = m.outcomes.filter((o) => o.part === 'tuned' && o.kind === 'typo');
      const misses = typos.filter((o) => o.rank === null).map((o) => o.q);
      expect(summarize(typos.map((o) => o.rank)).recall10, `missed: ${misses.join(', ')}`).toBeGreaterThanOrEqual(0.9);
    });

    it(`${lang}: issue 13's query kinds keep recall@10 ≥ 0.97, MRR ≥ 0.93`, async () => {
      const m = await evaluate(lang);
      const old = m.outcomes.filter((o) => o.part === 'tuned' && ISSUE_13.has(o.kind));
      const s = summarize(old.map((o) => o.rank));
      const misses = old.filter((o) => o.rank === null || o.rank > 10).map((o) => o.q);
      expect(s.recall10, `missed: ${misses.join(', ')}`).toBeGreaterThanOrEqual(0.97);
      expect(s.mrr).toBeGreaterThanOrEqual(0.93);
    });
  }
});
