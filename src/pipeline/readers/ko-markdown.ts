/**
 * The markup layer of the Korean Jekyll posts: front matter fields, and markdown bodies parsed with
 * unified + remark (GFM footnotes, with a guard against delimiter floods that make parsing
 * quadratic), flattened to logical lines (`KoLine`) with footnotes and inline notes as translator
 * notes. Used by ko-text.ts (markdown posts) and ko-jekyll-html.ts (the inner markdown of HTML posts).
 */
import type { Root, RootContent, PhrasingContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { Note } from '../../model/types.ts';
import { NOTE_MARK } from '../inline.ts';
import { extractInlineNotes, noteText, trimSpacesEnd } from './ko-notes.ts';
import type { KoLine } from './ko-lines.ts';
import type { Report } from '../../model/diagnostics.ts';

// ---------------------------------------------------------------------------------------------
// Jekyll front matter

export interface FrontMatter {
  fields: Map<string, { value: string; line: number }>;
  /** Index of the first line after the closing `---`. */
  end: number;
}

/** Reads `key: value` lines of a YAML front matter block (values unquoted; nested YAML is not needed). */
export function readFrontMatterFields(yaml: string, firstLine: number): Map<string, { value: string; line: number }> {
  const fields = new Map<string, { value: string; line: number }>();
  yaml.split(/\r\n|\r|\n/).forEach((l, k) => {
    const colon = l.indexOf(':');
    if (colon <= 0 || /^\s/.test(l)) return;
    let value = l.slice(colon + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]!)) value = value.slice(1, -1).trim();
    fields.set(l.slice(0, colon).trim(), { value, line: firstLine + k });
  });
  return fields;
}

