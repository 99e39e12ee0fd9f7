/** Rule numbers: parse, order, step through subrule letters. Pure; used by build and browser. */

export interface RuleNumber {
  /** Section, e.g. 702. */
  section: number;
  /** Rule within the section, e.g. 19 (absent for a section). */
  rule?: number;
  /** Subrule letter, e.g. `b` (absent for a rule or section). */
  letter?: string;
}

/** Subrule letters as the CR uses them: `l` and `o` are skipped (they look like 1 and 0). */
export const SUBRULE_LETTERS = 'abcdefghijkmnpqrstuvwxyz'.split('');

const RULE_NUMBER = /^(\d{3})(?:\.(\d{1,3})([a-z])?)?\.?$/;

/** Parses `702`, `702.19`, `702.19.`, `702.19b`; returns null for anything else. */
export function parseRuleNumber(text: string): RuleNumber | null {
  const m = RULE_NUMBER.exec(text.trim());
  if (!m) return null;
  const out: RuleNumber = { section: Number(m[1]) };
  if (m[2] !== undefined) out.rule = Number(m[2]);
  if (m[3] !== undefined) out.letter = m[3];
  return out;
}

function formatRuleNumber(n: RuleNumber): string {
  let s = String(n.section);
  if (n.rule !== undefined) s += `.${n.rule}`;
  if (n.letter !== undefined) s += n.letter;
  return s;
}

/** Index of a subrule letter in CR order (`a` 0 … `k` 9, `m` 10, `n` 11, `p` 12 …); -1 if unknown. */
function letterIndex(letter: string): number {
  const i = SUBRULE_LETTERS.indexOf(letter);
  // Letters the CR never uses (l, o) still get a stable place right after their neighbour.
  if (i < 0 && /^[a-z]$/.test(letter)) return SUBRULE_LETTERS.indexOf(String.fromCharCode(letter.charCodeAt(0) - 1)) + 0.5;
  return i;
}

// Sorting thousands of numbers parses each many times (the compare page sorts a whole diff on a phone): each is
// parsed once into one number that sorts as the rule does (section, then rule, then letter), or null.
const sortKeys = new Map<string, number | null>();
export function sortKey(text: string): number | null {
  let k = sortKeys.get(text);
  if (k === undefined) {
    if (sortKeys.size > 50_000) sortKeys.clear();
    const n = parseRuleNumber(text);
    // rule −1…999 (+1, times 100) and letter index −1…23.5 (doubled, +2: below 100) each below the section (times 10⁶).
    k = n ? n.section * 1_000_000 + ((n.rule ?? -1) + 1) * 100 + (n.letter === undefined ? 0 : 2 * letterIndex(n.letter) + 2) : null;
    sortKeys.set(text, k);
  }
  return k;
}

/** Total order on rule numbers: 701.9 < 701.10, 702 < 702.1 < 702.1a < 702.2. Unparsable last, by text. */
export function compareRuleNumbers(a: string, b: string): number {
  return compareSortKeys(sortKey(a), sortKey(b), a, b);
}

/** compareRuleNumbers(a, b) from keys already computed (`ruleSortKey`), for sorts that compute each key once. */
export function compareSortKeys(x: number | null, y: number | null, a: string, b: string): number {
  if (x === null || y === null) return x !== null ? -1 : y !== null ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return x - y;
}

/** The section (three digits) a rule number is grouped under; a part heading (`7`) and anything else is its own. */
export const groupSection = (n: string): string => n.match(/^\d{3}/)?.[0] ?? n.match(/^\d/)?.[0] ?? n;

/** Parent of a number: `702.19b` → `702.19`, `702.19` → `702`, `702` → part `7`. */
export function parentNumber(number: string): string {
  const n = parseRuleNumber(number);
  if (!n) return '';
  if (n.letter !== undefined) return `${n.section}.${n.rule}`;
  if (n.rule !== undefined) return String(n.section);
  return String(Math.floor(n.section / 100));
}

export function ruleKind(number: string): 'section' | 'rule' | 'subrule' | null {
  const n = parseRuleNumber(number);
  if (!n) return null;
  return n.letter !== undefined ? 'subrule' : n.rule !== undefined ? 'rule' : 'section';
}

/**
 * Every number from `from` to `to` at the same level: `103.2a`…`103.2e`, `119.7`…`119.8`.
 * Returns [from, to] unchanged when the two are not at the same level or run backwards.
 */
