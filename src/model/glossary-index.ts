/**
 * The glossary's index by initial, the way each script's dictionaries do it: A–Z for English, the
 * gojūon rows (あかさたなはまやらわ) of the reading for Japanese, and the initial consonant
 * (ㄱㄴㄷ…ㅎ, tense consonants with their plain pair) for Korean. Anything else (digits, symbols, Latin
 * in a Japanese or Korean list) goes to a last group: in Japanese the 英数字 group, because a headword
 * printed in Latin letters (`Y`, `APNAP順`, `Lvアップ`) is looked for by its letters, not by its reading
 * (the source files `Y`（わい） among the わ words, where nobody scans for it).
 *
 * Also the dictionary order inside a group (`layoutGlossary`): Japanese entries sort by reading with the
 * Japanese collation (JIS X 4061: voicing and ー secondary), because the source's own order has 32
 * inversions by that rule (`けんらん` before `げきじょう`, `わきにおく` before `わーるど`); a headword
 * list (`ゲームから取り除く、取り除かれた、ゲーム外領域` — one definition for several forms, as in the
 * English `Life, Life Total`) stays one entry, sorted by its first reading, and each later form that
 * sorts elsewhere gets a "see" line at its own place. Pure; used by the site model, pages and tests.
 */
import type { Lang } from './types.ts';

export interface InitialGroup<T> {
  /** Stable anchor id part (`a`, `ka`, `g`, `other`). */
  id: string;
  /** What the index shows (`A`, `か`, `ㄱ`, `#`). */
  label: string;
  items: T[];
}

const OTHER_ID = 'other';
/** Label of the last group: Latin letters and digits in a kana list are 英数字 to a Japanese reader. */
const otherLabel = (lang: Lang) => (lang === 'ja' ? '英数字' : '#');

const KANA_ROWS: [string, string, string][] = [
  ['a', 'あ', 'あいうえお'],
  ['ka', 'か', 'かきくけこ'],
  ['sa', 'さ', 'さしすせそ'],
  ['ta', 'た', 'たちつてと'],
  ['na', 'な', 'なにぬねの'],
  ['ha', 'は', 'はひふへほ'],
  ['ma', 'ま', 'まみむめも'],
  ['ya', 'や', 'やゆよ'],
  ['ra', 'ら', 'らりるれろ'],
  ['wa', 'わ', 'わゐゑをん'],
];
const SMALL_KANA: Record<string, string> = { ぁ: 'あ', ぃ: 'い', ぅ: 'う', ぇ: 'え', ぉ: 'お', っ: 'つ', ゃ: 'や', ゅ: 'ゆ', ょ: 'よ', ゎ: 'わ', ゔ: 'う' };

/** Initial consonants in Unicode order (index = (syllable − 0xAC00) / 588) and their index group. */
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const PLAIN: Record<string, string> = { ㄲ: 'ㄱ', ㄸ: 'ㄷ', ㅃ: 'ㅂ', ㅆ: 'ㅅ', ㅉ: 'ㅈ' };
const KO_ROWS = 'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ'.split('');
const KO_IDS = ['g', 'n', 'd', 'r', 'm', 'b', 's', 'ng', 'j', 'ch', 'k', 't', 'p', 'h'];

/** Hiragana of the first kana of a reading (katakana folded, voicing marks and small kana removed). */
function firstKana(text: string): string {
  const c = [...text.normalize('NFKC')][0] ?? '';
  let code = c.codePointAt(0) ?? 0;
  if (code >= 0x30a1 && code <= 0x30f6) code -= 0x60; // katakana → hiragana
  const base = String.fromCodePoint(code).normalize('NFD').replace(/[\u3099\u309a]/g, '').normalize('NFC');
  return SMALL_KANA[base] ?? base;
}

/** The index group of a headword (`reading` is the Japanese kana reading, when known). */
export function initialOf(lang: Lang, term: string, reading?: string): { id: string; label: string } {
  const OTHER = { id: OTHER_ID, label: otherLabel(lang) };
  if (lang === 'ja') {
    // The first letter or digit of the headword as printed (past 「 〜 [ …): Latin or a digit → 英数字.
    const first = /[\p{L}\p{N}]/u.exec(term.normalize('NFKC'))?.[0] ?? '';
    if (/[\p{Script=Latin}\p{N}]/u.test(first)) return OTHER;
    const k = firstKana(reading || term);
    const row = KANA_ROWS.find(([, , members]) => members.includes(k));
    if (row) return { id: row[0], label: row[1] };
  } else if (lang === 'ko') {
    const code = (term.normalize('NFC').codePointAt(0) ?? 0) - 0xac00;
    if (code >= 0 && code < 11172) {
      const c = CHOSEONG[Math.floor(code / 588)]!;
      const plain = PLAIN[c] ?? c;
      return { id: KO_IDS[KO_ROWS.indexOf(plain)]!, label: plain };
    }
  }
  const latin = /^[^\p{L}\p{N}]*([a-z])/iu.exec(term.normalize('NFKD'));
  if (latin && lang === 'en') return { id: latin[1]!.toLowerCase(), label: latin[1]!.toUpperCase() };
  return OTHER;
}

