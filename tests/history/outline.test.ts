/**
 * The compare page's outline (src/history/outline.ts): from the outline alone (no texts) the entries and counts of
 * diffEditions for any older → newer pair of editions, and from a section's slices the same entries with their
 * texts. Checked against the build's own differ on the real history (pairs of every kind: consecutive, across the
 * 2019 typography restoration, 2009 → today) and on a fixture whose "references only" change depends on the
 * editions compared (a number renumbered between the two editions of one span).
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions, type DiffEntry, type EditionDiff } from '../../src/history/diff.ts';
import { buildGlossaryNumbers, buildOutline, buildSlices, exampleLists, outlineDiff, outlineTitles, pairIndex, readOutline, sliceDiff, sliceOf, type HistorySlice } from '../../src/history/outline.ts';
import type { HistoryStore } from '../../src/history/store.ts';
import { sectionTitles } from '../../src/site/history/history-compare-view.ts';
import { CHANGE_KINDS, groupOf, itemsOf, matches } from '../../src/site/history/history-groups.ts';

const noTexts = (e: DiffEntry) => {
  const { before: _b, after: _a, words: _w, ...rest } = e;
  return rest;
};
const shape = (d: EditionDiff) => ({ summary: d.summary, rules: d.rules.map(noTexts), examples: d.examples.map(noTexts), glossary: d.glossary.map(noTexts) });
/** Through JSON, as the browser reads it. */
const viaJson = (store: HistoryStore) => readOutline(JSON.parse(JSON.stringify(buildOutline(store))));

