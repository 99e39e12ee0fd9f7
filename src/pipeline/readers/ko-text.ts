/**
 * Reader for the Korean translations as text: the complete translation (`MagicCompRules_KR-…txt`:
 * title, effective date, 소개, 목차, body, 용어사전, publisher paragraph) and the Jekyll chapter posts
 * (front matter + plain CR text, or + markdown: `#### 500. 일반`, `__Example__: *…*`, `[^1]`).
 *
 * Every source form is first turned into logical lines (`KoLine`: text, physical line, translator
 * notes already cut out and replaced by NOTE_MARK); one classifier then finds the regions and the
 * blocks. The Jekyll-HTML reader (ko-jekyll-html.ts) produces the same lines and shares the rest.
 */
import { contentsFrom, lastTextLine } from '../completeness.ts';
import type { Root, RootContent, PhrasingContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { Diagnostic, GlossaryEntry, Note, SourceFormat } from '../../model/types.ts';
import { parseEffectiveDate, type Block, type ReaderOutput } from '../blocks.ts';
import { NOTE_MARK, parseInline } from '../inline.ts';
import { matchExample, matchNumberedLine, matchPartHeading } from '../lines.ts';
import { paragraphsOf } from './en-text.ts';
import { reporter, type Report } from '../diagnostics.ts';
import { extractInlineNotes, noteText, trimSpacesEnd } from './ko-notes.ts';

/** One logical line of a Korean source: its text (notes cut out), its 1-based physical line, its notes. */
export interface KoLine {
  text: string;
  line: number;
  notes: Note[];
  /** What the markup says the line is (`<p class="paragraph|clause|example">`, `###` heading). */
  expect?: 'subrule' | 'rule' | 'section' | 'example';
  /** The `<a name="…">` anchor printed right before the line, when any. */
  anchor?: string;
  anchorLine?: number;
  /** The line is a plain paragraph among HTML ones (the site generator skipped it). */
  bare?: boolean;
}

/** Reports a finding (src/pipeline/diagnostics.ts): `diag(code, line, message, rule?, severity?)`. */
export type Diag = Report;

export function makeDiag(file: string, diagnostics: Diagnostic[]): Diag {
  return reporter(file, diagnostics);
}

// ---------------------------------------------------------------------------------------------
// Translator notes

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
  diag: Diag;
  /** Inline HTML (`<a name>`, `<br>`): returns the text to insert. */
  onHtml?: (value: string, line: number) => string;
  /** Identifiers of the footnotes referenced so far. */
  used?: Set<string>;
  /** A link: lets the caller compare its target with its text. */
  onLink?: (url: string, text: string, line: number) => void;
}