/** Every group label of a language's index in order, so the index can show empty groups greyed out. */
export function indexLabels(lang: Lang): { id: string; label: string }[] {
  const OTHER = { id: OTHER_ID, label: otherLabel(lang) };
  if (lang === 'ja') return [...KANA_ROWS.map(([id, label]) => ({ id, label })), OTHER];
  if (lang === 'ko') return [...KO_ROWS.map((label, i) => ({ id: KO_IDS[i]!, label })), OTHER];
  return [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => ({ id: l.toLowerCase(), label: l })).concat(OTHER);
}

/**
 * Groups items by initial in index order; within a group the items keep their given order (the
 * document's, which is already the dictionary order of its language). Empty groups are left out.
 */
export function groupByInitial<T>(lang: Lang, items: readonly T[], key: (item: T) => { term: string; reading?: string }): InitialGroup<T>[] {
  const groups = new Map<string, InitialGroup<T>>();
  for (const item of items) {
    const k = key(item);
    const g = initialOf(lang, k.term, k.reading);
    let group = groups.get(g.id);
    if (!group) groups.set(g.id, (group = { ...g, items: [] }));
    group.items.push(item);
  }
  return indexLabels(lang).flatMap((l) => (groups.has(l.id) ? [groups.get(l.id)!] : []));
}

/** One line of a glossary group: an entry, or a "see" line for a later form of a headword list. */
export type GlossaryItem<T> = { kind: 'entry'; entry: T; term: string; reading?: string } | { kind: 'see'; entry: T; term: string; reading?: string };

/**
 * The forms of a Japanese headword list (`ライフ、ライフ総量`（らいふ、らいふそうりょう）): each form with
 * its own reading when the reading is a list of as many parts, else without one. One form for anything else.
 */
export function headwordForms(lang: Lang, term: string, reading?: string): { term: string; reading?: string }[] {
  if (lang !== 'ja' || !term.includes('、')) return [{ term, ...(reading ? { reading } : {}) }];
  const terms = term.split('、').map((s) => s.trim()).filter(Boolean);
  const readings = reading?.split('、').map((s) => s.trim()) ?? [];
  return terms.map((t, i) => {
    const r = readings.length === terms.length ? readings[i] : i === 0 ? reading : undefined;
    return { term: t, ...(r ? { reading: r } : {}) };
  });
}

/** How a language's glossary is ordered: Japanese by reading (Japanese collation); others keep the source's order. */
function sortKey(lang: Lang): ((a: { term: string; reading?: string }, b: { term: string; reading?: string }) => number) | null {
  if (lang !== 'ja') return null;
  const c = new Intl.Collator('ja');
  // Latin headwords (英数字) are looked up by their letters; kana ones by reading.
  const key = (x: { term: string; reading?: string }) => (initialOf('ja', x.term, x.reading).id === OTHER_ID ? x.term.normalize('NFKC') : (x.reading ?? x.term).split('、')[0]!);
  return (a, b) => c.compare(key(a), key(b)) || c.compare(a.term, b.term);
}

/**
 * A glossary's groups in index order, each in dictionary order, with "see" lines for the later forms of
 * a Japanese headword list that sort away from their entry (`取り除かれた` → the entry under げ). A see
 * line next to its own entry (`ライフ総量` after `ライフ、ライフ総量`, `打ち消し` before `打ち消す、打ち消し`) would
 * say nothing and is left out.
 */
export function layoutGlossary<T>(lang: Lang, entries: readonly T[], key: (item: T) => { term: string; reading?: string }): InitialGroup<GlossaryItem<T>>[] {
  const items: GlossaryItem<T>[] = [];
  for (const entry of entries) {
    const k = key(entry);
    items.push({ kind: 'entry', entry, term: k.term, ...(k.reading ? { reading: k.reading } : {}) });
    for (const form of headwordForms(lang, k.term, k.reading).slice(1)) if (form.reading) items.push({ kind: 'see', entry, ...form });
  }
  const cmp = sortKey(lang);
  if (cmp) items.sort(cmp);
  const groups = groupByInitial(lang, items, (it) => ({ term: it.term, ...(it.reading ? { reading: it.reading } : {}) }));
  for (const g of groups) {
    g.items = g.items.filter((it, i) => {
      if (it.kind === 'entry') return true;
      // The nearest lines before and after it that are not other forms of the same entry.
      const near = (step: number) => {
        let j = i + step;
        while (g.items[j]?.kind === 'see' && g.items[j]!.entry === it.entry) j += step;
        return g.items[j]?.entry === it.entry;
      };
      return !near(-1) && !near(1);
    });
  }
  return groups;
}
