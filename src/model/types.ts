/**
 * The one rule model every reader produces and every consumer (pages, search, engine) reads.
 * Pure data: no functions, JSON-serialisable, shared by the build and the browser.
 */

import type { DiagnosticCode } from '../pipeline/diagnostics.ts';

export type Lang = 'en' | 'ja' | 'ko';
export const LANGS: readonly Lang[] = ['en', 'ja', 'ko'];

export type Severity = 'error' | 'warning' | 'info';

/** A finding about the source, always pointing at a file and a 1-based physical line. */
export interface Diagnostic {
  severity: Severity;
  file: string;
  line: number;
  /** Says what was found and what was expected. */
  message: string;
  /** Stable machine-readable kind, registered in src/pipeline/diagnostics.ts (title, hint, severity). */
  code: DiagnosticCode;
  /** The rule the finding concerns, when there is one. */
  rule?: string;
}

/** One target of a cross-reference. `to` is set for ranges (`103.2a–e` → from 103.2a to 103.2e). */
export interface RefTarget {
  kind: 'rule' | 'range' | 'section' | 'part';
  /** Rule number (`702.19b`), section (`702`) or part (`8`), without trailing period. */
  number: string;
  /** Last number of a range, written out in full (`103.2e`, `119.8`, `903.11`). */
  to?: string;
}

/** Inline content of a paragraph. Plain text is the concatenation of `text`/`value` in order. */
export type Inline =
  | { type: 'text'; value: string }
  /** A mana or game symbol, `value` without braces: `T`, `G/W`, `W/P`, `CHAOS`. */
  | { type: 'symbol'; value: string }
  /** A cross-reference as it appears (`text`) with what it points at. */
  | { type: 'ref'; text: string; target: RefTarget; missing?: boolean }
  /**
   * An occurrence of a glossary term (`term` is the glossary headword it belongs to). `english`: where
   * two entries share the headword (Japanese イベント: Event, Tournament), the English name of the one meant.
   */
  | { type: 'term'; text: string; term: string; english?: string }
  /** Where a translator note was attached in the text; `index` points into `Rule.notes`. */
  | { type: 'noteRef'; index: number }
  /**
   * Where the source lost text: two inline elements of the page it was extracted from (ruby terms,
   * links) touch, and the one-character text between them (a particle, 、, ・, a verb ending) was
   * dropped. Adds no text. `word`: a one-character word (引, 絵, 探) evidently lost here as well.
   */
  | { type: 'gap'; word?: string }
  /**
   * Characters the source lost, restored from evidence: `evidence` is the word of the same-edition
   * English rule that proves them (`draw` for 引). Shown marked as restored, never as if printed.
   */
  | { type: 'restored'; value: string; evidence: string };

export type Paragraph = Inline[];

/** A translator's note, kept apart from the rule text. */
export interface Note {
  text: string;
  /** How the source marked it: `(번역자 주-…)`, a `[^n]` footnote, `…-번역자`, `(訳注:…)`. */
  form: 'inline' | 'footnote' | 'suffix';
  line: number;
}

export type RuleKind = 'section' | 'rule' | 'subrule';

export interface Rule {
  /** `702`, `702.19`, `702.19b`: no trailing period. */
  number: string;
  kind: RuleKind;
  /** Number of the parent entry (`702.19` for `702.19b`, `702` for `702.19`, part `7` for `702`). */
  parent: string;
  children: string[];
  /** Paragraphs of the rule itself: the numbered line, then any continuation paragraphs. */
  body: Paragraph[];
  /** Examples, in order; each a list of paragraphs. */
  examples: Paragraph[][];
  notes: Note[];
  /** 1-based line of the numbered line in the source file. */
  line: number;
  /** The number as printed when it differs from `number` (a corrected source defect). */
  printedNumber?: string;
  /** The text is known to be damaged in the source (lost characters); see diagnostics. */
  damaged?: boolean;
  /**
   * A second entry printed with a number already used (a stale copy left in the source). Kept so no
   * text is lost; anchors, links and lookups use the first entry with the number.
   */
  duplicate?: boolean;
}

/** A part ("chapter") of the rules: `1. Game Concepts`. */
export interface Part {
  number: string;
  title: string;
  /** The title is known to be damaged in the source (lost characters). */
  damaged?: boolean;
  sections: string[];
}

export interface GlossaryEntry {
  /** Headword as printed, without reading and English name (`色`, `Active Player`). */
  term: string;
  /** Reading printed with the headword (Japanese `(いろ)`), when any. */
  reading?: string;
  /** English headword, when the document gives one (Japanese `/Color`). */
  english?: string;
  /** Definition paragraphs (numbered senses stay separate paragraphs). */
  definition: Paragraph[];
  /** Rule numbers the definition refers to. */
  refs: string[];
  /** Translator notes separated from the definition. */
  notes?: Note[];
  line: number;
  /** The definition is known to be damaged in the source (lost characters). */
  damaged?: boolean;
}

/** A pair of names for the same concept across languages (for links and cross-language search). */
export interface TermBridgeEntry {
  term: string;
  english: string;
  /** Rule where the pair was found (keyword headings), or the glossary. */
  source: string;
}

export type SourceFormat = 'en-text' | 'ko-text' | 'ko-jekyll-text' | 'ko-jekyll-html' | 'ja-text';

export interface RuleDocument {
  lang: Lang;
  /** Effective date the document states, `YYYY-MM-DD`, or null. */
  edition: string | null;
  title: string;
  format: SourceFormat;
  /** File path as given to the parser. */
  file: string;
  /** Introduction paragraphs (plain text). */
  introduction: string[];
  /** The introduction is known to be damaged in the source (lost characters). */
  introductionDamaged?: boolean;
  parts: Part[];
  /** Every numbered entry from section level down, in document order. */
  rules: Rule[];
  glossary: GlossaryEntry[];
  /** Credits paragraphs (plain text). */
  credits: string[];
  termBridge: TermBridgeEntry[];
  /** True when the document holds only some sections (Korean chapter posts). */
  partial: boolean;
  diagnostics: Diagnostic[];
}
