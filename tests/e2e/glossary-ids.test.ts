/**
 * The built glossary pages (dist/, every edition's index and group pages): no id twice on a page, every
 * anchor the site model gives a page's entries and term pairs is on that page, and every headword of
 * the filter's list (headwords.json) leads to an id on the page it names. Reads the HTML files; no browser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { glossaryPath } from '../../src/model/glossary-pages.ts';
import { headwordListPath, type HeadwordList } from '../../src/site/glossary-data.ts';
import { ensureSite } from './support.ts';

const site = getSite();

/** Every `id` attribute of a page, decoded, in order (Astro writes them quoted). */
function ids(html: string): string[] {
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decode(m[1]!));
}

describe('built glossary pages', () => {
  let dist = '';
  const read = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
  beforeAll(async () => {
    dist = await ensureSite();
  });

  test('no page has an id twice; each carries the anchors of its entries and pairs', () => {
    let pages = 0;
    let anchors = 0;
    for (const ed of site.editions) {
      for (const path of [glossaryPath(ed.base), ...ed.glossary.pages.map((p) => p.path)]) {
        const list = ids(read(path));
        const twice = list.filter((id, i) => list.indexOf(id) !== i);
        expect(twice, path).toEqual([]);
        pages++;
      }
      for (const p of ed.glossary.pages) {
        const present = new Set(ids(read(p.path)));
        const want = [...p.items.flatMap((it) => (it.kind === 'entry' ? [ed.glossarySlug.get(it.entry)!] : [])), ...p.pairs.flatMap((r) => (r.id ? [r.id] : []))];
        expect(want.filter((id) => !present.has(id)), p.path).toEqual([]);
        anchors += want.length;
      }
    }
    // One index per edition plus its group pages; every entry has an anchor, and every term of a pairs page.
    expect(pages).toBe(site.editions.reduce((n, ed) => n + 1 + ed.glossary.pages.length, 0));
    expect(anchors).toBe(site.editions.reduce((n, ed) => n + ed.doc.glossary.length + ed.glossary.pairOf.size, 0));
  });

  test('every headword of the filter list leads to an id on the page it names', () => {
    for (const ed of site.editions) {
      const list = JSON.parse(readFileSync(join(dist, headwordListPath(ed)), 'utf8')) as HeadwordList;
      expect(list.count).toBe(ed.glossary.count);
      const missing: string[] = [];
      const cache = new Map<string, Set<string>>();
      for (const [term, href] of list.items) {
        const [page, anchor] = href.split('#') as [string, string];
        const path = `${glossaryPath(ed.base)}${page}`;
        if (!cache.has(path)) cache.set(path, new Set(ids(read(path))));
        if (!cache.get(path)!.has(anchor)) missing.push(`${term} → ${href}`);
      }
      expect(missing, ed.base).toEqual([]);
    }
  });
});
