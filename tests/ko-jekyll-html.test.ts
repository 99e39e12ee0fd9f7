/**
 * The Korean Jekyll-HTML reader on the real chapter 7 post (s000) and on a small fixture with the
 * defects the real post does not have (a wrong anchor, a wrong link, an undefined footnote, …).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from './inputs.ts';

const shared = needs(SHARED);
import { assembleDocument } from '../src/pipeline/assemble.ts';
import { paragraphText, referencedNumbers } from '../src/model/text.ts';
import { readKoreanJekyllHtml, readTag } from '../src/pipeline/readers/ko-jekyll-html.ts';
import type { Paragraph, Rule, RuleDocument } from '../src/model/types.ts';
import { EN, ROOT, SEED, parseFile, ruleByNumber } from './helpers.ts';
import { rawBilingualHeadings, rawLineCounts, rawLinkedNumbers } from './raw-counts.ts';
import { koreanHtmlInputs } from '../scripts/bench/worst-cases.ts';

const FIXTURES = join(ROOT, 'tests/fixtures/readers');
/** The symbol images of s000 (`/assets/symbols/X.gif`). */
const DISTINCT_SYMBOLS = ['0', '1', '2', '3', '4', '5', 'B', 'G', 'R', 'T', 'U', 'W', 'X'];

const counts = (doc: RuleDocument) => {
  const c = { section: 0, rule: 0, subrule: 0 };
  for (const r of doc.rules) c[r.kind]++;
  return c;
};
const text = (r: Rule) => r.body.map(paragraphText).join('\n');
const marked = (p: Paragraph) => p.map((n) => (n.type === 'noteRef' ? `[note ${n.index}]` : paragraphText([n]))).join('');
const codes = (doc: RuleDocument, ...wanted: string[]) => doc.diagnostics.filter((d) => wanted.includes(d.code));
const paragraphs = (doc: RuleDocument) => doc.rules.flatMap((r) => [...r.body, ...r.examples.flat()]);

