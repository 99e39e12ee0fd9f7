/**
 * Korean particles by the final sound of the word before them (src/i18n/korean.ts), through the one translation
 * system's `{name~과}` (src/i18n/translate.ts): the review of 2026-11-27 found `“독”와` on the glossary filter.
 */
import { describe, expect, it } from 'vitest';
import { finalConsonant, particle } from '../src/i18n/korean.ts';
import { fillMessage, format, messageData, type Catalog } from '../src/i18n/translate.ts';
import ko from '../src/i18n/locales/ko.site.json';
import en from '../src/i18n/locales/en.site.json';
import ja from '../src/i18n/locales/ja.site.json';

describe('Korean particles', () => {
  it('chooses by the final consonant, either form asked for', () => {
    // 독 = ㄷ+ㅗ+ㄱ (final ㄱ), 대지 ends in the vowel ㅣ, 카운터 in ㅓ, 돌진 in ㄴ.
    expect(['독', '대지', '카운터', '돌진'].map((w) => w + particle(w, '와'))).toEqual(['독과', '대지와', '카운터와', '돌진과']);
    expect(['독', '대지'].map((w) => w + particle(w, '을'))).toEqual(['독을', '대지를']);
    expect(['독', '대지'].map((w) => w + particle(w, '는'))).toEqual(['독은', '대지는']);
    expect(['독', '대지'].map((w) => w + particle(w, '가'))).toEqual(['독이', '대지가']);
    // 으로: 로 after a vowel and after ㄹ (마을로, 돌로), 으로 after other consonants (독으로).
    expect(['독', '대지', '돌'].map((w) => w + particle(w, '으로'))).toEqual(['독으로', '대지로', '돌로']);
  });
  it('reads digits as they are said, and writes both forms where the sound cannot be told', () => {
    // 702.19 is read …십구 (vowel), 702.1 …일 (ㄹ), 120.3 …삼 (ㅁ).
    expect(['702.19', '702.1', '120.3'].map((w) => particle(w, '과'))).toEqual(['와', '과', '과']);
    expect(particle('trample', '과')).toBe('과(와)');
    expect(particle('trample', '으로')).toBe('(으)로');
    expect(finalConsonant('“독”')).toBe(1);
    expect(particle('독', '의')).toBe('의');
  });
  it('fills `{q~과}` in templates at build time and in the browser, and leaves other locales’ {q} alone', () => {
    expect(format(ko.glossaryNone, { q: '독' })).toBe('“독”과 일치하는 용어가 없습니다. 전문 검색:');
    expect(format(ko.glossaryNone, { q: '대지' })).toBe('“대지”와 일치하는 용어가 없습니다. 전문 검색:');
    expect(fillMessage(messageData<Catalog>({ en, ja, ko }, 'ko', 'glossaryNone'), { q: '독' })).toBe('“독”과 일치하는 용어가 없습니다. 전문 검색:');
    expect(format('{q~과}', {})).toBe('{q~과}');
  });
});
