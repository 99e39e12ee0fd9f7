import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy } from '../../src/site/host/csp.ts';
import { displayNumber, translationLag } from '../../src/site/render/render.ts';
import { isHeadingRule } from '../../src/model/text.ts';
import { glossarySlugs, termSlug } from '../../src/model/slug.ts';
import { crawl } from '../e2e/crawl.ts';
import { makeRule } from './make.ts';

describe('contentSecurityPolicy', () => {
  test('allows no inline script or style and no third-party origin', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|'unsafe-eval'|https?:/);
  });
});

// UI strings: completeness and placeholder parity are tested for every domain in tests/i18n.test.ts.

describe('render helpers', () => {
  test('keyword titles become headings, sentences do not', () => {
    expect(isHeadingRule(makeRule('702.19', 'Trample', { children: ['702.19a'] }))).toBe(true);
    expect(isHeadingRule(makeRule('100.1', 'These Magic rules apply to any game.', { children: ['100.1a'] }))).toBe(false);
    expect(isHeadingRule(makeRule('702.19a', 'Trample'))).toBe(false);
  });
  test('numbers print as the CR prints them', () => {
    expect(displayNumber({ number: '702.19', kind: 'rule' })).toBe('702.19.');
    expect(displayNumber({ number: '702.19b', kind: 'subrule' })).toBe('702.19b');
  });
  test('the lag badge appears only when a translation trails the latest English', () => {
    expect(translationLag({ lang: 'ja', edition: '2019-01-25' }, { edition: '2026-01-16', base: '/en/' })).toEqual({ latest: '2026-01-16', href: '/en/' });
    expect(translationLag({ lang: 'en', edition: '2019-01-25' }, { edition: '2026-01-16', base: '/en/' })).toBeNull();
    expect(translationLag({ lang: 'ko', edition: '2026-01-16' }, { edition: '2026-01-16', base: '/en/' })).toBeNull();
  });
});

describe('glossary slugs', () => {
  test('are readable, keep any script, and never collide', () => {
    expect(termSlug('Active Player, Nonactive Player Order')).toBe('active-player-nonactive-player-order');
    expect(termSlug('色')).toBe('色');
    const entries = [{ term: 'A b', definition: [], refs: [], line: 1 }, { term: 'A-b', definition: [], refs: [], line: 2 }];
    expect([...glossarySlugs(entries).values()]).toEqual(['g-a-b', 'g-a-b-2']);
  });
});

describe('crawl', () => {
  test('finds missing files, missing fragments and fragments lost behind redirects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crawl-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'r'));
    writeFileSync(join(dir, 'index.html'), '<a href="/a/#y">ok</a><a href="/a/#x">x</a><a href="/b/">b</a><a href="#nope">n</a><a href="/r/">r</a><a href="https://example.com/">e</a>');
    writeFileSync(join(dir, 'a', 'index.html'), '<p id="y">');
    writeFileSync(join(dir, 'r', 'index.html'), '<meta http-equiv="refresh" content="0; url=/a/#z">');
    const r = crawl(dir);
    expect(r.broken.sort()).toEqual(['/ → #nope (no #nope)', '/ → /a/#x (no #x)', '/ → /b/ (no file)', '/ → /r/ (no #z)', '/r/ → /a/#z (no #z)'].sort());
  });
});

describe('linkify (the introduction’s web addresses as links)', () => {
  test('links the addresses the real introductions print, and nothing around them', async () => {
    const { linkify } = await import('../../src/site/render/linkify.ts');
    expect(linkify('at Magic.Wizards.com/Rules. Thanks')).toEqual([{ text: 'at ' }, { text: 'Magic.Wizards.com/Rules', href: 'https://Magic.Wizards.com/Rules' }, { text: '. Thanks' }]);
    expect(linkify('웹사이트 Magic.Wizards.com/Rules에서 다운로드')).toEqual([{ text: '웹사이트 ' }, { text: 'Magic.Wizards.com/Rules', href: 'https://Magic.Wizards.com/Rules' }, { text: '에서 다운로드' }]);
    expect(linkify('場合http://Support.Wizards.com/ に')).toEqual([{ text: '場合' }, { text: 'http://Support.Wizards.com/', href: 'http://Support.Wizards.com/' }, { text: ' に' }]);
    expect(linkify('no address here, 702.19b.')).toEqual([{ text: 'no address here, 702.19b.' }]);
  });
});
