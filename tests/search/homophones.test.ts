/**
 * The Japanese IME misconversions of the rules' terms (scripts/homophones.ts → content/search/homophones.ja.json):
 * what is kept and what is not, on IPADIC and the Japanese glossary's readings, and that the committed
 * file is what the script derives from them.
 */
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { SHARED, needs } from '../inputs.ts';
import { deriveHomophones, homophonesFile, HOMOPHONES_FILE, ipadicWords, termReadings, writtenAt } from '../../scripts/homophones.ts';

const { describe, it } = needs(SHARED);

describe('IME misconversions of the Japanese terms', () => {
  it('keeps a common word of the same reading and length that differs from the term only in kanji', () => {
    const terms = termReadings([
      { term: '速攻', reading: 'そっこう' },
      { term: '打ち消す、打ち消し', reading: 'うちけす、うちけし' },
      { term: 'マナ', reading: 'まな' },
    ]);
    expect(terms).toEqual([
      { term: '速攻', reading: 'ソッコウ' },
      { term: '打ち消す', reading: 'ウチケス' },
      { term: '打ち消し', reading: 'ウチケシ' },
      { term: 'マナ', reading: 'マナ' },
    ]);
    const words = [
      { form: '即効', reading: 'ソッコウ' }, // kept
      { form: 'そっこう', reading: 'ソッコウ' }, // kana: the reading itself, which search already matches
      { form: 'そっ攻', reading: 'ソッコウ' }, // kana where the term has a kanji
      { form: '即行', reading: 'ソッコウ' }, // kept, but the rules write it (below)
      { form: '打消す', reading: 'ウチケス' }, // one character shorter
      { form: '愛', reading: 'マナ' }, // the term has no kanji (katakana terms are typed as katakana)
    ];
    expect(deriveHomophones(terms, words, (s) => (s === '即行' ? 1 : 0))).toEqual({ 即効: '速攻' });
    // A word the rules write in passing (at most `rare` times an edition) is kept when they write the term more.
    const uses = (s: string) => ({ 即行: 1, 速攻: 5 })[s] ?? 0;
    expect(deriveHomophones(terms, words, uses, 1)).toEqual({ 即効: '速攻', 即行: '速攻' });
    expect(deriveHomophones(terms, words, (s) => (s === '即行' ? 1 : 0), 1)).toEqual({ 即効: '速攻' });
    expect(deriveHomophones(terms, words, (s) => (s === '即行' ? 2 : s === '速攻' ? 5 : 0), 1)).toEqual({ 即効: '速攻' });
  });

  it('on IPADIC and the glossary: the misconversions players meet, never a name or a word the rules use', () => {
    const pairs = (JSON.parse(readFileSync(HOMOPHONES_FILE, 'utf8')) as { pairs: Record<string, string> }).pairs;
    // Haste, hexproof, deathtouch, flash, destroy, Celsius for deathtouch: each reads as its term.
    expect(pairs).toMatchObject({ 即効: '速攻', 儒艮: '呪禁', 摂氏: '接死', 俊足: '瞬速', 破戒: '破壊', 瘢痕: '絆魂' });
    // IPADIC's names of people and places read キタイ too (北井), and are not words a player's IME offers.
    const kitai = ipadicWords().filter((w) => w.reading === 'キタイ').map((w) => w.form);
    expect(kitai).toContain('期待');
    expect(kitai).not.toContain('北井');
    expect(pairs['期待']).toBe('機体');
    // No form is its own term; each is as long as its term (an IME converts a reading to a word of as many kanji).
    for (const [typed, term] of Object.entries(pairs)) {
      expect(typed).not.toBe(term);
      expect(Array.from(typed).length).toBe(Array.from(term).length);
    }
  });

  it('lists where the rules write a kept word: with the character before it and the one after it', () => {
    expect(writtenAt(['神話'], ['赤橙色は神話レア、金色はレア', '神話'])).toEqual({ 神話: ['は神話', '神話レ'] });
    const file = JSON.parse(readFileSync(HOMOPHONES_FILE, 'utf8')) as { pairs: Record<string, string>; written: Record<string, string[]> };
    // Mythic (written once an edition, in 206.2's 神話レア) for affinity; contrast (これと対照的に) for target.
    expect(file.pairs).toMatchObject({ 神話: '親和', 対照: '対象' });
    expect(file.written['対照']).toEqual(['と対照', '対照的']);
    // The glossary is text the rules write too: 召喚酔い's definition ends ルールの俗称。 (俗称 for 続唱, cascade).
    expect(file.written['俗称']).toEqual(['の俗称', '俗称。']);
    // Twice an edition at most: 特例 (special case, in 809.5 and 810.8) for 督励 (exert, とくれい).
    expect(file.pairs['特例']).toBe('督励');
    for (const w of Object.keys(file.written)) expect(file.pairs[w]).toBeDefined();
  });

  it('the committed file is what scripts/homophones.ts derives', () => {
    expect(readFileSync(HOMOPHONES_FILE, 'utf8')).toBe(homophonesFile());
  });
});
