/**
 * The Korean 2017 edition is four chapter posts, committed as seeds and listed in the manifest as chapters 7, 1, 5
 * and 9 (the order they were collected). Merged, they read in chapter order, and the edition lists its sources in
 * that order too (src/pipeline/merge.ts `inChapterOrder`; the catalog's order is checked in tests/data.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { inChapterOrder, mergeDocuments } from '../src/pipeline/merge.ts';
import { SEED, parseFile } from './helpers.ts';

describe('chapter order of the Korean 2017 posts', () => {
  const manifestOrder = ['ko7', 'ko1', 'ko5', 'ko9'] as const;
  const docs = manifestOrder.map((k) => parseFile(SEED[k]));

  it('orders anything given per post by the post\'s chapter, whatever order the posts come in', () => {
    expect(inChapterOrder(docs, [...manifestOrder])).toEqual(['ko1', 'ko5', 'ko7', 'ko9']);
    expect(inChapterOrder([...docs].reverse(), [...manifestOrder].reverse())).toEqual(['ko1', 'ko5', 'ko7', 'ko9']);
  });

  it('merges in that order: the parts and the first rule of each', () => {
    const merged = mergeDocuments(docs);
    expect(merged.parts.map((p) => p.number)).toEqual(['1', '5', '7', '9']);
    expect(merged.file.split(' + ')).toEqual(inChapterOrder(docs, docs).map((d) => d.file));
    expect(merged.rules[0]!.number).toBe('100');
  });
});
