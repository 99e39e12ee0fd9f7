/**
 * What the history compares: each English edition reduced to its rules (number, text, examples) and
 * glossary entries (term, definition) as plain text, plus the text helpers the matcher and the differ
 * share (references masked, word tokens, similarity). Pure, no Node APIs: also runs in the browser.
 */
import type { RuleDocument } from '../model/types.ts';
import { paragraphText } from '../model/text.ts';

interface RuleItem {
  /** `702.19b`, `702.19`, `702`: as the document numbers it (stale duplicates keep their number). */
  number: string;
  /** Body paragraphs as plain text, joined with `\n`. */
  text: string;
  /** Each example as plain text (paragraphs joined with `\n`). */
  examples: string[];
}

interface TermItem {
  /** Headword as printed. */
  term: string;
  /** Definition paragraphs as plain text, joined with `\n`. */
  text: string;
}

export interface EditionItems {
  /** Effective date, `YYYY-MM-DD`. */
  edition: string;
  rules: RuleItem[];
  glossary: TermItem[];
}

/** A parsed English document → the items the history tracks, in document order. */
export function editionItems(doc: RuleDocument): EditionItems {
  if (!doc.edition) throw new Error(`${doc.file}: no effective date; the history needs the edition of every document`);
  return {
    edition: doc.edition,
    rules: doc.rules.map((r) => ({
      number: r.number,
      text: r.body.map(paragraphText).join('\n'),
      examples: r.examples.map((e) => e.map(paragraphText).join('\n')),
    })),
    glossary: doc.glossary.map((g) => ({ term: g.term, text: g.definition.map(paragraphText).join('\n') })),
  };
}

/**
 * A rule number as it appears in running text (`rule 103.2a`, `701.3`, `section 702`): three digits,
 * optionally `.N` and a subrule letter. Four-digit years do not match (word boundaries).
 */
const REFERENCE = /\b\d{3}(?:\.\d{1,3}[a-z]?)?\b/g;

/** Every rule number in a text, in order. */
export function referencesIn(text: string): string[] {
  return text.match(REFERENCE) ?? [];
}

/** The text with every rule number replaced by `#`: two texts that differ only in numbers mask alike. */
function maskReferences(text: string): string {
  return text.replace(REFERENCE, '#');
}

/**
 * The text with typography flattened: curly quotes to straight, en and em dashes and the minus sign
 * to `-`, runs of spaces to one, ™/® dropped. The 2019-01-25 file was published without typography
 * and 2019-05-03 restored it: some 1,400 rules differ only so.
 */
function plainTypography(text: string): string {
  return text
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[–—−‐‑]/g, '-')
    .replace(/[™®]/g, '')
    .replace(/…/g, '...')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}

/** What the matcher compares: references masked and typography flattened. */
export const comparable = (text: string) => plainTypography(maskReferences(text));

/** Lower-cased word tokens of a (masked) text. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}#'’]+/gu) ?? [];
}

/** Normalised glossary key: `Kicker, Kicked` and `kicker, kicked` are the same entry. */
export const termKey = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * An English headword as a translation and the English print it, alike: `Control/Controller` (ja) and
 * `Control, Controller` (en), `Draw(1)` and `Draw`, `Casting Cost` and `Casting Cost (Obsolete)`.
 */
export const glossaryKey = (term: string) => termKey(term.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s*\/\s*/g, ', '));
