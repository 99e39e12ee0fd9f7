/**
 * The service worker's own plugins (src/site/host/offline.ts; serialised into sw.js by Workbox), run in Node
 * against an in-memory stand-in for the browser's CacheStorage (keys, open, match with ignoreSearch: the
 * three calls they make). The Chromium test tests/e2e/offline-builds.test.ts runs them in a real worker.
 *   OWN_BUILD_ONLY: a page is cached only when every script it loads is in this worker's precache (review
 *   2026-11-27 N8: after a rollback, worker B stored build A's page and served it offline).
 *   FROM_SAVED: what the network and the route's cache lack comes from a saved edition's cache only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FROM_SAVED, OWN_BUILD_ONLY } from '../src/site/host/offline.ts';

/** Cache name → URL (path with its query) → body. */
function fakeCaches(content: Record<string, Record<string, string>>) {
  const strip = (u: string) => u.split('?')[0]!;
  const open = async (name: string) => ({
    match: async (req: string | Request, opts: { ignoreSearch?: boolean } = {}) => {
      const want = typeof req === 'string' ? req : new URL(req.url).pathname + new URL(req.url).search;
      const hit = Object.entries(content[name] ?? {}).find(([u]) => (opts.ignoreSearch ? strip(u) === strip(want) : u === want));
      return hit ? new Response(hit[1]) : undefined;
    },
  });
  return { keys: async () => Object.keys(content), open };
}
const saved = (globalThis as { caches?: unknown }).caches;
afterEach(() => void ((globalThis as { caches?: unknown }).caches = saved));
const use = (content: Record<string, Record<string, string>>) => void ((globalThis as { caches?: unknown }).caches = fakeCaches(content));

const PRECACHE = 'workbox-precache-v2-http://127.0.0.1:4321/';
const page = (script: string, status = 200) => new Response(`<!doctype html><script type="module" src="/_astro/${script}"></script><p>702</p>`, { status });

describe('OWN_BUILD_ONLY (the page cache keeps this build’s pages only)', () => {
  it('a page whose scripts are all precached is kept; one loading a script this worker lacks (another build’s) is not; nor a 404', async () => {
    use({ [PRECACHE]: { '/_astro/Base.AAAA.js?__WB_REVISION__=1': 'a', '/_astro/search.CCCC.js?__WB_REVISION__=2': 'c' }, 'cr-pages-A': {} });
    const ok = page('Base.AAAA.js');
    expect(await OWN_BUILD_ONLY.cacheWillUpdate({ response: ok })).toBe(ok);
    expect(await OWN_BUILD_ONLY.cacheWillUpdate({ response: page('Base.BBBB.js') })).toBeNull();
    expect(await OWN_BUILD_ONLY.cacheWillUpdate({ response: page('Base.AAAA.js', 404) })).toBeNull();
    const plain = new Response('<!doctype html><p>no script</p>');
    expect(await OWN_BUILD_ONLY.cacheWillUpdate({ response: plain })).toBe(plain);
  });
});

describe('FROM_SAVED (offline: a saved edition’s copy, nothing else)', () => {
  it('answers from a cr-saved-… cache, ignoring the query; not from a page or data cache; undefined when none has it', async () => {
    use({ 'cr-pages-A': { '/en/702/': 'page cache' }, 'cr-saved-ko-2019-01-25-A': { '/ko/704/': 'saved 704', '/_astro/Base.AAAA.js': 'A script' } });
    const text = async (r: Response | undefined) => (r ? r.text() : undefined);
    expect(await text(await FROM_SAVED.handlerDidError({ request: new Request('http://127.0.0.1/ko/704/?x=1') }))).toBe('saved 704');
    expect(await text(await FROM_SAVED.handlerDidError({ request: new Request('http://127.0.0.1/_astro/Base.AAAA.js') }))).toBe('A script');
    expect(await FROM_SAVED.handlerDidError({ request: new Request('http://127.0.0.1/en/702/') })).toBeUndefined();
  });
});
