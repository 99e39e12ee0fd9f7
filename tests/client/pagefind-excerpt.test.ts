// @vitest-environment happy-dom
/**
 * The Pagefind excerpt (src/components/search/pagefind-excerpt.ts) read by the DOM's HTML parser. The
 * excerpts are written here the way Pagefind 1.x writes them (pagefind.js: the content's `<` and `>`
 * replaced by `&lt;`/`&gt;`, `&` and quotes left alone, each hit wrapped in <mark>), and the marks
 * kept where the query names them (queryMarks; issue 22: CJK highlighting never marks a fragment).
 */
import { describe, expect, it } from 'vitest';
import { excerptText, queryMarks } from '../../src/components/search/pagefind-excerpt.ts';
import { paragraphText } from '../../src/model/text.ts';
import { KO19, parseFile, ruleByNumber } from '../helpers.ts';
import { needs, SHARED } from '../inputs.ts';

/** An excerpt as Pagefind makes it from page text, marking the words in `hits`. */
const pagefind = (text: string, hits: string[]) =>
  hits.reduce((html, w) => html.replaceAll(w, `<mark>${w}</mark>`), text.replace(/</g, '&lt;').replace(/>/g, '&gt;'));

describe('a Pagefind excerpt as text and marks', () => {
  it('gives the page text and the offsets of each hit', () => {
    const text = '702.19a Trample is a static ability that modifies the rules for assigning combat damage.';
    const r = excerptText(pagefind(text, ['Trample', 'damage']));
    expect(r.text).toBe(text);
    expect(r.marks.map(([a, b]) => r.text.slice(a, b))).toEqual(['Trample', 'damage']);
    expect(r.marks).toEqual([[8, 15], [text.indexOf('damage'), text.indexOf('damage') + 6]]);
  });
  it('reads escaped angle brackets as text, never as markup, and keeps ampersands and quotes', () => {
    const text = 'Rule text with <script>alert(1)</script> & "quotes" and \'apostrophes\', R&D';
    const r = excerptText(pagefind(text, ['quotes']));
    expect(r.text).toBe(text);
    expect(r.marks.map(([a, b]) => r.text.slice(a, b))).toEqual(['quotes']);
  });
  it('reads an entity the way a browser does (the old hand-written list knew five)', () => {
    expect(excerptText('caf&eacute; &#x2014; <mark>&#12371;</mark>').text).toBe('café — こ');
  });
  it('takes a tag it does not expect as its text', () => {
    expect(excerptText('a <b>bold</b> <mark>word</mark>')).toEqual({ text: 'a bold word', marks: [[7, 11]] });
  });
  it('gives an empty excerpt as empty text', () => {
    expect(excerptText('')).toEqual({ text: '', marks: [] });
  });
});

/** The marked words of an excerpt, after `queryMarks` for `query`. */
const shown = (html: string, query: string) => {
  const r = queryMarks(excerptText(html), query);
  return r.marks.map(([a, b]) => r.text.slice(a, b));
};

needs(SHARED).describe('the marks a query named', () => {
  const ko = parseFile(KO19, 'ko');
  const text = (n: string) => ruleByNumber(ko, n).body.map(paragraphText).join('\n');
  // Pagefind marks whole space-delimited words: on /ko/search/?q=토큰이 무덤에 가면? it marked `나열)가`
  // in 704.1 and `704.5h)가`, and `(레이어` with its parenthesis for 레이어.
  const query = '토큰이 무덤에 가면?';

  it('a particle after a parenthesis is not marked; the words the query named are', () => {
    // 704.1 (ko 2019): 「상태 참조 행동은 특정한 상태(아래 나열)가 만족될 때마다…」
    const t = text('704.1');
    expect(t).toContain('(아래 나열)가 만족될');
    expect(shown(pagefind(t, ['나열)가']), query)).toEqual([]);
    // 704.5d: 「토큰이 전장을 제외한 다른 구역에 있다면, 그 토큰은 사라집니다.」
    expect(shown(pagefind(text('704.5d'), ['토큰이', '토큰은']), query)).toEqual(['토큰이', '토큰은']);
  });

  it('a number glued to a particle is no match; a parenthesised term keeps its word, not the parenthesis', () => {
    expect(shown(pagefind('(rule 704.5h)가 있는 경우 (레이어 7c)', ['704.5h)가', '(레이어']), `${query} 레이어`)).toEqual(['레이어']);
  });

  it('a one-syllable piece is marked only when the query has it as a word', () => {
    const html = pagefind('만족될 때 가 지점', ['만족될', ' 가 ']);
    expect(shown(html, '가 지점')).toEqual(['가']);
    expect(shown(html, '가면 지점')).toEqual([]);
  });

  it('Latin marks stay as Pagefind stemmed them, without their punctuation', () => {
    expect(shown(pagefind('The attacking creature (trample) deals damage.', ['attacking', '(trample)']), 'attacks trample')).toEqual(['attacking', 'trample']);
  });
});
