/**
 * The rule index behind go-to and the not-found page (src/site/rule-index.ts: which page holds a rule,
 * nearest rules), and the offline pieces (service-worker options, manifest, the list of an edition's
 * files and its size) and the glossary filter text, on the real site model.
 */
import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { ruleHref } from '../../src/site/site.ts';
import { buildRuleIndex, findRule, nearestRules } from '../../src/site/rule-index.ts';
import { buildId, offlineListPath, pagesCache, serviceWorkerOptions, webManifest } from '../../src/site/host/offline.ts';
import { staleCaches } from '../../src/site/client/offline.ts';
import { formatBytes } from '../../src/site/host/offline-list.ts';

const site = getSite();
const indexOf = (lang: 'en' | 'ja' | 'ko') => {
  const ed = site.latest.get(lang)!;
  return { ed, index: buildRuleIndex(ed.lang, ed.edition, ed.pages.map((p) => ({ path: p.path, numbers: p.chunk.entries.map((r) => r.number) }))) };
};

describe('rule index', () => {
  test('finds every rule at the same URL the site links it with', () => {
    for (const lang of ['en', 'ja', 'ko'] as const) {
      const { ed, index } = indexOf(lang);
      expect(index.rules).toHaveLength(ed.rules.size);
      for (const n of ed.rules.keys()) expect(findRule(index, n), n).toBe(ruleHref(ed, n));
    }
  });
  test('a missing number gets its existing parents, then its neighbours in rule order', () => {
    const { index } = indexOf('en');
    expect(findRule(index, '702.999')).toBeNull();
    const near = nearestRules(index, '702.19z');
    expect(near.slice(0, 2)).toEqual(['702.19', '702']);
    // Neighbours: the last subrule of 702.19 and the rule after it.
    expect(near).toContain('702.20');
    expect(near).not.toContain('702.19z');
  });
});

describe('offline build pieces', () => {
  test('build ids are ISO timestamps that sort by age, or CR_ATLAS_BUILD_ID', () => {
    expect(buildId({}, new Date('2026-11-23T05:00:00.123Z'))).toBe('2026-11-23T05:00:00Z');
    expect(buildId({ CR_ATLAS_BUILD_ID: 'x1' })).toBe('x1');
  });
  test('only caches of older builds are stale', () => {
    const names = ['cr-pages-2026-11-01T00:00:00Z', 'cr-data-2026-11-01T00:00:00Z', 'cr-pages-2026-11-23T05:00:00Z', 'cr-pages-2026-12-01T00:00:00Z', 'workbox-precache-v2-x', 'other'];
    expect(staleCaches(names, '2026-11-23T05:00:00Z')).toEqual(['cr-pages-2026-11-01T00:00:00Z', 'cr-data-2026-11-01T00:00:00Z']);
  });
  test('sizes read as MB in the page language', () => {
    expect(formatBytes(12.34 * 1048576, 'en')).toBe('12 MB');
    expect(formatBytes(3.25 * 1048576, 'ja')).toBe('3.3 MB');
  });
  test('the worker precaches the shell and caches pages per build', () => {
    const o = serviceWorkerOptions('/tmp/dist', 'B1');
    expect(o.globPatterns).toContain('offline/index.html');
    expect(o.runtimeCaching?.[0]?.options?.cacheName).toBe(pagesCache('B1'));
    expect(o.runtimeCaching?.[0]?.handler).toBe('NetworkFirst');
    expect(offlineListPath({ lang: 'ja', edition: '2019-01-25' })).toBe('/offline/ja-2019-01-25.json');
  });
  test('the manifest makes the site installable: name, start URL, standalone, icon', () => {
    const m = JSON.parse(webManifest(site)) as Record<string, unknown>;
    expect(m).toMatchObject({ short_name: 'CR Atlas', start_url: '/', display: 'standalone' });
    expect((m['shortcuts'] as { url: string }[]).map((s) => s.url)).toEqual(site.editions.filter((e) => e.latest).map((e) => e.base));
  });
});

describe('glossary filter text', () => {
  test('folds width, case and katakana the way the filter keys are written', async () => {
    const { filterText, foldKana } = await import('../../src/site/client/glossary.ts');
    expect(filterText('  ＴＲＡＭＰＬＥ  Over ')).toBe('trample over');
    expect(foldKana('トランプル')).toBe('とらんぷる');
    expect(foldKana(filterText('ｱｸﾃｨﾌﾞ'))).toBe('あくてぃぶ');
  });
});
