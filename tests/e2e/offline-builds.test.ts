/**
 * A saved edition survives a new build (issue 26, review 2026-11-27 N4: the saved copy was deleted on the
 * first online visit after any new build, while open tabs still said "saved"). Build A is dist/; build B
 * is made from it as a new build differs: another build id, and the scripts that carry it or import one that does
 * under new hashed names (the other assets keep theirs, as between two real builds), referenced by B's worker, its
 * offline lists and the pages the test opens. Served in turn on the same port by servers of their own.
 * After one online visit under B the saved copy is B's (downloaded in the background, A's deleted only
 * then); offline, a saved page opens with B's script, and no cache keeps A's pages. An edition B cannot
 * update keeps A's copy, which runs offline with A's script. After a rollback to A, B's worker does not
 * keep A's page in B's page cache (review N8).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serve } from '../../scripts/server.ts';
import { ensureSite, launch } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const B = '2099-01-01T00:00:00Z';

/** Build B beside A: hard links (no copy of 85,000 files), the changed files written anew (unlinked first, so A keeps its own). */
function makeBuildB(distA: string, options: { withoutKo2019?: boolean } = {}): { dist: string; a: string; renamed: Map<string, string> } {
  const a = /cr-pages-([0-9TZ:.-]+)/.exec(readFileSync(join(distA, 'sw.js'), 'utf8'))![1]!;
  expect(a.length).toBe(B.length); // the same length: a string swap, nothing else moves
  const dist = join(mkdtempSync(join(tmpdir(), 'cr-build-b-')), 'dist');
  expect(spawnSync('cp', ['-al', distA, dist]).status).toBe(0);
  const rewrite = (rel: string, change: (text: string) => string, to = rel) => {
    const text = readFileSync(join(dist, rel), 'utf8');
    for (const f of [rel, `${rel}.br`, `${rel}.gz`]) rmSync(join(dist, f), { force: true });
    writeFileSync(join(dist, to), change(text));
  };
  // The scripts that carry the build id get new names (Base.X.js → Base.X-b.js), like a real new build's, and so does
  // every script that imports a renamed one (a chunk's hash covers its imports' names: a page-only chunk loaded later
  // must never be served from the old build's precache with the old build's imports).
  const renamed = new Map<string, string>();
  const scripts = readdirSync(join(dist, '_astro')).filter((f) => f.endsWith('.js'));
  const texts = new Map(scripts.map((f) => [f, readFileSync(join(dist, '_astro', f), 'utf8')]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of scripts) {
      if (renamed.has(f) || !(texts.get(f)!.includes(a) || [...renamed.keys()].some((r) => texts.get(f)!.includes(r)))) continue;
      renamed.set(f, f.replace(/\.js$/, '-b.js'));
      grew = true;
    }
  }
  expect(renamed.size).toBeGreaterThan(0);
  const swap = (text: string) => [...renamed].reduce((t, [from, to]) => t.replaceAll(from, to), text.replaceAll(a, B));
  for (const [from, to] of renamed) rewrite(`_astro/${from}`, swap, `_astro/${to}`);
  for (const f of readdirSync(join(dist, '_astro')).filter((f) => /\.(js|css)$/.test(f) && !renamed.has(f))) {
    if ([...renamed.keys()].some((r) => readFileSync(join(dist, '_astro', f), 'utf8').includes(r))) rewrite(`_astro/${f}`, swap);
  }
  rewrite('sw.js', swap);
  for (const f of readdirSync(join(dist, 'offline')).filter((f) => f.endsWith('.json'))) rewrite(`offline/${f}`, swap);
  // The pages the test reads under B: the front page and the saved Korean edition's.
  const list = JSON.parse(readFileSync(join(dist, 'offline/ko-2019-01-25.json'), 'utf8')) as { files: string[] };
  for (const p of ['/', ...list.files]) {
    const rel = p.endsWith('/') ? `${p.slice(1)}index.html` : p.slice(1);
    if (existsSync(join(dist, rel))) rewrite(rel, swap);
  }
  // A build without that edition: its list is gone, so the saved copy cannot be updated.
  if (options.withoutKo2019) for (const f of ['', '.br', '.gz']) rmSync(join(dist, `offline/ko-2019-01-25.json${f}`), { force: true });
  return { dist, a, renamed };
}

