/**
 * Where documents come from: committed, mirror, cache, download (checked, bounded in time), or
 * reported missing; which settings allow what. Every server here listens on 127.0.0.1 only.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import {
  describeResolved, loadManifest, mirrorDirectory, resolveSources, sha256, sourceProblems, sourceSettings,
  type SourceEntry, type SourceSettings,
} from '../src/pipeline/sources.ts';
import { download } from '../src/pipeline/download.ts';
import { ROOT, SHARED_RULES } from './helpers.ts';
import { projectCopy } from './project-copy.ts';

// Every test here reads the rules mirror: skipped locally without it, failing under CI (tests/inputs.ts).
const { describe, it } = needs(SHARED);

/** A scratch project root holding the real manifest (by default without the 81 history-only editions) and seeds. */
function scratchRoot(keep: (s: SourceEntry) => boolean = (s) => s.pages !== false): string {
  const root = mkdtempSync(join(tmpdir(), 'cr-src-'));
  mkdirSync(join(root, 'content'), { recursive: true });
  const manifest = loadManifest();
  manifest.sources = manifest.sources.filter(keep);
  writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
  cpSync(join(ROOT, 'content/seeds'), join(root, 'content/seeds'), { recursive: true });
  return root;
}

const settings = (extra: Partial<SourceSettings> = {}): SourceSettings => ({
  mirror: null,
  network: false,
  networkWhy: 'offline (test)',
  allowMissing: false,
  limits: { connectTimeout: 2, totalTimeout: 2 },
  retries: 1,
  ...extra,
});