/** `![symbolW](/assets/symbols/W.gif)` → `W`; null when the image is not a game symbol. */
export function symbolOfImage(url: string, alt: string): string | null {
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
          ctx.diag('unknown-image', lineOf(startLine(node, 0)), `image ${node.url} is not a mana/game symbol (expected /assets/symbols/X.gif); kept its alt text "${node.alt ?? ''}"`);
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
        if (!def) ctx.diag('footnote-undefined', lineOf(startLine(node, 0)), `footnote [^${node.label ?? node.identifier}] has no definition "[^${node.label ?? node.identifier}]: …"; kept an empty note`);
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

const floodMessage = `more than ${MAX_DELIMITERS} emphasis delimiters (* and _) in one block; read them as literal characters (a rules text has a handful)`;
export const reportFlood = (diag: Diag, line: number) => diag('delimiter-flood', line, floodMessage);

/** Markdown text (a whole Jekyll post) → logical lines, with a blank line between flow nodes. */
function markdownLines(text: string, diag: Diag): { lines: KoLine[]; title?: { value: string; line: number } } {
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
export function reportUnusedFootnotes(ctx: FlattenContext, diag: Diag): void {
  for (const [id, note] of ctx.footnotes) {
    if (!ctx.used?.has(id)) diag('footnote-unused', note.line, `footnote [^${id}] is defined but never referenced; expected a "[^${id}]" in the text. Note: ${note.text.slice(0, 60)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Logical lines → regions and blocks (shared by every Korean reader)

const OMISSION = /^[(<[（〈]\s*생략\s*[)>\]）〉]$/;
const LIQUID = /^\{%.*%\}$/;
const THEMATIC_BREAK = /^(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const INTRO_HEAD = /^(?:소개|들어가며|Introduction)$/;
const CONTENTS_HEAD = /^(?:목차|차례|Contents)$/;
const GLOSSARY_HEAD = /^(?:용어\s*사전|용어집|Glossary)$/;
const CREDITS_HEAD = /^(?:크레딧|제작진|만든 사람들|Credits)$/;

const isBlank = (s: string) => s.trim() === '';

/** `1. 게임의 컨셉`: a part heading (parts 1–9, a short title), not a numbered sentence. */
function partHeading(text: string) {
  const m = matchPartHeading(text);
  return m && Number(m.number) >= 1 && Number(m.number) <= 9 && m.title.length <= 40 ? m : null;
}

/**
 * A numbered line, its number possibly glued to the text (`302.4b생물의`). The spaced form is tried
 * first: `matchNumberedLine(…, true)` rejects `100.1a 2인전은…` (text starting with a digit).
 */
export function numberedLine(text: string) {
  return matchNumberedLine(text) ?? matchNumberedLine(text, true);
}

/** A rule-level numbered line (`100.1.`, `302.4b생물의`), not a section heading. */
function isRuleLine(text: string): boolean {
  const m = numberedLine(text.trim());
  return !!m && m.printed.includes('.');
}

export interface KoreanReadOptions {
  file: string;
  format: SourceFormat;
  /** Front matter title (Jekyll posts). */
  title?: { value: string; line: number } | undefined;
  diagnostics: Diagnostic[];
}

/** Logical lines of a Korean document → ReaderOutput (regions, blocks, notes, diagnostics). */
export function readKoreanLines(lines: KoLine[], options: KoreanReadOptions): ReaderOutput {
  const { file, format, diagnostics } = options;
  const diag = makeDiag(file, diagnostics);
  const texts = lines.map((l) => l.text);
  const find = (pred: (t: string) => boolean, from = 0, to = lines.length) => {
    for (let i = from; i < to; i++) if (pred(texts[i]!.trim())) return i;
    return -1;
  };

  // Body: from the headings just before the first rule line (walking back over blanks and section
  // headings, through one part heading).
  const firstRule = find(isRuleLine);
  let bodyAt = firstRule < 0 ? lines.length : firstRule;
  for (let i = bodyAt - 1; i >= 0; i--) {
    const t = texts[i]!.trim();
    if (t === '') continue;
    const numbered = numberedLine(t);
    if (numbered && !numbered.printed.includes('.') && numbered.text !== '') {
      bodyAt = i;
      continue;
    }
    if (!numbered && partHeading(t)) bodyAt = i;
    break;
  }

  // Front: title, effective date, 소개 … 목차 … (contents).
  const titleAt = find((t) => t !== '' && !LIQUID.test(t), 0, bodyAt);
  const title = options.title?.value ?? (titleAt >= 0 ? texts[titleAt]!.trim() : '');
  const dateAt = find((t) => parseEffectiveDate(t) !== null, 0, bodyAt);
  const edition = dateAt >= 0 ? parseEffectiveDate(texts[dateAt]!) : null;
  const introAt = find((t) => INTRO_HEAD.test(t), 0, bodyAt);
  const contentsAt = find((t) => CONTENTS_HEAD.test(t), 0, bodyAt);
  const introduction = introAt >= 0 ? paragraphsOf(texts, introAt + 1, contentsAt > introAt ? contentsAt : bodyAt).map((p) => p.text.join('\n')) : [];

  // Back: 용어사전 (glossary) … credits.
  let glossaryAt = find((t) => GLOSSARY_HEAD.test(t), bodyAt);
  let creditsAt = find((t) => CREDITS_HEAD.test(t), glossaryAt >= 0 ? glossaryAt : bodyAt);
  if (creditsAt < 0) creditsAt = lines.length;
  if (glossaryAt < 0) glossaryAt = creditsAt;

  const blocks: Block[] = [];
  // A part heading from the post's title (`title: 7. 추가 규칙`), when the post has none itself.
  const fmPart = options.title ? partHeading(options.title.value) : null;

  let lastNumbered: string | null = null;
  for (let i = bodyAt; i < glossaryAt; i++) {
    const l = lines[i]!;
    const t = l.text.trim();
    if (t === '') continue;
    if (LIQUID.test(t) || THEMATIC_BREAK.test(t)) continue;
    if (OMISSION.test(t)) {
      const section = lastNumbered ? lastNumbered.slice(0, 3) : null;
      diag('omitted', l.line, `"${t}": the source leaves out the rest of ${section ? `section ${section} after ${lastNumbered}` : 'this part'} (not translated); those rules are absent from this document`, lastNumbered ?? undefined);
      continue;
    }
    const call = t.includes('[^') ? /\[\^([^\]\s]{1,32})\]/.exec(t) : null;
    if (call) diag('footnote-undefined', l.line, `footnote reference [^${call[1]}] has no definition "[^${call[1]}]: …"; kept as text`, lastNumbered ?? undefined);
    const numbered = numberedLine(t);
    const part = numbered ? null : partHeading(t);
    const example = numbered || part ? null : matchExample(t);
    if (l.anchor !== undefined && (!numbered || numbered.printed !== l.anchor)) {
      diag('anchor-mismatch', l.anchorLine ?? l.line, `anchor <a name="${l.anchor}"> is followed by ${numbered ? `rule ${numbered.printed}` : 'an unnumbered paragraph'}; expected the anchor to equal the number of the paragraph after it`, numbered?.printed);
    }
    if (numbered && (numbered.text !== '' || numbered.printed.includes('.'))) {
      checkExpectation(l, numbered.printed, diag);
      if (l.bare) diag('bare-line', l.line, `rule ${numbered.printed} is a plain line among the HTML paragraphs (the site generator did not convert it, probably because of its irregular number)`, numbered.printed);
      blocks.push({ type: 'numbered', printed: numbered.printed, text: numbered.text, line: l.line, notes: l.notes });
      lastNumbered = numbered.printed;
    } else if (part) {
      blocks.push({ type: 'part', number: part.number, title: part.title, line: l.line });
    } else if (example !== null) {
      if (l.expect && l.expect !== 'example') diag('markup-mismatch', l.line, `an example inside markup for a ${l.expect}; expected example markup`, lastNumbered ?? undefined);
      blocks.push({ type: 'example', text: example, line: l.line, notes: l.notes });
    } else {
      if (l.expect) diag('markup-mismatch', l.line, `markup says ${l.expect === 'example' ? 'an example' : `a numbered ${l.expect}`}, but the text is neither numbered nor labelled "Example:"; kept as a continuation paragraph. Text: ${t.slice(0, 60)}`, lastNumbered ?? undefined);
      blocks.push({ type: 'continuation', text: t, line: l.line, notes: l.notes });
    }
  }
  if (fmPart && !blocks.some((b) => b.type === 'part')) {
    const firstSection = blocks.find((b): b is Extract<Block, { type: 'numbered' }> => b.type === 'numbered');
    if (firstSection && String(Math.floor(Number(firstSection.printed.slice(0, 3)) / 100)) === fmPart.number) {
      blocks.unshift({ type: 'part', number: fmPart.number, title: fmPart.title, line: options.title!.line });
    }
  }

  // Glossary and credits.
  const glossary: GlossaryEntry[] = [];
  let credits: string[] = [];
  let glossaryOmitted = false;
  if (glossaryAt < creditsAt) {
    const paras = paragraphsOf(texts, glossaryAt + 1, creditsAt);
    const omittedAt = paras.findIndex((p) => p.text.length === 1 && OMISSION.test(p.text[0]!));
    if (omittedAt >= 0) {
      glossaryOmitted = true;
      diag('glossary-omitted', paras[omittedAt]!.line, `the glossary (${texts[glossaryAt]!.trim()}) is left out ("${paras[omittedAt]!.text[0]}"); the document has no glossary entries`);
      // What follows the omission marker is the closing publisher/trademark paragraph.
      credits = paras.slice(omittedAt + 1).map((p) => p.text.join('\n'));
      for (const p of paras.slice(0, omittedAt)) glossary.push(glossaryEntry(p, diag));
    } else {
      for (const p of paras) glossary.push(glossaryEntry(p, diag));
    }
  }
  if (creditsAt < lines.length) credits.push(...paragraphsOf(texts, creditsAt + 1, lines.length).map((p) => p.text.join('\n')));

  const sections = new Set(blocks.flatMap((b) => (b.type === 'numbered' ? [b.printed.slice(0, 3)] : [])));
  const partsCovered = new Set([...sections].map((s) => s[0]));
  const partial = partsCovered.size < 9;
  if (edition === null) {
    diag('no-edition', 1, `the document states no effective date (expected a line such as "이 규칙은 2019년 1월 25일부터 시행됩니다."); edition unknown${partial ? ' (a chapter post: the site manifest supplies it)' : ''}`, undefined, partial ? 'info' : 'warning');
  }
  if (firstRule < 0) diag('no-rules', 1, 'no numbered rule lines such as "100.1. …" found');

  return {
    lang: 'ko',
    format,
    file,
    title,
    edition,
    introduction,
    blocks,
    glossary,
    credits,
    termBridge: [],
    partial,
    damaged: [],
    diagnostics,
    // A glossary the document itself declares left out ("(생략)") is not missing.
    ...(contentsAt >= 0 ? { contents: { ...contentsFrom(texts, contentsAt + 1, bodyAt, GLOSSARY_HEAD, CREDITS_HEAD, (i) => lines[i]!.line), ...(glossaryOmitted ? { glossary: null } : {}) } } : {}),
    lastLine: lines[lastTextLine(texts) - 1]?.line ?? 1,
  };
}

/** A glossary paragraph: term line (`돌진 Trample`), definition lines. */
function glossaryEntry(p: { text: string[]; line: number }, diag: Diag): GlossaryEntry {
  if (p.text.length < 2) diag('glossary-no-definition', p.line, `glossary term "${p.text[0]}" has no definition line after it; expected the definition on the next line`);
  return { term: p.text[0]!, definition: p.text.slice(1).map((t) => parseInline(t)), refs: [], line: p.line };
}

/** What the markup promised (`<p class="clause">`, `### 700.`) against the number found. */
function checkExpectation(l: KoLine, printed: string, diag: Diag): void {
  if (!l.expect) return;
  const kind = !printed.includes('.') ? 'section' : /[a-z]$/.test(printed) ? 'subrule' : 'rule';
  if (l.expect !== kind) diag('markup-mismatch', l.line, `${printed} is a ${kind}, but its markup is for ${l.expect === 'example' ? 'an example' : `a ${l.expect}`}`, printed);
}


// ---------------------------------------------------------------------------------------------
// The reader

/** Whether a Jekyll post body is markdown (`#### 500.`, `__Example__`, footnotes, `&nbsp;`) rather than plain CR text. */
function isMarkdownBody(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^#{1,6}\s+\d/.test(l) || l.includes('__Example__') || /^\[\^[^\]\s]+\]:/.test(l) || l.includes('&nbsp;')) return true;
  }
  return false;
}

export function readKoreanText(text: string, file: string): ReaderOutput {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const raw = text.split(/\r\n|\r|\n/);
  const diagnostics: Diagnostic[] = [];
  const diag = makeDiag(file, diagnostics);
  const fm = readFrontMatter(raw);
  const format: SourceFormat = fm ? 'ko-jekyll-text' : 'ko-text';

  if (fm && isMarkdownBody(raw, fm.end)) {
    const { lines, title } = markdownLines(text, diag);
    return readKoreanLines(lines, { file, format, title, diagnostics });
  }

  const lines: KoLine[] = [];
  for (let i = fm ? fm.end : 0; i < raw.length; i++) {
    const l = raw[i]!;
    const { text: t, notes } = extractInlineNotes(l, i + 1);
    lines.push({ text: t, line: i + 1, notes });
  }
  if (fm && isBlank(raw.slice(fm.end).join(''))) diag('no-rules', 1, 'the post has front matter but no body');
  return readKoreanLines(lines, { file, format, title: fm?.fields.get('title'), diagnostics });
}
