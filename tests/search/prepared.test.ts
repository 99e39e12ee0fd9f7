/**
 * The prepared search index (src/search/prepared-index.ts): a Searcher made from what `prepareIndex`
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
import { RecordIndex } from '../../src/search/record-index.ts';
import { prepareIndex, readPrepared, type PreparedIndex } from '../../src/search/prepared-index.ts';
import { mayBeMisspelt } from '../../src/search/cjk-spelling.ts';
import { LANGS } from '../../src/i18n/locales.ts';
import type { SearchRecord } from '../../src/search/types.ts';

const { describe, it } = needs(SHARED);

describe('prepared search index', () => {
  for (const lang of LANGS) {
    it(`${lang}: the same rankings and snippets as a freshly tokenised index, on every relevance query`, () => {
      const set = readRelevance(lang);
      const bundle = loadBundle(`${lang}-${set.edition}`);
      const fresh = new Searcher(bundle);
      const prepared = new Searcher(bundle, readPrepared(bundle, JSON.parse(JSON.stringify(prepareIndex(bundle))) as PreparedIndex));
      // Queries of every kind, and some that touch most records (a common word, a one-letter prefix).
      const queries = [...set.cases.map((c) => c.q), 'the', 'a', 'c', '702', 'trample deathtouch first strike'];
      expect(queries.length).toBeGreaterThan(250);
      for (const q of queries) {
        expect(prepared.search(q, { limit: 20 }), q).toEqual(fresh.search(q, { limit: 20 }));
      }
    });
  }

  it('counts how often a body repeats a token, the same built or prepared (BM25 term frequency)', () => {
    const en = loadBundle(`en-${readRelevance('en').edition}`);
    const d = en.records.findIndex((r) => r[0] === '608.2b');
    // 608.2b says "target" or "targets" ten times (counted on its text here, independently of the tokenizer).
    expect((en.records[d]![2].match(/\btargets?\b/gi) ?? []).length).toBe(10);
    const built = RecordIndex.build(en.records);
    const prepared = readPrepared(en, JSON.parse(JSON.stringify(prepareIndex(en))) as PreparedIndex).index;
    // How many times the body holds a token (1 for one it holds once or not at all).
    for (const index of [built, prepared]) {
      const tf = (token: string) => index.repeatsOf(token)?.get(d) ?? 1;
      expect(tf('target')).toBe(10);
      // A token the body holds once, and one it lacks, count 1.
      expect(tf('graveyard')).toBe(1);
      expect(tf('trample')).toBe(1);
    }
    // The rule about targets turning illegal on resolution now stands among the first three (16th when every
    // rule counted each word once, below short rules that mention a target in passing). On the rules' own text:
    // the words players ask rules by (asked.test.ts) are left out, as they lend `illegal` to 702.47d (splice).
    const bare = { ...en, records: en.records.map((r) => r.slice(0, 4) as SearchRecord) };
    expect(new Searcher(bare).search('spell target illegal').slice(0, 3).map((h) => h.number)).toContain('608.2b');
  });

  it('an index of other records is refused, never read as this bundle', () => {
    const en = loadBundle(`en-${readRelevance('en').edition}`);
    const ko = loadBundle(`ko-${readRelevance('ko').edition}`);
    expect(() => readPrepared(en, prepareIndex(ko))).toThrow(/not of these records/);
    expect(() => readPrepared(en, { ...prepareIndex(en), v: 1 } as unknown as PreparedIndex)).toThrow(/not of these records/);
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
