/**
 * The one rule model every reader produces and every consumer (pages, search, engine) reads.
 * Pure data: no functions, JSON-serialisable, shared by the build and the browser.
 */

import type { DiagnosticCode } from './diagnostics.ts';

export { LANGS, type Lang } from '../i18n/locales.ts';
import type { Lang } from '../i18n/locales.ts';

export type Severity = 'error' | 'warning' | 'info';

/** A finding about the source, always pointing at a file and a 1-based physical line. */
export interface Diagnostic {
  severity: Severity;
  file: string;
  line: number;
  /** Says what was found and what was expected. */
  message: string;
  /** Stable machine-readable kind, registered in src/model/diagnostics.ts (title, hint, severity). */
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
  | {
      type: 'ref';
      text: string;
      target: RefTarget;
      missing?: boolean;
      /**
       * In a composed current edition (src/pipeline/compose.ts): the reference as the translation printed it, before
       * its number was rewritten to today's (`119.4` where `text` now says `120.4`). Shown on hover and focus.
       */
      was?: string;
    }
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

type RuleKind = 'section' | 'rule' | 'subrule';

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
  /** In a composed current edition: where the text comes from and how current it is (src/pipeline/compose.ts). */
  translation?: RuleTranslation;
  /**
   * A second entry printed with a number already used (a stale copy left in the source). Kept so no
   * text is lost; anchors, links and lookups use the first entry with the number.
   */
  duplicate?: boolean;
}

/**
 * How a rule of a composed current edition relates to its translation:
 *   current       the translation's English ancestor says the same (or differs only in typography or in the
 *                 numbers it cites): the translation is shown, its references rewritten to today's numbers;
 *   outdated      the English changed in substance since: the translation is shown, marked, with today's English
 *                 beside it and the English word diff since the translation's edition;
 *   untranslated  new since the translation: today's English is shown (body and examples are English).
 */
export type TranslationStatus = 'current' | 'outdated' | 'untranslated';
export const TRANSLATION_STATUSES: readonly TranslationStatus[] = ['current', 'outdated', 'untranslated'];

/** A word of a word diff: -1 removed, 0 kept, 1 added (the history's WordPart). */
type DiffWord = [op: -1 | 0 | 1, text: string];

export interface RuleTranslation {
  status: TranslationStatus;
  /** The translated rule the text comes from (its edition and number there); null when untranslated. */
  from: { edition: string; number: string } | null;
  /** For `current`: the English differs, but only so (the translation still holds). */
  only?: 'references' | 'typography';
  /** For `outdated`: today's English body, shown beside the translation. */
  english?: Paragraph[];
  /** For `outdated`: the English word diff from the translation's edition to today. */
  diff?: DiffWord[];
  /** Each example of the rule, in order: where it comes from (`from`: 1-based example index in the translation). */
  examples?: ExampleTranslation[];
}

export interface ExampleTranslation {
  status: TranslationStatus;
  from: number | null;
  /** For `outdated`: today's English example. */
  english?: Paragraph[];
  diff?: DiffWord[];
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
  /** In a composed current edition: where the definition comes from (`from.number` is the translated headword). */
  translation?: RuleTranslation;
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
  /** Set on a composed current edition: what it was made of, and how much of it is current. */
  composed?: Composition;
}

/** Counts of rules (and glossary entries) by translation status. */
export type StatusCounts = Record<TranslationStatus, number>;

export interface Composition {
  /** The English edition whose rules and numbers the edition follows (the latest). */
  english: string;
  /** The translations it draws on, newest first (language edition, the English edition each follows). */
  translations: { edition: string; file: string }[];
  rules: StatusCounts;
  /** Per part (`1` … `9`). */
  parts: Record<string, StatusCounts>;
  examples: StatusCounts;
  glossary: StatusCounts;
  /** References rewritten to today's numbers. */
  rewrittenRefs: number;
}

/**
 * The engine's rule-number crosswalk as the data stage writes it from the history (src/generated/crosswalk.json):
 * every rule of `from` whose number differs in `to` (null: no counterpart of its own); `missing` lists editions the
 * history lacks (then `map` is empty). Checked against this shape wherever it is read (src/pipeline/crosswalk-file.ts).
 */
export interface CrosswalkFile {
  from: string;
  to: string;
  map: Record<string, string | null>;
  missing: string[];
}
