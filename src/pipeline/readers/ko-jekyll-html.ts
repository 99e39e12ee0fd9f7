/**
 * Reader for a Korean chapter as a Jekyll post with HTML (the youbeebee site generator's output):
 *
 *   <a name="700.1"></a>
 *   <p class="paragraph" markdown="1">**700.1.** … [601.2b](/600#601.2b) … ![symbolW](/assets/symbols/W.gif)</p>
 *   <p class="example" markdown="1"> **Example:** …</p>
 *
 * Pass 1 parses the post with unified + remark (front matter, GFM footnotes). CommonMark keeps an
 * HTML block raw, so each `<p …>` arrives as (part of) an mdast `html` node; a small tag scanner
 * cuts the node into its `<p>` elements, and pass 2 parses all their inner markdown at once (one
 * synthetic document, one paragraph per element, the footnote definitions appended), mapping every
 * line back to its physical source line. The logical lines then go through the shared Korean
 * classifier (ko-lines.ts), which also checks each anchor against the number after it.
 */
import type { Diagnostic } from '../../model/types.ts';
import type { ReaderOutput } from '../blocks.ts';
import { extractInlineNotes } from './ko-notes.ts';
import { readKoreanLines, type KoLine } from './ko-lines.ts';
import { reporter } from '../../model/diagnostics.ts';
import { flattenFlow, footnotesOf, parseMarkdown, readFrontMatterFields, reportFlood, reportUnusedFootnotes, type FlattenContext } from './ko-markdown.ts';

// ---------------------------------------------------------------------------------------------
// A minimal HTML tag scanner: enough for the generator's `<a name>`, `<br>`, `<p class>`, `</p>`.

export interface Tag {
  name: string;
  closing: boolean;
  attrs: Map<string, string>;
  /** Offsets of `<` and just after `>`. */
  start: number;
  end: number;
}

const isNameStart = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isNameChar = (c: string | undefined) => c !== undefined && (isNameStart(c) || (c >= '0' && c <= '9') || c === '-' || c === ':');
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Longest tag read; bounds the scan so text full of unclosed `<a …` stays linear. */
const MAX_TAG = 2000;

/** Reads the tag starting at `s[at] === '<'`; null when it is not a well-formed tag (`<생략>`, `a < b`). */
export function readTag(s: string, at: number): Tag | null {
  const end = Math.min(s.length, at + MAX_TAG);
  const ch = (i: number) => (i < end ? s[i] : undefined);
  let i = at + 1;
  const closing = ch(i) === '/';
  if (closing) i++;
  if (!isNameStart(ch(i))) return null;
  const nameStart = i;
  while (isNameChar(ch(i))) i++;
  const name = s.slice(nameStart, i).toLowerCase();
  const attrs = new Map<string, string>();
  for (;;) {
    while (isSpace(ch(i))) i++;
    const c = ch(i);
    if (c === undefined) return null;
    if (c === '>') return { name, closing, attrs, start: at, end: i + 1 };
    if (c === '/' && ch(i + 1) === '>') return { name, closing, attrs, start: at, end: i + 2 };
    if (closing) return null;
    const attrStart = i;
    for (let d = ch(i); d !== undefined && !isSpace(d) && d !== '=' && d !== '>' && d !== '/' && d !== '"' && d !== "'" && d !== '<'; d = ch(++i));
    if (i === attrStart) return null;
    const attr = s.slice(attrStart, i).toLowerCase();
    while (isSpace(ch(i))) i++;
    let value = '';
    if (ch(i) === '=') {
      i++;
      while (isSpace(ch(i))) i++;
      const q = ch(i);
      if (q === '"' || q === "'") {
        let close = i + 1;
        while (close < end && s[close] !== q) close++;
        if (close >= end) return null;
        value = s.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        for (let d = ch(i); d !== undefined && !isSpace(d) && d !== '>'; d = ch(++i));
        value = s.slice(valueStart, i);
      }
    }
    attrs.set(attr, value);
  }
}

/** Piece of an HTML node: a tag, or the text between tags. */
type HtmlPiece = { kind: 'tag'; tag: Tag } | { kind: 'text'; start: number; end: number };

/**
 * Splits raw HTML into tags and text. Inside `<p>` only `</p>` (or a new `<p>`) ends the text, so
 * inline markup in the markdown stays with it for pass 2.
 */
function scanHtml(s: string): HtmlPiece[] {
  const out: HtmlPiece[] = [];
  let inP = false;
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) out.push({ kind: 'text', start: textStart, end });
  };
  for (let i = s.indexOf('<'); i >= 0; i = s.indexOf('<', i + 1)) {
    if (s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (inP) {
        i = close < 0 ? s.length : close;
        continue;
      }
      flush(i);
      i = close < 0 ? s.length : close + 2;
      textStart = i + 1;
      continue;
    }
    const tag = readTag(s, i);
    if (!tag) continue;
    if (inP && tag.name !== 'p') continue;
    flush(i);
    out.push({ kind: 'tag', tag });
    if (tag.name === 'p') inP = !tag.closing;
    textStart = tag.end;
    i = tag.end - 1;
  }
  flush(s.length);
  return out;
}