/** `---` … `---` at the very start of the text (lines already split). */
export function readFrontMatter(lines: string[]): FrontMatter | null {
  if (lines[0]?.trim() !== '---') return null;
  for (let i = 1; i < Math.min(lines.length, 200); i++) {
    const l = lines[i]!.trim();
    if (l === '---' || l === '...') return { fields: readFrontMatterFields(lines.slice(1, i).join('\n'), 2), end: i + 1 };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Markdown (mdast) → logical lines

export interface FlattenContext {
  /** Footnote definitions by identifier. */
  footnotes: Map<string, Note>;
  diag: Report;
  /** Inline HTML (`<a name>`, `<br>`): returns the text to insert. */
  onHtml?: (value: string, line: number) => string;
  /** Identifiers of the footnotes referenced so far. */
  used?: Set<string>;
  /** A link: lets the caller compare its target with its text. */
  onLink?: (url: string, text: string, line: number) => void;
}

/** `![symbolW](/assets/symbols/W.gif)` → `W`; null when the image is not a game symbol. */
function symbolOfImage(url: string, alt: string): string | null {
  const file = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  if (/symbol/i.test(url) && /^[A-Za-z0-9/]{1,8}$/.test(name)) return decodeURIComponent(name).toUpperCase();
  const m = /^symbol[-_ ]?([A-Za-z0-9/]{1,8})$/i.exec(alt.trim());
  return m ? m[1]!.toUpperCase() : null;
}

interface LineBuffer {
  lines: { text: string; notes: Note[]; line: number }[];
}

const startLine = (n: { position?: { start: { line: number } } | undefined }, fallback: number) => n.position?.start.line ?? fallback;

/** Appends phrasing content to the buffer; `\n` in text and hard breaks start a new line. */
function flattenPhrasing(nodes: PhrasingContent[], buf: LineBuffer, ctx: FlattenContext, lineOf: (synthetic: number) => number): void {
  const cur = () => buf.lines[buf.lines.length - 1]!;
  const newline = () => buf.lines.push({ text: '', notes: [], line: cur().line + 1 });
  const append = (s: string) => {
    const parts = s.split('\n');
    cur().text += parts[0]!;
    for (let k = 1; k < parts.length; k++) {
      newline();
      cur().text += parts[k]!;
    }
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        append(node.value);
        break;
      case 'break':
        newline();
        break;
      case 'image': {
        const symbol = symbolOfImage(node.url, node.alt ?? '');
        if (symbol) append(`{${symbol}}`);
        else {
          ctx.diag('unknown-image', lineOf(startLine(node, 0)), { url: node.url, alt: node.alt ?? '' });
          append(node.alt ?? '');
        }
        break;
      }
      case 'imageReference':
        append(node.alt ?? '');
        break;
      case 'footnoteReference': {
        const def = ctx.footnotes.get(node.identifier);
        ctx.used?.add(node.identifier);
        cur().text = trimSpacesEnd(cur().text) + NOTE_MARK;
        cur().notes.push(def ? { ...def } : { text: '', form: 'footnote', line: lineOf(startLine(node, 0)) });
        if (!def) ctx.diag('footnote-undefined', lineOf(startLine(node, 0)), { form: 'markdown', id: node.label ?? node.identifier });
        break;
      }
      case 'html': {
        const inserted = ctx.onHtml ? ctx.onHtml(node.value, lineOf(startLine(node, 0))) : '';
        append(inserted);
        break;
      }
      case 'link': {
        const before = cur().text.length;
        const lines = buf.lines.length;
        flattenPhrasing(node.children, buf, ctx, lineOf);
        if (ctx.onLink && buf.lines.length === lines) ctx.onLink(node.url, cur().text.slice(before), lineOf(startLine(node, 0)));
        break;
      }
      default:
        if ('children' in node) flattenPhrasing(node.children as PhrasingContent[], buf, ctx, lineOf);
        else if (typeof (node as { value?: unknown }).value === 'string') append((node as { value: string }).value);
    }
  }
}

/**
 * A flow node (paragraph, heading, list, code, …) → logical lines. `lineOf` maps the parse's line
 * numbers to physical source lines (identity for a whole-file parse).
 */
export function flattenFlow(node: RootContent, ctx: FlattenContext, lineOf: (synthetic: number) => number = (l) => l): { text: string; notes: Note[]; line: number }[] {
  const first = startLine(node, 1);
  const buf: LineBuffer = { lines: [{ text: '', notes: [], line: first }] };
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'tableCell':
      flattenPhrasing(node.children, buf, ctx, lineOf);
      break;
    case 'code':
    case 'html':
      buf.lines = node.value.split('\n').map((text, k) => ({ text, notes: [], line: first + k }));
      break;
    case 'list': {
      const out: { text: string; notes: Note[]; line: number }[] = [];
      node.children.forEach((item, k) => {
        const prefix = node.ordered ? `${(node.start ?? 1) + k}. ` : '';
        item.children.forEach((child, c) => {
          const lines = flattenFlow(child, ctx, (l) => l);
          if (c === 0 && lines[0]) lines[0].text = prefix + lines[0].text;
          out.push(...lines);
        });
      });
      return out.map((l) => ({ ...l, line: lineOf(l.line) }));
    }
    case 'blockquote':
    case 'table':
    case 'tableRow':
    case 'listItem':
      return node.children.flatMap((c) => flattenFlow(c as RootContent, ctx, lineOf));
    default:
      return [];
  }
  return buf.lines.map((l) => ({ ...l, line: lineOf(l.line) }));
}

/** Footnote definitions of a tree as notes (form `footnote`, text without `주-`/`-번역자`). */
export function footnotesOf(tree: Root, ctx: Omit<FlattenContext, 'footnotes'>): Map<string, Note> {
  const out = new Map<string, Note>();
  for (const node of tree.children) {
    if (node.type !== 'footnoteDefinition') continue;
    const text = node.children
      .flatMap((c) => flattenFlow(c, { ...ctx, footnotes: new Map() }))
      .map((l) => l.text.replaceAll(NOTE_MARK, ''))
      .join(' ');
    out.set(node.identifier, { text: noteText(text), form: 'footnote', line: startLine(node, 1) });
  }
  return out;
}

/**
 * Markdown as the Korean posts use it: CommonMark plus GFM footnotes (`[^5]`), nothing else of
 * GFM (no tables, strikethrough or autolinks that would misread `~`, `|` or `www.` in rule text),
 * and indentation is never code (509.1b's five-space continuation).
 */