needs(BROWSER).describe('offline copies across builds', () => {
  let browser: Browser;
  const servers: Server[] = [];
  beforeAll(async () => {
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });
  const stop = (s: Server) => {
    s.closeAllConnections();
    s.close();
  };

  /**
   * Serves A, saves the Korean 2019 edition from its front page, then serves B on the same address (same
   * origin: the same caches and worker registration) and visits its front page once, online, until the
   * saved copies are current. Returns the page, B's server address and the caches after.
   */
  async function saveThenNewBuild(b: ReturnType<typeof makeBuildB>, distA: string) {
    const srvA = await serve(distA, 0);
    servers.push(srvA.server);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${srvA.url}ko/2019-01-25/`); // the Korean translation as published (/ko/ is the current edition)
    await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
    await expect.poll(() => page.textContent('[data-offline-status]')).toMatch(/^\d+쪽, [\d.]+ MB\.$/);
    await page.click('[data-offline-save]');
    await expect.poll(() => page.textContent('[data-offline-status]'), { timeout: 120_000 }).toMatch(/^오프라인용으로 저장됨\([\d.]+ MB\)\.$/);
    expect((await page.evaluate(() => caches.keys())).filter((n) => n.startsWith('cr-saved-'))).toEqual([`cr-saved-ko-2019-01-25-${b.a}`]);
    stop(srvA.server);
    const srvB = await serve(b.dist, Number(new URL(srvA.url).port));
    servers.push(srvB.server);
    await page.goto(`${srvB.url}`);
    await page.waitForFunction(() => document.documentElement.dataset['crOfflineSaved'] === 'current', undefined, { timeout: 120_000 });
    const names = await page.evaluate(() => caches.keys());
    stop(srvB.server);
    return { ctx, page, url: srvB.url, names };
  }
  const scriptsOf = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('script[src]'), (s) => new URL((s as HTMLScriptElement).src).pathname));

  it('a saved edition survives a new build: replaced by the new build’s copy after one online visit, readable offline with that build’s script; no page of the old build stays cached', async () => {
    const distA = await ensureSite();
    const b = makeBuildB(distA);
    const { ctx, page, url, names } = await saveThenNewBuild(b, distA);
    expect(names.filter((n) => n.startsWith('cr-saved-'))).toEqual([`cr-saved-ko-2019-01-25-${B}`]);
    // No page of A is kept (A's worker may still fill A's data cache until B's takes over; the next visit deletes it).
    expect(names.filter((n) => n.includes(b.a) && !n.startsWith('cr-data-'))).toEqual([]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cr-offline-saved') ?? '{}')['ko-2019-01-25']?.build)).toBe(B);
    // Offline: a saved page of the edition opens, with build B's script (never A's).
    await ctx.setOffline(true);
    await page.goto(`${url}ko/2019-01-25/704/`);
    expect(await page.locator('[id="704.5a"]').count()).toBe(1);
    const scripts = await scriptsOf(page);
    expect(scripts.some((p) => [...b.renamed.values()].some((n) => p.endsWith(n)))).toBe(true);
    expect(scripts.some((p) => [...b.renamed.keys()].some((n) => p.endsWith(`/${n}`)))).toBe(false);
    await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1', undefined, { timeout: 30_000 });
    await ctx.close();
  }, 300_000);

  it('a rollback: while worker B is active, the server sends build A’s page; B does not keep it in its page cache (review N8)', async () => {
    const distA = await ensureSite();
    const b = makeBuildB(distA);
    const srvB = await serve(b.dist, 0);
    servers.push(srvB.server);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${srvB.url}`);
    await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Rolled back: A on the same address. The navigation goes through B's worker (NetworkFirst).
    stop(srvB.server);
    const srvA = await serve(distA, Number(new URL(srvB.url).port));
    servers.push(srvA.server);
    await page.goto(`${srvA.url}en/702/`);
    await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
    expect(await page.evaluate(async (build) => (await (await caches.open(`cr-pages-${build}`)).match('/en/702/')) !== undefined, B)).toBe(false);
    // B's own page (the front page, read under B) is in B's cache.
    expect(await page.evaluate(async (build) => (await (await caches.open(`cr-pages-${build}`)).match('/')) !== undefined, B)).toBe(true);
    stop(srvA.server);
    await ctx.close();
  }, 300_000);

  it('a saved edition the new build cannot update (its list is gone) is kept, and offline its pages run with their own build’s script from the saved copy', async () => {
    const distA = await ensureSite();
    const b = makeBuildB(distA, { withoutKo2019: true });
    const { ctx, page, url, names } = await saveThenNewBuild(b, distA);
    expect(names.filter((n) => n.startsWith('cr-saved-'))).toEqual([`cr-saved-ko-2019-01-25-${b.a}`]);
    await ctx.setOffline(true);
    await page.goto(`${url}ko/2019-01-25/704/`);
    expect(await page.locator('[id="704.5a"]').count()).toBe(1);
    // A's page with A's script (B's worker does not precache it: it came from the saved copy), and the script ran.
    expect((await scriptsOf(page)).some((p) => [...b.renamed.keys()].some((n) => p.endsWith(`/${n}`)))).toBe(true);
    await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1', undefined, { timeout: 30_000 });
    await ctx.close();
  }, 300_000);
});
