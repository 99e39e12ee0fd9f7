/**
 * Reader for the Korean translations as text: the complete translation (`MagicCompRules_KR-…txt`:
 * title, effective date, 소개, 목차, body, 용어사전, publisher paragraph) and the Jekyll chapter posts
 * (front matter + plain CR text, or + markdown: `#### 500. 일반`, `__Example__: *…*`, `[^1]`).
 *
 * It only turns the source into logical lines: plain lines with their inline notes cut out
 * (ko-notes.ts), or a markdown body flattened by ko-markdown.ts; the shared classifier
 * (ko-lines.ts) finds the regions and blocks. The Jekyll-HTML reader (ko-jekyll-html.ts) produces
 * the same lines and shares the rest.
 */
import type { Diagnostic, SourceFormat } from '../../model/types.ts';
import type { ReaderOutput } from '../blocks.ts';
import { extractInlineNotes } from './ko-notes.ts';
import { readKoreanLines, type KoLine } from './ko-lines.ts';
import { reporter } from '../../model/diagnostics.ts';
import { markdownLines, readFrontMatter } from './ko-markdown.ts';

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
  const diag = reporter(file, diagnostics);
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
  if (fm && raw.slice(fm.end).join('').trim() === '') diag('no-rules', 1, { form: 'empty-post' });
  return readKoreanLines(lines, { file, format, title: fm?.fields.get('title'), diagnostics });
}
