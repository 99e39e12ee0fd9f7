// @vitest-environment happy-dom
/**
 * The Pagefind excerpt (src/components/search/pagefind-excerpt.ts) read by the DOM's HTML parser. The
 * excerpts are written here the way Pagefind 1.x writes them (pagefind.js: the content's `<` and `>`
 * replaced by `&lt;`/`&gt;`, `&` and quotes left alone, each hit wrapped in <mark>).
 */
import { describe, expect, it } from 'vitest';
import { excerptText } from '../../src/components/search/pagefind-excerpt.ts';

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
