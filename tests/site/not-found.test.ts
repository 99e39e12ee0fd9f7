/**
 * Which not-found page answers which address (src/site/host/not-found.ts): the server's choice, the static
 * hosts' _redirects, and the move of Astro's `/{lang}/not-found/index.html` to `/{lang}/404.html`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notFoundPage, placeNotFoundPages, redirectsFile } from '../../src/site/host/not-found.ts';

describe('not-found pages', () => {
  it('a path under /ja/ or /ko/ has its language’s page; English, no language or a longer prefix the root one', () => {
    const paths = ['/ja/', '/ja/702.999/', '/ko/x/y/', '/ko', '/en/x/', '/x/', '/', '/japan/', '/x/ja/'];
    expect(paths.map(notFoundPage)).toEqual(['/ja/404.html', '/ja/404.html', '/ko/404.html', '/ko/404.html', '/404.html', '/404.html', '/404.html', '/404.html', '/404.html']);
  });

  it('_redirects names only the pages the build has, with status 404', () => {
    expect(redirectsFile(() => true)).toBe('/ja/*  /ja/404.html  404\n/ko/*  /ko/404.html  404\n');
    expect(redirectsFile((f) => f === '/ko/404.html')).toBe('/ko/*  /ko/404.html  404\n');
    expect(redirectsFile(() => false)).toBe('');
    // The latest editions under their dates: one splat rule each, before the 404 rules (first match wins).
    expect(redirectsFile((f) => f === '/ja/404.html', [{ lang: 'en', edition: '2026-01-16' }, { lang: 'ja', edition: '2026-01-16' }])).toBe(
      '/en/2026-01-16/*  /en/:splat  301\n/ja/2026-01-16/*  /ja/:splat  301\n/ja/*  /ja/404.html  404\n',
    );
  });

  it('moves Astro’s /ja/not-found/index.html to /ja/404.html, leaves no /ja/not-found/ directory and never touches section 404 (/ja/404/)', () => {
    const dist = mkdtempSync(join(tmpdir(), 'cr-nf-'));
    mkdirSync(join(dist, 'ja', 'not-found'), { recursive: true });
    writeFileSync(join(dist, 'ja', 'not-found', 'index.html'), 'ja page');
    mkdirSync(join(dist, 'ja', '404'), { recursive: true });
    writeFileSync(join(dist, 'ja', '404', 'index.html'), 'section 404');
    expect(placeNotFoundPages(dist)).toEqual(['ja']);
    expect([readFileSync(join(dist, 'ja', '404.html'), 'utf8'), existsSync(join(dist, 'ja', 'not-found')), existsSync(join(dist, 'ko', '404.html'))]).toEqual(['ja page', false, false]);
    expect(readFileSync(join(dist, 'ja', '404', 'index.html'), 'utf8')).toBe('section 404');
  });

});
