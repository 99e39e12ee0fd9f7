import { describe, expect, test } from 'vitest';
import { chunkRange, editionBase, groupKey, groupSections, parallelPath, sectionPath, splitSection } from '../../src/site/routes.ts';
import { makeDoc, makeRule } from './make.ts';

describe('editionBase', () => {
  test('the latest edition lives at /{lang}/, others and pinned links under the date', () => {
    expect(editionBase('ja', '2019-01-25', true)).toBe('/ja/');
    expect(editionBase('en', '2019-01-25', false)).toBe('/en/2019-01-25/');
    expect(editionBase('en', '2026-01-16', true, true)).toBe('/en/2026-01-16/');
  });
});

describe('sectionPath / parallelPath', () => {
  test('page 1 is the section itself, later pages are numbered', () => {
    expect(sectionPath('/en/', '702')).toBe('/en/702/');
    expect(sectionPath('/en/', '702', 3)).toBe('/en/702/3/');
    expect(parallelPath('/ko/2017-01-20/', '702', 2)).toBe('/ko/2017-01-20/parallel/702/2/');
  });
});

describe('groupKey', () => {
  test('keeps a rule with its subrules', () => {
    expect(groupKey('702.19b')).toBe('702.19');
    expect(groupKey('702.19')).toBe('702.19');
    expect(groupKey('702')).toBe('702');
  });
});

describe('groupSections', () => {
  test('puts every entry on its section in rule order, even without a parent entry', () => {
    const doc = makeDoc([makeRule('101', 'Golden Rules'), makeRule('101.10', 'ten'), makeRule('101.2', 'two'), makeRule('102.1a', 'orphan subrule')]);
    const sections = groupSections(doc);
    expect(sections.map((s) => s.number)).toEqual(['101', '102']);
    expect(sections[0]!.entries.map((r) => r.number)).toEqual(['101', '101.2', '101.10']);
    expect(sections[0]!.title).toBe('Golden Rules');
    expect(sections[1]!.entries.map((r) => r.number)).toEqual(['102.1a']);
    expect(sections[1]!.title).toBe('');
  });

  test('keeps duplicates apart so anchors stay unique', () => {
    const doc = makeDoc([makeRule('101', 'A'), makeRule('101.1', 'first'), { ...makeRule('101.1', 'stale copy'), duplicate: true }]);
    const [s] = groupSections(doc);
    expect(s!.entries.map((r) => r.number)).toEqual(['101', '101.1']);
    expect(s!.duplicates).toHaveLength(1);
  });
});

describe('splitSection', () => {
  const long = 'x'.repeat(1000);
  const entries = [makeRule('702', 'Keyword Abilities')];
  for (let i = 1; i <= 30; i++) entries.push(makeRule(`702.${i}`, 'Keyword'), makeRule(`702.${i}a`, long), makeRule(`702.${i}b`, long));

  test('a section under the budget is one page', () => {
    expect(splitSection(entries, 1_000_000)).toHaveLength(1);
  });

  test('a heavy section is split without separating a rule from its subrules', () => {
    const chunks = splitSection(entries, 10_000);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flatMap((c) => c.entries)).toEqual(entries);
    for (const c of chunks) {
      const last = c.entries[c.entries.length - 1]!.number;
      expect(last).toMatch(/b$|^702$/);
    }
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i + 1));
    expect(chunkRange(chunks[1]!)[0]).toMatch(/^702\.\d+$/);
  });
});