export function expandRange(from: string, to: string): string[] {
  const a = parseRuleNumber(from);
  const b = parseRuleNumber(to);
  if (!a || !b || a.section !== b.section) return [from, to];
  if (a.letter !== undefined && b.letter !== undefined && a.rule === b.rule) {
    const i = SUBRULE_LETTERS.indexOf(a.letter);
    const j = SUBRULE_LETTERS.indexOf(b.letter);
    if (i < 0 || j < i) return [from, to];
    return SUBRULE_LETTERS.slice(i, j + 1).map((l) => `${a.section}.${a.rule}${l}`);
  }
  if (a.letter === undefined && b.letter === undefined && a.rule !== undefined && b.rule !== undefined && b.rule >= a.rule) {
    const out: string[] = [];
    for (let r = a.rule; r <= b.rule; r++) out.push(`${a.section}.${r}`);
    return out;
  }
  return [from, to];
}

/**
 * Normalises what people paste for a rule number: full-width digits, `CR702.19b`, `702.19.`,
 * `rule 702.19b`, `규칙 702.19b`, `#R70219b`-style anchors. Returns the canonical number or null.
 */
export function normalizeRuleQuery(input: string): string | null {
  let s = input.normalize('NFKC').trim().replace(/^#/, '');
  s = s.replace(/^(?:cr|rule|rules|규칙|ルール|r)\s*/i, '').trim();
  s = s.replace(/\.$/, '');
  if (parseRuleNumber(s)) return formatRuleNumber(parseRuleNumber(s)!);
  // Compact anchors such as R70219b: section (3 digits), rule, optional letter.
  const m = /^(\d{3})(\d{1,3})([a-z])?$/i.exec(s);
  if (m) return `${Number(m[1])}.${Number(m[2])}${m[3] ? m[3].toLowerCase() : ''}`;
  return null;
}

/** Why a typed rule number could not be read (the go-to box says which). */
export type GoToError =
  /** Nothing typed. */
  | 'empty'
  /** The section is not three digits (`70.2`, `7021`). */
  | 'section'
  /** The rule after the section has more than three digits (`702.1999`). */
  | 'rule'
  /** A subrule letter the CR never uses (`l`, `o`) or more than one letter (`702.19bc`). */
  | 'letter'
  /** Digits mixed with something that is neither a separator nor a letter (`702.19b?`). */
  | 'shape';

export type GoToQuery = { kind: 'rule'; number: string } | { kind: 'words'; text: string } | { kind: 'error'; error: GoToError; text: string };

const PREFIX = /^(?:cr|rules?|r|section|sec|§|규칙|ルール|ルール番号)[\s.:#-]*/i;
/** Separators people type between section, rule and letter: `.` `,` `-` `_` `:` `/` space, `．` (NFKC). */
const FORGIVING = /^(\d+)(?:[\s.,\-_:/]+(\d+))?(?:[\s.,\-_:/]*([a-z]+))?[\s.]*$/i;

/**
 * Reads what a reader typed in a go-to box. A rule number in any usual spelling (`702.19b`, `702,19b`,
 * `702 19b`, `702-19-b`, `r702.19b`, `CR 702.19B`, `７０２．１９ｂ`, `#R70219b`) gives the canonical
 * number; text without a number is words for the search; anything else says what was wrong with it.
 */
export function parseGoToQuery(input: string): GoToQuery {
  const text = input.normalize('NFKC').trim();
  if (!text) return { kind: 'error', error: 'empty', text };
  const direct = normalizeRuleQuery(text);
  if (direct) {
    const letter = parseRuleNumber(direct)!.letter;
    return letter && !SUBRULE_LETTERS.includes(letter) ? { kind: 'error', error: 'letter', text } : { kind: 'rule', number: direct };
  }
  const s = text.replace(/^#/, '').replace(PREFIX, '').trim();
  if (!/^\d/.test(s)) return /\d/.test(s) && !/\p{L}{2,}/u.test(s) ? { kind: 'error', error: 'shape', text } : { kind: 'words', text };
  const m = FORGIVING.exec(s);
  if (!m) return /\p{L}{2,}\s+\p{L}/u.test(s) ? { kind: 'words', text } : { kind: 'error', error: 'shape', text };
  const [, sec, rule, letters] = m;
  if (sec!.length !== 3) return { kind: 'error', error: 'section', text };
  if (rule !== undefined && rule.length > 3) return { kind: 'error', error: 'rule', text };
  if (letters !== undefined) {
    const l = letters.toLowerCase();
    if (rule === undefined || l.length !== 1 || !SUBRULE_LETTERS.includes(l)) return { kind: 'error', error: 'letter', text };
  }
  const n: RuleNumber = { section: Number(sec) };
  if (rule !== undefined) n.rule = Number(rule);
  if (letters !== undefined) n.letter = letters.toLowerCase();
  return { kind: 'rule', number: formatRuleNumber(n) };
}
