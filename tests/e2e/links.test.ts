import { describe, expect, test, beforeAll } from 'vitest';
import { ensureSite } from './support.ts';
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
});
