import { describe, expect, test } from 'vitest';
import { buildSite, relativeHref, resolveRef, ruleHref } from '../../src/site/site.ts';
import { extraFiles } from '../../src/site/api/extras.ts';
import { makeCatalog, makeDoc, makeEdition, makeRule } from './make.ts';
import type { RuleDocument } from '../../src/model/types.ts';

const en19 = makeDoc([makeRule('100', 'General'), makeRule('100.1', 'one'), makeRule('500', 'Turn Structure'), makeRule('500.1', 'turn')], { edition: '2019-01-25' });
const en26 = makeDoc([makeRule('100', 'General'), makeRule('100.1', 'one'), makeRule('100.1a', 'one a')]);
const ko17 = makeDoc(
  [makeRule('100', '일반'), makeRule('100.1', [{ type: 'text', value: 'see ' }, { type: 'ref', text: '500.1', target: { kind: 'rule', number: '500.1' }, missing: true }])],
  { lang: 'ko', edition: '2019-01-25', partial: true },
);
const docs: Record<string, RuleDocument> = { 'en-2026-01-16': en26, 'en-2019-01-25': en19, 'ko-2019-01-25': ko17 };
const site = buildSite(
  makeCatalog([
    makeEdition('en', '2026-01-16'),
    makeEdition('en', '2019-01-25', { latest: false }),
    makeEdition('ko', '2019-01-25', { partial: true, english: '2019-01-25' }),
  ]),
  (lang, edition) => docs[`${lang}-${edition}`]!,
);

describe('buildSite', () => {
  test('places every rule on a page and links same-edition English', () => {
    const ko = site.get('ko', '2019-01-25')!;
    expect(ko.base).toBe('/ko/');
    expect(ko.english?.edition).toBe('2019-01-25');
    expect(ruleHref(ko, '100.1')).toBe('/ko/100/#100.1');
    expect(ruleHref(ko, '100')).toBe('/ko/100/');
    expect(ruleHref(site.get('en', '2019-01-25')!, '500.1')).toBe('/en/2019-01-25/500/#500.1');
  });

  test('resolves a reference missing from a partial translation to the same-edition English, labelled', () => {
    const ko = site.get('ko', '2019-01-25')!;
    const r = resolveRef(ko, { kind: 'rule', number: '500.1' });
    expect(r).toEqual({ href: '/en/2019-01-25/500/#500.1', key: 'en/2019-01-25/500.1', fallback: true });
    expect(resolveRef(ko, { kind: 'rule', number: '100.1' })?.fallback).toBe(false);
    expect(resolveRef(ko, { kind: 'rule', number: '999.1' })).toBeNull();
    expect(resolveRef(ko, { kind: 'part', number: '1' })?.href).toBe('/ko/#part-1');
  });

  test('relativeHref keeps same-page links as bare fragments', () => {
    expect(relativeHref('/en/100/#100.1', '/en/100/')).toBe('#100.1');
    expect(relativeHref('/en/100/#100.1', '/en/500/')).toBe('/en/100/#100.1');
  });
});

describe('extraFiles', () => {
  const files = new Map([...extraFiles(site)].map((f) => [f.path, f.content]));

  test('no file per rule number or per pinned page: short and pinned addresses are resolved (short-address.ts)', () => {
    expect([...files.keys()].filter((p) => p.endsWith('.html'))).toEqual([]);
    expect([...files.keys()].some((p) => /\/rules\//.test(p))).toBe(false);
  });

  test('exports JSON per edition and per section, the rules in page order with their neighbours', () => {
    const section = JSON.parse(files.get('api/en/2026-01-16/sections/100.json')!);
    expect(section.rules.map((r: { number: string }) => r.number)).toEqual(['100', '100.1', '100.1a']);
    expect(section.rules[2]).toMatchObject({ lang: 'en', edition: '2026-01-16', number: '100.1a', url: '/en/100/#100.1a', prev: '100.1', next: null });
    const ko = JSON.parse(files.get('api/ko/2019-01-25/edition.json')!);
    // The fixture's Korean 2019 edition: two rules, both in section 100; the edition file lists the section, not its rules.
    expect(ko.sections).toEqual([{ section: '100', title: expect.any(String), rules: 2, url: '/api/ko/2019-01-25/sections/100.json' }]);
    expect(ko.rules).toBeUndefined();
    const index = JSON.parse(files.get('api/index.json')!);
    expect(index.editions).toHaveLength(3);
    expect(index.editions[0].section).toMatch(/^\/api\/\w\w\/\d{4}-\d\d-\d\d\/sections\/\{section\}\.json$/);
  });
});