function remarkFootnotesOnly(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), { disable: { null: ['codeIndented'] } });
  (data.fromMarkdownExtensions ??= []).push(gfmFootnoteFromMarkdown());
}

let markdownProcessor: ReturnType<typeof makeProcessor> | null = null;
function makeProcessor() {
  return unified().use(remarkParse).use(remarkFrontmatter).use(remarkFootnotesOnly).freeze();
}
/**
 * Emphasis delimiters a block may hold before the rest are escaped. micromark resolves `*`/`_` runs
 * in quadratic time (20 000 alternating `*_` take seconds); a CR paragraph has a handful. In a block
 * over the limit the first KEEP_DELIMITERS stay (the bold `**700.1.**`), the others are
 * backslash-escaped: literal text, and parsing stays linear.
 */
const MAX_DELIMITERS = 200;
const KEEP_DELIMITERS = 8;

function escapeDelimiterFloods(text: string, onEscaped?: (line: number) => void): string {
  if (text.length < MAX_DELIMITERS) return text;
  const lines = text.split('\n');
  let blockStart = 0;
  let count = 0;
  let changed = false;
  const close = (end: number) => {
    if (count <= MAX_DELIMITERS) return;
    let seen = 0;
    for (let k = blockStart; k < end; k++) {
      const l = lines[k]!;
      let out = '';
      for (let c = 0; c < l.length; c++) {
        const ch = l[c]!;
        if (ch === '\\') {
          out += ch + (l[c + 1] ?? '');
          c++;
        } else if ((ch === '*' || ch === '_') && ++seen > KEEP_DELIMITERS) out += `\\${ch}`;
        else out += ch;
      }
      lines[k] = out;
    }
    onEscaped?.(blockStart + 1);
    changed = true;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '') {
      close(i);
      blockStart = i + 1;
      count = 0;
      continue;
    }
    for (let k = 0; k < l.length; k++) if (l[k] === '*' || l[k] === '_') count++;
  }
  close(lines.length);
  return changed ? lines.join('\n') : text;
}

/**
 * unified + remark-parse + remark-frontmatter + remark-gfm (footnotes), built once. `onEscaped`
 * hears of blocks whose delimiter floods were escaped (1-based line in `text`).
 */
export function parseMarkdown(text: string, onEscaped?: (line: number) => void): Root {
  markdownProcessor ??= makeProcessor();
  return markdownProcessor.parse(escapeDelimiterFloods(text, onEscaped));
}

export const reportFlood = (diag: Report, line: number) => diag('delimiter-flood', line, { max: MAX_DELIMITERS });

/** Markdown text (a whole Jekyll post) → logical lines, with a blank line between flow nodes. */
export function markdownLines(text: string, diag: Report): { lines: KoLine[]; title?: { value: string; line: number } } {
  const tree = parseMarkdown(text, (line) => reportFlood(diag, line));
  const ctx: FlattenContext = { footnotes: new Map(), diag, used: new Set() };
  ctx.footnotes = footnotesOf(tree, ctx);
  const lines: KoLine[] = [];
  let title: { value: string; line: number } | undefined;
  for (const node of tree.children) {
    if (node.type === 'yaml') {
      const t = readFrontMatterFields(node.value, startLine(node, 1) + 1).get('title');
      if (t) title = t;
      continue;
    }
    if (node.type === 'footnoteDefinition' || node.type === 'definition' || node.type === 'thematicBreak') continue;
    for (const l of flattenFlow(node, ctx)) {
      const inline = extractInlineNotes(l.text, l.line, l.notes);
      lines.push({ text: inline.text, line: l.line, notes: inline.notes, ...(node.type === 'heading' ? { expect: 'section' as const } : {}) });
    }
    lines.push({ text: '', line: node.position?.end.line ?? 0, notes: [] });
  }
  reportUnusedFootnotes(ctx, diag);
  return title ? { lines, title } : { lines };
}

/** Footnote definitions nobody refers to (the note would be lost otherwise). */
export function reportUnusedFootnotes(ctx: FlattenContext, diag: Report): void {
  for (const [id, note] of ctx.footnotes) {
    if (!ctx.used?.has(id)) diag('footnote-unused', note.line, { id, text: note.text.slice(0, 60) });
  }
}
