/**
 * The contents sidebar model (src/site/render/toc.ts) on the real documents, and the client's rule → entry
 * key (src/site/client/contents.ts). Expected lists come from the document by the shape of the
 * number (a regex over its rule numbers), independent of the sidebar's own filter; titles are the
 * ones the Comprehensive Rules print (702.19 Trample, 702.2 Deathtouch, part 7 Additional Rules).
 */
import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { partHeading, sectionToc } from '../../src/site/render/toc.ts';
import { ruleKey } from '../../src/site/client/contents.ts';
import { ruleKind } from '../../src/model/rule-number.ts';

describe('sectionToc', () => {
  const site = getSite();
  const en = site.latest.get('en')!;

  test('702 page 2 (en): part 7 sections, the current one marked, every 702 rule and no subrule', () => {
    const page = en.pages.find((p) => p.section.number === '702' && p.chunk.index === 2)!;
    const toc = sectionToc(page);
    expect(toc.part).toEqual({ number: '7', title: 'Additional Rules', english: false });
    expect(toc.sections.slice(0, 3).map((s) => s.number)).toEqual(['700', '701', '702']);
    expect(toc.sections.filter((s) => s.current).map((s) => s.number)).toEqual(['702']);
    expect(toc.sections.every((s) => s.number.startsWith('7'))).toBe(true);
    // Every rule (one dot, no letter) of 702 in the document, in order.
    const expected = en.doc.rules.filter((r) => /^702\.\d+$/.test(r.number)).map((r) => r.number);
    expect(toc.rules.map((r) => r.number)).toEqual(expected);
    expect(toc.rules.every((r) => ruleKind(r.number) === 'rule')).toBe(true);
    // Headings keep their title; entries on this page are bare fragments, others link to their page.
    const trample = toc.rules.find((r) => r.number === '702.19')!;
    expect(trample).toMatchObject({ label: 'Trample', here: true, href: '#702.19' });
    const deathtouch = toc.rules.find((r) => r.number === '702.2')!;
    expect(deathtouch).toMatchObject({ label: 'Deathtouch', here: false, href: '/en/702/#702.2' });
  });

  test('a long first sentence is cut at a word boundary, marked with an ellipsis', () => {
    const page = en.pageOf.get('601.2')!;
    const r = sectionToc(page).rules.find((x) => x.number === '601.2')!;
    expect(r.label.endsWith('…')).toBe(true);
    expect(r.label.length).toBeLessThanOrEqual(81);
    expect(r.label.startsWith('To cast a spell is to')).toBe(true);
  });

  test('Korean 601: the translation’s own titles, in its language', () => {
    const ko = site.latest.get('ko')!;
    const toc = sectionToc(ko.pageOf.get('601')!);
    expect(toc.sections.find((s) => s.current)?.title).toBe('주문 발동');
    expect(toc.rules.map((r) => r.number).slice(0, 3)).toEqual(['601.1', '601.2', '601.3']);
  });
});

describe('ruleKey', () => {
  test.each([
    ['702.19b', '702.19'],
    ['702.19', '702.19'],
    ['702.189a', '702.189'],
    ['702', null],
  ])('%s → %s', (n, key) => expect(ruleKey(n)).toBe(key));

  test('Korean 2017: a part its chapter post titles keeps the Korean title; one it does not shows the English one, marked', () => {
    // The posts' front matter: chapter 5 "title: 5. 턴의 구조", chapter 7 "7. 추가 규칙"; chapters 1 and 9 carry the
    // blog's placeholders ("Example2", "test") and no heading of the part anywhere in the post.
    const site = getSite();
    const ko17 = site.editions.find((e) => e.lang === 'ko' && e.edition === '2017-01-20')!;
    expect(['1', '5', '7', '9'].map((n) => partHeading(ko17, n))).toEqual([
      { number: '1', title: 'Game Concepts', english: true },
      { number: '5', title: '턴의 구조', english: false },
      { number: '7', title: '추가 규칙', english: false },
      { number: '9', title: 'Casual Variants', english: true },
    ]);
    expect(sectionToc(ko17.pageOf.get('100')!).part).toEqual({ number: '1', title: 'Game Concepts', english: true });
    // The complete 2019 translation prints every part's title.
    const ko = site.latest.get('ko')!;
    expect(ko.doc.parts.map((p) => partHeading(ko, p.number).english)).not.toContain(true);
  });
});
