/**
 * The one translation system (src/i18n/translate.ts) and its data (src/i18n/locales/*.json): every
 * domain (site, search, sandbox, loader, trace, history, filedate) has every English key in ja and ko, non-empty, with exactly the
 * English placeholders in every plural form, and the plural forms each locale's Intl.PluralRules
 * needs; interpolation happens once; plurals follow the count; missing keys fall back to English.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS as LOCALES } from '../src/i18n/locales.ts';
import { createTranslator, fillMessage, format, messageData, placeholders, type Catalog, type Locale } from '../src/i18n/translate.ts';
import { useMessageData, useStrings } from '../src/site/i18n.ts';
import { searchStrings } from '../src/components/search/strings.ts';
import { translator } from '../src/sandbox/strings.ts';
import { historyStrings } from '../src/history/strings.ts';
import { entryLabel, minorHeading, statusLabel } from '../src/history/labels.ts';
import { hiddenLabel } from '../src/history/trim.ts';
import { ROOT } from './helpers.ts';

const DIR = join(ROOT, 'src/i18n/locales');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const domains = [...new Set(files.map((f) => f.split('.')[1]!))].sort();
const load = (locale: Locale, domain: string) => JSON.parse(readFileSync(join(DIR, `${locale}.${domain}.json`), 'utf8')) as Record<string, string>;
const base = (key: string) => key.split('#')[0]!;
/** Base key → its forms in one catalog (the plain key, or `key#category` variants). */
function forms(catalog: Record<string, string>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [k, v] of Object.entries(catalog)) {
    const b = base(k);
    if (!out.has(b)) out.set(b, new Map());
    out.get(b)!.set(k.includes('#') ? k.split('#')[1]! : '', v);
  }
  return out;
}

describe('locale data', () => {
  it('has one file per locale and domain, and the domains site, search, sandbox, loader, trace, history, filedate', () => {
    expect(domains).toEqual(['filedate', 'history', 'loader', 'sandbox', 'search', 'site', 'trace']);
    expect(files.sort()).toEqual(LOCALES.flatMap((l) => domains.map((d) => `${l}.${d}.json`)).sort());
  });

  for (const domain of ['site', 'search', 'sandbox', 'loader', 'trace', 'history', 'filedate']) {
    for (const locale of LOCALES) {
      it(`${locale}.${domain}: every English key, non-empty, same placeholders, the plural forms the locale needs`, () => {
        const english = forms(load('en', domain));
        const own = forms(load(locale, domain));
        expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        for (const [key, variants] of own) {
          const expected = placeholders([...english.get(key)!.values()][0]!);
          for (const [form, text] of variants) {
            expect(text.trim(), `${locale}.${domain}.${key}#${form}`).not.toBe('');
            expect(placeholders(text), `${locale}.${domain}.${key}#${form}`).toEqual(expected);
            if (form) expect(categories, `${locale}.${domain}.${key}#${form}`).toContain(form);
          }
          // A key with plural forms anywhere must cover every category this locale selects (or stay plain).
          if (!variants.has('')) for (const c of categories) if (c === 'one' || c === 'other') expect(variants.has(c), `${locale}.${domain}.${key}#${c}`).toBe(true);
        }
      });
    }
  }

  it('ja and ko are translated, not copies of English (words that must differ)', () => {
    const site = { en: load('en', 'site'), ja: load('ja', 'site'), ko: load('ko', 'site') };
    const sandbox = { en: load('en', 'sandbox'), ja: load('ja', 'sandbox'), ko: load('ko', 'sandbox') };
    for (const k of ['contents', 'glossary', 'previous', 'next', 'goTo', 'notFound']) for (const l of ['ja', 'ko'] as const) expect(site[l][k], `${l}.site.${k}`).not.toBe(site.en[k]);
    for (const k of ['step', 'runAgain', 'reset', 'compare', 'modified', 'checkPass', 'checkFail']) for (const l of ['ja', 'ko'] as const) expect(sandbox[l][k], `${l}.sandbox.${k}`).not.toBe(sandbox.en[k]);
  });
});