// ---------------------------------------------------------------------------------------------

/** One `<p>` element (or stray text in an HTML block) waiting for pass 2. */
interface Segment {
  text: string;
  /** Physical line of the segment's first character. */
  line: number;
  cls: string | null;
  anchor?: { name: string; line: number };
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countLines = (s: string) => (s.match(LINE_BREAK) ?? []).length;

/** What each `<p class>` holds: `paragraph` a rule (`**700.1.**`), `clause` a subrule, `example` an example. */
const EXPECT = new Map<string, KoLine['expect']>([
  ['paragraph', 'rule'],
  ['clause', 'subrule'],
  ['example', 'example'],
]);

export function readKoreanJekyllHtml(text: string, file: string): ReaderOutput {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const diagnostics: Diagnostic[] = [];
  const diag = reporter(file, diagnostics);

  // Pass 1: the post.
  const tree = parseMarkdown(text, (line) => reportFlood(diag, line));
  let pendingAnchor: { name: string; line: number } | undefined;
  const takeAnchor = (name: string, line: number) => {
    if (pendingAnchor) diag('anchor-unused', pendingAnchor.line, { form: 'another-anchor', anchor: pendingAnchor.name, next: name });
    pendingAnchor = { name, line };
  };
  const onHtml = (value: string, line: number) => {
    if (value.startsWith('<') && !value.startsWith('</')) {
      const tag = readTag(value, 0);
      if (tag?.name === 'a' && tag.attrs.has('name')) takeAnchor(tag.attrs.get('name')!, line);
      else if (tag?.name === 'br') return '';
      else if (!tag) return value;
    }
    return '';
  };
  const ctx: FlattenContext = { footnotes: new Map(), diag, onHtml, used: new Set() };
  ctx.footnotes = footnotesOf(tree, ctx);
  ctx.onLink = (url, visible, line) => {
    // `[601.2b](/600#601.2b)`: the link text is the number its anchor names.
    const hash = url.indexOf('#');
    if (hash < 0 || !/^\d{3}(?:\.\d{1,3}[a-z]?)?$/.test(visible)) return;
    const target = decodeURIComponent(url.slice(hash + 1));
    if (target !== visible) diag('link-mismatch', line, { text: visible, target }, visible);
  };

  type Item = { kind: 'lines'; lines: KoLine[] } | { kind: 'segment'; index: number };
  const items: Item[] = [];
  const segments: Segment[] = [];
  let title: { value: string; line: number } | undefined;
  const blank = (line: number): Item => ({ kind: 'lines', lines: [{ text: '', line, notes: [] }] });
  const withAnchor = (l: KoLine): KoLine => {
    if (!pendingAnchor || l.text.trim() === '') return l;
    const a = pendingAnchor;
    pendingAnchor = undefined;
    return { ...l, anchor: a.name, anchorLine: a.line };
  };

  for (const node of tree.children) {
    const line = node.position?.start.line ?? 0;
    switch (node.type) {
      case 'yaml':
        title = readFrontMatterFields(node.value, line + 1).get('title') ?? title;
        break;
      case 'footnoteDefinition':
      case 'definition':
      case 'thematicBreak':
        break;
      case 'html': {
        const value = node.value;
        let open: Segment | null = null;
        let offsetLine = 0;
        let consumed = 0;
        const lineAt = (offset: number) => {
          offsetLine += countLines(value.slice(consumed, offset));
          consumed = offset;
          return line + offsetLine;
        };
        for (const piece of scanHtml(value)) {
          if (piece.kind === 'tag') {
            const t = piece.tag;
            const at = lineAt(t.start);
            if (t.name === 'a' && !t.closing && t.attrs.has('name')) takeAnchor(t.attrs.get('name')!, at);
            else if (t.name === 'p' && !t.closing) {
              open = { text: '', line: lineAt(t.end), cls: t.attrs.get('class') ?? null };
              if (pendingAnchor) {
                open.anchor = pendingAnchor;
                pendingAnchor = undefined;
              }
              items.push({ kind: 'segment', index: segments.length });
              segments.push(open);
            } else if (t.name === 'p') open = null;
            continue;
          }
          const raw = value.slice(piece.start, piece.end);
          if (open) open.text += raw;
          else if (raw.trim() !== '') {
            // Text in an HTML block outside any <p>: markdown all the same.
            const seg: Segment = { text: raw, line: lineAt(piece.start), cls: null };
            items.push({ kind: 'segment', index: segments.length });
            segments.push(seg);
          }
        }
        items.push(blank(node.position?.end.line ?? line));
        break;
      }
      default: {
        // Paragraphs (anchor lines, bare rule lines, `(생략)`, `{% include %}`), headings, lists.
        const lines = flattenFlow(node, ctx).map((l): KoLine => {
          const inline = extractInlineNotes(l.text, l.line, l.notes);
          return withAnchor({
            text: inline.text,
            line: l.line,
            notes: inline.notes,
            ...(node.type === 'heading' ? { expect: 'section' as const } : { bare: true }),
          });
        });
        items.push({ kind: 'lines', lines }, blank(node.position?.end.line ?? line));
      }
    }
  }
  if (pendingAnchor) diag('anchor-unused', pendingAnchor.line, { form: 'end-of-document', anchor: pendingAnchor.name });

  // Pass 2: the markdown inside the <p> elements, in one parse.
  const resolved = resolveSegments(segments, ctx);
  reportUnusedFootnotes(ctx, diag);

  const lines: KoLine[] = [];
  for (const item of items) {
    if (item.kind === 'lines') lines.push(...item.lines);
    else lines.push(...resolved[item.index]!, { text: '', line: segments[item.index]!.line, notes: [] });
  }
  return readKoreanLines(lines, { file, format: 'ko-jekyll-html', title, diagnostics });
}

/** Parses every segment's inner markdown in one remark pass; returns each segment's logical lines. */
function resolveSegments(segments: Segment[], ctx: FlattenContext): KoLine[][] {
  const out: KoLine[][] = segments.map(() => []);
  if (segments.length === 0) return out;
  // Synthetic document: segment k starts on line starts[k]; blank line between segments. Leading
  // spaces go (they would make indented code); trailing ones stay (hard breaks).
  const starts: number[] = [];
  const chunks: string[] = [];
  let next = 1;
  for (const seg of segments) {
    const lines = seg.text.split(LINE_BREAK).map((l) => l.replace(/^[ \t]+/, ''));
    let lead = 0;
    while (lead < lines.length - 1 && lines[lead] === '') lead++;
    seg.line += lead;
    const body = lines.slice(lead).join('\n').replace(/\n+$/, '');
    starts.push(next);
    chunks.push(body);
    next += countLines(body) + 2;
  }
  const segmentOf = (synthetic: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= synthetic) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const defs = [...ctx.footnotes.keys()].map((id) => `[^${id}]: -`).join('\n');
  const tree = parseMarkdown(chunks.join('\n\n') + (defs ? `\n\n${defs}\n` : '\n'), (line) => {
    const k = segmentOf(line);
    reportFlood(ctx.diag, segments[k]!.line + (line - starts[k]!));
  });
  // Anchors inside a <p> (not the generator's habit) name the next line of the same element.
  type Anchor = { name: string; line: number };
  const pending: { inner?: Anchor | undefined } = {};
  const innerCtx: FlattenContext = {
    ...ctx,
    onHtml: (value, line) => {
      const tag = value.startsWith('<') ? readTag(value, 0) : null;
      if (tag?.name === 'a' && !tag.closing && tag.attrs.has('name')) pending.inner = { name: tag.attrs.get('name')!, line };
      return tag ? '' : value;
    },
  };
  for (const node of tree.children) {
    if (node.type === 'footnoteDefinition' || node.type === 'definition') continue;
    const synthetic = node.position?.start.line ?? 0;
    const k = segmentOf(synthetic);
    const seg = segments[k]!;
    const lineOf = (l: number) => seg.line + (l - starts[k]!);
    pending.inner = undefined;
    for (const l of flattenFlow(node, innerCtx, lineOf)) {
      const inner = pending.inner as Anchor | undefined;
      const notes = extractInlineNotes(l.text, l.line, l.notes);
      const line: KoLine = { text: notes.text, line: l.line, notes: notes.notes };
      if (inner && inner.line <= l.line && line.text.trim() !== '') {
        line.anchor = inner.name;
        line.anchorLine = inner.line;
        pending.inner = undefined;
      }
      out[k]!.push(line);
    }
    const inner = pending.inner as Anchor | undefined;
    if (inner) ctx.diag('anchor-unused', inner.line, { form: 'ends-paragraph', anchor: inner.name });
  }
  // The markup's promise and the anchor belong to the segment's first line.
  segments.forEach((seg, k) => {
    const first = out[k]!.find((l) => l.text.trim() !== '');
    if (!first) {
      if (seg.anchor) ctx.diag('anchor-unused', seg.anchor.line, { form: 'empty-paragraph', anchor: seg.anchor.name });
      return;
    }
    const expect = seg.cls ? EXPECT.get(seg.cls) : undefined;
    if (expect) first.expect = expect;
    else if (seg.cls) ctx.diag('unknown-class', seg.line, { class: seg.cls });
    if (seg.anchor && first.anchor === undefined) {
      first.anchor = seg.anchor.name;
      first.anchorLine = seg.anchor.line;
    } else if (seg.anchor) {
      ctx.diag('anchor-unused', seg.anchor.line, { form: 'another-anchor', anchor: seg.anchor.name, next: String(first.anchor) });
    }
  });
  return out;
}
