/**
 * The full-text page's Pagefind rows mark what the query named (pagefind-excerpt.ts, issue 22: "CJK
 * highlighting never marks a fragment inside another word"). Pagefind marks whole space-delimited words;
 * the marks below are the ones it gave on /ko/search/?q=토큰이 무덤에 가면? and /en/search/?q=trample.
 */
import { expect, it } from 'vitest';
import { queryMarks, type ExcerptText } from '../../src/components/search/pagefind-excerpt.ts';
import { paragraphText } from '../../src/model/text.ts';
import { KO19, parseFile, ruleByNumber } from '../helpers.ts';
import { needs, SHARED } from '../inputs.ts';

/** An excerpt of `text` with Pagefind's mark on each of `words` (its first occurrence). */
function marked(text: string, words: string[]): ExcerptText {
  return { text, marks: words.map((w) => [text.indexOf(w), text.indexOf(w) + w.length] as [number, number]) };
}
const shown = (ex: ExcerptText) => ex.marks.map(([a, b]) => ex.text.slice(a, b));

needs(SHARED).describe('Pagefind marks', () => {
  const ko = parseFile(KO19, 'ko');
  const query = '토큰이 무덤에 가면?';
  const text = (n: string) => ruleByNumber(ko, n).body.map(paragraphText).join('\n');

  it('a particle after a parenthesis is not marked; the words the query named are, without their punctuation', () => {
    // 704.1 (ko 2019): 「상태 참조 행동은 특정한 상태(아래 나열)가 만족될 때마다…」
    const t = text('704.1');
    expect(t).toContain('(아래 나열)가 만족될');
    expect(shown(queryMarks(marked(t, ['나열)가']), query))).toEqual([]);
    // 704.5d: 「토큰이 전장을 제외한 다른 구역에 있다면, 그 토큰은 사라집니다.」
    const d = text('704.5d');
    expect(shown(queryMarks(marked(d, ['토큰이', '토큰은']), query))).toEqual(['토큰이', '토큰은']);
  });

  it('a number glued to a particle is no match; a parenthesised term keeps its word', () => {
    const t = '(rule 704.5h)가 있는 경우 (레이어 7c)';
    expect(shown(queryMarks(marked(t, ['704.5h)가', '(레이어']), `${query} 레이어`))).toEqual(['레이어']);
  });

  it('a one-syllable piece is marked only when the query has it as a word', () => {
    const t = '만족될 때 가 지점';
    expect(shown(queryMarks(marked(t, ['만족될', ' 가 ']), '가 지점'))).toEqual(['가']);
    expect(shown(queryMarks(marked(t, ['만족될', ' 가 ']), '가면 지점'))).toEqual([]);
  });

  it('Latin marks stay as Pagefind stemmed them, without end punctuation', () => {
    const t = 'The attacking creature (trample) deals damage.';
    expect(shown(queryMarks(marked(t, ['attacking', '(trample)']), 'attacks trample'))).toEqual(['attacking', 'trample']);
  });
});
