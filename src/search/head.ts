/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE.
 *
 * The small first download of instant search (issue 13, "a lighter first search": ≤ 60 KB gzip with
 * the worker): every rule number, every heading, every glossary term with the start of its
 * definition, and the synonyms it can answer; no rule text. It answers rule numbers, headings and glossary terms
 * at once, while the full bundle (the rule text) loads in the background and replaces it. Numbers
 * travel as one space-separated string (a tuple per rule would triple the bytes).
 *
 * What only a query in another script needs — the term bridge (`dict`) and, on the English site, the
 * Japanese and Korean names and rule-number links (`foreign`) — is a third file, the bridge
 * (`{id}.bridge.json`), fetched with the first such query: it was a third of the English head.
 */
import type { Lang } from '../model/types.ts';
import { GLOSSARY, TITLE, type GlossaryInfo, type SearchBundle, type SearchRecord, type Synonym } from './types.ts';
import { titleKey } from './record-index.ts';
import { splitBilingual } from './titles.ts';
import { termSlug } from '../model/slug.ts';

/**
 * Characters of a glossary definition kept in the head (the rest comes with the full bundle): 90 of
 * English, 60 of Korean, 30 of Japanese, whose characters say two to three times as much each. The
 * current Japanese edition (730 entries, the 2019 translation carried forward) made the Japanese head
 * the largest: 30 keep most of a definition's first clause and its first download under 60 KB gzip with the
 * worker (40 until the worker learned term frequencies, 2026-11-28; 38 until it learned IME
 * misconversions and more question words, 2026-11-29, which left 14 bytes; 34 gave back 980 bytes;
 * 32 since the worker learned cards and whole-word slips, 2026-11-29, which left 332 bytes; on 2026-11-29 the worker
 * grew 0.5 KB more and the head gave back 534 bytes by leaving out the readings katakana headwords spell themselves,
 * then 0.5 KB more (katakana slips) and the head gave back 570 bytes by naming a glossary page only where it changes;
 * 30 since the worker learned to compare a question with each phrasing players ask a rule by (0.4 KB, 2026-11-30:
 * 61,119 bytes with the worker, 321 to spare).
 * Tested in tests/search/definitions.test.ts, measured by `npm run bench -- search`).
 */
const HEAD_DEFINITION: Record<Lang, number> = { en: 90, ja: 30, ko: 60 };

/** The cross-language part of a bundle, apart from the head. */
export type Bridge = Pick<SearchBundle, 'dict' | 'foreign'>;

/**
 * A glossary entry in the head: its anchor only when it is not the plain slug of its term, its rules only when it
 * has some (most entries of a translation cite one rule and define none: 560 bytes of the Japanese head's gzip).
 */
type HeadGlossary = Omit<GlossaryInfo, 'n' | 'refs' | 'defs'> & Partial<Pick<GlossaryInfo, 'n' | 'refs' | 'defs'>>;

export interface HeadBundle extends Omit<SearchBundle, 'records' | 'part' | 'dict' | 'foreign' | 'glossary'> {
  part: 'head';
  glossary: HeadGlossary[];
  /**
   * Rule numbers and glossary anchors in record order, space-separated, shortened by `packNumbers`
   * (`100.1 a b` for `100.1 100.1a 100.1b`, `.2` for `100.2` after a rule of section 100).
   */
  numbers: string;
  /**
   * `[index step, flags, text]` of headings and glossary entries; other records have no text here.
   * The step is the record index minus the previous entry's (the first: its index), small numbers
   * that compress well.
   */
  texts: [step: number, flags: number, text: string][];
}

/** The anchor a glossary term gets unless it had to be made unique (src/model/slug.ts). */
const plainSlug = (term: string) => `g-${termSlug(term)}`;

/** A sentence end: `。`, or `. ` not after a bare number (`2. ` numbers the second sense of a definition). */
const SENTENCE_END = /(?<!(?:^|\s)\d+)\. |。/g;

/**
 * The start of a definition, at most `max` characters: up to the last sentence end (`. `, `。`) past
 * half of it, else the last word end past 60 % of it, else `max` characters. A shortened definition
 * ends with `…`, so a search row never shows part of a definition as if it were all of it; one that
 * fits (trailing spaces aside) is returned as it is.
 */
export function cut(text: string, max: number): string {
  if (text.trimEnd().length <= max) return text;
  const slice = text.slice(0, max);
  let stop = -1;
  for (const m of slice.matchAll(SENTENCE_END)) stop = m.index;
  if (stop > max * 0.5) return `${slice.slice(0, stop + 1)}…`;
  const sp = slice.lastIndexOf(' ');
  return `${sp > max * 0.6 ? slice.slice(0, sp) : slice}…`;
}

const RULE = /^(\d{3})(?:\.(\d+)([a-z]*))?$/;

/**
 * Rule numbers in record order, written shorter (a fifth of the Japanese head was numbers): a subrule
 * after its rule or a sibling subrule is its letters (`100.1 a b`), a rule after another rule of the
 * same section is `.N` (`100.1 .2`). Anything else (glossary anchors, '') is written as it is, and
 * ends the context. `unpackNumbers` reverses it exactly.
 */
export function packNumbers(numbers: readonly string[]): string {
  let section = '';
  let rule = '';
  return numbers
    .map((n) => {
      const m = RULE.exec(n);
      if (!m) return ((section = ''), (rule = ''), n);
      const [, sec, r, letters] = m;
      let out = n;
      if (r !== undefined && letters && `${sec}.${r}` === rule) out = letters;
      else if (r !== undefined && !letters && sec === section) out = `.${r}`;
      section = sec!;
      rule = r !== undefined ? `${sec}.${r}` : '';
      return out;
    })
    .join(' ');
}

