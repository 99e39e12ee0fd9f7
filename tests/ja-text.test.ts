/**
 * The Japanese reader on the real seed (the 2019-01-25 translation with flattened furigana) and on
 * small and odd inputs. Figures from docs/design-notes.md §1.2, §1.3 and §2.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from './inputs.ts';

const shared = needs(SHARED);
import type { Paragraph, RuleDocument } from '../src/model/types.ts';
import { assembleDocument } from '../src/pipeline/assemble.ts';
import { headwordPairs } from '../src/pipeline/furigana.ts';
import { NOTE_MARK } from '../src/pipeline/inline.ts';
import { paragraphText } from '../src/model/text.ts';
import { editionFromTitle, extractTranslatorNotes, headwordBridge, readJapaneseText } from '../src/pipeline/readers/ja-text.ts';
import { EN, SEED, parseFile, ruleByNumber } from './helpers.ts';
import { japaneseLongLine } from '../scripts/bench/worst-cases.ts';

const SOURCE = readFileSync(SEED.ja, 'utf8');
const doc = parseFile(SEED.ja);
const text = (p: Paragraph) => paragraphText(p);
const bodyOf = (n: string) => ruleByNumber(doc, n).body.map(text);
const glossaryEntry = (term: string, english?: string) => doc.glossary.find((g) => g.term === term && (english === undefined || g.english === english))!;

/**
 * Counts taken straight from the raw seed with line regexes, never through the reader: the independent
 * source of the pinned numbers below. The body runs from the second `1. ゲームの考え方` (the first is in
 * the contents) to `用語集`, the glossary from there to `クレジット`.
 */
const RAW = (() => {
  const lines = SOURCE.split(/\r\n|\r|\n/);
  const body = lines.slice(lines.lastIndexOf('1. ゲームの考え方'), lines.indexOf('用語集'));
  const glossary = lines.slice(lines.indexOf('用語集'), lines.indexOf('クレジット'));
  const count = (xs: string[], re: RegExp) => xs.filter((l) => re.test(l)).length;
  const parts = body.flatMap((l, i) => (/^[1-9]\. \S/.test(l) ? [i] : []));
  return {
    /** `100.`, `100.1.`, `100.1a`, glued or spaced, and the stray `b702.95c`. */
    numbered: count(body, /^b?\d{3}\.(?:\d+[a-z]?\.?)?/),
    sections: count(body, /^\d{3}\.(?!\d)/),
    /** Sections per part, between one part heading (`1. ゲームの考え方`) and the next. */
    sectionsPerPart: parts.map((p, k) => count(body.slice(p, parts[k + 1] ?? body.length), /^\d{3}\.(?!\d)/)),
    examples: count(body, /^例[:：]/),
    /** A number glued to its text (`100.4.プレイヤー`, `801.影響範囲限定`). */
    glued: count(body, /^\d{3}\.(?:\d+[a-z]?\.?)?[^\s\d.a-z]/),
    headwords: count(glossary, /^\S.*?\([\u3041-\u309f\u30fc\u30f4\u30fb、 ]+\)\/[\x20-\x7e]+$/),
    senses: count(glossary, /^\d\. /),
    obsolete: count(glossary, /^\(廃語\)/),
  };
})();

/** Every piece of text the reader outputs, with where it came from. */
function allTexts(d: RuleDocument): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [{ where: 'title', text: d.title }];
  d.introduction.forEach((t, i) => out.push({ where: `introduction ${i}`, text: t }));
  for (const p of d.parts) out.push({ where: `part ${p.number}`, text: p.title });
  for (const r of d.rules) {
    r.body.forEach((p) => out.push({ where: r.number, text: text(p) }));
    r.examples.forEach((e) => e.forEach((p) => out.push({ where: `${r.number} example`, text: text(p) })));
    r.notes.forEach((n) => out.push({ where: `${r.number} note`, text: n.text }));
  }
  for (const g of d.glossary) g.definition.forEach((p) => out.push({ where: `glossary ${g.term}`, text: text(p) }));
  d.credits.forEach((t, i) => out.push({ where: `credits ${i}`, text: t }));
  return out;
}