describe('pair indices', () => {
  it('number the pairs of k spans row by row, each once', () => {
    const k = 5;
    const seen: number[] = [];
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) seen.push(pairIndex(k, i, j));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('a references-only change that depends on the editions compared (fixture)', () => {
  // Rule 100.2 is renumbered 100.3 in e1. Rule 100.1 says "See rule 100.2." until e1 and "See rule 100.3." from e2:
  // compared from e0, where 100.2 is the rule that became 100.3, only the reference changed; compared from e1,
  // where no rule is numbered 100.2, the text really changed. Rule 100.5 follows the renumbering in the same edition
  // (references only, whichever editions); rule 100.6 names a number that is not the renumbering (a real change).
  const store: HistoryStore = {
    format: 'cr-atlas-history/1',
    editions: ['e0', 'e1', 'e2', 'e3'],
    texts: ['See rule 100.2.', 'See rule 100.3.', 'Target.', 'Uses 100.2 “here.”', 'Uses 100.3 "here."', 'As 100.2.', 'As 100.4.'],
    rules: [
      [[0, 1, '100.1', 0, []], [2, 3, '100.1', 1, []]],
      [[0, 0, '100.2', 2, []], [1, 3, '100.3', 2, []]],
      [[0, 0, '100.5', 3, []], [1, 3, '100.5', 4, []]],
      [[0, 0, '100.6', 5, []], [1, 3, '100.6', 6, []]],
    ],
    glossary: [],
  };
  const os = viaJson(store);
  it('keeps the numbers for the pair whose answer depends on the editions, and resolves the other once', () => {
    const o = buildOutline(store);
    expect(o.ruleKinds).toEqual(['f', 's', 'F', 'r']);
    expect(o.refs).toEqual({ 'r.0.0': [['100.2', '100.3']] });
  });
  for (const [from, to, rule, only] of [['e0', 'e2', '100.1', 'references'], ['e1', 'e2', '100.1', undefined], ['e0', 'e1', '100.5', 'references'], ['e0', 'e1', '100.6', undefined]] as const) {
    it(`${from} → ${to}: rule ${rule} changed${only ? `, ${only} only` : ''}, as the differ says`, () => {
      const d = outlineDiff(os, from, to)!;
      expect(d.diff.rules.find((e) => e.new === rule)).toEqual({ status: 'changed', old: rule, new: rule, ...(only ? { only } : {}) });
      expect(shape(d.diff)).toEqual(shape(diffEditions(store, from, to)));
    });
  }
  it('says nothing for a newer edition first (the page then diffs from the store)', () => {
    expect(outlineDiff(os, 'e2', 'e0')).toBeNull();
    expect(outlineDiff(os, 'e1', 'e1')).toBeNull();
  });
  it('writes each chain as its spans, leaving out what follows from the previous span and the latest edition', () => {
    // 100.1: e0–e1 then e2–e3 (the latest); 100.2: e0 alone, then renumbered 100.3 from e1.
    expect(buildOutline(store).rules.slice(0, 2)).toEqual(['1=100.1|', '0=100.2|=100.3']);
    const gap: HistoryStore = { ...store, rules: [[[0, 0, '100.1', 0, [2]], [2, 2, '100.1', 1, [2, 2]]]], glossary: [] };
    expect(buildOutline(gap).rules).toEqual(['0*1=100.1|2-2*2']);
    expect(readOutline(buildOutline(gap)).store.rules[0]).toEqual([[0, 0, '100.1', -1, [-1]], [2, 2, '100.1', -1, [-1, -1]]]);
  });
  it('names an unreadable span, and a key that would not read back', () => {
    const o = buildOutline(store);
    o.rules[1] = '0=100.2|x';
    expect(() => readOutline(o)).toThrow('history outline: unreadable span "x"');
    o.rules[1] = '0|1=100.2';
    expect(() => readOutline(o)).toThrow('history outline: unreadable span "0"');
    expect(() => buildOutline({ ...store, glossary: [[[0, 3, 'a|b', 2, []]]] })).toThrow('history outline: the key "a|b" holds "|"');
  });
});

needs(SHARED).describe('the real history: the outline gives the differ’s entries and counts', () => {
  const store = readHistory();
  const os = viaJson(store);
  const last = store.editions.length - 1;
  // Every kind of pair: consecutive (the last, and the typography restoration of 2019), 2019 and 2009 to today,
  // and a spread of others (every 9th edition against every 13th later one).
  const pairs: [string, string][] = [
    [store.editions[last - 1]!, store.editions[last]!],
    ['2019-01-25', '2019-05-03'],
    ['2019-01-25', store.editions[last]!],
    [store.editions[0]!, store.editions[last]!],
  ];
  for (let i = 0; i < last; i += 9) for (let j = i + 13; j <= last; j += 26) pairs.push([store.editions[i]!, store.editions[j]!]);
  for (const [from, to] of pairs) {
    it(`${from} → ${to}`, () => {
      const d = outlineDiff(os, from, to)!;
      expect(shape(d.diff)).toEqual(shape(diffEditions(store, from, to)));
      expect(outlineTitles(os, from, to)).toEqual(sectionTitles(store, from, to));
    });
  }
  it('2019-01-25 → 2019-05-03: the typography the 2019-01-25 file lost is typography only (some 1,400 rules, source-quirks.md)', () => {
    const s = outlineDiff(os, '2019-01-25', '2019-05-03')!.diff.summary.rules;
    expect(s.typographyOnly).toBeGreaterThan(1_300);
    expect(s.typographyOnly).toBeLessThan(1_500);
  });

  it('a rule-number filter keeps the same entries from the outline (glossary entries through the numbers their texts cite)', () => {
    const [from, to] = ['2019-01-25', store.editions[last]!];
    const od = outlineDiff({ ...os, numbers: JSON.parse(JSON.stringify(buildGlossaryNumbers(store))).numbers }, from, to)!;
    const outlineItems = itemsOf(od.diff).map((it) => ({ ...it, numbers: od.numbersOf.get(it.entry) }));
    const fullItems = itemsOf(diffEditions(store, from, to));
    const id = (it: { cls: string; entry: DiffEntry }) => `${it.cls} ${it.entry.status} ${it.entry.old} ${it.entry.new} ${'oldIndex' in it.entry ? it.entry.oldIndex : ''}`;
    for (const query of ['702.19', '702.19.', '702', '704.5c', '120.4', '613.1f']) {
      const f = { query, kinds: new Set(CHANGE_KINDS) };
      const want = fullItems.filter((it) => matches(it, f)).map(id);
      expect(outlineItems.filter((it) => matches(it, f)).map(id), query).toEqual(want);
      if (query === '702.19') expect(want.filter((x) => x.startsWith('glossary')).length).toBeGreaterThan(0);
    }
  });

  const parts = os.outline.sliceParts;
  const slices = buildSlices(store, parts);
  const home = (c: number, glossary: boolean) => sliceOf(parts, (glossary ? store.glossary : store.rules)[c]!, c, glossary);
  it('cuts the store into slices that hold every chain once, each with just its texts, a large section in parts', () => {
    const rules = [...slices.values()].filter((s) => !s.glossary).flatMap((s) => s.ids);
    expect(rules.sort((a, b) => a - b)).toEqual(store.rules.map((_, c) => c));
    const glossary = [...slices.values()].filter((s) => s.glossary).flatMap((s) => s.ids);
    expect(glossary.sort((a, b) => a - b)).toEqual(store.glossary.map((_, c) => c));
    for (const [name, slice] of slices) {
      expect(slice.ids.every((c) => home(c, slice.glossary) === name)).toBe(true);
      expect(slice.texts.length).toBe(new Set(slice.chains.flatMap((ch) => ch.flatMap((sp) => [sp[3], ...sp[4]]))).size);
      // A part holds at most 40,000 characters of texts unless it is one chain alone.
      if (slice.chains.length > 1) expect(slice.texts.join('').length, name).toBeLessThanOrEqual(40_000);
    }
    // The keyword abilities and the glossary are cut in parts (each over 400,000 characters of texts ever); a
    // section of a few rules is not.
    expect(slices.has('702-2') && slices.has('glossary-2')).toBe(true);
    expect(parts['100']).toBeUndefined();
  });
  for (const [from, to, section] of [['2019-01-25', store.editions[last]!, '702'], ['2019-01-25', store.editions[last]!, 'glossary'], [store.editions[0]!, store.editions[last]!, '100']] as const) {
    it(`${from} → ${to}, section ${section}: its slices give the differ's entries with their texts`, () => {
      const od = outlineDiff(os, from, to)!;
      const items = itemsOf(od.diff).filter((it) => groupOf(it) === section);
      const rules = new Set<number>();
      const glossary = new Set<number>();
      for (const it of items) (it.cls === 'glossary' ? glossary : rules).add(od.chainOf.get(it.entry)!);
      const homes = new Set([...[...rules].map((c) => home(c, false)), ...[...glossary].map((c) => home(c, true))]);
      const got = itemsOf(sliceDiff(os, [...homes].map((h) => slices.get(h) as HistorySlice), rules, glossary, from, to)).filter((it) => groupOf(it) === section);
      const want = itemsOf(diffEditions(store, from, to)).filter((it) => groupOf(it) === section);
      expect(want.length).toBeGreaterThan(0);
      expect(got).toEqual(want);
    });
  }
});

describe('example lists', () => {
  it('read back each pair index with its list, skips counted from the previous pair listed', () => {
    expect([...exampleLists('')]).toEqual([]);
    expect([...exampleLists(':0.0r;2:0.0t,1.1s;:')]).toEqual([[0, '0.0r'], [3, '0.0t,1.1s'], [4, '']]);
    expect([...exampleLists('5:0.1F')]).toEqual([[5, '0.1F']]);
  });
});
