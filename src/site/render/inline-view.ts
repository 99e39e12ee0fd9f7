/**
 * The one renderer of a rule's inline content, for every place that shows rule text: the page (Inlines.astro, as
 * escaped HTML), the reference preview (client/preview-render.ts, as DOM nodes) and the contents sidebar (labels
 * without links). One pure function per node kind returning an element tree (html-tree.ts), so a restored character
 * or a gap looks and reads the same everywhere (the preview used to drop both: `カードく` for `カード引く`).
 *
 * Marks of what the source lost stay true and quiet: a gap is a small mark hidden from screen readers (a word is
 * not split by an image inside it; the rule carries one note instead), a restored character is marked inserted
 * with its evidence in the title. Pure, no DOM: shared by the build and the browser.
 */
import type { Inline, Lang, Paragraph, RefTarget } from '../../model/types.ts';
import { describeSymbol } from './symbols.ts';
import { h, type Tree } from './html-tree.ts';
import { format } from '../../i18n/translate.ts';

/** The words an inline needs, in the page's language. */
export interface InlineWords {
  gap: string;
  /** `{evidence}` is replaced by the English word that proves the restored characters. */
  restored: string;
  /** `{was}` is replaced by the number as the translation printed it. */
  refWas: string;
  fallback: string;
  note: string;
}

export interface InlineLinks {
  /** A reference's link (null: the target is nowhere, shown as plain text). */
  ref(target: RefTarget): { href: string; key: string | null; fallback: boolean } | null;
  /** A glossary term's link (null: shown as plain text). */
  term(term: string, english?: string): { href: string; key: string } | null;
  /** The anchor of translator note `index` (0-based), null where notes have no anchors, undefined for no marker. */
  note(index: number): string | null | undefined;
}

export interface InlineContext {
  lang: Lang;
  words: InlineWords;
  /** Without links (a preview, a label inside a link), references and terms are marked spans. */
  links?: InlineLinks;
}

function ref(n: Extract<Inline, { type: 'ref' }>, ctx: InlineContext): Tree {
  // Rewritten to today's number (a composed current edition): the printed number on hover, focus and in the title.
  const was = n.was !== undefined ? { class: 'ref rw', 'data-was': n.was, title: format(ctx.words.refWas, { was: n.was }) } : { class: 'ref' };
  if (!ctx.links) return h('span', was, n.text);
  const r = ctx.links.ref(n.target);
  if (!r) return h('span', { class: 'ref-x' }, n.text);
  if (!r.fallback) return h('a', { ...was, href: r.href, 'data-r': r.key }, n.text);
  return [h('a', { ...was, href: r.href, 'data-r': r.key, hreflang: 'en' }, n.text), h('abbr', { class: 'fb', title: ctx.words.fallback }, 'EN')];
}

/** One inline node as a tree. */
export function inlineNode(n: Inline, ctx: InlineContext): Tree {
  switch (n.type) {
    case 'text':
      return n.value;
    case 'symbol': {
      const s = describeSymbol(n.value, ctx.lang);
      return h('span', { class: s.classes, role: 'img', 'aria-label': s.label, title: s.source }, h('span', { 'aria-hidden': 'true' }, s.glyph));
    }
    case 'ref':
      return ref(n, ctx);
    case 'term': {
      const g = ctx.links?.term(n.term, n.english);
      if (g) return h('a', { class: 'term', href: g.href, 'data-g': g.key }, n.text);
      return ctx.links ? n.text : h('span', { class: 'term' }, n.text);
    }
    case 'gap':
      // Adds no text: hidden from screen readers, which read the rule's one note about its source instead.
      return h('span', { class: 'gap', 'aria-hidden': 'true', title: ctx.words.gap });
    case 'restored':
      return h('ins', { class: 'rst', title: format(ctx.words.restored, { evidence: n.evidence }) }, n.value);
    case 'noteRef': {
      const href = ctx.links?.note(n.index);
      if (href === undefined) return null;
      const label = String(n.index + 1);
      return h('sup', { class: 'nref' }, href ? h('a', { href, 'aria-label': `${ctx.words.note} ${label}` }, label) : label);
    }
  }
}

export function inlineView(p: Paragraph, ctx: InlineContext): Tree {
  return p.map((n) => inlineNode(n, ctx));
}

/**
 * The start of a paragraph, at most `max` characters of its text, cut at a word boundary where one is near and
 * marked with `…`; marks and references kept as they are (for labels: the contents sidebar).
 */
export function clipParagraph(p: Paragraph, max: number): Paragraph {
  const out: Paragraph = [];
  let left = max;
  for (const n of p) {
    const text = n.type === 'text' || n.type === 'restored' ? n.value : n.type === 'ref' || n.type === 'term' ? n.text : n.type === 'symbol' ? `{${n.value}}` : '';
    if (text.length <= left) {
      out.push(n);
      left -= text.length;
      continue;
    }
    if (n.type === 'text') {
      const cut = n.value.slice(0, left);
      const space = cut.lastIndexOf(' ');
      out.push({ type: 'text', value: `${space > left / 2 ? cut.slice(0, space) : cut}…` });
    } else out.push({ type: 'text', value: '…' });
    return out;
  }
  return out;
}
