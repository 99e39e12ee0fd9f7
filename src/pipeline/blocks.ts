/**
 * What every reader emits: the document's blocks in order, with their physical line numbers,
 * plus the regions around the rules. `assembleDocument` turns this into the one rule model.
 */
import type { Diagnostic, GlossaryEntry, Lang, Note, SourceFormat, TermBridgeEntry } from '../model/types.ts';
import type { ContentsList } from './completeness.ts';

export type Block =
  /** A part (chapter) heading: `7. Additional Rules`. */
  | { type: 'part'; number: string; title: string; line: number }
  /** A numbered line: a section heading (`702. Keyword Abilities`), a rule or a subrule. */
  | { type: 'numbered'; printed: string; text: string; line: number; notes: Note[] }
  /** An example; `text` is without its label (`Example:`, `例:`). */
  | { type: 'example'; text: string; line: number; notes: Note[] }
  /** An unnumbered paragraph that continues the rule or example before it. */
  | { type: 'continuation'; text: string; line: number; notes: Note[] };

export interface ReaderOutput {
  lang: Lang;
  format: SourceFormat;
  file: string;
  title: string;
  edition: string | null;
  introduction: string[];
  /** The introduction lost characters in the source. */
  introductionDamaged?: boolean;
  blocks: Block[];
  /**
   * Printed form → glossary headword of the terms the source marks (Japanese ruby terms and links,
   * left in the text between TERM_OPEN and TERM_CLOSE); they become `term` nodes.
   */
  terms?: ReadonlyMap<string, string>;
  glossary: GlossaryEntry[];
  credits: string[];
  /** Extra term pairs the reader knows (e.g. the Japanese glossary's English names). */
  termBridge: TermBridgeEntry[];
  /** The document holds only some parts or sections. */
  partial: boolean;
  /** Rules (and part headings) the reader knows to carry damaged text (lost characters), with line numbers. */
  damaged: { line: number; reason: string }[];
  diagnostics: Diagnostic[];
  /** What the document's own contents list names, for the completeness check (readers that know it). */
  contents?: ContentsList;
  /** Last non-blank physical line. */
  lastLine?: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `These rules are effective as of January 25, 2019.` → `2019-01-25`; also `2019년 1월 25일`, `2019年1月25日`, `20190125`. */
export function parseEffectiveDate(text: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  let m = /effective as of ([A-Za-z]+) (\d{1,2}), (\d{4})/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase());
    if (month >= 0) return `${m[3]}-${pad(month + 1)}-${pad(Number(m[2]))}`;
  }
  m = /(\d{4})\s*[년年]\s*(\d{1,2})\s*[월月]\s*(\d{1,2})\s*[일日]/.exec(text);
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  return null;
}