describe('Japanese seed: document structure', () => {
  it('reads title, language, format and edition (20190125 in the title)', () => {
    expect(doc.title).toBe('マジック総合ルール(和訳 20190125.3 版)');
    expect(doc.edition).toBe('2019-01-25');
    expect(doc.lang).toBe('ja');
    expect(doc.format).toBe('ja-text');
    expect(doc.partial).toBe(false);
  });

  it('reads the preamble and 0. はじめに as the introduction, skipping the contents', () => {
    expect(doc.introduction).toHaveLength(7); // hand count: the 5 preamble paragraphs before もくじ (lines 3–11) and the 2 of 0. はじめに
    expect(doc.introduction[0]).toBe('このルールに関して、英語を正文とし、ウィザーズ・オブ・ザ・コースト社が著作権を持ちます。');
    expect(doc.introduction[5]!.startsWith('この文書は、マジック・ザ・ギャザリングの競技的ゲームプレイにおける最高権威である。')).toBe(true);
    expect(doc.introduction[6]).toBe(
      'この文章は公開された以降に更新されることがある。最新版は https://magic.wizards.com/en/game-info/gameplay/rules-and-formats/rules からダウンロードできる。質問がある場合http://Support.Wizards.com/ に問い合わせて回答を得ることができる。',
    );
    expect(doc.introduction.some((p) => p.includes('もくじ'))).toBe(false);
  });

  it('reads the nine parts of the body, not the contents and not the glossary senses', () => {
    expect(doc.parts.map((p) => `${p.number}. ${p.title}`)).toEqual([
      '1. ゲームの考え方',
      '2. カードの部分',
      '3. カード・タイプ',
      '4. 領域',
      '5. ターンの構造',
      '6. 呪文能力効果', // 、 lost between the three terms in the source
      '7. その他のルール',
      '8. 多人数戦ルール',
      '9. カジュアル変種ルール',
    ]);
    // Sections per part as the raw lines give them (RAW: section lines between part headings).
    expect(RAW.sectionsPerPart).toEqual([22, 13, 14, 9, 15, 17, 22, 12, 6]);
    expect(doc.parts.map((p) => p.sections.length)).toEqual(RAW.sectionsPerPart);
  });

  it('has 2,460 numbered entries: 130 sections, the rules of EN 2019-01-25 and 2 stale duplicates', () => {
    // 2,460 numbered lines and 130 section lines in the raw body (RAW, a grep); 130 is also the number
    // of sections of EN 2019-01-25 (en-text.test.ts), and 2,458 + 2 duplicates below.
    expect([RAW.numbered, RAW.sections]).toEqual([2460, 130]);
    expect(doc.rules).toHaveLength(2460);
    expect(doc.rules.filter((r) => r.kind === 'section')).toHaveLength(130);
    expect(doc.rules.filter((r) => r.duplicate).map((r) => [r.number, r.line])).toEqual([
      ['601.3b', 2299],
      ['711.1b', 4759],
    ]);
  });

  shared.it('after correction, has exactly the numbers of the English 2019-01-25 edition, in order', () => {
    const en = parseFile(EN('2019-01-25'));
    const ja = doc.rules.filter((r) => !r.duplicate).map((r) => r.number);
    expect(ja).toHaveLength(2458); // 2,460 numbered lines (RAW) less the 2 stale duplicates; equal to the English list below
    expect(ja).toEqual(en.rules.filter((r) => !r.duplicate).map((r) => r.number));
  });

  it('corrects the three misprinted numbers by context and keeps the stale duplicates flagged', () => {
    expect(ruleByNumber(doc, '201.3d')).toMatchObject({ printedNumber: '201.3c', line: 1239 });
    expect(ruleByNumber(doc, '310.2')).toMatchObject({ printedNumber: '309.2', line: 1689 });
    expect(ruleByNumber(doc, '702.15f')).toMatchObject({ printedNumber: '702.15e', line: 3527 });
    const codes = (c: string) => doc.diagnostics.filter((d) => d.code === c).map((d) => d.line);
    expect(codes('renumbered')).toEqual([1239, 1689, 3527]);
    expect(codes('duplicate-rule')).toEqual([2299, 4759]);
  });

  it('reads glued numbers, numbers without a trailing dot, and the stray b of b702.95c', () => {
    expect(bodyOf('100.4')[0]!.startsWith('プレイヤーデッキの他に')).toBe(true);
    expect(bodyOf('801')).toEqual(['影響範囲限定選択ルール']);
    expect(bodyOf('805.10a')[0]!.startsWith('チームクリーチャーは、グループで他のチーム攻撃する。')).toBe(true);
    // Line numbers: `grep -n '^711\.6 \|^811\.5 \|^b702\.95c'` on the seed gives 4781, 5495, 4179.
    expect(ruleByNumber(doc, '711.6').line).toBe(4781);
    expect(ruleByNumber(doc, '811.5').line).toBe(5495);
    const r95c = ruleByNumber(doc, '702.95c');
    expect(r95c.line).toBe(4179);
    expect(bodyOf('702.95c')).toEqual(['超過の2つ目の能力文章変更効果を作る。rule 612〔文章変更効果〕参照。']);
    expect(r95c.body[0]!.find((n) => n.type === 'ref')).toMatchObject({ text: '612' });
    expect(doc.diagnostics.filter((d) => d.code === 'stray-prefix').map((d) => d.line)).toEqual([4179]);
  });

  it('reports the stray + lines and keeps them out of the rules', () => {
    const stray = doc.diagnostics.filter((d) => d.code === 'stray-line');
    expect(stray.map((d) => [d.line, d.severity])).toEqual([
      [4585, 'warning'],
      [5659, 'warning'],
    ]);
    expect(stray[0]!.message).toContain('after 706.2b');
    expect(bodyOf('706.2b')).toHaveLength(1);
    expect(allTexts(doc).some((t) => t.text === '+')).toBe(false);
  });

  it('reads 244 examples (243 of EN plus the stale 601.3b one) and the unnumbered paragraphs', () => {
    // 244 lines starting 例: / 例： in the raw body (RAW); EN 2019-01-25 has 243 (en-text.test.ts).
    expect(RAW.examples).toBe(244);
    expect(doc.rules.reduce((n, r) => n + r.examples.length, 0)).toBe(244);
    expect(ruleByNumber(doc, '101.2').examples.map((e) => e.map(text))).toEqual([
      ['「このターン、あなた土地を1枚追加でプレイしてよい」という効果があり、他方では「このターン、あなた土地プレイすることはできない」という効果があった場合土地プレイを禁止する効果のほうが優先される。'],
    ]);
    // `例: ` with a space (902.5a/b area).
    expect(doc.rules.some((r) => r.examples.some((e) => text(e[0]!).startsWith('ヴァンガードカードライフ補正子が-3であるプレイヤーは')))).toBe(true);
    expect(bodyOf('205.4c')).toHaveLength(2);
    expect(bodyOf('509.1b')).toHaveLength(2);
    expect(bodyOf('702.47a')).toHaveLength(2);
    expect(bodyOf('901.7a')).toHaveLength(2);
    expect(bodyOf('901.7a')[1]!.startsWith('プレインチェイス戦では、「あなたが{PW}を出したとき、プレインズウォークする。」')).toBe(true);
  });

  it('reads 559 glossary headwords into term, reading and English', () => {
    // 559 headword lines, 40 numbered senses and 28 (廃語) lines in the raw glossary region (RAW).
    expect([RAW.headwords, RAW.senses, RAW.obsolete]).toEqual([559, 40, 28]);
    expect(doc.glossary).toHaveLength(559);
    expect(glossaryEntry('アクティブ・チーム')).toMatchObject({ reading: 'あくてぃぶちーむ', english: 'Active Team', line: 5745 });
    expect(glossaryEntry('生息条件(島)')).toMatchObject({ reading: 'せいそくじょうけんしま', english: 'Islandhome' });
    expect(glossaryEntry('ヴァンガード')).toMatchObject({ reading: 'ヴぁんがーど', english: 'Vanguard(1)' });
    expect(doc.glossary.filter((g) => g.term === 'イベント').map((g) => g.english)).toEqual(['Event', 'Tournament']);
    const defs = doc.glossary.flatMap((g) => g.definition.map(text));
    expect(defs.filter((t) => /^\d\. /.test(t))).toHaveLength(40);
    expect(defs.filter((t) => t.startsWith('(廃語)'))).toHaveLength(28);
    expect(doc.glossary.every((g) => g.definition.length > 0)).toBe(true);
  });

  it('keeps numbered senses as separate paragraphs', () => {
    expect(glossaryEntry('アンティ').definition.map(text)).toEqual(['1. プレイ中、カードを「永遠に」置いておく領域', '2. カードアンティ領域に置くこと。', 'rule 407〔アンティ〕参照。']);
    expect(glossaryEntry('色').definition.map(text)).toEqual(['1. オブジェクト特性の一つ。rule 105〔色〕、rule 202〔マナ・コスト色〕参照。', '2. マナが持ちうる性質。rule 106〔マナ〕参照。']);
    expect(glossaryEntry('色').refs).toEqual(['105', '202', '106']);
  });

  it('reads the unindented definition (機体) and the credits', () => {
    expect(glossaryEntry('機体').definition.map(text)).toEqual(['アーティファクトサブタイプ機体アーティファクト・クリーチャーになれる。rule 301〔アーティファクト〕、rule 702.121〔搭乗〕参照。']);
    expect(doc.credits).toHaveLength(11); // hand count: the blank-line-separated blocks after クレジット (10, then the addresses as one)
    expect(doc.credits[0]).toBe('マジック・ザ・ギャザリング オリジナル・ゲームデザイン: Richard Garfield');
    expect(doc.credits[1]).toContain('Donald X. Vaccarino');
    expect(doc.credits[10]!.split('\n')).toContain('NP19 4YD');
  });

  it('bridges glossary terms to English names (assemble adds the keyword headings)', () => {
    const bridge = doc.termBridge;
    // 571 pairs, counted by hand from the document: 559 headwords, one pair each, plus 12 from the 11
    // headwords that list several names (line: extra pairs): 5765 あなた/You/Your +1, 5900 打ち消す、
    // 打ち消し/Counter(v) +1, 6179 基本のパワー、基本のタフネス +1, 6203 共闘、[名前]との共闘 +1, 6323
    // ゲームから取り除く、取り除かれた、ゲーム外領域 (3 names) +2, 6465 コントロール、コントローラー +1,
    // 7390 覇権 +1, 7434 バンド、「他の〜とのバンド」 +1, 7520 フェイズ・イン、フェイズ・アウト +1,
    // 7827 モード/Modal/Mode +1, 7887 ライフ、ライフ総量 +1. (A regex counting English names per
    // headword gives 567: it misses the four headwords with two Japanese terms for one English name,
    // 5900, 6179, 6203, 7434, each of which names two terms.)
    expect(bridge.filter((t) => t.source === 'glossary')).toHaveLength(571);
    expect(bridge).toContainEqual({ term: '色', english: 'Color', source: 'glossary' });
    expect(bridge).toContainEqual({ term: 'コントローラー', english: 'Controller', source: 'glossary' });
    expect(bridge).toContainEqual({ term: 'ヴァンガード', english: 'Vanguard', source: 'glossary' });
    expect(bridge).toContainEqual({ term: '起動', english: 'Activate', source: '701.2' });
    expect(bridge).toContainEqual({ term: '献身', english: 'Offering', source: '702.47' });
  });
});

