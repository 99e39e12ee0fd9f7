/**
 * One language registry (src/i18n/locales.ts) and the README's "a language" steps held true: every language has
 * its strings in every domain; the steps name the domains that exist; and no module writes the language list out
 * again (`['en', 'ja', 'ko']`, `(en|ja|ko)`, `'en' | 'ja' | 'ko'`) — each derives it from the registry.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, LOCALES, isLang, pathLang } from '../src/i18n/locales.ts';
import { ROOT } from './helpers.ts';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (rel === 'src/generated' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.(?:ts|astro|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

describe('the language registry', () => {
  it('lists the site’s languages, English first, and reads a language from an address', () => {
    expect(LANGS).toEqual(Object.keys(LOCALES));
    expect(LANGS[0]).toBe('en');
    expect([pathLang('/ja/702/'), pathLang('/ko'), pathLang('/en/'), pathLang('/fr/702/'), pathLang('/japan/'), pathLang('/')]).toEqual(['ja', 'ko', 'en', null, null, null]);
    expect([isLang('ko'), isLang('KO'), isLang('toString'), isLang(undefined)]).toEqual([true, false, false, false]);
  });

  it('every language has its strings in every domain the README’s steps name', () => {
    const files = readdirSync(join(ROOT, 'src/i18n/locales'));
    const domains = [...new Set(files.map((f) => f.split('.')[1]!))].sort();
    for (const lang of LANGS) expect(files.filter((f) => f.startsWith(`${lang}.`)).map((f) => f.split('.')[1]).sort(), lang).toEqual(domains);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const step = readme.slice(readme.indexOf('- **a language**'), readme.indexOf('- **a UI string**'));
    expect(step).toContain('`src/i18n/locales.ts`');
    for (const d of domains) expect(step, d).toMatch(new RegExp(`\\.${d}[\`.]`));
  });

  it('no module writes the language list out again', () => {
    const written = /\[\s*'en',\s*'ja',\s*'ko'\s*\]|\((?:\?:)?en\|ja\|ko\)|'en' \| 'ja' \| 'ko'/;
    const offenders = [...sources('src'), ...sources('scripts')].filter((f) => f !== 'src/i18n/locales.ts' && written.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
