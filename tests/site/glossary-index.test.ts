/**
 * The glossary index (src/model/glossary-index.ts): initials per script (A–Z, the gojūon rows of the
 * reading, the Hangul initial consonants), grouping and the page layout, on the real glossaries.
 */
import { describe, expect, test } from 'vitest';
import { groupByInitial, headwordForms, indexLabels, initialOf, layoutGlossary } from '../../src/model/glossary-index.ts';
import { getSite } from '../../src/site/load.ts';

describe('initialOf', () => {
  test('English: the first letter, symbols and digits last', () => {
    expect(initialOf('en', 'Active Player')).toEqual({ id: 'a', label: 'A' });
    expect(initialOf('en', '“Bands with Other”')).toEqual({ id: 'b', label: 'B' });
    expect(initialOf('en', '1993 rule')).toEqual({ id: 'other', label: '#' });
  });
  test('Japanese: the gojūon row of the reading, katakana, voicing and small kana folded', () => {
    expect(initialOf('ja', '色', 'いろ').label).toBe('あ');
    expect(initialOf('ja', 'ガーディアン')).toEqual({ id: 'ka', label: 'か' });
    expect(initialOf('ja', '墓地', 'ぼち')).toEqual({ id: 'ha', label: 'は' });
    expect(initialOf('ja', 'ヴァンガード')).toEqual({ id: 'a', label: 'あ' });
    expect(initialOf('ja', 'ん')).toEqual({ id: 'wa', label: 'わ' });
    // A headword printed in Latin letters is looked for by its letters: the 英数字 group, not its reading's row.
    expect(initialOf('ja', 'APNAP順', 'あぷなっぷじゅん')).toEqual({ id: 'other', label: '英数字' });
    expect(initialOf('ja', 'Y', 'わい')).toEqual({ id: 'other', label: '英数字' });
    expect(initialOf('ja', 'Lvアップ', 'れべるあっぷ')).toEqual({ id: 'other', label: '英数字' });
    // Brackets and 〜 before the first letter do not count; kanji after them read by the reading.
    expect(initialOf('ja', '「双頭巨人戦」変種ルール', 'そうとうきょじんせんへんしゅるーる')).toEqual({ id: 'sa', label: 'さ' });
    expect(initialOf('ja', '〜になる', 'になる')).toEqual({ id: 'na', label: 'な' });
  });
  test('Korean: the initial consonant, tense consonants with their plain pair', () => {
    expect(initialOf('ko', '돌진')).toEqual({ id: 'd', label: 'ㄷ' });
    expect(initialOf('ko', '딱지')).toEqual({ id: 'd', label: 'ㄷ' });
    expect(initialOf('ko', '활성화')).toEqual({ id: 'h', label: 'ㅎ' });
    expect(initialOf('ko', '아티팩트')).toEqual({ id: 'ng', label: 'ㅇ' });
    expect(initialOf('ko', 'Trample')).toEqual({ id: 'other', label: '#' });
  });
  test('index labels are the usual dictionary rows', () => {
    expect(indexLabels('ja').map((l) => l.label).join('')).toBe('あかさたなはまやらわ英数字');
    expect(indexLabels('ko').map((l) => l.label).join('')).toBe('ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ#');
    expect(indexLabels('en')).toHaveLength(27);
  });
});