/** A loopback server; `handler` decides per request. Closed after the file's tests. */
const servers: Server[] = [];
const sockets = new Set<Socket>();
async function loopback(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
afterAll(() => {
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
});

/** Points every external source of a scratch root's manifest at `base/<id>`. */
function pointAt(root: string, base: string): void {
  const manifest = loadManifest(root);
  for (const s of manifest.sources) if (s.url) s.url = `${base}/${s.id}`;
  writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
}

// Read when a test serves them, not at import: without the mirror the file must still load (its tests skip).
let realBytesRead: Map<string, Buffer> | undefined;
const realBytes = () => (realBytesRead ??= new Map(loadManifest().sources.filter((s) => s.mirror && s.pages !== false).map((s) => [`/${s.id}`, readFileSync(join(SHARED_RULES, s.mirror!))])));

describe('the manifest', () => {
  it('names every external document by a relative mirror path, an https address and the mirror’s checksum', () => {
    const m = loadManifest();
    expect(m.sources.filter((s) => s.file).map((s) => s.id)).toEqual([
      'ko-2017-01-20-part7', 'ko-2017-01-20-part1', 'ko-2017-01-20-part5', 'ko-2017-01-20-part9', 'ja-2019-01-25',
    ]);
    const sums = readFileSync(join(SHARED_RULES, 'SHA256SUMS'), 'utf8');
    for (const s of m.sources.filter((x) => !x.file && x.pages !== false)) {
      expect(s.url).toMatch(/^https:\/\//);
      expect(s.mirror).not.toMatch(/^\/|\.\./);
      expect(sums).toContain(`${s.sha256}  ${s.mirror}`);
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

describe('sourceSettings', () => {
  const none = mkdtempSync(join(tmpdir(), 'cr-none-'));
  it('downloads by default only when there is no mirror directory', () => {
    expect(sourceSettings({}, {}, none)).toMatchObject({ mirror: null, network: true, networkWhy: 'downloads on (no mirror directory)', allowMissing: false });
    expect(sourceSettings({}, {}, ROOT)).toMatchObject({ mirror: join(ROOT, '../shared/rules'), network: false });
    expect(sourceSettings({}, { CR_ATLAS_DOWNLOAD: '1' }, ROOT)).toMatchObject({ network: true, networkWhy: 'downloads on (CR_ATLAS_DOWNLOAD=1)' });
  });
  it('CR_ATLAS_OFFLINE=1 and --offline forbid the network whatever else is set', () => {
    expect(sourceSettings({}, { CR_ATLAS_OFFLINE: '1', CR_ATLAS_DOWNLOAD: '1' }, none)).toMatchObject({ network: false, networkWhy: 'offline (CR_ATLAS_OFFLINE=1)' });
    expect(sourceSettings({ offline: true }, {}, none)).toMatchObject({ network: false, networkWhy: 'offline (--offline)' });
  });
  it('reads timeouts in seconds and --allow-missing; rejects a timeout that is not a positive number', () => {
    expect(sourceSettings({ allowMissing: true }, { CR_ATLAS_CONNECT_TIMEOUT: '3', CR_ATLAS_DOWNLOAD_TIMEOUT: '7.5' }, none)).toMatchObject({
      allowMissing: true, limits: { connectTimeout: 3, totalTimeout: 7.5 }, retries: 1,
    });
    expect(sourceSettings({}, {}, none).limits).toEqual({ connectTimeout: 10, totalTimeout: 60 });
    expect(() => sourceSettings({}, { CR_ATLAS_DOWNLOAD_TIMEOUT: '5m' }, none)).toThrow('CR_ATLAS_DOWNLOAD_TIMEOUT="5m": expected a positive number of seconds');
  });
  it('finds the mirror from the environment or beside the project', () => {
    expect(mirrorDirectory(ROOT, { CR_ATLAS_RULES_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(mirrorDirectory(ROOT, {})).toBe(join(ROOT, '../shared/rules'));
    expect(mirrorDirectory(none, {})).toBeNull();
  });
  it('a CR_ATLAS_RULES_DIR that is not a directory is an error, not "a mirror directory exists"', () => {
    expect(() => sourceSettings({}, { CR_ATLAS_RULES_DIR: join(none, 'typo') }, none)).toThrow(`CR_ATLAS_RULES_DIR=${join(none, 'typo')}: no such directory; expected the mirror directory`);
    expect(() => sourceSettings({}, { CR_ATLAS_RULES_DIR: join(ROOT, 'package.json') }, none)).toThrow(`CR_ATLAS_RULES_DIR=${join(ROOT, 'package.json')}: not a directory; expected`);
  });
});

describe('resolveSources', () => {
  it('uses the mirror with each document’s checksum, and says what it used', async () => {
    const resolved = await resolveSources({ settings: settings({ mirror: SHARED_RULES }) });
    // 5 seeds + 4 external page documents + the 81 other English editions of en-archive/SOURCES.tsv.
    expect(resolved.map((r) => r.status)).toEqual(Array(5 + 4 + 81).fill('found'));
    const en26 = resolved.find((r) => r.entry.id === 'en-2026-01-16')!;
    expect(en26).toMatchObject({ origin: 'mirror', sha256: 'abe9528405163b2a296b2b75b713814907e2bb51bbe3ffbbafabe7da01b7f7b5' });
    expect(describeResolved(resolved)).toContain(`used    en-2026-01-16            mirror   ${join(SHARED_RULES, 'en/MagicCompRules-2026-01-16.txt')}`);
    expect(sourceProblems(resolved, { allowMissing: false })).toEqual([]);
  });

  it('offline without a mirror: the seeds are found, the four external documents are missing and stop the build', async () => {
    const resolved = await resolveSources({ root: scratchRoot(), settings: settings() });
    expect(resolved.filter((r) => r.status === 'found')).toHaveLength(5);
    expect(resolved.filter((r) => r.status === 'missing').map((r) => r.entry.id)).toEqual(['en-2017-01-20', 'en-2019-01-25', 'en-2026-01-16', 'ko-2019-01-25']);
    expect(describeResolved(resolved)).toContain('missing en-2019-01-25            skipped: no mirror directory (set CR_ATLAS_RULES_DIR or place ../shared/rules); offline (test)');
    const problems = sourceProblems(resolved, { allowMissing: false });
    expect(problems).toHaveLength(5);
    expect(problems[4]).toMatch(/^pass --allow-missing/);
    expect(sourceProblems(resolved, { allowMissing: true })).toEqual([]);
  });

  it('a mirror copy with one byte changed is an error naming the file, the expected and the actual sha256', async () => {
    const mirror = mkdtempSync(join(tmpdir(), 'cr-mirror-'));
    cpSync(SHARED_RULES + '/en', join(mirror, 'en'), { recursive: true });
    cpSync(SHARED_RULES + '/ko', join(mirror, 'ko'), { recursive: true });
    const file = join(mirror, 'en/MagicCompRules-2026-01-16.txt');
    const bytes = readFileSync(file);
    bytes[5000] = bytes[5000]! ^ 1;
    writeFileSync(file, bytes);
    const resolved = await resolveSources({ root: scratchRoot(), settings: settings({ mirror }) });
    // Even --allow-missing does not let a wrong file through.
    expect(sourceProblems(resolved, { allowMissing: true })).toEqual([
      `${file}: checksum mismatch for source en-2026-01-16: expected sha256 abe9528405163b2a296b2b75b713814907e2bb51bbe3ffbbafabe7da01b7f7b5, actual sha256 ${sha256(bytes)}`,
    ]);
  });

  it('refuses a mirror path that leaves the mirror directory', async () => {
    const root = scratchRoot();
    const manifest = loadManifest(root);
    manifest.sources.find((s) => s.id === 'en-2019-01-25')!.mirror = '../../etc/hostname';
    writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
    const r = (await resolveSources({ root, settings: settings({ mirror: SHARED_RULES }) })).find((x) => x.entry.id === 'en-2019-01-25')!;
    expect(r).toMatchObject({ status: 'missing', reason: expect.stringContaining('mirror path "../../etc/hostname" leaves the mirror directory') });
  });

  it('falls back to the archived copy when the original address fails', async () => {
    const body = readFileSync(join(SHARED_RULES, 'en-archive/2009-09-04.txt'));
    const base = await loopback((req, res) => {
      if (req.url === '/archived') res.writeHead(200).end(body);
      else res.writeHead(404).end();
    });
    const root = scratchRoot((s) => s.id === 'en-2009-09-04');
    const manifest = loadManifest(root);
    manifest.sources[0]!.url = `${base}/gone`;
    manifest.sources[0]!.archive = `${base}/archived`;
    writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
    const lines: string[] = [];
    const [r] = await resolveSources({ root, settings: settings({ network: true }), log: (l) => lines.push(l) });
    expect(r).toMatchObject({ status: 'found', origin: 'download', path: join(root, '.cache/rules/en-archive/2009-09-04.txt') });
    expect(lines.map((l) => l.replace(/\d+\.\d s/, 'T'))).toEqual([
      `download en-2009-09-04: failed after T (attempt 1 of 2): ${base}/gone: HTTP 404; expected 200`,
      `download en-2009-09-04: failed after T (attempt 2 of 2): ${base}/gone: HTTP 404; expected 200`,
      `download en-2009-09-04: ${Math.round(body.length / 1024)} KiB in T from ${base}/archived, sha256 ok`,
    ]);
  });

  it('downloads into .cache/ with a progress line per file, checks the checksum, then reuses the cache', async () => {
    const base = await loopback((req, res) => {
      const body = realBytes().get(req.url ?? '');
      res.writeHead(body ? 200 : 404).end(body);
    });
    const root = scratchRoot();
    pointAt(root, base);
    const lines: string[] = [];
    const resolved = await resolveSources({ root, settings: settings({ network: true }), log: (l) => lines.push(l) });
    expect(resolved.map((r) => [r.entry.id, r.status, r.status === 'found' && r.origin])).toEqual([
      ...['ko-2017-01-20-part7', 'ko-2017-01-20-part1', 'ko-2017-01-20-part5', 'ko-2017-01-20-part9', 'ja-2019-01-25'].map((id) => [id, 'found', 'content']),
      ...['en-2017-01-20', 'en-2019-01-25', 'en-2026-01-16', 'ko-2019-01-25'].map((id) => [id, 'found', 'download']),
    ]);
    expect(lines).toHaveLength(4);
    // 954,522 bytes (the size of the committed seed) = 932 KiB.
    expect(lines[2]).toMatch(new RegExp(`^download en-2026-01-16: 932 KiB in \\d+\\.\\d s from ${base}/en-2026-01-16, sha256 ok$`));
    expect(existsSync(join(root, '.cache/rules/en/MagicCompRules-2019-01-25.txt'))).toBe(true);
    expect(existsSync(join(root, 'content/en'))).toBe(false);
    const again = await resolveSources({ root, settings: settings() });
    expect(again.filter((r) => r.status === 'found' && r.origin === 'cache')).toHaveLength(4);
  });

  it('wrong bytes from the server: one retry, then a checksum error naming the address', async () => {
    let hits = 0;
    const base = await loopback((_req, res) => {
      hits++;
      res.writeHead(200).end('not the real file');
    });
    const root = scratchRoot();
    pointAt(root, base);
    const lines: string[] = [];
    const r = (await resolveSources({ root, settings: settings({ network: true }), log: (l) => lines.push(l) })).find((x) => x.entry.id === 'en-2019-01-25')!;
    expect(hits).toBe(8); // four documents, two attempts each
    expect(lines.filter((l) => l.startsWith('download en-2019-01-25'))).toEqual([
      `download en-2019-01-25: 0 KiB in ${lines[2]!.match(/in (\S+) s/)![1]} s from ${base}/en-2019-01-25: checksum mismatch (attempt 1 of 2)`,
      expect.stringMatching(/checksum mismatch \(attempt 2 of 2\)$/),
    ]);
    expect(sourceProblems([r], { allowMissing: true })).toEqual([
      `${base}/en-2019-01-25: checksum mismatch for source en-2019-01-25: expected sha256 bd7be0f5ed69cca948a7c4e7f3c873c791cb8edd170f0aa68a7901bf96d080e2, actual sha256 ${sha256(Buffer.from('not the real file'))} (the server sent other bytes)`,
    ]);
    expect(existsSync(join(root, '.cache/rules/en/MagicCompRules-2019-01-25.txt'))).toBe(false);
  });

  it('a server that accepts and never answers: the total timeout ends each attempt, the document is missing', async () => {
    const base = await loopback(() => {}); // never responds
    const root = scratchRoot();
    const manifest = loadManifest(root);
    manifest.sources = manifest.sources.filter((s) => s.id === 'en-2026-01-16');
    manifest.sources[0]!.url = `${base}/slow`;
    writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
    const lines: string[] = [];
    const [r] = await resolveSources({ root, settings: settings({ network: true, limits: { connectTimeout: 1, totalTimeout: 0.5 } }), log: (l) => lines.push(l) });
    // Bounded by the total timeout (two attempts of 0.5 s, not Node's 300 s): the log lines say each
    // attempt was ended by it. (How long an attempt took is the machine's business, not asserted.)
    expect(lines).toEqual([
      expect.stringMatching(/^download en-2026-01-16: failed after \d+\.\d s \(attempt 1 of 2\): http:\S+\/slow: not complete within 0\.5 s \(total timeout\)$/),
      expect.stringMatching(/\(attempt 2 of 2\): .* not complete within 0\.5 s \(total timeout\)$/),
    ]);
    expect(r).toMatchObject({ status: 'missing', reason: expect.stringContaining('download failed 2 times, last: ') });
  });

  it('an unreachable address (nothing listening) fails at once with the system’s reason', async () => {
    const base = await loopback(() => {});
    servers.at(-1)!.close(); // the port is now closed
    await expect(download(`${base}/x`, { connectTimeout: 2, totalTimeout: 5 })).rejects.toThrow(`${base}/x: ECONNREFUSED`);
  });

  it('a body shorter than its Content-Length, an HTTP error and a redirect', async () => {
    const base = await loopback((req, res) => {
      if (req.url === '/short') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('only a little');
        setTimeout(() => res.destroy(), 20);
      } else if (req.url === '/moved') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url === '/ok') res.writeHead(200).end('fine');
      else res.writeHead(404).end();
    });
    const limits = { connectTimeout: 2, totalTimeout: 5 };
    await expect(download(`${base}/short`, limits)).rejects.toThrow('connection closed before the body was complete');
    await expect(download(`${base}/gone`, limits)).rejects.toThrow(`${base}/gone: HTTP 404; expected 200`);
    expect(Buffer.from(await download(`${base}/moved`, limits)).toString()).toBe('fine');
  });
});

/**
 * `npm run -s cr -- sources` in a copy of the project that has no ../shared/rules beside it (a fresh
 * clone's situation), under each setting: it says which documents it would use, fetch (never
 * fetching: no .cache/rules appears) or miss, and exits 1 exactly when the build would stop. Each
 * expected line is derived from content/manifest.json and the setting, in the command's line format.
 */
describe('`cr sources` under each setting (a project copy without a mirror beside it)', () => {
  let copy: string;
  let oneDoc: string;
  const KEPT = 'en/MagicCompRules-2019-01-25.txt';
  const sources = loadManifest(ROOT).sources;
  const run = (args: string[], env: Record<string, string> = {}) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CR_ATLAS_')));
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', 'sources', ...args], { cwd: copy, env: { ...clean, ...env }, encoding: 'utf8', timeout: 120_000 });
  };
  const header = (mirror: string, network: string, missing = 'stop the build') =>
    `mirror: ${mirror}; network: ${network}; timeouts: connect 10 s, total 60 s, 1 retry; missing documents: ${missing}`;
  /** The line for each source: committed → used; in `mirror` → used; else fetch when `network`, else missing with `why`. */
  const lines = (mirror: string | null, network: boolean, why: string) =>
    sources.map((s) => {
      const id = s.id.padEnd(24);
      if (s.file) return `used    ${id} content  ${join(copy, s.file)}`;
      if (mirror !== null && s.mirror === KEPT) return `used    ${id} mirror   ${join(mirror, KEPT)}`;
      if (network) return `fetch   ${id} download ${s.url} → ${join(copy, '.cache/rules', s.mirror!)}`;
      return `missing ${id} skipped: ${mirror === null ? 'no mirror directory (set CR_ATLAS_RULES_DIR or place ../shared/rules)' : `not in mirror ${mirror}`}; ${why}`;
    });
  const external = sources.filter((s) => !s.file);
  const stops = (stdout: string) => stdout.slice(stdout.indexOf('\nthe build would'));

  beforeAll(() => {
    copy = projectCopy('cr-sources-cli-');
    oneDoc = mkdtempSync(join(tmpdir(), 'cr-one-doc-'));
    mkdirSync(join(oneDoc, 'en'));
    cpSync(join(SHARED_RULES, KEPT), join(oneDoc, KEPT));
  });
  afterAll(() => {
    for (const d of [copy, oneDoc]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('the copy has no mirror beside it, and the manifest has external documents', () => {
    expect(existsSync(join(copy, '../shared/rules'))).toBe(false);
    expect(external.length).toBeGreaterThan(3);
  });

  it('no setting: downloads on, every external document would be fetched from its public address; exit 0; nothing fetched', () => {
    const r = run([]);
    expect(r.stdout).toBe(`${[header('none', 'downloads on (no mirror directory)'), ...lines(null, true, '')].join('\n')}\nthe build would go ahead\n`);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(existsSync(join(copy, '.cache/rules'))).toBe(false);
  });

  it('--offline: every external document missing, the build would stop (each named, with the way out); exit 1', () => {
    const r = run(['--offline']);
    expect(r.stdout.startsWith(`${[header('none', 'offline (--offline)'), ...lines(null, false, 'offline (--offline)')].join('\n')}\nthe build would stop:\n`)).toBe(true);
    for (const s of external) expect(stops(r.stdout)).toContain(`\n  source ${s.id} (${s.lang} ${s.edition}) is missing: wanted ${s.mirror} in the mirror directory, sha256 ${s.sha256}, public address ${s.url}`);
    expect(r.stdout.endsWith('\n  pass --allow-missing (or CR_ATLAS_ALLOW_MISSING=1) to build the site without the missing documents; it then lists them on /sources/\n')).toBe(true);
    expect(r.status).toBe(1);
  });

  it('CR_ATLAS_OFFLINE=1 forbids the network even with CR_ATLAS_DOWNLOAD=1; with --allow-missing the build would go ahead (exit 0)', () => {
    const r = run([], { CR_ATLAS_OFFLINE: '1', CR_ATLAS_DOWNLOAD: '1' });
    expect(r.stdout.startsWith(`${[header('none', 'offline (CR_ATLAS_OFFLINE=1)'), ...lines(null, false, 'offline (CR_ATLAS_OFFLINE=1)')].join('\n')}\nthe build would stop:\n`)).toBe(true);
    expect(r.status).toBe(1);
    const allowed = run(['--allow-missing'], { CR_ATLAS_OFFLINE: '1' });
    expect(allowed.stdout).toBe(`${[header('none', 'offline (CR_ATLAS_OFFLINE=1)', 'allowed (--allow-missing)'), ...lines(null, false, 'offline (CR_ATLAS_OFFLINE=1)')].join('\n')}\nthe build would go ahead\n`);
    expect(allowed.status).toBe(0);
  });

  it('a mirror directory (CR_ATLAS_RULES_DIR) holding one document: that one is used, downloads are off and the rest missing (exit 1); CR_ATLAS_DOWNLOAD=1 would fetch the rest', () => {
    const off = 'downloads off (a mirror directory exists; CR_ATLAS_DOWNLOAD=1 fetches what it lacks)';
    const r = run([], { CR_ATLAS_RULES_DIR: oneDoc });
    expect(r.stdout.startsWith(`${[header(oneDoc, off), ...lines(oneDoc, false, off)].join('\n')}\nthe build would stop:\n`)).toBe(true);
    expect(r.status).toBe(1);
    const on = run([], { CR_ATLAS_RULES_DIR: oneDoc, CR_ATLAS_DOWNLOAD: '1' });
    expect(on.stdout).toBe(`${[header(oneDoc, 'downloads on (CR_ATLAS_DOWNLOAD=1)'), ...lines(oneDoc, true, '')].join('\n')}\nthe build would go ahead\n`);
    expect(on.status).toBe(0);
    expect(existsSync(join(copy, '.cache/rules'))).toBe(false);
  });

  it('CR_ATLAS_RULES_DIR naming no directory: exit 1 with one line saying so (not "a mirror directory exists")', () => {
    const r = run([], { CR_ATLAS_RULES_DIR: join(oneDoc, 'typo') });
    expect([r.status, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toBe(`cr sources: CR_ATLAS_RULES_DIR=${join(oneDoc, 'typo')}: no such directory; expected the mirror directory of the rules documents (or unset it: ../shared/rules beside the project when present, else downloads)\n`);
  });
});
