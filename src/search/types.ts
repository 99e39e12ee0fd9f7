/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE.
 * The search bundle (what the build writes per language and edition and the browser fetches) and
 * the result shape (what the CLI prints and the search box shows).
 */
import type { Lang } from '../model/types.ts';

/** Bit flags of a record. */
export const TITLE = 1;

/**
 * One searchable rule: `[number, flags, body, examples]`. `body` is the rule's own text (all
 * paragraphs, joined by a space); `examples` is the example text ('' when none). A tuple keeps
 * the shipped JSON small.
 */
export type SearchRecord = [number: string, flags: number, body: string, examples: string];

/** A pair of names for one concept: `[native, english]` (`['状況起因処理', 'State-Based Actions']`). */
export type TermPair = [native: string, english: string];

/** A group of synonyms: any `match` form is read as `query` (`SBA` → `state-based actions`). */
export interface Synonym {
  match: string[];
  query: string;
  /** Rules the synonym names directly, ranked first. */
  rules?: string[];
}

export interface SearchBundle {
  v: 1;
  /** `{lang}-{edition}`, also the file name (`/search/ko-2019-01-25.json`). */
  id: string;
  lang: Lang;
  edition: string;
  /** Bundle id of the English of the same edition (the rule-number bridge), or null. */
  english: string | null;
  records: SearchRecord[];
  /** Glossary headwords (and English names) → the rules they point at. */
  aliases: [term: string, rules: string[]][];
  /** ja/ko bundles: native ↔ English names (term bridge, glossary, aligned section titles). */
  dict: TermPair[];
  /** en bundles: Japanese and Korean names → English, and where to bridge rule numbers. */
  foreign: Partial<Record<'ja' | 'ko', ForeignLink>>;
  synonyms: Synonym[];
}

/** How an English bundle reaches a Japanese or Korean one. */
export interface ForeignLink {
  /** Bundle id of the latest edition in that language. */
  bundle: string;
  dict: TermPair[];
  /**
   * Rule numbers of that bundle → numbers of this edition where they differ (same-text alignment
   * through the English of the foreign edition). Numbers absent here map to themselves, unless
   * listed in `dropped`.
   */
  renumber: Record<string, string>;
  dropped: string[];
}

/** One search hit. */
export interface SearchHit {
  /** Rule number in the searched site's language and edition (the link target). */
  number: string;
  /** Language of the text the query matched (`en` for an English query bridged to a ja rule). */
  lang: Lang;
  /** Plain-text excerpt of the matched text. */
  snippet: string;
  /** Highlight ranges in `snippet` (UTF-16 offsets, end exclusive). */
  marks: [number, number][];
  /** Section context: `702 Keyword Abilities › 702.19 Trample`. */
  context: string;
  /** What matched: `number`, `title`, `alias`, `synonym`, `text`, `bridge`, `dictionary`. */
  via: string;
  score: number;
}