describe('s000 (chapter 7, Jekyll post with HTML)', () => {
  const doc = parseFile(SEED.ko7);

  it('is a partial Korean post titled by its front matter, part 7 from the title', () => {
    expect(doc.format).toBe('ko-jekyll-html');
    expect(doc.lang).toBe('ko');
    expect(doc.partial).toBe(true);
    expect(doc.edition).toBeNull();
    expect(doc.title).toBe('7. 추가 규칙');
    expect(doc.parts).toEqual([{ number: '7', title: '추가 규칙', sections: Array.from({ length: 21 }, (_, i) => String(700 + i)) }]);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('counts 21 sections, 283 rules, 566 subrules (844 HTML paragraphs + 5 bare lines) and 74 examples', () => {
    // The raw post by line regexes after stripping the HTML and markdown (tests/raw-counts.ts): 21
    // sections, 285 rule and 564 subrule lines as printed, 74 examples. Two printed rule numbers are
    // subrules (702.212 → 702.22b, 702.85 → 702.85b, corrected below): 285 − 2 = 283, 564 + 2 = 566.
    expect(rawLineCounts(readFileSync(SEED.ko7, 'utf8'))).toEqual({ section: 21, rule: 285, subrule: 564, example: 74 });
    expect(counts(doc)).toEqual({ section: 21, rule: 283, subrule: 566 });
    expect(doc.rules.reduce((n, r) => n + r.examples.length, 0)).toBe(74);
  });

  it('checks every anchor and link: none mismatched, none left over', () => {
    expect(codes(doc, 'anchor-mismatch', 'anchor-unused', 'link-mismatch', 'markup-mismatch', 'footnote-unused', 'footnote-undefined', 'unknown-image')).toEqual([]);
    expect(codes(doc, 'bare-line').map((d) => [d.line, d.rule])).toEqual([
      [779, '702.18'],
      [787, '702.19'],
      [866, '702.212'],
      [1548, '702.85'],
      [1923, '702.122a'],
    ]);
  });

  it('corrects the misnumbered entries by context (702.212, 702.61c, 702.85, 702.105c-e, 716.1a, 716.5a)', () => {
    expect(doc.rules.filter((r) => r.printedNumber).map((r) => `${r.printedNumber}→${r.number}`)).toEqual([
      '702.212→702.22b',
      '702.61c→702.62c',
      '702.85→702.85b',
      '702.105c→702.102c',
      '702.105d→702.102d',
      '702.105e→702.102e',
      '716.1a→717.1a',
      '716.5a→717.5a',
    ]);
    expect(doc.rules.filter((r) => r.duplicate)).toEqual([]);
    expect(doc.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code)).toEqual(Array(8).fill('renumbered'));
  });

  shared.it('has the numbers of EN 2017-01-19 chapter 7 minus the untranslated 718.1a–718.6, in order', () => {
    const en = parseFile(EN('2017-01-19'))
      .rules.map((r) => r.number)
      .filter((n) => n.startsWith('7') && !/^718\.(1[a-z]|[2-9])/.test(n));
    expect(doc.rules.map((r) => r.number)).toEqual(en);
  });

  it('reads a rule with its example and the bold number stripped', () => {
    const r = ruleByNumber(doc, '700.1');
    expect(r.line).toBe(18); // the `<p>` line after `<a name="700.1">` (grep -n: 17, 18)
    expect(text(r)).toBe('게임상에서 일어나는 모든 것은 이벤트입니다. 다수의 이벤트가 주문이나 능력의 해결 도중에 발생할 수 있습니다. 격발 능력이나 대체 효과의 텍스트는 그것들이 발생하는 이벤트가 어떤 것인지 정의합니다. 하나의 "사건"은 하나의 능력에 의한 것일 때는 하나의 이벤트로 취급되고 그 외의 경우에는 다수의 이벤트로 취급됩니다.');
    expect(r.examples.map((e) => e.map(paragraphText))).toEqual([['하나의 공격 생물을 두 개의 생물로 방어했습니다. 이 경우 "[이 생물]이 방어될 때마다,"는 격발 능력의 경우에는 하나의 이벤트로 취급되지만, "[이 생물]이 생물에게 방어될 때마다,"는 격발 능력의 경우에는 두 개의 이벤트로 취급됩니다.']]);
    expect(text(ruleByNumber(doc, '700'))).toBe('일반');
  });

  it('reads 702.21 (Banding) exactly, its footnote [^5] kept as a note at the reference', () => {
    const r = ruleByNumber(doc, '702.21');
    expect(r.body).toEqual([[{ type: 'text', value: 'Banding' }, { type: 'noteRef', index: 0 }]]);
    expect(r.notes).toEqual([{ text: '잘 쓰이지 않는 키워드라 번역하지 않음', form: 'footnote', line: 821 }]);
    expect(r.line).toBe(819); // grep -n: `**702.21.** Banding[^5]` is line 819
    expect(doc.rules.filter((x) => x.notes.length).map((x) => [x.number, x.notes.map((n) => n.text)])).toEqual([
      ['702.21', ['잘 쓰이지 않는 키워드라 번역하지 않음']],
      ['717.3', ['대표적으로 카른으로 54장을 추방하고 재시작한 경우']],
      ['718.1', ['실질적으로 사용되지 않는 매커니즘이어서 번역하지 않음']],
    ]);
    // `… 합니다. [^7]`: the mark sits right after the sentence.
    expect(marked(ruleByNumber(doc, '718.1').body[0]!)).toBe('단 한 장의 카드(Shahrazad)만이 플레이어가 Magic 서브게임을 하게 합니다.[note 0]');
  });

  it('turns symbol images into symbols: 701.34a exactly, 49 in all', () => {
    const r = ruleByNumber(doc, '701.34a');
    expect(r.body).toEqual([
      [
        { type: 'text', value: '"조사한다"는 ""' },
        { type: 'symbol', value: '2' },
        { type: 'text', value: ', 이 마법물체를 희생한다: 카드 한 장을 뽑는다."를 가진 무색 단서 마법물체 토큰 한 개를 만든다."를 의미합니다.' },
      ],
    ]);
    const symbols = paragraphs(doc).flatMap((p) => p.filter((n) => n.type === 'symbol'));
    expect(symbols).toHaveLength(49);
    expect([...new Set(symbols.map((s) => (s as { value: string }).value))].sort()).toEqual(DISTINCT_SYMBOLS);
  });

  it('reads link-split ranges: [118.7](/100#118.7)-8 is 118.7-8, kept and marked missing', () => {
    const r = ruleByNumber(doc, '701.9c');
    expect(text(r)).toMatch(/\(See rules 118\.7-8\)$/);
    expect(r.body[0]).toContainEqual({ type: 'ref', text: '118.7-8', target: { kind: 'range', number: '118.7', to: '118.8' }, missing: true });
    expect(r.body.flatMap(referencedNumbers)).toEqual(['118.7', '118.8']);
    expect(ruleByNumber(doc, '701.9g').body.flatMap(referencedNumbers)).toEqual(['118.7', '118.8', '613.3b']);
    expect(ruleByNumber(doc, '702.2c').body.flatMap(referencedNumbers)).toEqual(['510.1c', '510.1d']);
    // A link inside the chapter is present, not missing.
    const inside = ruleByNumber(doc, '700.2g').body[0]!.find((n) => n.type === 'ref');
    expect(inside).toEqual({ type: 'ref', text: '706.10', target: { kind: 'rule', number: '706.10' } });
    // 256, derived from the raw post: its 214 markdown links whose text is a rule number, each one
    // number, except the 16 followed by a range end, which count every rule of the range
    // (`[118.7](…)-8` two, `[510.1c](…)-d` two, `[601.2e](…)–h` four ×13): 198 + 2×2 + 2 + 13×4 = 256.
    // Numbers written without a link (규정 601.2b 및 601.2e-h) point outside this chapter and stay text.
    expect(rawLinkedNumbers(readFileSync(SEED.ko7, 'utf8'))).toBe(256);
    expect(paragraphs(doc).flatMap(referencedNumbers)).toHaveLength(256);
  });

  it('keeps {LEVEL N1-N2} as text and curly apostrophes as printed', () => {
    const r = ruleByNumber(doc, '710.2a');
    expect(text(r)).toBe('"{LEVEL N1-N2} [능력들] [P/T]"는 "이 생물이 N1개 이상, N2개 이하의 레벨 카운터를 가지고 있으면, 그 생물의 기본 공방은 [P/T]이며 [능력들]을 가진다."는 뜻입니다.');
    expect(r.body[0]!.some((n) => n.type === 'symbol')).toBe(false);
    expect(text(ruleByNumber(doc, '702.21f'))).toContain('creature that’s removed');
  });

  it('reads the bare lines, including 702.122a glued to its text', () => {
    expect(ruleByNumber(doc, '702.19').body).toEqual([[{ type: 'text', value: '돌진 Trample' }]]);
    expect(text(ruleByNumber(doc, '702.22b'))).toBe('광란 보너스는 전투 당 한 번만(격발 능력이 해결될 때) 계산됩니다. 그 이후에 전투에서 방어자가 추가, 제거되는 것은 이 보너스에 영향을 주지 않습니다.');
    expect(text(ruleByNumber(doc, '702.122a'))).toMatch(/^제작은 격발 능력입니다\. "제작 N"은/);
    expect(doc.termBridge).toContainEqual({ term: '돌진', english: 'Trample', source: '702.19' });
    expect(doc.termBridge).toContainEqual({ term: '광란', english: 'Rampage', source: '702.22' });
    // 110: keyword-heading lines of the raw post (tags stripped) holding both Hangul and a Latin word
    // (tests/raw-counts.ts, not the reader's pattern); 49 more are printed in English only.
    expect(rawBilingualHeadings(readFileSync(SEED.ko7, 'utf8'))).toBe(110);
    expect(doc.termBridge).toHaveLength(110);
  });

  it('reports (생략) after 718.1 and reads the odd reference 704.5.n', () => {
    expect(codes(doc, 'omitted').map((d) => [d.severity, d.line, d.rule])).toEqual([['info', 2669, '718.1']]);
    expect(ruleByNumber(doc, '702.102e').body.flatMap(referencedNumbers)).toEqual(['704.5n']);
  });

  it('leaves no markup, footnote syntax or note text in the rule text', () => {
    const all = paragraphs(doc).map(paragraphText).join('\n');
    expect(all).not.toMatch(/<\/?(?:p|a|br)\b|\*\*|\]\(\/|!\[|\[\^|주-|번역자|\{%|\(생략\)/);
  });

  it('never throws on truncated posts', () => {
    const full = readFileSync(SEED.ko7, 'utf8');
    for (let k = 0; k <= 24; k++) {
      const cut = full.slice(0, Math.floor((full.length * k) / 24) + (k % 3)); // also mid-tag
      const out = assembleDocument(readKoreanJekyllHtml(cut, SEED.ko7));
      expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
  });
});

describe('ko-jekyll-html on a fixture with defects', () => {
  const file = join(FIXTURES, 'ko-jekyll-html-quirks', 'input.txt');
  const doc = assembleDocument(readKoreanJekyllHtml(readFileSync(file, 'utf8'), file));

  it('reads every paragraph, including a bare line and a truncated last <p>', () => {
    expect(doc.rules.map((r) => [r.number, r.line])).toEqual([
      ['700', 10],
      ['700.1', 13],
      ['700.3a', 17],
      ['700.3b', 20],
      ['700.4', 25],
      ['700.5', 30],
    ]);
    expect(text(ruleByNumber(doc, '700.5'))).toBe('잘린 문');
  });

  it('reports an anchor that differs from its number, a link to another anchor, unused and undefined footnotes', () => {
    const found = doc.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.code} ${d.line}`);
    expect(found.sort()).toEqual(['anchor-mismatch 16', 'footnote-undefined 14', 'footnote-unused 23', 'link-mismatch 20']);
    expect(codes(doc, 'anchor-mismatch')[0]!.message).toContain('<a name="700.2"> is followed by rule 700.3a');
  });

  it('reads symbols, ranges, footnotes and literal braces', () => {
    const r = ruleByNumber(doc, '700.1');
    expect(marked(r.body[0]!)).toBe('Banding[note 0] 비용 {T}, {W}. (See rules 118.7-8)');
    expect(r.notes).toEqual([{ text: '번역하지 않음', form: 'footnote', line: 22 }]);
    expect(r.examples.map((e) => e.map(paragraphText))).toEqual([['예시입니다. [^9]']]);
    expect(text(ruleByNumber(doc, '700.3b'))).toBe('링크 601.2b와 {LEVEL N1-N2}, “따옴표”.');
  });

  it('scans tags without regexes and rejects what is not a tag', () => {
    const tag = readTag('<p class="clause" markdown=1>', 0)!;
    expect([tag.name, tag.closing, [...tag.attrs]]).toEqual(['p', false, [['class', 'clause'], ['markdown', '1']]]);
    expect(readTag('</p>', 0)).toMatchObject({ name: 'p', closing: true, end: 4 });
    expect(readTag('<생략>', 0)).toBeNull();
    expect(readTag('a < b', 2)).toBeNull();
    expect(readTag('<a name="unclosed', 0)).toBeNull();
  });

  it('reads pathological HTML (timed by npm run bench -- worst; a hang fails by the test timeout)', () => {
    for (const input of koreanHtmlInputs()) {
      const out = readKoreanJekyllHtml(input, 'pathological.txt');
      expect(out.blocks.length).toBeGreaterThan(0);
    }
  });
});
