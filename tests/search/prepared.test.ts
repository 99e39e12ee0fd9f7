/**
 * The prepared search index (src/search/record-index.ts): a Searcher made from what `prepareIndex`
 * wrote (the command line's `.cache/search/{id}.index.json`) ranks and snippets exactly as one that
 * tokenised the bundle itself, on every query of the relevance sets (en, ja, ko), after a round
 * trip through JSON; an index of other records is refused; the concept table's lazily compiled
 * forms and the misspelling pre-check change no answer.
 */
import { expect } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { loadBundle } from '../../scripts/build/search-index.ts';
import { readRelevance } from '../../scripts/bench/relevance.ts';
import { Searcher } from '../../src/search/engine.ts';
import { prepareIndex, RecordIndex, type PreparedIndex } from '../../src/search/record-index.ts';
import { mayBeMisspelt } from '../../src/search/cjk-spelling.ts';
import { LANGS } from '../../src/i18n/locales.ts';

const { describe, it } = needs(SHARED);

describe('prepared search index', () => {
  for (const lang of LANGS) {
    it(`${lang}: the same rankings and snippets as a freshly tokenised index, on every relevance query`, () => {
      const set = readRelevance(lang);
      const bundle = loadBundle(`${lang}-${set.edition}`);
      const fresh = new Searcher(bundle);
      const prepared = new Searcher(bundle, JSON.parse(JSON.stringify(prepareIndex(bundle))) as PreparedIndex);
      // Queries of every kind, and some that touch most records (a common word, a one-letter prefix).
      const queries = [...set.cases.map((c) => c.q), 'the', 'a', 'c', '702', 'trample deathtouch first strike'];
      expect(queries.length).toBeGreaterThan(250);
      for (const q of queries) {
        expect(prepared.search(q, { limit: 20 }), q).toEqual(fresh.search(q, { limit: 20 }));
      }
    });
  }

  it('an index of other records is refused, never read as this bundle', () => {
    const en = loadBundle(`en-${readRelevance('en').edition}`);
    const ko = loadBundle(`ko-${readRelevance('ko').edition}`);
    expect(() => RecordIndex.fromPrepared(en, prepareIndex(ko))).toThrow(/not of these records/);
    expect(() => new Searcher(en, { ...prepareIndex(en), v: 2 } as unknown as PreparedIndex)).toThrow(/not of these records/);
  });

  it('the misspelling pre-check lets through every query with an unindexed bigram', () => {
    const ko = loadBundle(`ko-${readRelevance('ko').edition}`);
    const indexed = new Set(prepareIndex(ko).tokens);
    const known = (g: string) => indexed.has(g);
    // 경게 holds 경게, which no Korean rule holds; 경계 (boundary) and 돌진 (trample) are indexed.
    expect(mayBeMisspelt('경게', known)).toBe(true);
    expect(mayBeMisspelt('경계', known)).toBe(false);
    expect(mayBeMisspelt('돌진을 가진 생물', known)).toBe(false);
    expect(mayBeMisspelt('커멘더', known)).toBe(true);
  });
});
