/** The data stage: all sources → one document per (language, edition), merged, aligned, catalogued. */
import { expect } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import { buildData } from '../scripts/data.ts';
import type { Inline, RuleDocument } from '../src/model/types.ts';
import { SEED, parseFile } from './helpers.ts';

// Every test here reads the rules mirror: skipped locally without it, failing under CI (tests/inputs.ts).
const { describe, it } = needs(SHARED);

const refsInto = (doc: RuleDocument, part: string) =>
  doc.rules.flatMap((r) => r.body.flat()).filter((n): n is Inline & { type: 'ref' } => n.type === 'ref' && n.target.number.startsWith(part) && n.target.number.length > 1);

describe('buildData', async () => {
  const { catalog, docs } = await buildData();
  const doc = (key: string) => docs.find((d) => `${d.lang}-${d.edition}` === key)!;

  it('catalogues every edition, the latest of each language first', () => {
    expect(catalog.editions.map((e) => [e.lang, e.edition, e.latest, e.partial, e.english])).toEqual([
      ['en', '2026-01-16', true, false, '2026-01-16'],
      ['en', '2019-01-25', false, false, '2019-01-25'],
      ['en', '2017-01-20', false, false, '2017-01-20'],
      // The current Japanese and Korean editions, composed from the translations and the latest English.
      ['ja', '2026-01-16', true, false, '2026-01-16'],
      ['ja', '2019-01-25', false, false, '2019-01-25'],
      ['ko', '2026-01-16', true, false, '2026-01-16'],
      ['ko', '2019-01-25', false, false, '2019-01-25'],
      ['ko', '2017-01-20', false, true, '2017-01-20'],
    ]);
    expect(catalog.editions.filter((e) => e.composed).map((e) => [e.lang, e.composed!.translations.map((t) => t.edition)])).toEqual([
      ['ja', ['2019-01-25']],
      ['ko', ['2019-01-25', '2017-01-20']],
    ]);
    expect(catalog.missingSources).toEqual([]);
    // The Korean 2017 chapter posts in chapter order (the manifest has 7, 1, 5, 9: the seeds' order of collection).
    expect(catalog.editions.find((e) => e.lang === 'ko' && e.edition === '2017-01-20')!.sources.map((s) => s.id)).toEqual([
      'ko-2017-01-20-part1', 'ko-2017-01-20-part5', 'ko-2017-01-20-part7', 'ko-2017-01-20-part9',
    ]);
  });

  it('merges the four Korean chapter posts into one edition, in rule order', () => {
    const ko17 = doc('ko-2017-01-20');
    expect(ko17.parts.map((p) => p.number)).toEqual(['1', '5', '7', '9']);
    const numbers = ko17.rules.map((r) => r.number);
    expect(numbers[0]).toBe('100');
    expect(numbers.indexOf('500')).toBeGreaterThan(numbers.indexOf('122'));
    expect(ko17.rules).toHaveLength(['ko1', 'ko5', 'ko7', 'ko9'].reduce((n, k) => n + parseFile(SEED[k as keyof typeof SEED]).rules.length, 0));
  });

  it('gives the merged posts no title: each post\'s front matter title names that post ("Example2" is chapter 1\'s placeholder)', () => {
    expect(parseFile(SEED.ko1).title).toBe('Example2');
    expect(doc('ko-2017-01-20').title).toBe('');
    expect(doc('ko-2019-01-25').title).toBe('매직: 더 개더링 종합 규칙서');
  });

  it('resolves references between chapters once they are merged, and keeps the rest marked missing', () => {
    const chapter1 = parseFile(SEED.ko1);
    const merged = doc('ko-2017-01-20');
    const intoSeven = refsInto(chapter1, '7');
    expect(intoSeven.length).toBeGreaterThan(0);
    expect(intoSeven.every((n) => n.missing)).toBe(true);
    const mergedIntoSeven = refsInto(merged, '7').filter((n) => merged.rules.some((r) => r.number === n.target.number));
    expect(mergedIntoSeven.length).toBeGreaterThanOrEqual(intoSeven.length);
    expect(mergedIntoSeven.every((n) => !n.missing)).toBe(true);
    // Chapter 6 is in no Korean 2017 post: its references stay, marked.
    const intoSix = refsInto(merged, '6');
    expect(intoSix.length).toBeGreaterThan(0);
    expect(intoSix.every((n) => n.missing)).toBe(true);
  });

  it('links the Korean 2017 posts\' bare numbers into a chapter no post holds, where the same-edition English has the rule', () => {
    // By hand in the chapter 7 post: eight rules cite the casting steps of chapter 6 without 규칙 before the number
    // (`대체비용 지불에 관한 규정 601.2b 및 601.2e-h에 따릅니다`, 706.12 `규칙 601 "Casting Spells"의 601.2a-h 단계`): 12
    // numbers, each a rule of EN 2017-01-19. They are references (marked missing: the page shows the English rule).
    const ko17 = doc('ko-2017-01-20');
    const refs = (n: string) => ko17.rules.find((r) => r.number === n)!.body.flat().filter((x): x is Inline & { type: 'ref' } => x.type === 'ref');
    const cited: Record<string, string[]> = {
      '702.95a': ['601.2b', '601.2e-h'], '702.102a': ['601.2b', '601.2e-h'], '702.108a': ['601.2b', '601.2e-h'],
      '702.112a': ['601.2b', '601.2e-h'], '702.116a': ['601.2b', '601.2e-h'], '702.118a': ['601.2b', '601.2f-h'],
      '702.119a': ['700.2', '601.2b', '601.2f–h'], '706.12': ['601', '601.2a-h'],
    };
    for (const [n, texts] of Object.entries(cited)) {
      expect(refs(n).map((x) => x.text), n).toEqual(texts);
      expect(refs(n).filter((x) => x.target.number.startsWith('601')).every((x) => x.missing), n).toBe(true);
    }
    expect(refs('702.95a')[1]!.target).toEqual({ kind: 'range', number: '601.2e', to: '601.2h' });
    // No rule number is left as text in any post, but 712.3b's own number printed twice (`712.3b 712.3b 혼합…`).
    const bare = ko17.rules.flatMap((r) => [...r.body, ...r.examples.flat()].flat().flatMap((x) => (x.type === 'text' ? (x.value.match(/\d{3}\.\d/g) ?? []).map(() => r.number) : [])));
    expect(bare).toEqual(['712.3b']);
  });

  it('links each Japanese イベント to the glossary entry its English rule means (terms.test.ts has the counts)', () => {
    const ja = doc('ja-2019-01-25');
    const sense = (n: string) => ja.rules.find((r) => r.number === n)!.body.flat().find((x) => x.type === 'term' && x.term === 'イベント');
    expect(sense('404.2')).toMatchObject({ english: 'Tournament' });
    expect(sense('700.1')).toMatchObject({ english: 'Event' });
    expect(ja.glossary.filter((g) => g.term === 'イベント').map((g) => g.english)).toEqual(['Event', 'Tournament']);
  });

  it('aligns translations with the English of the same edition', () => {
    const ko19 = catalog.editions.find((e) => e.lang === 'ko' && e.edition === '2019-01-25')!;
    expect(ko19.untranslated).toEqual(['719.1a', '719.1b', '719.2', '719.2a', '719.2b', '719.2c', '719.2d', '719.3', '719.4', '719.4a', '719.4b', '719.5', '719.5a', '719.5b', '719.5c', '719.5d', '719.6']);
    expect(doc('ko-2019-01-25').diagnostics.filter((d) => d.code === 'not-in-english').map((d) => d.rule)).toEqual(['504.3']);
    expect(catalog.editions.find((e) => e.lang === 'ja')!.untranslated).toEqual([]);
    expect(doc('ja-2019-01-25').diagnostics.filter((d) => d.code === 'not-in-english')).toEqual([]);
  });

  it('has no error diagnostics and no unresolved reference in the complete documents but the source defects', () => {
    for (const d of docs) expect(d.diagnostics.filter((x) => x.severity === 'error'), `${d.lang}-${d.edition}`).toEqual([]);
    const missing = (key: string) => doc(key).diagnostics.filter((x) => x.code === 'missing-ref').map((x) => x.rule);
    expect(missing('en-2019-01-25')).toEqual([]);
    expect(missing('ja-2019-01-25')).toEqual([]);
    expect(missing('ko-2019-01-25')).toEqual([]);
    expect(missing('en-2026-01-16')).toEqual(['glossary "Map"']);
    expect(missing('en-2017-01-20')).toEqual(['702.123d']);
  });
});
