import { describe, expect, test } from 'vitest';
import { groupByInitial, indexLabels, initialOf } from '../../src/site/glossary-index.ts';
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
    expect(initialOf('ja', 'APNAP順')).toEqual({ id: 'other', label: '#' });
  });
  test('Korean: the initial consonant, tense consonants with their plain pair', () => {
    expect(initialOf('ko', '돌진')).toEqual({ id: 'd', label: 'ㄷ' });
    expect(initialOf('ko', '딱지')).toEqual({ id: 'd', label: 'ㄷ' });
    expect(initialOf('ko', '활성화')).toEqual({ id: 'h', label: 'ㅎ' });
    expect(initialOf('ko', '아티팩트')).toEqual({ id: 'ng', label: 'ㅇ' });
    expect(initialOf('ko', 'Trample')).toEqual({ id: 'other', label: '#' });
  });
  test('index labels are the usual dictionary rows', () => {
    expect(indexLabels('ja').map((l) => l.label).join('')).toBe('あかさたなはまやらわ#');
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
