/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Players' words inside a query read as the CR's (issue 22): the curated concept table is
 * content/search/synonyms.{lang}.json, whose `match` forms may now stand anywhere in a query, not
 * only as the whole query or one Latin word: "when do until end of turn effects wear off" reads
 * `wear off` as `end`, `opening hand` as `starting hand size`, 「立ち消え」 as 「対象 不適正 解決されない」,
 * `턴 종료까지` as `턴 끝까지`. Longest forms first; a form replaces whole words (Latin: between
 * non-letters; Hangul: at a word start, particles may follow; katakana: a whole katakana word; other Japanese:
 * anywhere in a run); each
 * part of the query is rewritten once. Japanese and Korean forms apply inside a query only when
 * their entry says `anywhere` (types.ts). The whole-query case (with its `rules` ranked first) stays
 * in engine.ts.
 */
import type { Synonym } from './types.ts';
import { normalize } from './text.ts';
import { escapeRe } from './snippet.ts';

interface Form {
  /** The form's words: a query lacking one of them cannot hold the form (no pattern is run). */
  words: string[];
  source: string;
  /** Compiled at the first query holding the form's words (a few hundred Unicode patterns cost 40 ms at start). */
  re?: RegExp;
  synonym: Synonym;
}

const LATIN_RUN = /[\p{Script=Latin}\p{N}]+/u;
const LATIN_RUNS = /[\p{Script=Latin}\p{N}]+/gu;
const LATIN_CHAR = /[\p{Script=Latin}\p{N}]/u;

export class Concepts {
  private readonly forms: Form[] = [];
  /**
   * The forms (indexes, longest first) by a key a query must hold to hold the form: a Latin form's first run of letters
   * or digits (`o-ring` → `o`), which stands whole in the query; another form's first two characters.
   */
  private readonly byKey = new Map<string, number[]>();
  /** Forms whose first word is one character. */
  private readonly short: number[] = [];

  constructor(synonyms: Synonym[]) {
    const all: { form: string; synonym: Synonym }[] = [];
    for (const s of synonyms) {
      for (const m of s.match) {
        const form = normalize(m).trim();
        const latin = /^[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u.test(form);
        if (form && form !== normalize(s.query).trim() && (latin || s.anywhere)) all.push({ form, synonym: s });
      }
    }
    all.sort((a, b) => b.form.length - a.form.length);
    for (const { form, synonym } of all) {
      const body = escapeRe(form).replace(/\s+/g, '\\s*');
      // Katakana forms are whole words of a katakana run: `バリスタ` (a card) is not in `バリスタック`, nor `ミル` in `グリセルブランド`.
      const before = /^\p{Script=Hangul}/u.test(form) ? '(^|[^\\p{Script=Hangul}])' : /^\p{Script=Katakana}/u.test(form) ? '(^|[^\\p{Script=Katakana}ー])' : /^[\p{Script=Han}\p{Script=Hiragana}]/u.test(form) ? '()' : '(^|[^\\p{Script=Latin}\\p{N}])';
      const after = /[\p{Script=Latin}\p{N}]$/u.test(form) ? '(?=$|[^\\p{Script=Latin}\\p{N}])' : /[\p{Script=Katakana}ー]$/u.test(form) ? '(?![\\p{Script=Katakana}ー])' : '';
      const words = form.split(/\s+/);
      const chars = Array.from(words[0]!);
      const latin = LATIN_RUN.exec(form);
      const key = latin?.index === 0 ? latin[0] : chars.length >= 2 ? chars[0]! + chars[1]! : undefined;
      const list = key === undefined ? this.short : this.byKey.get(key) ?? [];
      if (key !== undefined) this.byKey.set(key, list);
      list.push(this.forms.length);
      this.forms.push({ words, source: `${before}${body}${after}`, synonym });
    }
  }

  /**
   * The query (normalised) with every concept form it holds read as the CR's words.
   * @example rewrite('when do until end of turn effects wear off') // { text: 'when do until end of turn effects end', used: true }
   */
  rewrite(norm: string): { text: string; used: boolean } {
    // Rewritten stretches are set aside, so a later, shorter form cannot match inside them.
    const parts: { text: string; done: boolean }[] = [{ text: norm, done: false }];
    let used = false;
    // Only the forms whose key the query holds (of 900 forms, a few), longest first still.
    const chars = Array.from(norm);
    const tried = new Set(this.short);
    const add = (key: string) => {
      for (const f of this.byKey.get(key) ?? []) tried.add(f);
    };
    for (let i = 0; i + 1 < chars.length; i++) if (!LATIN_CHAR.test(chars[i]!)) add(chars[i]! + chars[i + 1]!);
    for (const m of norm.matchAll(LATIN_RUNS)) add(m[0]);
    for (const f of [...tried].sort((a, b) => a - b)) {
      const form = this.forms[f]!;
      const { words, synonym } = form;
      for (let k = 0; k < parts.length; k++) {
        const part = parts[k]!;
        if (part.done || !words.every((w) => part.text.includes(w))) continue;
        form.re ??= new RegExp(form.source, 'u');
        const m = form.re.exec(part.text);
        if (!m) continue;
        const start = m.index + m[1]!.length;
        const end = m.index + m[0].length;
        parts.splice(k, 1, { text: part.text.slice(0, start), done: false }, { text: synonym.query, done: true }, { text: part.text.slice(end), done: false });
        used = true;
        break;
      }
    }
    return { text: used ? parts.map((p) => p.text).join('').replace(/\s+/g, ' ').trim() : norm, used };
  }
}
