/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE. The ranking's constants (engine.ts): BM25's k1 and b, and the
 * weights and bonuses the ranking adds to it, each with what it is for, in one place to tune.
 *
 * On 2026-11-28 a coordinate search over these constants (each in turn ×0, ×0.5, ×0.75, ×1.33, ×2, kept when the
 * mean tuned MRR of the three languages rose, issue 13's query kinds held at recall@10 ≥ 0.97 and MRR ≥ 0.93) found
 * 0.887 → 0.900; only the four changes worth more than a query or two were kept (EXAMPLE_FACTOR, EXAMPLE_PHRASE,
 * HEADING_HOLDS, LEND_SOURCES: 0.887 → 0.895), the rest flipped single close calls. The held-out part took no part.
 */
import type { Lang } from '../model/types.ts';

export const K1 = 1.2;
export const B = 0.5;
/**
 * BM25's k1 and b per language where they differ from K1 and B. Korean's rules are long in bigrams, and its players'
 * questions long and chatty: a word met again counts more (k1) and a long rule is damped more (b). On 2026-11-29
 * (k1 × 0.5–3, b × 0.5–2) 1.8 and 0.665 lifted the tuned Korean MRR 0.814 → 0.820, dev set 11's 0.493 → 0.555, the
 * retired part stayed 0.884. English and Japanese gain at most 0.001 on their tuned parts from other values.
 */
export const BM25: Partial<Record<Lang, { k1: number; b: number }>> = { ko: { k1: 1.8, b: 0.665 } };
export const EXAMPLE_FACTOR = 0.8;
/** Share of a body match a match in the words players ask a rule by counts (asked.ts). */
export const ASKED = 0.8;
/**
 * Share of an asked-by match a word the concept table replaced gets where a rule's text holds it (typed-words.ts):
 * `at the same time` is read as `simultaneously`, and 404.3 says "at the same time". On 2026-11-29, at 0.6, the
 * tuned, retired and dev parts' questions rose and fell: en 2/2, ja 9/1, ko 4/2 (ja 7/1 at 0.3, 12/1 at 1.0).
 */
export const TYPED_BODY = 0.6;
/** Adjacent query word pairs only the words players ask a rule by hold, against those its body holds. */
export const ASKED_PAIRS = 1;
/** Candidates kept for the final ordering (phrase bonus) after the first scoring. */
export const KEEP = 200;
/** A query naming a glossary term: the entry, then the rules that define it, then the rules it cites. */
export const DEFINITION = 600;
/** Glossary definitions are short, so BM25 would favour them over rules for any word: damped. */
export const GLOSSARY_TEXT = 0.3;
/** Share of records above which a word is too common to score when the query has a rarer one. */
export const COMMON = 0.2;
export const NUMBER_ONLY = /^\d{1,2}$/;
/** Bonus of a subrule of a heading the query names (plus its citations), above text matches. */
export const SUBRULE = 50;
/** Share of the heading-coverage bonus a question keeps. */
export const QUESTION_HEADING = 0.3;
/** Share of a query word's weight a rule gets for coverage when only its section's or rule's heading holds the word. */
export const HEADING_COVER = 0.5;
/** Bonus share of the text score for holding all of a question's adjacent word pairs (proximity.ts). */
export const PAIRS = 1;
/** The whole query written in a rule's examples (a card name: `Giant Growth`), as a share of its text score. */
export const EXAMPLE_PHRASE = 2;
/** Adjacent query word pairs only a rule's examples hold, against those its body holds. */
export const EXAMPLE_PAIRS = 1;
/** The share of its text score each of the best matches lends to the rules it cites that the query matched too (referral.ts). */
export const LEND = 0.6;
/** Per doubling of a record's citations, the share its text score grows by (prior.ts). */
export const CITED = 0.1;
/** Multiplier of a variant or multiplayer rule's text score (8xx, 9xx) when the query names no variant. */
export const VARIANT = 0.5;
/**
 * Multiplier of a section heading's whole score (`111 Tokens`) when the query is a question: `is a token a card` is
 * answered by 108.2b, not by the section that names tokens (dev set 5, 2026-11-29).
 */
export const SECTION_IN_QUESTION = 0.5;
/**
 * Share by which a question raises the rules under a heading it names inside it (`indestructible` in `wrath of god vs
 * indestructible creature` → 702.12b; headings.ts). On 2026-11-29 the unseen dev set 5 and the retired part rose 16
 * queries and fell 4, the tuned part rose 16 and fell 9.
 */
export const TOPIC = 0.3;
/** Multiplier of a list of names' text score (the creature-type list 205.3m). */
export const LIST = 0.3;
/**
 * A rule whose text refers to HUB_REFS or more other rules is a map of them (601.2b, the steps of casting a
 * spell, names modes, splice, alternative costs, X and hybrid mana with six references): a question's words meet
 * there and the answer is in the rules it points to. Its text score is multiplied by HUB. 601.2b was the first
 * row of 17 missed questions of the tuned, retired and dev parts (2026-11-29); at 0.4, 7 of those parts'
 * questions rose and 1 fell.
 */
export const HUB = 0.4;
export const HUB_REFS = 4;
/** Bonus of a heading that holds most of the query, at full coverage. */
export const HEADING_HOLDS = 40;
/** The whole query as written in a rule's body, as a share of its text score. */
export const BODY_PHRASE = 0.5;
/** Per doubling of a named heading's subrule's citations, the points it gains. */
export const SUBRULE_CITED = 10;
/** Damping of the heading a query names before a class word (`command zone` → 408 Command; headings.ts). */
export const CLASSLESS = 0.9;
/** How many of the best matches lend to the rules they cite (referral.ts). */
export const LEND_SOURCES = 30;
/**
 * Share of its text score a candidate gains for an asked-by phrasing that holds the whole query, × the share held,
 * squared (asked-phrases.ts), among the best ASKED_PHRASE_OF, for a query of three or more words. On 2026-11-30 (1 and
 * 20, chosen on these figures alone): tuned MRR en .811 → .820, ja .828 → .830, ko .799 → .802; retired en .761 →
 * .779, ja .793 → .857, ko .884 → .897; the unseen dev set 12 en .535 → .534, ja .696 → .665, ko .721 → .719.
 */
export const ASKED_PHRASE = 1;
export const ASKED_PHRASE_OF = 20;
