/**
 * The fault matrix of the data stage: each fault with its exact outcome — a complete result or a
 * located error with a non-zero exit, never a quietly smaller site.
 *
 * Fault matrix index: every case of ../shared/design/review-2026-11/faults.md (S1–S15, the archive
 * defects) and of issue 9's list, and the tests that assert its outcome (file › test, abridged).
 *   S1  open redirect (`//x//evil.example/..%2fen`)   server.test › no open redirect (404, no Location)
 *   S2  server exits on a file error / a rebuild      server.test › the site directory removed while serving (503,
 *                                                     then the new site); swapping dist/ 15 times under 4 loops
 *   S3  failed/interrupted build served as complete   build-run.test › a stage fails; the disk fills up; an
 *                                                     interrupted build (SIGTERM); killed outright (SIGKILL);
 *                                                     replace-dir.test (data/search/sandbox directories);
 *                                                     start.test › no dist/; half a site; a previous finished build
 *   S4  hanging download                              here › a download that hangs; sources.test › a server that
 *                                                     accepts and never answers; an unreachable address
 *   S5  wrong checksum                                here › wrong checksum; sources.test › one byte changed
 *   S5  truncated source                              here › truncated source; completeness.test › cut to 40 %
 *   S5  garbage inside UTF-16                         here › garbage inside UTF-16; decode.test › garbage inside UTF-16
 *   S5  garbage inside UTF-8 (review 2026-11-27 N3)   here › garbage inside UTF-8; update.test › damaged texts
 *   N1  `cr update` unbounded (review 2026-11-27)     update.test › hostile servers (never answers, trickles, huge,
 *                                                     redirect loop, to file:, other port, 10,000 links)
 *   N2  impossible / far-future editions              here › an impossible or far-future edition in the manifest;
 *                                                     update.test › impossible dates; a date just inside the margin
 *   S5  missing source / site silent about it         here › missing source (with and without --allow-missing);
 *                                                     allow-missing-site.test (a)–(d)
 *   S6  Shift_JIS overflows the stack                 here › a Shift_JIS Japanese seed is decoded; decode.test ›
 *                                                     legacy CJK encodings
 *   S7  idle connections never time out               server.test › sends nothing; falls silent after its answer;
 *                                                     one byte at a time (408); 1,000 idle connections
 *   S8  symlinks out of dist/                         server.test › 25 traversal variants (etc-link, secret-link);
 *                                                     a precompressed copy that is a symlink out of the site
 *   S9  headers, validators, compression, _headers    server.test › security headers…304; the build's .br copy;
 *                                                     compress-cache.test › compression on demand; allow-missing-
 *                                                     site.test › (S9) _headers, _redirects, no precompressed copies
 *   S10 prototype keys / deep nesting in scenarios    here › scenario files with prototype keys or 100,000 levels
 *   S11 `cr parse … | head` EPIPE trace               cli.test › piped into head, it ends quietly
 *   S12 `cr sources` ignores CR_ATLAS_DOWNLOAD=1      here › `cr sources` with CR_ATLAS_DOWNLOAD=1; sources.test ›
 *                                                     `cr sources` under each setting
 *   S13 no ../shared: dead /en/ links, "three         allow-missing-site.test › no English document at all (S13):
 *       languages"                                    built, crawled, no /en/ page or link, no three-language claim
 *   S14 `cr parse A B` cut at 64–128 KB on a pipe     cli.test › a file that fails never cuts off the documents
 *   S15 a 100 KB `?q=` gets a bare 431                server.test › a 100 KB query: 414 with a short page
 *   archive: 901.4 glued, 2021-06-09 headwords,       completeness.test › the English archive's printing glitches;
 *   2021-11-15 stray f, Example:Example:, 2013-02-01  the archived 2013-02-01 copy (ends-early)
 *   issue 9: full disk / unwritable output            build-run.test › the disk fills up (or cannot be written)
 *   issue 9: `cr sources` honours the settings        sources.test › `cr sources` under each setting
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { buildData } from '../scripts/data.ts';
import { SandboxDataError, writeSandboxData } from '../scripts/build/sandbox-data.ts';
import { loadManifest, sha256, SourceError, type SourceEntry, type SourceSettings } from '../src/pipeline/sources.ts';
import { SHARED, needs } from './inputs.ts';
import { EN, ROOT, SEED, SHARED_RULES } from './helpers.ts';

const { describe, it } = needs(SHARED);

const settings = (extra: Partial<SourceSettings> = {}): SourceSettings => ({
  mirror: SHARED_RULES, network: false, networkWhy: 'offline (test)', allowMissing: false,
  limits: { connectTimeout: 1, totalTimeout: 1 }, retries: 1, ...extra,
});

/** A scratch root: the page sources of the manifest (no history editions), `change` applied to it. */
function scratch(change: (sources: SourceEntry[], root: string) => void = () => {}): string {
  const root = mkdtempSync(join(tmpdir(), 'cr-fault-'));
  mkdirSync(join(root, 'content'), { recursive: true });
  cpSync(join(ROOT, 'content/seeds'), join(root, 'content/seeds'), { recursive: true });
  const manifest = loadManifest();
  manifest.sources = manifest.sources.filter((s) => s.pages !== false);
  change(manifest.sources, root);
  writeFileSync(join(root, 'content/manifest.json'), JSON.stringify(manifest));
  return root;
}