describe('Japanese seed: text', () => {
  it('gives chosen rules character for character', () => {
    expect(bodyOf('100.1b')).toEqual(['多人数戦は3人以上のプレイヤーで開始されるゲームのことである。rule 8〔多人数戦ルール〕参照。']);
    expect(bodyOf('100.4')).toEqual(['プレイヤーデッキの他に、ゲームとゲームの間にデッキを調整するための追加のカードであるサイドボードを持つことが認められることがある。']);
    expect(bodyOf('105')).toEqual(['色']);
    expect(bodyOf('105.1')).toEqual(['マジックでいう色とは、「白/White」「青/Blue」「黒/Black」「赤/Red」「緑/Green」である。']);
    expect(bodyOf('702.19b')).toEqual([
      'トランプルを持つ攻撃クリーチャーコントローラーは、ダメージをまずそれをブロックしたクリーチャー(群)に割り振る。それらのブロック・クリーチャーすべてに致死ダメージが割り振られた場合攻撃クリーチャーコントローラーは、残りのダメージを、ブロック・クリーチャー防御プレイヤーまたは攻撃しているプレインズウォーカーに選んで割り振る。致死ダメージを割り振られたかどうかのチェック時には、そのクリーチャーが負っているダメージや同時に与えられる他のクリーチャーからのダメージも考慮に入れるが、実際に与えられるダメージの量を変化させ得る能力効果は考慮に入れない。コントローラーはそれらのブロック・クリーチャーすべてに致死ダメージを割り振る必要はないが、その場合には防御プレイヤープレインズウォーカーにはダメージを割り振ることはできない。',
    ]);
    expect(ruleByNumber(doc, '702.19b').examples).toHaveLength(2);
    expect(bodyOf('305.6')[0]!.startsWith('基本土地タイプは、平地島沼山森である。')).toBe(true);
    expect(bodyOf('207.2c')[0]).toContain('「彩色(さいしょく)/Chroma」');
    expect(bodyOf('207.2c')[0]).toContain('「附則(ふそく)/addendum」');
    expect(bodyOf('207.2c')[0]).toContain('「刻印(こくいん)/Imprint」「神啓(しんけい)/Inspired」');
    expect(bodyOf('207.2c')[0]).toContain('「スレッショルド(すれっしょるど)/Threshold」');
    expect(bodyOf('205.3j')[0]).toContain('「ゼナゴス/Xenagos」');
  });

  it('takes the translator notes out of the rules, leaving a marker where they were', () => {
    const notes = doc.rules.flatMap((r) => r.notes.map((n) => [r.number, n.line, n.form, n.text]));
    expect(notes).toEqual([
      ['100.6', 335, 'inline', '日本語版は http://mjmj.info/data/公開されている'],
      ['112.6m', 835, 'inline', '日本語訳は http://mjmj.info/ 以下で公開されている'],
      ['121.3', 1197, 'inline', '両方が同数である場合、その両方を全て取り除く。'],
      ['201.4b', 1251, 'inline', '《棍棒のトロール》の持つ'],
      ['702.95a', 4175, 'inline', '日本語ではこの適用後の文章が注釈文として添えられている。'],
      ['704.5q', 4539, 'inline', '両方が同数である場合、その両方を全て取り除く。'],
    ]);
    const body121 = ruleByNumber(doc, '121.3').body;
    expect(body121.map(text)).toEqual([
      '単一のパーマネントに、+1/+1カウンターと-1/-1カウンターが乗っている場合、その2つのうちで少ないほうと同数だけ、両方のカウンターを取り除く。rule 704 参照。',
    ]);
    expect(body121[0]!.filter((n) => n.type === 'noteRef' || n.type === 'ref').map((n) => n.type)).toEqual(['noteRef', 'ref']);
    // In an example: the note of 201.4b sits inside its first example.
    expect(ruleByNumber(doc, '201.4b').examples[0]![0]!.some((n) => n.type === 'noteRef' && n.index === 0)).toBe(true);
    for (const r of doc.rules) {
      const refs = [...r.body, ...r.examples.flat()].flat().filter((n) => n.type === 'noteRef');
      expect(refs.length, r.number).toBe(r.notes.length);
    }
    for (const t of allTexts(doc)) expect(t.text.includes(NOTE_MARK), t.where).toBe(false);
    expect(allTexts(doc).filter((t) => t.text.includes('訳注')).map((t) => t.where)).toEqual([]);
    // The seventh note is in the glossary: it belongs to its entry, not to the definition text.
    const unblocked = doc.glossary.find((g) => g.term === 'ブロックされない')!;
    expect(unblocked.notes).toHaveLength(1);
    expect(unblocked.notes![0]!.form).toBe('inline');
  });

  it('leaves no furigana reading anywhere', () => {
    const texts = allTexts(doc);
    const pairs = doc.glossary.flatMap((g) => headwordPairs({ term: g.term, reading: g.reading!, english: g.english! }));
    expect(pairs.length).toBeGreaterThan(559);
    for (const p of pairs) {
      if (p.base === p.reading) continue; // あなた: あなたあなた can be two terms with a lost particle
      const hit = texts.find((t) => t.text.includes(p.base + p.reading));
      expect(hit, `${p.base}${p.reading}`).toBeUndefined();
    }
    expect(texts.some((t) => t.text.includes('あなたあなたあなた'))).toBe(false);
    // No orphan reading: none after a number, none anywhere but in ordinary words.
    for (const r of doc.rules.filter((x) => x.kind === 'section')) expect(text(r.body[0]!), r.number).not.toMatch(/^(?:いろ|たば|やま|しま|もり|ぬま|かべ)/);
    const orphans = texts.flatMap((t) => [...t.text.matchAll(/いろ|たば|やま|しま|もり|ぬま|かべ/g)].map((m) => t.text.slice(m.index!, m.index! + 4)));
    expect(orphans).toEqual(['しまった', 'します。']);
    // No katakana word followed by its own transliteration, no Latin ruby.
    for (const t of texts) expect(t.text, t.where).not.toMatch(/Xえっくす|Yわい|プレイヤーぷれいやー|カードかーど|コントローラーこんとろおらあ|シャドーしゃどう|ヴァンガードヴぁんがーど/);
  });

  it('balances 〔〕 everywhere but the two source anomalies, and restores 〔 before titles', () => {
    const count = (s: string, c: string) => s.split(c).length - 1;
    const unbalanced = allTexts(doc).filter((t) => count(t.text, '〔') !== count(t.text, '〕'));
    expect(unbalanced.map((t) => t.where)).toEqual(['glossary 開始チーム', 'glossary コントロール、コントローラー']);
    expect(bodyOf('100.1b')[0]).toContain('rule 8〔多人数戦ルール〕参照');
    expect(bodyOf('903.11a')[0]).toBeDefined();
    expect(glossaryEntry('アップキープ・ステップ').definition.map(text)).toEqual(['ターンの一部。このステップ開始フェイズの2つ目のステップである。rule 503〔アップキープ・ステップ〕参照。']);
  });

  it('resolves every reference and reports no error', () => {
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(doc.diagnostics.filter((d) => d.code === 'missing-ref')).toEqual([]);
    const refs = [...doc.rules.flatMap((r) => [...r.body, ...r.examples.flat()]), ...doc.glossary.flatMap((g) => g.definition)].flat().filter((n) => n.type === 'ref');
    expect(refs.length).toBeGreaterThan(1300);
    expect(refs.filter((n) => n.type === 'ref' && n.missing)).toEqual([]);
    // `613.6rule 613.7`: the 、 was lost; the first reference is 613.6, not 613.6r.
    expect(ruleByNumber(doc, '613.7').body.length).toBeGreaterThan(0);
  });

  // The 、 between two links was lost: `rule 704.5mrule 704.5n` must read both letters.
  it('reads the letter of a reference glued to the next one (704.5mrule 704.5n)', () => {
    const p = ruleByNumber(doc, '702.25h').body[0]!;
    const texts = p.filter((n) => n.type === 'ref').map((n) => (n.type === 'ref' ? n.text : ''));
    expect(texts).toContain('704.5m');
    expect(texts).toContain('704.5n');
  });
});

