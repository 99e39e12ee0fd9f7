/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE.
 * The search bundle (what the build writes per language and edition and the browser fetches) and
 * the result shape (what the CLI prints and the search box shows).
 */
import type { Lang } from '../model/types.ts';

/** Bit flags of a record. */
export const TITLE = 1;
/** A glossary entry (its record number is the entry's anchor, `g-trample`; its body the definition). */
export const GLOSSARY = 2;

/**
 * One searchable rule: `[number, flags, body, examples]`. `body` is the rule's own text (all
 * paragraphs, joined by a space); `examples` is the example text ('' when none); `asked`, when
 * present, the words players ask the rule by (content/search/asked.{lang}.json: searched, never shown
 * as the rule's text). A tuple keeps the shipped JSON small.
 */
export type SearchRecord = [number: string, flags: number, body: string, examples: string, asked?: string];

/** A pair of names for one concept: `[native, english]` (`['状況起因処理', 'State-Based Actions']`). */
export type TermPair = [native: string, english: string];

/** A group of synonyms: any `match` form is read as `query` (`SBA` → `state-based actions`). */
export interface Synonym {
  match: string[];
  query: string;
  /** Rules the synonym names directly, ranked first. */
  rules?: string[];
  /**
   * Read anywhere inside a longer query too (concepts.ts). Latin forms always are (`SBA`, `ETB`);
   * a Japanese or Korean form only when set, since a word that is right alone can be wrong inside
   * a question (`덱` is the library when typed alone, the deck in "덱에 같은 카드 몇 장").
   */
  anywhere?: boolean;
  /**
   * The names of a card (`Necropotence`, `ネクロポーテンス`), which the rules never name: the query reads them as the
   * rules' concept its questions are about. No spelling target (a misspelt rules word is not corrected to a card:
   * `いつスタック` became `バリスタック`), and left out of the head: the concept needs the rules' text.
   */
  card?: boolean;
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
  /** ja/ko bundles: native ↔ English names (term bridge, glossary, aligned section titles). */
  dict: TermPair[];
  /** en bundles: Japanese and Korean names → English, and where to bridge rule numbers. */
  foreign: Partial<Record<'ja' | 'ko', ForeignLink>>;
  synonyms: Synonym[];
  /** Glossary entries, in glossary order; each also has a record (number = `n`, flag GLOSSARY). */
  glossary: GlossaryInfo[];
  /**
   * Japanese full bundles: IME misconversions of the terms, `{ 即効: '速攻' }` (content/search/homophones.ja.json,
   * read by the spelling corrector); the head leaves them to the full bundle.
   */
  homophones?: Record<string, string>;
  /**
   * Japanese full bundles: the misconversions' words the rules write themselves, in passing, with the places they do
   * (`{ 神話: ['は神話', '神話レ'] }`): such a word is read as its term unless a query writes it so (cjk-spelling.ts).
   */
  homophonesWritten?: Record<string, string[]>;
  /**
   * `head` bundles (the small first download) hold every record, but bodies only for headings
   * and glossary entries; the `full` bundle of the same id adds the rest (docs/design-notes.md §3.3).
   */
  part?: 'head' | 'full';
}

/** A glossary entry as search sees it. */
export interface GlossaryInfo {
  /** Anchor on the glossary page (`g-unblocked-creature`), also the record number. */
  n: string;
  /** Headword (`防御プレイヤー`, `영구물`). */
  t: string;
  /** English headword, when the entry has one besides `t`. */
  e?: string;
  /** Japanese reading. */
  r?: string;
  /** Glossary page (initial group, src/model/glossary-pages.ts) that holds the entry: `ka` → `/ja/glossary/ka/#…`. */
  p?: string;
  /** Rules the definition cites. */
  refs: string[];
  /** Rules under those that define the term in their text (`Unblocked Creature` → 509.1h). */
  defs: string[];
  /**
   * Where the entry is, relative to the site root, when it is not on this edition's own glossary
   * page: Korean has no glossary, so a Korean term bridged to English points at the English entry
   * of the same edition (`en/2019-01-25/glossary/p/#g-permanent`). The definition is then in `lang`.
   */
  href?: string;
  lang?: Lang;
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
  /**
   * Language of the snippet's own text, when it is not `lang` (a Japanese rule found through the
   * English term bridge: matched in English, its snippet is Japanese; reading-experience #14).
   */
  textLang?: Lang;
  /** Highlight ranges in `snippet` (UTF-16 offsets, end exclusive). */
  marks: [number, number][];
  /** Section context: `702 Keyword Abilities › 702.19 Trample`. */
  context: string;
  /** What matched: `number`, `title`, `alias`, `synonym`, `text`, `bridge`, `dictionary`. */
  via: string;
  score: number;
  /** Glossary hits: the headword, the rules it cites, and where the entry is (see GlossaryInfo.href). */
  /** `page`: the glossary page (initial group) holding the entry, `href` when it is in another edition. */
  glossary?: { term: string; english?: string; refs: string[]; href?: string; page?: string };
}

/** A ranked record before it becomes a hit (snippets are made for the returned page only). */
export interface Scored {
  /** Record index in the searcher's bundle. */
  idx: number;
  score: number;
  via: string;
  /** Tokens that matched, for highlighting. */
  tokens: string[];
}
