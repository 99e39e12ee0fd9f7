/**
 * The deploy tree a static host receives (issue 25: a common host refuses more than 20,000 files per
 * deploy; docs/deploy.md): dist/ within the limits of the hosts it documents, with no precompressed
 * copies, and every short or version-pinned address still working without a file of its own — through
 * the server behind `npm start` (a 301, no script needed), and through the not-found page's script on a
 * host that only serves files (the server with short addresses off plays that host).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { ensureSite, startServer, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

/** Limits of the hosts docs/deploy.md names (the strictest of each). */
const MAX_FILES = 20_000; // Cloudflare Pages: files per deploy
const MAX_BYTES = 250 * 1000 * 1000; // the bound on the deploy tree
const MAX_FILE_BYTES = 25 * 1024 * 1024; // Cloudflare Pages: one file
const MAX_STATIC_REDIRECTS = 2_000; // Cloudflare Pages _redirects
const MAX_DYNAMIC_REDIRECTS = 100;

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

describe('the deploy tree', async () => {
  const dist = await ensureSite();
  const all = [...files(dist)];

  test('within the hosts’ limits: files, bytes, the largest file; no precompressed copies', () => {
    const sizes = all.map((f) => statSync(f).size);
    expect(all.length).toBeLessThanOrEqual(MAX_FILES);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_BYTES);
    expect(all.filter((_, i) => sizes[i]! > MAX_FILE_BYTES)).toEqual([]);
    expect(all.filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
  });

  test('no file per rule number: a rule address is a directory only when it is a page (a section)', () => {
    const site = getSite();
    const en = site.latest.get('en')!;
    const pages = new Set(en.pages.map((p) => p.path));
    // 702.19b is a rule inside the page of section 702: no file of its own; 702 is that page.
    expect(pages.has('/en/702.19b/')).toBe(false);
    expect(all.some((f) => f.endsWith(join('en', '702.19b', 'index.html')))).toBe(false);
    expect(all.some((f) => f.endsWith(join('en', '702', 'index.html')))).toBe(true);
  });

  test('_redirects: rules a host accepts (source, destination, status), within its counts', () => {
    const lines = readFileSync(join(dist, '_redirects'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    for (const l of lines) expect(l).toMatch(/^\/\S*\s+\/\S*\s+(301|404)$/);
    const dynamic = lines.filter((l) => /[*:]/.test(l.split(/\s+/)[0]!));
    expect(lines.length - dynamic.length).toBeLessThanOrEqual(MAX_STATIC_REDIRECTS);
    expect(dynamic.length).toBeLessThanOrEqual(MAX_DYNAMIC_REDIRECTS);
    // The latest edition of each language under its date, first (a host applies the first match).
    const latest = getSite().editions.filter((e) => e.latest).map((e) => `/${e.lang}/${e.edition}/*  /${e.lang}/:splat  301`);
    expect(lines.slice(0, latest.length)).toEqual(latest);
  });

  test('the server behind npm start answers a short address with a 301 to the page and its anchor', async () => {
    const { server, url } = await startServer();
    const head = (path: string) =>
      new Promise<[number, string | undefined]>((ok, fail) => {
        request(new URL(path, url), { method: 'HEAD' }, (r) => (r.resume(), ok([r.statusCode!, r.headers.location]))).on('error', fail).end();
      });
    try {
      const latest = getSite().latest.get('en')!.edition;
      expect(await head('/ja/704.5j/')).toEqual([301, '/ja/704/#704.5j']);
      // 702 is split over several pages: 702.19b is on one of them.
      const [status, location] = await head('/en/702,19b');
      expect([status, location]).toEqual([301, expect.stringMatching(/^\/en\/702\/(?:\d+\/)?#702\.19b$/)]);
      expect(await head('/ko/2019-01-25/119.3/')).toEqual([301, '/ko/2019-01-25/119/#119.3']);
      expect(await head(`/en/${latest}/702/`)).toEqual([301, '/en/702/']);
      expect(await head(`/ja/${latest}/glossary/`)).toEqual([301, '/ja/glossary/']);
      // A rule the edition lacks stays a 404 (its not-found page offers the nearest rules).
      expect((await head('/en/702.999/'))[0]).toBe(404);
    } finally {
      server.close();
    }
  });
});

needs(BROWSER).describe('short addresses on a host that only serves files', () => {
  const web = useBrowserSite({ shortAddresses: false });

  test('the not-found page’s script opens the page at the rule: a short address, another spelling, a pinned page', async () => {
    const latest = getSite().latest.get('ko')!.edition;
    const page = await web.open('/ja/704.5j/');
    await page.waitForURL(/\/ja\/704\/#704\.5j$/);
    expect(await page.locator('[id="704.5j"]').isVisible()).toBe(true);
    await page.goto(`${web.base}en/CR702.19b`);
    await page.waitForURL(/\/en\/702\/(?:\d+\/)?#702\.19b$/);
    await page.goto(`${web.base}ko/${latest}/parallel/702/`);
    await page.waitForURL(/\/ko\/parallel\/702\/$/);
    await page.close();
  });

  test('with scripts off the not-found page says how to reach the rule, in the path’s language, with a link to the contents', async () => {
    const ctx = await web.browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${web.base}ja/704.5j/`);
    const block = page.locator('[data-nf-lang="ja"]');
    expect(await block.locator('.notfound-noscript').textContent()).toContain('/ja/702/');
    expect(await block.locator('.notfound-links a').first().getAttribute('href')).toBe('/ja/');
    await ctx.close();
  });
});
