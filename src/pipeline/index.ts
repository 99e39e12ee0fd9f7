/**
 * The pipeline for one document: bytes → decode → detect format → reader → assemble → model.
 * One reader per format; adding a format means adding a reader to READERS.
 */
import type { Lang, RuleDocument, SourceFormat } from '../model/types.ts';
import { assembleDocument } from './assemble.ts';
import type { ReaderOutput } from './blocks.ts';
import { checkCompleteness, checkEditionDate } from './completeness.ts';
import { checkEnglishScript, decodeSource, splitLines } from './decode.ts';
import { readEnglishText } from './readers/en-text.ts';
import { readJapaneseText } from './readers/ja-text.ts';
import { readKoreanText } from './readers/ko-text.ts';
import { readKoreanJekyllHtml } from './readers/ko-jekyll-html.ts';

export type Reader = (text: string, file: string) => ReaderOutput;

export const READERS: Record<SourceFormat, Reader> = {
  'en-text': readEnglishText,
  'ko-text': readKoreanText,
  'ko-jekyll-text': readKoreanText,
  'ko-jekyll-html': readKoreanJekyllHtml,
  'ja-text': readJapaneseText,
};

/** The input is not a Comprehensive Rules document at all (exit 1 in the CLI). */
export class NotARulesDocumentError extends Error {
  constructor(file: string, why: string) {
    super(`${file}: not a Comprehensive Rules document: ${why}`);
    this.name = 'NotARulesDocumentError';
  }
}

// Numbered rule lines (`100.1.`, `702.19b`), possibly glued to their text.
const RULE_LINE = /^\s*(?:\*\*)?b?\d{3}\.\d{1,3}[a-z]?\.?/gm;

/** Detects the format from the text itself; `lang` narrows the choice when given. */
function detectFormat(text: string, file: string, lang?: Lang): SourceFormat {
  const sample = text.length > 400_000 ? text.slice(0, 200_000) + text.slice(-200_000) : text;
  let ruleLines = 0;
  for (const _ of sample.matchAll(RULE_LINE)) if (++ruleLines >= 3) break;
  if (text.includes('\u0000')) throw new NotARulesDocumentError(file, 'it contains NUL bytes (binary data?)');
  if (ruleLines < 3) throw new NotARulesDocumentError(file, `expected numbered rule lines such as "100.1. …", found ${ruleLines}`);
  const hangul = (sample.match(/[\uac00-\ud7a3]/g) ?? []).length;
  const kana = (sample.match(/[\u3040-\u30ff]/g) ?? []).length;
  const detected: Lang = hangul > 50 && hangul > kana ? 'ko' : kana > 50 ? 'ja' : 'en';
  const chosen = lang ?? detected;
  if (chosen === 'en') return 'en-text';
  if (chosen === 'ja') return 'ja-text';
  if (/^---\r?\n[\s\S]*?\r?\n---/.test(text) && /<a name="|<p class="/.test(sample)) return 'ko-jekyll-html';
  if (/^---\r?\n/.test(text)) return 'ko-jekyll-text';
  return 'ko-text';
}

export interface ParseOptions {
  lang?: Lang;
  /** The day an edition date is judged against (default: now): far-future editions are refused. */
  today?: Date;
}

/** Parses one document. Throws NotARulesDocumentError when the input is not a CR document. */
export function parseDocument(bytes: Uint8Array, file: string, options: ParseOptions = {}): RuleDocument {
  if (bytes.length === 0) throw new NotARulesDocumentError(file, 'the file is empty');
  const decoded = decodeSource(bytes, file);
  const format = detectFormat(decoded.text, file, options.lang);
  const output = READERS[format](decoded.text, file);
  // concat, not unshift(...): a file may carry very many diagnostics (spreading them overflowed the stack).
  output.diagnostics = decoded.diagnostics.concat(format === 'en-text' ? checkEnglishScript(decoded.text, file) : [], output.diagnostics);
  const doc = assembleDocument(output);
  for (const d of checkCompleteness(doc, output.contents, output.lastLine ?? 1)) doc.diagnostics.push(d);
  for (const d of checkEditionDate(doc.edition, file, () => splitLines(decoded.text), options.today)) doc.diagnostics.push(d);
  return doc;
}