describe('groupByInitial on the real glossaries', () => {
  const site = getSite();
  test('every English entry lands in the group of its first letter, in document order, none lost', () => {
    const ed = site.latest.get('en')!;
    const groups = groupByInitial('en', ed.doc.glossary, (g) => ({ term: g.term }));
    expect(groups.flatMap((g) => g.items)).toHaveLength(ed.doc.glossary.length);
    for (const g of groups) for (const e of g.items) expect(e.term.replace(/^[“"]/, '')[0]!.toUpperCase()).toBe(g.label);
    // Groups come in alphabetical order.
    expect(groups.map((g) => g.label).join('')).toBe([...groups.map((g) => g.label)].sort().join(''));
  });
  test('every Japanese entry lands in the row of its printed reading', () => {
    const ed = site.latest.get('ja')!;
    const groups = groupByInitial('ja', ed.doc.glossary, (g) => ({ term: g.term, reading: g.reading }));
    expect(groups.flatMap((g) => g.items)).toHaveLength(ed.doc.glossary.length);
    const row = groups.find((g) => g.label === 'か')!;
    // Every reading in the か row starts with a kana of か き く け こ or their voiced forms.
    for (const e of row.items) expect(e.reading ?? '').toMatch(/^[かきくけこがぎぐげご]/);
    expect(groups.find((g) => g.label === 'あ')!.items.map((e) => e.term)).toContain('アクティブ・プレイヤー');
  });
});

describe('headword lists and dictionary order', () => {
  test('a Japanese headword list splits into its forms, readings aligned when they are a list too', () => {
    expect(headwordForms('ja', 'ライフ、ライフ総量', 'らいふ、らいふそうりょう')).toEqual([
      { term: 'ライフ', reading: 'らいふ' },
      { term: 'ライフ総量', reading: 'らいふそうりょう' },
    ]);
    // One reading for two forms: only the first form has it.
    expect(headwordForms('ja', '共闘、[名前]との共闘', 'きょうとう')).toEqual([{ term: '共闘', reading: 'きょうとう' }, { term: '[名前]との共闘' }]);
    // English lists are single concepts named by the CR as one headword (`Life, Life Total`).
    expect(headwordForms('en', 'Life, Life Total')).toEqual([{ term: 'Life, Life Total' }]);
  });

  test('on a made-up list: sorted by reading, a later form that sorts away gets a see line, one next to its entry does not', () => {
    const entries = [
      { term: 'ワールド', reading: 'わーるど' },
      { term: 'Y', reading: 'わい' },
      { term: '脇に置く', reading: 'わきにおく' },
      { term: 'ゲームから取り除く、取り除かれた', reading: 'げーむからとりのぞく、とりのぞかれた' },
      { term: 'ライフ、ライフ総量', reading: 'らいふ、らいふそうりょう' },
      { term: '打ち消す、打ち消し', reading: 'うちけす、うちけし' },
    ];
    const groups = layoutGlossary('ja', entries, (e) => e);
    const show = (id: string) => groups.find((g) => g.id === id)!.items.map((it) => (it.kind === 'see' ? `→${it.term}` : it.term));
    expect(groups.map((g) => g.id)).toEqual(['a', 'ka', 'ta', 'ra', 'wa', 'other']);
    // JIS X 4061 order: ー reads as the vowel it lengthens (わあ < わい < わき); Y is under 英数字.
    expect(show('wa')).toEqual(['ワールド', '脇に置く']);
    expect(show('other')).toEqual(['Y']);
    expect(show('ta')).toEqual(['→取り除かれた']);
    expect(show('ra')).toEqual(['ライフ、ライフ総量']);
    expect(show('a')).toEqual(['打ち消す、打ち消し']);
  });

  test('the real Japanese glossary: none lost, わ begins with a kana word, every group in reading order', () => {
    const ed = getSite().latest.get('ja')!;
    const groups = layoutGlossary('ja', ed.doc.glossary, (g) => ({ term: g.term, reading: g.reading }));
    const entries = groups.flatMap((g) => g.items.filter((it) => it.kind === 'entry'));
    expect(entries).toHaveLength(ed.doc.glossary.length);
    expect(groups.find((g) => g.id === 'wa')!.items[0]!.term).toBe('ワールド');
    // The 英数字 group is exactly the headwords whose first letter is Latin, counted by a plain regex here.
    const latin = ed.doc.glossary.filter((g) => /^[^\p{L}\p{N}]*[A-Za-zＡ-Ｚａ-ｚ0-9]/u.test(g.term)).map((g) => g.term).sort();
    expect(groups.find((g) => g.id === 'other')!.items.map((it) => it.term).sort()).toEqual(latin);
    expect(latin).toContain('Y');
    const c = new Intl.Collator('ja');
    for (const g of groups) {
      if (g.id === 'other') continue;
      const readings = g.items.map((it) => (it.reading ?? it.term).split('、')[0]!);
      expect([...readings].sort(c.compare)).toEqual(readings);
    }
    // ゲームから取り除く、取り除かれた、ゲーム外領域: the middle form reads と…, far from げ: a see line under た.
    const see = groups.flatMap((g) => g.items.filter((it) => it.kind === 'see').map((it) => `${g.id}:${it.term}`));
    expect(see).toContain('ta:取り除かれた');
    expect(see).not.toContain('ra:ライフ総量');
  });
});