describe('Japanese seed: damaged text', () => {
  const out = readJapaneseText(SOURCE, SEED.ja);

  it('flags rules that evidently lost characters, with a reason per line', () => {
    const reason = (line: number) => out.damaged.find((d) => d.line === line)?.reason ?? '';
    expect(reason(323)).toContain('glued'); // 100.4.プレイヤー… (各 lost)
    expect(reason(1315)).toContain('section title is missing'); // 203.
    expect(reason(1613)).toContain('two terms or links touch'); // 305.6 平地島沼山森
    expect(reason(1153)).toContain('one-character word vanished'); // 120.1 プレイヤーカードくとは
    expect(reason(5113)).toContain('glued'); // 801.影響範囲限定…
    expect(reason(3667)).toContain('two terms or links touch'); // rule A rule B
    expect(reason(315)).toContain('two terms or links touch'); // 100.2 トークンカウンター
    expect(reason(371)).toContain('two terms or links touch'); // 102.2 プレイヤー対戦相手 (unflagged before)
    expect(reason(313)).toBe(''); // 100.1b is intact
    // Every glued number is reported (85 rules and subrules + 4 sections, docs/design-notes.md §1.2 #4–#5;
    // RAW.glued, a grep for a number followed by neither space, digit, dot nor letter, finds the 89).
    expect(RAW.glued).toBe(89);
    expect(out.damaged.filter((d) => d.reason.includes('glued'))).toHaveLength(89);
  });

  it('marks the rules in the model and reports each line as damaged-text (info)', () => {
    for (const n of ['100.4', '203', '305.6', '120.1', '801', '205.4c', '102.2', '302.2', '511.1', '202', '601', '602', '608', '707', '714']) expect(ruleByNumber(doc, n).damaged, n).toBe(true);
    for (const n of ['100.1b', '105.1', '121.3']) expect(ruleByNumber(doc, n).damaged, n).toBeUndefined();
    const damaged = doc.diagnostics.filter((d) => d.code === 'damaged-text');
    expect(damaged.every((d) => d.severity === 'info')).toBe(true);
    expect(damaged.find((d) => d.line === 323)).toMatchObject({ rule: '100.4' });
  });

  it('summarises the cleanup in one diagnostic', () => {
    const summary = doc.diagnostics.filter((d) => d.code === 'furigana-cleanup');
    expect(summary).toHaveLength(1);
    // The contents (skipped) hold the other 133 readings and 2 orphans of the 27,792 / 248.
    expect(summary[0]!.message).toContain('27659 readings removed, 639 lost 〔 restored, 246 orphan readings');
  });
});

