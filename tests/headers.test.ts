/**
 * dist/_headers (issue 26, review 2026-11-27 N10): a static host applies every rule whose path matches
 * and joins the values of a header that several set, so each header must come from one rule only for
 * any path. Read here by that documented rule (Cloudflare Pages: `/*` matches everything, `/x/*` what
 * starts with `/x/`), for a page, a hashed asset, Pagefind's content-addressed and entry files.
 */
import { describe, expect, it } from 'vitest';
import { cacheControl, headersFile, securityHeaders } from '../src/site/host/headers.ts';

/** Each header a host would send for `path`: every value of every matching rule, in file order. */
function hostHeaders(file: string, path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let matches = false;
  for (const line of file.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      const rule = line.trim();
      matches = rule.endsWith('*') ? path.startsWith(rule.slice(0, -1)) : path === rule;
      continue;
    }
    if (!matches) continue;
    const [name, ...value] = line.trim().split(': ');
    out.set(name!.toLowerCase(), [...(out.get(name!.toLowerCase()) ?? []), value.join(': ')]);
  }
  return out;
}

describe('_headers', () => {
  const file = headersFile();
  it('no header is set twice for any path (a host would join the values)', () => {
    for (const path of ['/en/702/', '/_astro/Base.BShFVif3.js', '/pagefind/fragment/en_1.pf_fragment', '/pagefind/index/en_1.pf_index', '/pagefind/pagefind.js']) {
      const twice = [...hostHeaders(file, path)].filter(([, v]) => v.length > 1);
      expect([path, twice]).toEqual([path, []]);
    }
  });
  it('hashed assets get immutable once; pages and Pagefind entry files no Cache-Control from the file (the hosts default to revalidation, what the server sends)', () => {
    expect(hostHeaders(file, '/_astro/Base.BShFVif3.js').get('cache-control')).toEqual(['public, max-age=31536000, immutable']);
    expect(hostHeaders(file, '/pagefind/fragment/en_1.pf_fragment').get('cache-control')).toEqual([cacheControl('/pagefind/fragment/x')]);
    expect(hostHeaders(file, '/en/702/').get('cache-control')).toBeUndefined();
    expect(hostHeaders(file, '/pagefind/pagefind.js').get('cache-control')).toBeUndefined();
    expect(cacheControl('/en/702/')).toBe('public, max-age=0, must-revalidate');
  });
  it('every path gets the security headers the server sends, once', () => {
    const page = hostHeaders(file, '/en/702/');
    for (const [k, v] of Object.entries(securityHeaders())) expect(page.get(k.toLowerCase())).toEqual([v]);
  });
});
