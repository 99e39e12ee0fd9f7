/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE. The ranking's constants (engine.ts): BM25's k1 and b, and the
 * weights and bonuses the ranking adds to it, each with what it is for, in one place to tune.
 */
export const K1 = 1.2;
export const B = 0.5;
export const EXAMPLE_FACTOR = 0.4;
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
export const EXAMPLE_PHRASE = 1;
/** Adjacent query word pairs only a rule's examples hold, against those its body holds. */
export const EXAMPLE_PAIRS = 1;
/** The share of its text score each of the best matches lends to the rules it cites that the query matched too (referral.ts). */
export const LEND = 0.6;
