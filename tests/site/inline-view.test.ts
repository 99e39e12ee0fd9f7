/**
 * The one inline renderer (src/site/render/inline-view.ts): each node kind, with and without links (page vs preview and
 * sidebar), and a real Japanese rule whose source lost characters, rendered alike in every place.
 */
import { describe, expect, it } from 'vitest';
import { clipParagraph, inlineNode, inlineView, type InlineContext, type InlineLinks } from '../../src/site/render/inline-view.ts';
import { toHtml } from '../../src/site/render/html-tree.ts';
import { inlineWords } from '../../src/site/i18n.ts';
import { SHARED, needs } from '../inputs.ts';
import { readDocument } from '../../src/pipeline/generated.ts';
import type { Inline } from '../../src/model/types.ts';

const links: InlineLinks = {
  ref: (t) => (t.number === '999.9' ? null : { href: `/en/${t.number}/`, key: `en/x/${t.number}`, fallback: t.number === '702.19' }),
  term: (term) => (term === 'Trample' ? { href: '/en/glossary/t/#g-trample', key: 'g' } : null),
  note: (i) => (i === 0 ? '#702.19b-n1' : i === 1 ? null : undefined),
};
const page: InlineContext = { lang: 'ja', words: inlineWords('ja'), links };
const bare: InlineContext = { lang: 'ja', words: inlineWords('ja') };
const html = (n: Inline, ctx = page) => toHtml(inlineNode(n, ctx));

describe('inline nodes', () => {
  it('text is escaped', () => {
    expect(html({ type: 'text', value: '<b>&' })).toBe('&lt;b&gt;&amp;');
  });
  it('a symbol is an image with its reading, the glyph hidden', () => {
    expect(html({ type: 'symbol', value: 'T' })).toMatch(/^<span class="[^"]*" role="img" aria-label="[^"]+" title="\{T\}"><span aria-hidden="true">[^<]+<\/span><\/span>$/);
  });
  it('a reference links, falls back to English marked EN, stays text where nothing has it, is a span in a preview', () => {
    const r = (number: string): Inline => ({ type: 'ref', text: number, target: { kind: 'rule', number } });
    expect(html(r('101.1'))).toBe('<a class="ref" href="/en/101.1/" data-r="en/x/101.1">101.1</a>');
    expect(html(r('702.19'))).toContain('hreflang="en">702.19</a><abbr class="fb"');
    expect(html(r('999.9'))).toBe('<span class="ref-x">999.9</span>');
    expect(html(r('101.1'), bare)).toBe('<span class="ref">101.1</span>');
  });
  it('a reference rewritten to today\'s number keeps the printed one (data-was, title) on the page and in a preview', () => {
    const n: Inline = { type: 'ref', text: '120.4', target: { kind: 'rule', number: '120.4' }, was: '119.4' };
    expect(html(n)).toBe('<a class="ref rw" data-was="119.4" title="現在の番号。翻訳では119.4" href="/en/120.4/" data-r="en/x/120.4">120.4</a>');
    expect(html(n, bare)).toBe('<span class="ref rw" data-was="119.4" title="現在の番号。翻訳では119.4">120.4</span>');
  });
  it('a term links to its entry, or is text; in a preview a marked span', () => {
    expect(html({ type: 'term', text: 'trample', term: 'Trample' })).toBe('<a class="term" href="/en/glossary/t/#g-trample" data-g="g">trample</a>');
    expect(html({ type: 'term', text: 'x', term: 'X' })).toBe('x');
    expect(html({ type: 'term', text: 'trample', term: 'Trample' }, bare)).toBe('<span class="term">trample</span>');
  });
  it('a gap adds no text and is hidden from screen readers', () => {
    expect(html({ type: 'gap' })).toBe('<span class="gap" aria-hidden="true" title="原文で文字が欠落"></span>');
  });
  it('a restored character is marked inserted, with its evidence', () => {
    expect(html({ type: 'restored', value: '引', evidence: 'draw' })).toBe('<ins class="rst" title="原文にない文字:英語版(draw)から補ったもの">引</ins>');
  });
  it('a note marker links to its note, is bare without anchors, and is left out where no note exists', () => {
    expect(html({ type: 'noteRef', index: 0 })).toBe('<sup class="nref"><a href="#702.19b-n1" aria-label="訳注 1">1</a></sup>');
    expect(html({ type: 'noteRef', index: 1 })).toBe('<sup class="nref">2</sup>');
    expect(html({ type: 'noteRef', index: 2 })).toBe('');
    expect(html({ type: 'noteRef', index: 0 }, bare)).toBe('');
  });
});

describe('clipParagraph', () => {
  it('keeps marks and cuts the text at a word boundary with an ellipsis', () => {
    const p: Inline[] = [{ type: 'text', value: 'To cast a spell is to take it' }, { type: 'gap' }, { type: 'text', value: ' from where it is' }];
    expect(clipParagraph(p, 100)).toEqual(p);
    expect(clipParagraph(p, 12)).toEqual([{ type: 'text', value: 'To cast a…' }]);
    expect(clipParagraph(p, 35)).toEqual([p[0], p[1], { type: 'text', value: ' from…' }]);
  });
});

needs(SHARED).describe('a real rule whose source lost characters', () => {
  it('2019 120.4 (ja): the restored 引 and the gap reach the preview as they reach the page', () => {
    const rule = readDocument('ja', '2019-01-25').rules.find((r) => r.number === '120.4')!;
    const onPage = toHtml(inlineView(rule.body[0]!, page));
    const inPreview = toHtml(inlineView(rule.body[0]!, bare));
    for (const out of [onPage, inPreview]) {
      expect(out).toContain('カード<span class="gap" aria-hidden="true" title="原文で文字が欠落"></span><ins class="rst" title="原文にない文字:英語版(draw)から補ったもの">引</ins>こうとした');
    }
  });
});