describe('translate', () => {
  it('fills {name} placeholders once, leaving unknown names as written', () => {
    expect(format('Step {n} of {total}', { n: 2, total: 5 })).toBe('Step 2 of 5');
    expect(format('{a} and {b}', { a: '{b}', b: 'x' })).toBe('{b} and x');
    expect(format('{missing} stays', {})).toBe('{missing} stays');
    expect(format('{toString}', {})).toBe('{toString}');
  });
  it('chooses the plural form with Intl.PluralRules from `count`', () => {
    const t = translator('en');
    expect(t('matches', { n: 1, total: 1, count: 1 })).toBe('Matches the CR example: 1 of 1 check passes.');
    expect(t('matches', { n: 3, total: 3, count: 3 })).toBe('Matches the CR example: 3 of 3 checks pass.');
    expect(t('differs', { n: 1, total: 4, count: 1 })).toBe('Differs from the CR example: 1 of 4 checks fails.');
    // Japanese and Korean have one form ("other"): the plain key serves every count.
    expect(translator('ko')('matches', { n: 1, total: 1, count: 1 })).toBe('종합 규칙의 예시와 일치합니다(확인 1개 중 1개 통과).');
  });
  it('falls back to English, then to the key', () => {
    const catalogs: Record<Locale, Catalog> = { en: { a: 'A {x}', 'b#one': 'one b', 'b#other': '{count} bs' }, ja: {}, ko: { a: '가 {x}' } };
    const ja = createTranslator(catalogs, 'ja');
    expect(ja('a', { x: 1 })).toBe('A 1');
    expect(ja('b', { count: 2 })).toBe('2 bs');
    expect(ja('zzz')).toBe('zzz');
    expect(createTranslator(catalogs, 'ko')('a', { x: 2 })).toBe('가 2');
  });
  it('hands a browser script every plural form, and fills it there with the same rules', () => {
    const catalogs: Record<Locale, Catalog> = { en: { 'n#one': '{n} term', 'n#other': '{n} terms', p: 'page {k}' }, ja: { n: '{n} 語' }, ko: {} };
    expect(JSON.parse(messageData(catalogs, 'en', 'n'))).toEqual({ '@': 'en', '#one': '{n} term', '#other': '{n} terms' });
    expect(fillMessage(messageData(catalogs, 'en', 'n'), { n: 1, count: 1 })).toBe('1 term');
    expect(fillMessage(messageData(catalogs, 'en', 'n'), { n: 21, count: 21 })).toBe('21 terms');
    expect(fillMessage(messageData(catalogs, 'ja', 'n'), { n: 1, count: 1 })).toBe('1 語');
    expect(fillMessage(messageData(catalogs, 'ko', 'n'), { n: 1, count: 1 })).toBe('1 term'); // English, under English plural rules, when the locale lacks it
    expect(fillMessage(messageData(catalogs, 'en', 'p'), { k: 2 })).toBe('page 2');
    expect(fillMessage(undefined, { n: 3 }, '{n}')).toBe('3');
    expect(fillMessage('not json', { n: 3 }, '{n}')).toBe('3');
  });
  it('says "1 term" / "1 result" in the browser strings, not "1 terms"', () => {
    const m = useMessageData('en');
    expect(fillMessage(m('glossaryCount'), { n: 1, count: 1 })).toBe('1 term');
    expect(fillMessage(m('glossaryCount'), { n: 725, count: 725 })).toBe('725 terms');
    expect(fillMessage(m('glossaryMatches'), { k: 1, n: 725, count: 1 })).toBe('1 of 725 terms matches');
    expect(fillMessage(m('offlineProgress'), { k: 1, n: 1, count: 1, done: '0.1 MB', size: '0.1 MB' })).toBe('Saving: 1 of 1 file, 0.1 MB of 0.1 MB.');
    expect(fillMessage(searchStrings('en').m('count'), { n: 1, count: 1 })).toBe('1 result');
    expect(fillMessage(searchStrings('en').m('count'), { n: 2, count: 2 })).toBe('2 results');
    expect(fillMessage(searchStrings('ko').m('count'), { n: 1, count: 1 })).toBe('결과 1개');
    expect(useStrings('en')('descGlossary', { edition: 'x', n: 1, count: 1 })).toContain(': 1 term, with');
  });
  it('gives the history pages’ counts their plural forms: exact words for 0, 1 and 2 in en, ja and ko', () => {
    // Written by hand from each language's grammar: English "one" only for 1 (0 takes "other"); Japanese and
    // Korean nouns do not inflect for number (their Intl.PluralRules has the one category "other").
    const say = (lang: Locale) => historyStrings(lang);
    const counts = (f: (n: number) => string) => [0, 1, 2].map(f);
    expect(counts((n) => minorHeading(say('en'), 'references', 'rules', n))).toEqual(['0 rules with only references renumbered', '1 rule with only references renumbered', '2 rules with only references renumbered']);
    expect(counts((n) => minorHeading(say('en'), 'typography', 'glossary', n))).toEqual(['0 entries with only typography changed (quotes, dashes, spacing)', '1 entry with only typography changed (quotes, dashes, spacing)', '2 entries with only typography changed (quotes, dashes, spacing)']);
    expect(counts((n) => minorHeading(say('en'), 'references', 'examples', n))).toEqual(['0 examples with only references renumbered', '1 example with only references renumbered', '2 examples with only references renumbered']);
    expect(counts((n) => minorHeading(say('ja'), 'references', 'rules', n))).toEqual(['参照番号の付け替えのみのルール 0 件', '参照番号の付け替えのみのルール 1 件', '参照番号の付け替えのみのルール 2 件']);
    expect(counts((n) => minorHeading(say('ko'), 'typography', 'examples', n))).toEqual(['표기(따옴표, 대시, 공백)만 바뀐 예시 0개', '표기(따옴표, 대시, 공백)만 바뀐 예시 1개', '표기(따옴표, 대시, 공백)만 바뀐 예시 2개']);
    const folded = (words: number, lang: Locale) => hiddenLabel({ kind: 'hidden', text: '', words, at: 'middle' }, say(lang));
    expect(counts((n) => folded(n, 'en'))).toEqual(['… 0 unchanged words …', '… 1 unchanged word …', '… 2 unchanged words …']);
    expect(counts((n) => folded(n, 'ja'))).toEqual(['… 変更のない 0 語 …', '… 変更のない 1 語 …', '… 変更のない 2 語 …']);
    expect(counts((n) => folded(n, 'ko'))).toEqual(['… 바뀌지 않은 단어 0개 …', '… 바뀌지 않은 단어 1개 …', '… 바뀌지 않은 단어 2개 …']);
    expect([statusLabel(say('en'), 'moved-changed'), statusLabel(say('ja'), 'moved-changed'), statusLabel(say('ko'), 'added')]).toEqual(['moved and changed', '移動・変更', '추가']);
    expect([entryLabel(say('en'), '702.19b', 2), entryLabel(say('en'), '702.19b', null), entryLabel(say('ko'), '702.19b', 1), entryLabel(say('en'), null, 3)]).toEqual(['702.19b (example 2)', '702.19b', '702.19b(예시 1)', '']);
  });
  it('serves the site and the sandbox from the same data', () => {
    expect(useStrings('ja')('editionOf', { date: '2019-01-25' })).toBe(format(load('ja', 'site')['editionOf']!, { date: '2019-01-25' }));
    expect(translator('ko')('stepN', { n: 3 })).toBe('3단계');
    expect(translator('ja')('open')).toBe(load('ja', 'loader')['open']);
  });
});
