import { describe, expect, test, beforeAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSite } from './support.ts';
import { DIAGNOSTIC_CODES } from '../../src/model/diagnostics.ts';
import { UNUSED_PAGEFIND_FILES } from '../../scripts/build/pagefind.ts';
import { crawl, type CrawlReport } from './crawl.ts';

describe('dist/ links', () => {
  let report: CrawlReport;
  beforeAll(async () => {
    report = crawl(await ensureSite());
  }, 600_000);

  test('crawls every page', () => {
    expect(report.pages).toBeGreaterThan(1000);
    expect(report.links).toBeGreaterThan(10_000);
  });

  test('has zero broken internal links or fragments (redirect pages followed)', () => {
    expect(report.broken.slice(0, 30)).toEqual([]);
  });

  test('has no duplicate ids on any page', () => {
    expect(report.duplicateIds.slice(0, 30)).toEqual([]);
  });

  test('/diagnostics/ lists every registered diagnostic code with an anchor', async () => {
    const html = readFileSync(join(await ensureSite(), 'diagnostics', 'index.html'), 'utf8');
    const listed = [...html.matchAll(/<dt id="([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...DIAGNOSTIC_CODES].sort());
  });

  test('ships Pagefind\'s JS API and none of its unused UI bundles', async () => {
    const dir = join(await ensureSite(), 'pagefind');
    expect(existsSync(join(dir, 'pagefind.js'))).toBe(true);
    expect(UNUSED_PAGEFIND_FILES.filter((f) => existsSync(join(dir, f)))).toEqual([]);
  });
});
