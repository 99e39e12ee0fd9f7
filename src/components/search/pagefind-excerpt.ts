/**
 * A Pagefind excerpt as text and highlighted ranges. Pagefind gives the excerpt as HTML: the page's
 * words with `<` and `>` escaped (pagefind.js, `raw_content`: `&` and quotes are left as they are), each
 * match wrapped in <mark>. It is read with the browser's own HTML parser (DOMParser,
 * which runs no script and loads nothing), so every entity and any stray tag is read as a browser reads
 * it, instead of a hand-written list of entities; the row then shows it as text, never as HTML.
 */

export interface ExcerptText {
  text: string;
  /** [start, end) offsets in `text` of each <mark>. */
  marks: [number, number][];
}

export function excerptText(excerpt: string): ExcerptText {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${excerpt}`, 'text/html').body;
  let text = '';
  const marks: [number, number][] = [];
  for (const node of Array.from(body.childNodes)) {
    const t = node.textContent ?? '';
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === 'mark') marks.push([text.length, text.length + t.length]);
    text += t;
  }
  return { text, marks };
}

/** A Korean or Japanese character (a kanji, kana or Hangul syllable). */
const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}々〆ヶ]/u;

/**
 * The marks that show what the query matched. Pagefind marks the whole space-delimited word a match
 * stands in, with its punctuation and particles: for `토큰이 무덤에 가면?` it marked `나열)가`,
 * `704.5h)가` and `(레이어` (a Korean word ends at a parenthesis and a particle follows), fragments the
 * query never named (issue 22: CJK highlighting never marks a fragment inside another word). A mark
 * without Korean or Japanese stays as Pagefind stemmed it (`attacking` for `attacks`), its end
 * punctuation left out. One with them is cut at punctuation, and each piece is kept only when the query
 * names it: its first two characters stand in the query, or, one character long, it is a word of the
 * query (`(레이어` → `레이어`; `나열)가` and `704.5h)가` → nothing).
 */
export function queryMarks(ex: ExcerptText, query: string): ExcerptText {
  const q = query.normalize('NFKC').toLowerCase();
  const words = new Set(q.split(/[^\p{L}\p{N}]+/u));
  const named = (piece: string) => {
    const p = piece.normalize('NFKC').toLowerCase();
    const chars = Array.from(p);
    return chars.length === 1 ? words.has(p) : q.includes(chars.slice(0, 2).join(''));
  };
  const marks: [number, number][] = [];
  for (const [start, end] of ex.marks) {
    const text = ex.text.slice(start, end);
    if (!CJK.test(text)) {
      // Latin: the mark without the punctuation at its ends.
      const whole = /[\p{L}\p{N}](?:.*[\p{L}\p{N}])?/su.exec(text);
      if (whole) marks.push([start + whole.index, start + whole.index + whole[0].length]);
      continue;
    }
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) if (named(m[0])) marks.push([start + m.index, start + m.index + m[0].length]);
  }
  return { text: ex.text, marks };
}