/** The numbers `packNumbers` wrote. */
export function unpackNumbers(packed: string): string[] {
  let section = '';
  let rule = '';
  return packed.split(' ').map((t) => {
    const n = /^[a-z]+$/.test(t) && rule ? `${rule}${t}` : /^\.\d+$/.test(t) && section ? `${section}${t}` : t;
    const m = RULE.exec(n);
    if (!m) return ((section = ''), (rule = ''), n);
    section = m[1]!;
    rule = m[2] !== undefined ? `${m[1]}.${m[2]}` : '';
    return n;
  });
}

/**
 * Whether the head can answer a synonym: it names rules (`SBA` → 704), or its words are a heading or a glossary
 * term (`デスタッチ` → 接死). Other concepts (`サクる` → 生け贄に捧げ, and every card's, types.ts `card`) are read
 * into the rules' text, which only the full bundle has: the Japanese head kept under 60 KB by leaving them out.
 */
function headAnswers(s: Synonym, names: Set<string>): boolean {
  return !s.card && (!!s.rules?.length || names.has(titleKey(s.query)));
}

/** The reading of a headword written in katakana alone (and `・`): its hiragana (`アクティブ・チーム` → `あくてぃぶちーむ`). */
function katakanaReading(term: string): string | undefined {
  if (!/^[\u30a1-\u30f6ー・]+$/u.test(term)) return undefined;
  return term.replace(/[\u30a1-\u30f6]/gu, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60)).replace(/・/gu, '');
}

/** The head of a full bundle. */
export function toHead(b: SearchBundle): HeadBundle {
  const { records, part: _part, dict: _dict, foreign: _foreign, homophones: _homophones, homophonesWritten: _written, ...rest } = b;
  const texts: HeadBundle['texts'] = [];
  // A glossary entry's definition is in its own language (Korean bundles carry English entries).
  const entryLang = new Map(rest.glossary.map((g) => [g.n, g.lang ?? b.lang]));
  const names = new Set(rest.glossary.map((g) => titleKey(g.t)));
  records.forEach(([number, flags, body], idx) => {
    if (flags & TITLE) {
      texts.push([idx, flags, body]);
      for (const name of splitBilingual(body)) if (name) names.add(titleKey(name));
    } else if (flags & GLOSSARY) texts.push([idx, flags, cut(body, HEAD_DEFINITION[entryLang.get(number) ?? b.lang])]);
  });
  // Anchors equal to the plain slug of the term are left out (the numbers string has them too), and so are the
  // readings of katakana headwords, which are their own kana (アクティブ・チーム → あくてぃぶちーむ), and a glossary
  // page the entry before names too (entries come in glossary order, a page's after another's: '' ends a page).
  const glossary = rest.glossary.map(({ n, refs, defs, r, p, ...g }, i, all): HeadGlossary => ({
    ...g,
    ...(p === all[i - 1]?.p ? {} : { p: p ?? '' }),
    ...(n === plainSlug(g.t) ? {} : { n }),
    ...(r !== undefined && r !== katakanaReading(g.t) ? { r } : {}),
    ...(refs.length ? { refs } : {}),
    ...(defs.length ? { defs } : {}),
  }));
  const plain = new Set(rest.glossary.filter((g) => g.n === plainSlug(g.t)).map((g) => g.n));
  const numbers = packNumbers(records.map((r) => (r[1] & GLOSSARY && plain.has(r[0]) ? '' : r[0])));
  let prev = 0;
  const steps = texts.map(([idx, flags, text]): HeadBundle['texts'][number] => {
    const step = idx - prev;
    prev = idx;
    return [step, flags, text];
  });
  const synonyms = rest.synonyms.filter((s) => headAnswers(s, names));
  return { ...rest, synonyms, glossary, part: 'head', numbers, texts: steps };
}

/** The bridge of a full bundle (`{id}.bridge.json`). */
export function toBridge(b: SearchBundle): Bridge {
  return { dict: b.dict, foreign: b.foreign };
}

/**
 * A searchable bundle from a head: the same records, texts only where the head has them; the term
 * bridge empty until `bridge` is given (or added later by the search session).
 */
export function fromHead(h: HeadBundle, bridge: Bridge = { dict: [], foreign: {} }): SearchBundle {
  const { numbers, texts, part: _part, ...rest } = h;
  const records: SearchRecord[] = unpackNumbers(numbers).map((n) => [n, 0, '', '']);
  let idx = 0;
  for (const [step, flags, text] of texts) {
    idx += step;
    if (!records[idx]) throw new Error(`search head ${h.id}: a text for record ${idx} of ${records.length}`);
    records[idx] = [records[idx]![0], flags, text, ''];
  }
  let page: string | undefined;
  const glossary = rest.glossary.map(({ p, ...g }): GlossaryInfo => {
    const r = g.r ?? katakanaReading(g.t);
    if (p !== undefined) page = p || undefined;
    return { ...g, n: g.n || plainSlug(g.t), ...(page === undefined ? {} : { p: page }), ...(r === undefined ? {} : { r }), refs: g.refs ?? [], defs: g.defs ?? [] };
  });
  // Glossary records are in glossary order; fill the anchors the head left out.
  let gi = 0;
  for (const r of records) {
    if (!(r[1] & GLOSSARY)) continue;
    const g = glossary[gi++];
    if (g && !r[0]) r[0] = g.n;
  }
  if (gi !== glossary.length) throw new Error(`search head ${h.id}: ${gi} glossary records for ${glossary.length} entries`);
  return { ...rest, dict: bridge.dict, foreign: bridge.foreign, glossary, part: 'head', records };
}