describe('Japanese reader: helpers', () => {
  it('parses the edition from the title', () => {
    expect(editionFromTitle('マジック総合ルール(和訳 20190125.3 版)')).toBe('2019-01-25');
    expect(editionFromTitle('マジック総合ルール(和訳 20191332.1 版)')).toBeNull();
    expect(editionFromTitle('マジック総合ルール')).toBeNull();
  });

  it('extracts translator notes with nested parentheses', () => {
    expect(extractTranslatorNotes('前(訳注:A(B)C)後', 7)).toEqual({ text: `前${NOTE_MARK}後`, notes: [{ text: 'A(B)C', form: 'inline', line: 7 }], unclosed: 0 });
    expect(extractTranslatorNotes('前(訳注:開いたまま', 1)).toEqual({ text: `前${NOTE_MARK}`, notes: [{ text: '開いたまま', form: 'inline', line: 1 }], unclosed: 1 });
    expect(extractTranslatorNotes('(訳注:a)(訳注:b)', 1).notes.map((n) => n.text)).toEqual(['a', 'b']);
    expect(extractTranslatorNotes('注なし', 1).text).toBe('注なし');
  });

  it('bridges multi-term headwords', () => {
    expect(headwordBridge({ term: 'コントロール、コントローラー', reading: '', english: 'Control/Controller' }).map((b) => b.english)).toEqual(['Control', 'Controller']);
    expect(headwordBridge({ term: 'あなた', reading: '', english: 'You/Your' }).map((b) => `${b.term}=${b.english}`)).toEqual(['あなた=You', 'あなた=Your']);
    expect(headwordBridge({ term: '打ち消す、打ち消し', reading: '', english: 'Counter(v)' }).map((b) => `${b.term}=${b.english}`)).toEqual(['打ち消す=Counter', '打ち消し=Counter']);
  });
});