/** A mirror directory: copies of en/ and ko/, the archive linked. */
function mirrorCopy(): string {
  const mirror = mkdtempSync(join(tmpdir(), 'cr-mirror-'));
  cpSync(join(SHARED_RULES, 'en'), join(mirror, 'en'), { recursive: true });
  cpSync(join(SHARED_RULES, 'ko'), join(mirror, 'ko'), { recursive: true });
  symlinkSync(join(SHARED_RULES, 'en-archive'), join(mirror, 'en-archive'));
  return mirror;
}

function cr(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
}

const failure = async (p: Promise<unknown>): Promise<string> => {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(SourceError);
  return (e as SourceError).message;
};

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

describe('fault matrix: sources', () => {
  it('wrong checksum (one byte of the 2026-01-16 mirror copy changed): `cr data` exits 1 naming file, expected and actual sha256; nothing written', () => {
    const mirror = mirrorCopy();
    const file = join(mirror, 'en/MagicCompRules-2026-01-16.txt');
    const bytes = readFileSync(file);
    bytes[100_000] = bytes[100_000]! ^ 0x20;
    writeFileSync(file, bytes);
    const gen = mkdtempSync(join(tmpdir(), 'cr-gen-'));
    const r = cr(['data'], { CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_GENERATED: gen, CR_ATLAS_OFFLINE: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`  ${file}: checksum mismatch for source en-2026-01-16: expected sha256 abe9528405163b2a296b2b75b713814907e2bb51bbe3ffbbafabe7da01b7f7b5, actual sha256 ${sha256(bytes)}\n`);
    expect(existsSync(join(gen, 'catalog.json'))).toBe(false);
  });

  it('missing source (no Korean 2019-01-25 in the mirror, offline): exit 1 with the reason and the way out', () => {
    const mirror = mirrorCopy();
    spawnSync('rm', ['-r', join(mirror, 'ko')]);
    const gen = mkdtempSync(join(tmpdir(), 'cr-gen-'));
    const r = cr(['data'], { CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_GENERATED: gen, CR_ATLAS_OFFLINE: '1' });
    expect(r.status).toBe(1);
    const ko = loadManifest().sources.find((s) => s.id === 'ko-2019-01-25')!;
    expect(r.stderr).toContain(`cr data: stopped, nothing written:\n  source ko-2019-01-25 (ko 2019-01-25) is missing: wanted ${ko.mirror} in the mirror directory, sha256 ${ko.sha256}, public address ${ko.url}; not in mirror ${mirror}; offline (CR_ATLAS_OFFLINE=1)\n`);
    expect(r.stderr).toContain('; offline (CR_ATLAS_OFFLINE=1)\n  pass --allow-missing (or CR_ATLAS_ALLOW_MISSING=1) to build the site without the missing documents; it then lists them on /sources/\n');
    expect(existsSync(join(gen, 'catalog.json'))).toBe(false);
    const plan = cr(['sources'], { CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_OFFLINE: '1' });
    expect(plan.status).toBe(1);
    expect(plan.stdout).toContain('missing ko-2019-01-25            skipped: not in mirror');
    expect(plan.stdout).toContain('the build would stop:');
  });

  it('missing source with --allow-missing: the site data says which documents were used and which are missing', async () => {
    const root = scratch((sources) => {
      sources.find((s) => s.id === 'ko-2019-01-25')!.mirror = 'ko/not-there.txt';
    });
    const { catalog } = await buildData(settings({ allowMissing: true }), () => {}, root);
    expect(catalog.editions.map((e) => `${e.lang}-${e.edition}`)).not.toContain('ko-2019-01-25');
    expect(catalog.sources.filter((s) => s.status === 'missing')).toEqual([
      { id: 'ko-2019-01-25', lang: 'ko', edition: '2019-01-25', status: 'missing', location: 'ko/not-there.txt', url: expect.stringMatching(/^https:/), credit: expect.any(String), reason: 'not in mirror the mirror directory; offline (test)' },
    ]);
    const en26 = catalog.sources.find((s) => s.id === 'en-2026-01-16')!;
    expect(en26).toMatchObject({ status: 'used', origin: 'mirror', location: 'en/MagicCompRules-2026-01-16.txt', sha256: 'abe9528405163b2a296b2b75b713814907e2bb51bbe3ffbbafabe7da01b7f7b5', bytes: 954_522 });
  });

  it('a download that hangs (a loopback server that accepts and never answers): bounded, then missing and the build stops', async () => {
    const server = createServer(() => {});
    servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/cr.txt`;
    const root = scratch((sources) => {
      const ko = sources.find((s) => s.id === 'ko-2019-01-25')!;
      ko.mirror = 'ko/not-there.txt';
      ko.url = url;
    });
    const lines: string[] = [];
    const message = await failure(buildData(settings({ network: true, networkWhy: 'downloads on (test)', limits: { connectTimeout: 1, totalTimeout: 0.5 } }), (l) => lines.push(l), root));
    // Each of the two attempts was ended by the download's own total timeout (not by the server, not
    // by Node's 300 s default), and said so naming the address.
    const attempt = (n: number) => expect.stringMatching(new RegExp(`^download ko-2019-01-25: failed after \\d+\\.\\d s \\(attempt ${n} of 2\\): ${url.replaceAll('.', '\\.')}: not complete within 0\\.5 s \\(total timeout\\)$`));
    expect(lines).toEqual([attempt(1), attempt(2)]);
    expect(message.split('\n')[0]).toBe(`source ko-2019-01-25 (ko 2019-01-25) is missing: wanted ko/not-there.txt in the mirror directory, sha256 ${loadManifest().sources.find((s) => s.id === 'ko-2019-01-25')!.sha256}, public address ${url}; not in mirror ${SHARED_RULES}; download failed 2 times, last: ${url}: not complete within 0.5 s (total timeout)`);
  });
});

describe('fault matrix: settings and hostile scenario files', () => {
  it('`cr sources` with CR_ATLAS_DOWNLOAD=1 and a mirror lacking Korean 2019-01-25: plans the download (S12), no hint to set what is set', () => {
    const mirror = mirrorCopy();
    spawnSync('rm', ['-r', join(mirror, 'ko')]);
    const plan = cr(['sources'], { CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_DOWNLOAD: '1', CR_ATLAS_OFFLINE: '' });
    expect(plan.status).toBe(0);
    expect(plan.stdout).toContain('network: downloads on (CR_ATLAS_DOWNLOAD=1)');
    const ko = loadManifest().sources.find((s) => s.id === 'ko-2019-01-25')!;
    expect(plan.stdout).toContain(`fetch   ko-2019-01-25            download ${ko.url} → ${join(ROOT, '.cache/rules', ko.mirror!)}\n`);
    expect(plan.stdout).not.toContain('CR_ATLAS_DOWNLOAD=1 fetches');
  });

  it('scenario files with prototype keys or 100,000 levels of nesting (S10): the sandbox stage stops with each file and JSON path, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-scn-'));
    mkdirSync(join(dir, 'scn'));
    const good = readFileSync(join(ROOT, 'content/scenarios/101.2-ex1-cant-play-lands.json'), 'utf8');
    for (const key of ['__proto__', 'constructor', 'prototype']) writeFileSync(join(dir, 'scn', `${key}.json`), good.replace('{', `{"${key}": {"life": 1},`));
    writeFileSync(join(dir, 'scn', 'deep.json'), `{"id":"deep","a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const e = await writeSandboxData(join(dir, 'out'), { scenarioDir: join(dir, 'scn') }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SandboxDataError);
    const problems = (e as SandboxDataError).problems;
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(problems).toContain(`${join(dir, 'scn', `${key}.json`)}: $.${key}: "${key}" is not allowed as a key (it names a JavaScript object's prototype)`);
    }
    expect(problems.find((p) => p.startsWith(join(dir, 'scn', 'deep.json')))).toMatch(/: \$\.a(\[0\]){64}: nested more than 64 levels deep/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('fault matrix: damaged documents', () => {
  it('truncated source (the Japanese seed cut to 40 %): the data stage stops at the file and line where it ends', async () => {
    const root = scratch((_s, r) => {
      const b = readFileSync(SEED.ja);
      let cut = Math.floor(b.length * 0.4);
      while ((b[cut]! & 0xc0) === 0x80) cut--;
      writeFileSync(join(r, 'content/seeds/ja-2019-01-25.txt'), b.subarray(0, cut));
    });
    const message = await failure(buildData(settings(), () => {}, root));
    // Independent of the parser: the cut copy's last non-blank line.
    const lines = readFileSync(join(root, 'content/seeds/ja-2019-01-25.txt'), 'utf8').split('\n');
    let last = lines.length;
    while (lines[last - 1]!.trim() === '') last--;
    expect(message).toMatch(new RegExp(`^${join(root, 'content/seeds/ja-2019-01-25.txt')}:${last}: ends-early: the document ends early at line ${last}, after rule \\S+; missing what its contents list from there on: section 609, `));
  });

  it('garbage inside UTF-16 (1,001 bytes inserted in the 2026-01-16 text as UTF-16): the data stage stops with encoding-garbage', async () => {
    const root = scratch((sources, r) => {
      const text = readFileSync(EN('2026-01-16'), 'utf8');
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const at = 2 + 2 * Math.floor(text.length / 2);
      const junk = Buffer.from(Array.from({ length: 1001 }, (_, i) => (i * 7919 + 13) % 256));
      writeFileSync(join(r, 'content/en26-utf16.txt'), Buffer.concat([utf16.subarray(0, at), junk, utf16.subarray(at)]));
      const en = sources.find((s) => s.id === 'en-2026-01-16')!;
      delete en.mirror;
      delete en.sha256;
      en.file = 'content/en26-utf16.txt';
    });
    const message = await failure(buildData(settings(), () => {}, root));
    expect(message).toMatch(new RegExp(`^${join(root, 'content/en26-utf16.txt')}:\\d+: encoding-garbage: `));
  });

  it('garbage inside UTF-8 (1,000 bytes ≥ 0x80 inserted in 701.58c of the 2026-01-16 text): the data stage stops with encoding-garbage at that line (issue 26; it built with a warning before)', async () => {
    let line = 0;
    const root = scratch((sources, r) => {
      const text = readFileSync(EN('2026-01-16'), 'utf8');
      const at = Buffer.byteLength(text.slice(0, text.indexOf('701.58c') + 20));
      const junk = Buffer.from(Array.from({ length: 1000 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128)));
      const u8 = Buffer.from(text);
      writeFileSync(join(r, 'content/en26-u8.txt'), Buffer.concat([u8.subarray(0, at), junk, u8.subarray(at)]));
      line = text.split(/\r\n|\r|\n/).findIndex((l) => l.includes('701.58c')) + 1;
      const en = sources.find((s) => s.id === 'en-2026-01-16')!;
      delete en.mirror;
      delete en.sha256;
      en.file = 'content/en26-u8.txt';
    });
    const message = await failure(buildData(settings(), () => {}, root));
    expect(message).toMatch(new RegExp(`^${join(root, 'content/en26-u8.txt')}:${line}: encoding-garbage: garbage inside UTF-8 text: \\d+ unreadable or impossible characters`));
  });

  it('an impossible or far-future edition in the manifest (2027-02-99, 9999-12-31) stops the data stage naming the source; nothing is read', async () => {
    const root = scratch((sources) => {
      sources.find((s) => s.id === 'en-2026-01-16')!.edition = '2027-02-99';
      sources.find((s) => s.id === 'en-2019-01-25')!.edition = '9999-12-31';
    });
    const message = await failure(buildData(settings(), () => {}, root));
    const manifest = join(root, 'content/manifest.json');
    expect(message.split('\n')).toEqual([
      `${manifest}: source en-2019-01-25: edition 9999-12-31 is more than 90 days after today (${new Date().toISOString().slice(0, 10)}); expected the date of a published edition`,
      `${manifest}: source en-2026-01-16: edition 2027-02-99 is not a date that exists (the month has no day 99)`,
    ]);
  });

  it('a Shift_JIS Japanese seed is decoded: the same 2,460 entries and 559 glossary terms as the UTF-8 seed', async () => {
    const root = scratch((_s, r) => {
      const sjis = spawnSync('iconv', ['-f', 'utf-8', '-t', 'shift_jis', SEED.ja], { maxBuffer: 64 << 20 });
      expect(sjis.status).toBe(0);
      writeFileSync(join(r, 'content/seeds/ja-2019-01-25.txt'), sjis.stdout);
    });
    const { docs } = await buildData(settings(), () => {}, root);
    const ja = docs.find((d) => d.lang === 'ja')!;
    // The counts of the UTF-8 seed (tests/data.test.ts and `npm run data`: 2460 entries, 559 glossary terms).
    expect([ja.rules.length, ja.glossary.length]).toEqual([2460, 559]);
    expect(ja.diagnostics.find((d) => d.code === 'encoding')!.message).toBe('decoded as shift_jis: not UTF-8, and it reads as Japanese or Korean text there');
  });
});
