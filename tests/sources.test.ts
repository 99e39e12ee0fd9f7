/** Where documents come from: committed, mirror, cache, download (checked), or reported missing. */
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import { describeResolved, loadManifest, mirrorDirectory, resolveSources } from '../src/pipeline/sources.ts';
import { ROOT, SHARED_RULES } from './helpers.ts';

// Every test here reads the rules mirror: skipped locally without it, failing under CI (tests/inputs.ts).
const { describe, it } = needs(SHARED);

/** A scratch project root holding the real manifest and seeds. */
function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'cr-src-'));
  mkdirSync(join(root, 'content'), { recursive: true });
  cpSync(join(ROOT, 'content/manifest.json'), join(root, 'content/manifest.json'));
  cpSync(join(ROOT, 'content/seeds'), join(root, 'content/seeds'), { recursive: true });
  return root;
}

describe('the manifest', () => {
  it('lists the five committed seeds and the four external documents with url and checksum', () => {
    const m = loadManifest();
    expect(m.sources.filter((s) => s.file).map((s) => [s.lang, s.edition, s.format])).toEqual([
      ['ko', '2017-01-20', 'ko-jekyll-html'], ['ko', '2017-01-20', 'ko-jekyll-text'], ['ko', '2017-01-20', 'ko-jekyll-text'],
      ['ko', '2017-01-20', 'ko-jekyll-text'], ['ja', '2019-01-25', 'ja-text'],
    ]);
    const external = m.sources.filter((s) => !s.file && s.pages !== false);
    expect(external.map((s) => s.id)).toEqual(['en-2017-01-20', 'en-2019-01-25', 'en-2026-01-16', 'ko-2019-01-25']);
    for (const s of external) {
      expect(s.url).toMatch(/^https:\/\//);
      expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The checksums are those of the mirror the tests use.
      expect(readFileSync(join(SHARED_RULES, 'SHA256SUMS'), 'utf8')).toContain(`${s.sha256}  ${s.mirror}`);
    }
  });
});

describe('the English editions since 2009 (history sources)', () => {
  const tsv = readFileSync(join(SHARED_RULES, 'en-archive/SOURCES.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  it('every line of en-archive/SOURCES.tsv is one English source with its address, archived copy and checksum', () => {
    expect(tsv).toHaveLength(84);
    const english = loadManifest().sources.filter((s) => s.lang === 'en');
    expect(english).toHaveLength(84);
    for (const [file, , url, archived, sha] of tsv) {
      const entry = english.find((s) => s.sha256 === sha)!;
      expect(entry, file).toBeDefined();
      expect(entry.url).toBe(url);
      if (archived !== url) expect(entry.archive).toBe(archived);
      // The three rendered editions keep their en/ mirror path (same bytes); the others point into en-archive/.
      if (entry.pages === false) expect(entry.mirror).toBe(`en-archive/${file}`);
      else expect(entry.mirror).toMatch(/^en\/MagicCompRules-\d{4}-\d{2}-\d{2}\.txt$/);
    }
    expect(english.filter((s) => s.pages !== false).map((s) => s.edition)).toEqual(['2017-01-20', '2019-01-25', '2026-01-16']);
    // Editions are the dates the files state, all distinct (2017-01-19.txt states January 20, 2017).
    expect(new Set(english.map((s) => s.edition)).size).toBe(84);
  });
});

describe('resolveSources', () => {
  it('uses the mirror, and says what it used', async () => {
    const resolved = await resolveSources({ mirror: SHARED_RULES });
    expect(resolved.every((r) => r.status === 'found')).toBe(true);
    // 4 external documents rendered as pages + the 81 other English editions of en-archive/SOURCES.tsv (84 lines less
    // the 3 whose files are byte-identical to en/*.txt, same sha256).
    expect(resolved.filter((r) => r.status === 'found' && r.origin === 'mirror')).toHaveLength(4 + 81);
    expect(describeResolved(resolved)).toContain(`used    en-2026-01-16            mirror   ${join(SHARED_RULES, 'en/MagicCompRules-2026-01-16.txt')}`);
  });
  it('reports missing external documents clearly and still finds the committed seeds', async () => {
    const resolved = await resolveSources({ root: scratchRoot(), mirror: null });
    expect(resolved.filter((r) => r.status === 'found').map((r) => r.entry.id)).toHaveLength(5);
    const missing = resolved.filter((r) => r.status === 'missing');
    expect(missing.filter((r) => r.entry.pages !== false).map((r) => r.entry.id)).toEqual(['en-2017-01-20', 'en-2019-01-25', 'en-2026-01-16', 'ko-2019-01-25']);
    expect(missing.filter((r) => r.entry.pages === false)).toHaveLength(81);
    expect(describeResolved(missing)).toContain('missing en-2019-01-25            skipped: no mirror directory (set CR_ATLAS_RULES_DIR or place ../shared/rules); downloads off (set CR_ATLAS_DOWNLOAD=1)');
  });
  it('rejects a mirror copy whose checksum differs', async () => {
    const mirror = mkdtempSync(join(tmpdir(), 'cr-mirror-'));
    mkdirSync(join(mirror, 'en'));
    writeFileSync(join(mirror, 'en/MagicCompRules-2019-01-25.txt'), 'tampered');
    const r = (await resolveSources({ root: scratchRoot(), mirror })).find((x) => x.entry.id === 'en-2019-01-25')!;
    expect(r).toMatchObject({ status: 'missing', reason: expect.stringContaining('does not match its checksum') });
  });
  it('downloads into .cache/ (never content/), checks the checksum, then reuses the cache', async () => {
    const served = new Map<string, Buffer>();
    const root = scratchRoot();
    const manifest = loadManifest(root);
    for (const s of manifest.sources) if (s.mirror) served.set(`/${s.id}`, readFileSync(join(SHARED_RULES, s.mirror)));
    served.set('/en-2026-01-16', Buffer.from('not the real file'));
    const server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      res.writeHead(body ? 200 : 404).end(body);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    for (const s of manifest.sources) if (s.url) s.url = `http://127.0.0.1:${port}/${s.id}`;
    writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
    try {
      const resolved = await resolveSources({ root, mirror: null, download: true });
      const byId = Object.fromEntries(resolved.map((r) => [r.entry.id, r]));
      expect(byId['en-2019-01-25']).toMatchObject({ status: 'found', origin: 'download', path: join(root, '.cache/rules/en/MagicCompRules-2019-01-25.txt') });
      expect(byId['en-2026-01-16']).toMatchObject({ status: 'missing', reason: expect.stringContaining('checksum mismatch') });
      expect(existsSync(join(root, 'content/en'))).toBe(false);
      server.close();
      const again = await resolveSources({ root, mirror: null, download: false });
      expect(again.find((r) => r.entry.id === 'ko-2019-01-25')).toMatchObject({ status: 'found', origin: 'cache' });
    } finally {
      server.close();
    }
  });
  it('falls back to the archived copy when the original address fails', async () => {
    const root = scratchRoot();
    const manifest = loadManifest(root);
    const body = readFileSync(join(SHARED_RULES, 'en-archive/2009-09-04.txt'));
    const server = createServer((req, res) => {
      if (req.url === '/archived') res.writeHead(200).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    manifest.sources = manifest.sources.filter((s) => s.id === 'en-2009-09-04');
    manifest.sources[0]!.url = `http://127.0.0.1:${port}/gone`;
    manifest.sources[0]!.archive = `http://127.0.0.1:${port}/archived`;
    writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
    try {
      const [r] = await resolveSources({ root, mirror: null, download: true });
      expect(r).toMatchObject({ status: 'found', origin: 'download', path: join(root, '.cache/rules/en-archive/2009-09-04.txt') });
    } finally {
      server.close();
    }
  });
  it('finds the mirror from the environment or beside the project', () => {
    expect(mirrorDirectory(ROOT, { CR_ATLAS_RULES_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(mirrorDirectory(ROOT, {})).toBe(join(ROOT, '../shared/rules'));
    expect(mirrorDirectory(mkdtempSync(join(tmpdir(), 'cr-none-')), {})).toBeNull();
  });
});