describe('Japanese reader: robustness and speed', () => {
  const read = (s: string) => assembleDocument(readJapaneseText(s, 'test.txt'));

  it('reads a small document end to end', () => {
    const small = [
      'マジック総合ルール(和訳 20190125.3 版)',
      '',
      'もくじ',
      '',
      '1. ゲームの考え方',
      '',
      '100. 原則',
      '',
      '1. ゲームの考え方',
      '',
      '100. 原則',
      '',
      '100.1. カードかーど色いろいろを持つ。rule 100.1いろ〕参照。(訳注:注)',
      '',
      '例:カードかーど',
      '',
      '用語集',
      '',
      'カード(かーど)/Card',
      '',
      ' 物。rule 100.1 参照。',
      '',
      '色(いろ)/Color',
      '',
      '1. 性質。',
      '',
      'クレジット',
      '',
      '翻訳:X',
    ].join('\n');
    const d = read(small);
    expect(d.edition).toBe('2019-01-25');
    expect(d.parts).toEqual([{ number: '1', title: 'ゲームの考え方', sections: ['100'] }]);
    expect(d.rules.map((r) => [r.number, r.body.map(text), r.examples.map((e) => e.map(text)), r.notes.map((n) => n.text)])).toEqual([
      ['100', ['原則'], [], []],
      ['100.1', ['カード色色を持つ。rule 100.1〔色〕参照。'], [['カード']], ['注']],
    ]);
    expect(d.glossary.map((g) => [g.term, g.reading, g.english, g.definition.map(text)])).toEqual([
      ['カード', 'かーど', 'Card', ['物。rule 100.1 参照。']],
      ['色', 'いろ', 'Color', ['1. 性質。']],
    ]);
    expect(d.credits).toEqual(['翻訳:X']);
    expect(d.diagnostics.filter((x) => x.severity !== 'info')).toEqual([]);
  });

  it('survives odd and truncated input', () => {
    const lines = SOURCE.split('\n');
    const inputs = [
      '',
      '\n\n\n',
      'マジック総合ルール',
      'もくじ',
      '用語集\nクレジット',
      '100.',
      'b',
      '+\n+',
      '(訳注:',
      lines.slice(0, 400).join('\n'),
      lines.slice(0, 3000).join('\n'),
      lines.slice(5700).join('\n'),
      lines.slice(300, 5742).join('\n'),
      SOURCE.replace(/\n/g, '\r\n'),
    ];
    for (const s of inputs) {
      const d = read(s);
      expect(Array.isArray(d.rules), s.slice(0, 20)).toBe(true);
    }
    expect(read(lines.slice(0, 3000).join('\n')).rules.length).toBeGreaterThan(1000);
    expect(read(SOURCE.replace(/\n/g, '\r\n')).rules).toHaveLength(2460);
    expect(read('').edition).toBeNull();
    expect(read('').diagnostics.some((x) => x.code === 'no-edition')).toBe(true);
  });

  it('reads a 400,000-character line (timed by npm run bench -- worst; a hang fails by the test timeout)', () => {
    const d = read(japaneseLongLine());
    expect(text(ruleByNumber(d, '100.1').body[0]!).startsWith('プレイヤーカードいろrule 1〔〕プレイヤー')).toBe(true);
  });

  // The time to read the whole document is measured by `npm run bench -- parse`, not asserted.
});
