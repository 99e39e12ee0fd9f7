/**
 * `cr update` bounded and strict (issue 26; the cases of review-2026-11-27/security.md N1, N2, N3, N13):
 * hostile loopback servers (127.0.0.1 only, each bounded in requests and bytes) that never answer,
 * trickle, send a huge body, redirect in a loop, to file: and to another port, and a page with 10,000
 * links; directories holding a directory, a FIFO and a link to /dev/zero named .txt; impossible,
 * far-future and damaged documents. Each with its exact outcome (exit code, the lines it prints, the
 * manifest after). Timeouts are set small through the environment; no duration is asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EDITION_MARGIN_DAYS } from '../src/pipeline/completeness.ts';
import { MAX_DOWNLOAD_BYTES } from '../src/pipeline/download.ts';
import { cacheRootFor } from '../scripts/update.ts';
import { MAX_LINKS, nameDate, pageLinks } from '../scripts/update-candidates.ts';
import { EN, ROOT } from './helpers.ts';
import { SHARED, needs } from './inputs.ts';

const shared = needs(SHARED);

interface Run { status: number | null; stdout: string; stderr: string }

/** `cr update …` in a child process with small timeouts (the test's own server answers meanwhile); killed after 120 s as a safety net only. */
function update(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', 'update', ...args], {
      cwd: ROOT,
      env: { ...process.env, CR_ATLAS_OFFLINE: '', CR_ATLAS_CONNECT_TIMEOUT: '2', CR_ATLAS_DOWNLOAD_TIMEOUT: '1', ...env },
    });
    const guard = setTimeout(() => p.kill('SIGKILL'), 120_000);
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => {
      clearTimeout(guard);
      done({ status, stdout, stderr });
    });
  });
}

/** Progress lines with their durations replaced by T (the machine's business). */
const untimed = (s: string) => s.replace(/(failed after|KiB in) \d+\.\d s/g, '$1 T');

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server; returns its base address and the list of paths it was asked for. */
async function loopback(handler: (req: IncomingMessage, res: ServerResponse, base: string) => void): Promise<{ base: string; asked: string[] }> {
  const asked: string[] = [];
  let base = '';
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    handler(req, res, base);
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, asked };
}

/** A scratch project: the real manifest in content/ (its copies go to .cache/rules beside it). */
function scratch(): { root: string; manifest: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'cr-update-'));
  mkdirSync(join(root, 'content'));
  cpSync(join(ROOT, 'content/manifest.json'), join(root, 'content/manifest.json'));
  const dir = join(root, 'incoming');
  mkdirSync(dir);
  return { root, manifest: join(root, 'content/manifest.json'), dir };
}

const DATE_LINE = 'These rules are effective as of January 16, 2026.';
/** The 2026-01-16 text stating another date (its first date line; the credits repeat it). */
const edition = (date: string) => readFileSync(EN('2026-01-16'), 'utf8').replace(DATE_LINE, `These rules are effective as of ${date}.`);
/** 1-based line of the first line holding `needle` (lines as the CR splits them: CRLF, CR or LF). */
const lineOf = (text: string, needle: string) => text.split(/\r\n|\r|\n/).findIndex((l) => l.includes(needle)) + 1;

describe('the bounds, unit by unit', () => {
  it('a date in a link name orders the links (MagicCompRules%2020260116.txt is 2026-01-16); page links resolve against the page, each once', () => {
    expect(nameDate('/downloads/MagicCompRules%2020260116.txt')).toBe('2026-01-16');
    expect(nameDate('/en/MagicCompRules-2025-11-14.txt')).toBe('2025-11-14');
    expect(nameDate('/rules.txt')).toBe('');
    expect(pageLinks('<a href="a.txt">x</a> <a href=\'/b.txt\'>y</a> <a href="a.txt">again</a> <a href="c.pdf">', 'http://h/x/page')).toEqual(['http://h/x/a.txt', 'http://h/b.txt']);
  });
  it('the copy of an added document goes to <project>/.cache/rules for <project>/content/manifest.json, else beside the manifest (not its grandparent)', () => {
    expect(cacheRootFor('/p/content/manifest.json')).toBe('/p/.cache/rules');
    expect(cacheRootFor('/m/sub/manifest.json')).toBe('/m/sub/.cache/rules');
  });
});

describe('cr update against hostile servers (loopback, bounded)', () => {
  it('a server that accepts and never answers: each of the 2 attempts ends at the total timeout; exit 1, nothing added', async () => {
    const { base } = await loopback(() => {});
    const s = scratch();
    const before = readFileSync(s.manifest, 'utf8');
    const r = await update(['--from', `${base}/rules`, '--manifest', s.manifest], { CR_ATLAS_DOWNLOAD_TIMEOUT: '0.5' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(untimed(r.stderr)).toBe([
      `download page: failed after T (attempt 1 of 2): ${base}/rules: not complete within 0.5 s (total timeout)`,
      `download page: failed after T (attempt 2 of 2): ${base}/rules: not complete within 0.5 s (total timeout)`,
      `cr: ${base}/rules: not complete within 0.5 s (total timeout)`,
      '',
    ].join('\n'));
    expect(readFileSync(s.manifest, 'utf8')).toBe(before);
  });

  it('a body that trickles one byte every 50 ms (at most 400): the total timeout ends it, with the same lines', async () => {
    const { base } = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const t = setInterval(() => {
        if (++sent > 400 || res.destroyed) {
          clearInterval(t);
          res.end();
        } else res.write('x');
      }, 50);
      res.on('close', () => clearInterval(t));
    });
    const s = scratch();
    const r = await update(['--from', `${base}/trickle.txt`, '--manifest', s.manifest]);
    expect(r.status).toBe(1);
    expect(untimed(r.stderr).split('\n').at(-2)).toBe(`cr: ${base}/trickle.txt: not complete within 1 s (total timeout)`);
  });

  it('a body declared as 2 GiB is refused before it is read; one streamed past the 32 MiB cap is cut there', async () => {
    const { base } = await loopback((req, res) => {
      if (req.url === '/declared.txt') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 ** 31) });
        res.write('x'.repeat(1024));
        return;
      }
      // Chunked, 1 MiB at a time, at most 48 MiB, while the client reads.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let chunks = 0;
      const more = () => {
        while (chunks < 48 && !res.destroyed) {
          chunks++;
          if (!res.write(Buffer.alloc(1 << 20, 0x41))) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const s = scratch();
    const declared = await update(['--from', `${base}/declared.txt`, '--manifest', s.manifest]);
    expect(declared.status).toBe(1);
    expect(declared.stderr.split('\n').at(-2)).toBe(`cr: ${base}/declared.txt: Content-Length ${2 ** 31} is larger than ${MAX_DOWNLOAD_BYTES} bytes; expected a rules text`);
    const streamed = await update(['--from', `${base}/stream.txt`, '--manifest', s.manifest], { CR_ATLAS_DOWNLOAD_TIMEOUT: '60' });
    expect(streamed.status).toBe(1);
    expect(streamed.stderr.split('\n').at(-2)).toBe(`cr: ${base}/stream.txt: larger than ${MAX_DOWNLOAD_BYTES} bytes; expected a rules text`);
  });

  it('a redirect loop ends after 5 redirects; a redirect to file: is refused at once (not retried)', async () => {
    const { base, asked } = await loopback((req, res) => {
      if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    });
    const s = scratch();
    const loop = await update(['--from', `${base}/loop`, '--manifest', s.manifest]);
    expect(loop.status).toBe(1);
    expect(loop.stderr.split('\n').at(-2)).toBe(`cr: ${base}/loop: more than 5 redirects`);
    // 6 requests per attempt (the first and 5 redirects), 2 attempts.
    expect(asked.filter((u) => u === '/loop')).toHaveLength(12);
    const file = await update(['--from', `${base}/to-file`, '--manifest', s.manifest]);
    expect(file.status).toBe(1);
    expect(untimed(file.stderr)).toBe([
      `download page: failed after T (attempt 1 of 2): file:///etc/passwd: redirect refused: unsupported protocol file:; expected http: or https:`,
      `cr: file:///etc/passwd: redirect refused: unsupported protocol file:; expected http: or https:`,
      '',
    ].join('\n'));
  });

  it('--from file:… is refused with the reason, not an internal error', async () => {
    const s = scratch();
    const r = await update(['--from', 'file:///etc/hostname.txt', '--manifest', s.manifest]);
    expect([r.status, r.stdout, r.stderr]).toEqual([1, '', 'cr: file:///etc/hostname.txt: unsupported protocol file:; expected http: or https:\n']);
  });

  it(`a page with 10,000 .txt links: ${MAX_LINKS} followed (the latest dates in their names), the rest reported in one line; 1 + ${MAX_LINKS} requests`, async () => {
    // Link i names the day 2000-01-01 + i days, in shuffled page order (a multiplicative permutation of 0…9999).
    const day = (i: number) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
    const order = Array.from({ length: 10_000 }, (_, k) => (k * 7919) % 10_000);
    const { base, asked } = await loopback((req, res) => {
      if (req.url === '/rules') res.writeHead(200, { 'content-type': 'text/html' }).end(order.map((i) => `<a href="/d/MagicCompRules%20${day(i).replaceAll('-', '')}.txt">x</a>`).join('\n'));
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('not the rules');
    });
    const s = scratch();
    const r = await update(['--from', `${base}/rules`, '--manifest', s.manifest]);
    expect(r.status).toBe(0);
    // The 10 latest days are i = 9999 … 9990, independent of the page order.
    const latest = Array.from({ length: MAX_LINKS }, (_, k) => `/d/MagicCompRules%20${day(9999 - k).replaceAll('-', '')}.txt`);
    expect(asked).toEqual(['/rules', ...latest]);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`not followed: ${10_000 - MAX_LINKS} of the page's 10000 .txt links (at most ${MAX_LINKS} are followed from one page, the latest dates in their names first; the first not followed: ${base}/d/MagicCompRules%20${day(9999 - MAX_LINKS).replaceAll('-', '')}.txt)`);
    expect(lines.slice(1, -1)).toEqual(latest.map((p) => `skipped ${base}${p}: not a Comprehensive Rules document: expected numbered rule lines such as "100.1. …", found 0`));
    expect(lines.at(-1)).toBe(`up to date: no English edition newer than 2026-01-16 at ${base}/rules`);
  });
});

shared.describe('cr update: what is added, what is refused', () => {
  it('a page linking a file: address and a valid newer edition on another port (reached by a redirect): the file: link is refused with its reason, the edition added with its final address', async () => {
    const text = edition('February 20, 2026');
    const other = await loopback((req, res) => void (req.url === '/new.txt' ? res.writeHead(200, { 'content-type': 'text/plain' }).end(text) : res.writeHead(404).end()));
    const { base } = await loopback((req, res) => {
      if (req.url === '/rules') res.writeHead(200, { 'content-type': 'text/html' }).end(`<a href="file:///etc/hostname.txt">a</a><a href="/go/new.txt">b</a>`);
      else res.writeHead(301, { location: `${other.base}/new.txt` }).end();
    });
    const s = scratch();
    const r = await update(['--from', `${base}/rules`, '--manifest', s.manifest]);
    expect(r.status).toBe(0);
    const sha = createHash('sha256').update(text).digest('hex');
    expect(r.stdout.split('\n')[0]).toBe('refused link file:///etc/hostname.txt: unsupported protocol file:; expected http: or https:');
    expect(r.stdout).toContain(`new English edition 2026-02-20 (${base}/go/new.txt → ${other.base}/new.txt, sha256 ${sha})`);
    expect(untimed(r.stderr)).toBe([
      `download page: 0 KiB in T from ${base}/rules`,
      `download link 1 of 1: ${Math.round(Buffer.byteLength(text) / 1024)} KiB in T from ${other.base}/new.txt (redirected from ${base}/go/new.txt)`,
      '',
    ].join('\n'));
    expect(JSON.parse(readFileSync(s.manifest, 'utf8')).sources.at(-1)).toMatchObject({ id: 'en-2026-02-20', url: `${other.base}/new.txt`, sha256: sha });
    expect(readFileSync(join(s.root, '.cache/rules/en/MagicCompRules-2026-02-20.txt'), 'utf8')).toBe(text);
  });

  it('impossible dates (February 31 and 99, 2027) and a far-future one (9999-12-31) are refused at their line; a real newer edition beside them is still added', async () => {
    const s = scratch();
    writeFileSync(join(s.dir, 'a-feb31.txt'), edition('February 31, 2027'));
    writeFileSync(join(s.dir, 'b-feb99.txt'), edition('February 99, 2027'));
    writeFileSync(join(s.dir, 'c-future.txt'), edition('December 31, 9999'));
    writeFileSync(join(s.dir, 'd-real.txt'), edition('February 20, 2026'));
    const line = lineOf(edition('February 20, 2026'), 'effective as of February 20, 2026');
    const today = new Date().toISOString().slice(0, 10);
    const r = await update(['--from', s.dir, '--manifest', s.manifest]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe([
      `refused ${s.dir}/a-feb31.txt: ${s.dir}/a-feb31.txt:${line}: edition-date: the document states the edition 2027-02-31 is not a date that exists (the month has no day 31) (1 error; not added)`,
      `refused ${s.dir}/b-feb99.txt: ${s.dir}/b-feb99.txt:${line}: edition-date: the document states the edition 2027-02-99 is not a date that exists (the month has no day 99) (1 error; not added)`,
      `refused ${s.dir}/c-future.txt: ${s.dir}/c-future.txt:${line}: edition-date: the document states the edition 9999-12-31 is more than ${EDITION_MARGIN_DAYS} days after today (${today}); expected the date of a published edition (1 error; not added)`,
      '',
    ].join('\n'));
    expect(r.stdout).toContain('added en-2026-02-20 to');
    expect(JSON.parse(readFileSync(s.manifest, 'utf8')).sources.map((e: { edition: string }) => e.edition).filter((e: string) => e > '2026-01-16')).toEqual(['2026-02-20']);
    // Its examples are those of 2026-01-16: every scenario there carries over (counted in the scenario files).
    const n = readdirSync(join(ROOT, 'content/scenarios')).filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
      .flatMap((f) => (JSON.parse(readFileSync(join(ROOT, 'content/scenarios', f), 'utf8')) as { attach: { edition: string }[] }).attach.filter((a) => a.edition === '2026-01-16')).length;
    expect(r.stdout).toContain(`\nsandbox: ${n} of the ${n} scenarios on 2026-01-16 examples carry over to 2026-02-20 (same example text)\n`);
  });

  it('a date just inside the margin is taken, one day past it refused (the margin is counted from today)', async () => {
    const s = scratch();
    const at = (days: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + days));
    const long = (d: Date) => `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    writeFileSync(join(s.dir, 'past.txt'), edition(long(at(EDITION_MARGIN_DAYS + 1))));
    const past = await update(['--from', s.dir, '--manifest', s.manifest]);
    expect(past.status).toBe(1);
    expect(past.stderr).toContain(`is more than ${EDITION_MARGIN_DAYS} days after today`);
    writeFileSync(join(s.dir, 'past.txt'), edition(long(at(EDITION_MARGIN_DAYS))));
    const inside = await update(['--from', s.dir, '--manifest', s.manifest]);
    expect([inside.status, inside.stderr]).toEqual([0, '']);
    expect(inside.stdout).toContain(`added en-${at(EDITION_MARGIN_DAYS).toISOString().slice(0, 10)} to`);
  });

  it('damaged texts are refused, each at its first bad line: UTF-8 with 1,000 garbage bytes in 701.58c, UTF-16 with 1,001 bytes inserted, UTF-16 with 500 CJK characters inserted, a glossary term with a right-to-left override', async () => {
    const s = scratch();
    const text = edition('February 20, 2026');
    // 1,000 bytes of a fixed pseudo-random sequence, all ≥ 0x80 (so none is a line break), inside rule 701.58c.
    const at = Buffer.byteLength(text.slice(0, text.indexOf('701.58c') + 20));
    const u8 = Buffer.from(text);
    const junk = Buffer.from(Array.from({ length: 1000 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128)));
    writeFileSync(join(s.dir, 'u8.txt'), Buffer.concat([u8.subarray(0, at), junk, u8.subarray(at)]));
    // UTF-16 LE with 500 characters U+4E00… inserted at the start of 702.19b.
    const k = text.indexOf('702.19b');
    // UTF-16 LE with 1,001 bytes inserted in the middle: the rest is read out of step.
    const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(1), 'utf16le')]);
    const mid = 2 + 2 * Math.floor(text.length / 2);
    writeFileSync(join(s.dir, 'u16-odd.txt'), Buffer.concat([u16.subarray(0, mid), Buffer.from(Array.from({ length: 1001 }, (_, i) => (i * 7919 + 13) % 256)), u16.subarray(mid)]));
    writeFileSync(join(s.dir, 'u16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(1, k) + Array.from({ length: 500 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('') + text.slice(k), 'utf16le')]));
    // A second headword after "Trample" (the 2026 text ends its lines with bare CR there) that displays as "Trample".
    writeFileSync(join(s.dir, 'rlo.txt'), text.replace('\rTrample\r', '\rTrample\rTr\u202Eelpma\r'));
    const trample = text.split(/\r\n|\r|\n/).indexOf('Trample') + 1;
    const r = await update(['--from', s.dir, '--manifest', s.manifest]);
    expect(r.status).toBe(1);
    const refused = r.stderr.trimEnd().split('\n');
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatch(new RegExp(`^refused \\S+/rlo\\.txt: \\S+/rlo\\.txt:${trample + 1}: control-character: 1 control or bidirectional-override characters \\(U\\+202E RIGHT-TO-LEFT OVERRIDE\\), first at line:column \\d+:3; expected none in rules text \\(1 error; not added\\)$`));
    expect(refused[1]).toMatch(/^refused \S+\/u16-odd\.txt: \S+\/u16-odd\.txt:\d+: encoding-garbage: utf-16le text has an odd number of bytes \(\d+\); expected whole 2-byte code units \(\d+ errors; not added\)$/);
    refused.splice(1, 1);
    expect(refused[1]).toMatch(new RegExp(`^refused \\S+/u16\\.txt: \\S+/u16\\.txt:${lineOf(text, '702.19b')}: encoding-garbage: 500 characters of Chinese, Japanese or Korean script inside English text, first at line:column ${lineOf(text, '702.19b')}:\\d+`));
    expect(refused[2]).toMatch(new RegExp(`^refused \\S+/u8\\.txt: \\S+/u8\\.txt:${lineOf(text, '701.58c')}: encoding-garbage: garbage inside UTF-8 text: \\d+ unreadable or impossible characters`));
    expect(r.stdout).toBe(`no English edition added: 4 refused at ${s.dir}\n`);
  });

  it('a directory holding a directory, a FIFO and a link to /dev/zero named .txt: each skipped with what it is; an older edition is skipped with a note', async () => {
    const s = scratch();
    mkdirSync(join(s.dir, 'x.txt'));
    expect(spawnSync('mkfifo', [join(s.dir, 'a.txt')]).status).toBe(0);
    symlinkSync('/dev/zero', join(s.dir, 'z.txt'));
    writeFileSync(join(s.dir, 'old.txt'), `${readFileSync(EN('2019-01-25'), 'latin1')}\n`, 'latin1');
    const r = await update(['--from', s.dir, '--manifest', s.manifest]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe([
      `skipped ${s.dir}/a.txt: a FIFO; expected a regular file`,
      `skipped ${s.dir}/old.txt: edition 2019-01-25 is not newer than the manifest's latest English edition 2026-01-16`,
      `skipped ${s.dir}/x.txt: a directory; expected a regular file`,
      `skipped ${s.dir}/z.txt: a device; expected a regular file`,
      `up to date: no English edition newer than 2026-01-16 at ${s.dir}`,
      '',
    ].join('\n'));
    expect(existsSync(join(s.root, '.cache'))).toBe(false);
  });
});

/**
 * `cr update --lang ja`: a newer Japanese translation, derived at test time from the committed 2019
 * seed (never a real newer translation): its title and date line say 2026-01-16 (an English edition
 * the manifest has) and two rules are edited. Run in a project copy, so its manifest and cache are its own.
 */
describe('cr update --lang ja (a translation, in a project copy)', () => {
  const TITLE = '和訳 20190125.3 版';
  const STATED = 'このルールは2019年1月25日から有効です。';
  const seedText = () => readFileSync(join(ROOT, 'content/seeds/ja-2019-01-25.txt'), 'utf8');
  const derived = (title: string, stated: string) =>
    seedText().replace(TITLE, title).replace(STATED, stated)
      .replace(/^(100\.1\. .*)$/m, '$1(テスト用の追記)')
      .replace(/^(702\.19b .*)$/m, '$1(テスト用の追記2)');
  let copy = '';
  const crIn = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', 'update', ...args], { cwd: copy, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CR_ATLAS_OFFLINE: '' } });

  it('adds ja-2026-01-16 with format ja-text, a mirror path, the sha256 and a cached copy that `npm run data` resolves from the cache', async () => {
    const { projectCopy } = await import('./project-copy.ts');
    copy = projectCopy('cr-update-ja-');
    const dir = join(copy, 'incoming');
    mkdirSync(dir);
    const text = derived('和訳 20260116.1 版', 'このルールは2026年1月16日から有効です。');
    writeFileSync(join(dir, 'ja.txt'), text);
    cpSync(join(ROOT, 'content/seeds/ja-2019-01-25.txt'), join(dir, 'seed.txt')); // the 2019 seed: already known
    const r = crIn(['--lang', 'ja', '--from', dir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sha = createHash('sha256').update(text).digest('hex');
    const manifest = JSON.parse(readFileSync(join(copy, 'content/manifest.json'), 'utf8'));
    expect(manifest.sources.at(-1)).toEqual({
      id: 'ja-2026-01-16', lang: 'ja', edition: '2026-01-16', format: 'ja-text', mirror: 'ja/ja-2026-01-16.txt', sha256: sha,
      credit: 'Japanese translation of the 2026-01-16 Comprehensive Rules, from ja.txt.',
    });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('1 document already in the manifest (same sha256)');
    expect(lines[1]).toBe(`new Japanese edition 2026-01-16 (${join(dir, 'ja.txt')}, sha256 ${sha})`);
    // The seed's counts (tests/data.test.ts, `npm run data`: 2460 entries, 559 glossary terms): editing two rules keeps them.
    expect(lines[2]).toBe('2460 entries, 559 glossary terms (ja-text); the previous Japanese edition: ja-2019-01-25');
    // The data stage finds it in the copy's cache, checksum checked, and reads the edited rules.
    const { resolveSources, sourceSettings } = await import('../src/pipeline/sources.ts');
    const { parseDocument } = await import('../src/pipeline/index.ts');
    const resolved = (await resolveSources({ root: copy, settings: sourceSettings({ offline: true }, {}, copy) })).find((x) => x.entry.id === 'ja-2026-01-16')!;
    expect(resolved).toMatchObject({ status: 'found', origin: 'cache', path: join(copy, '.cache/rules/ja/ja-2026-01-16.txt'), sha256: sha });
    const doc = parseDocument(readFileSync(join(copy, '.cache/rules/ja/ja-2026-01-16.txt')), 'ja.txt', { lang: 'ja' });
    expect([doc.edition, JSON.stringify(doc.rules.find((x) => x.number === '100.1')).includes('(テスト用の追記)')]).toEqual(['2026-01-16', true]);
    // Run again: nothing newer.
    expect(crIn(['--lang', 'ja', '--from', dir]).stdout.trimEnd().split('\n').at(-1)).toBe(`up to date: no Japanese edition newer than 2026-01-16 at ${dir}`);
  });

  it('refuses a translation of an edition the manifest has no English text of, and one whose title and date line disagree', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-update-ja-in-'));
    writeFileSync(join(dir, 'a-no-english.txt'), derived('和訳 20260117.1 版', 'このルールは2026年1月17日から有効です。'));
    writeFileSync(join(dir, 'b-mismatch.txt'), derived('和訳 20270115.1 版', STATED));
    const before = readFileSync(join(copy, 'content/manifest.json'), 'utf8');
    const r = crIn(['--lang', 'ja', '--from', dir]);
    expect(r.status).toBe(1);
    const stated = seedText().split('\n').findIndex((l) => l.includes(STATED)) + 1;
    expect(r.stderr).toBe([
      `refused ${dir}/a-no-english.txt: it translates the edition 2026-01-17, of which the manifest has no English edition; add that English edition first (not added)`,
      `refused ${dir}/b-mismatch.txt: ${dir}/b-mismatch.txt:${stated}: edition-mismatch: the title says edition 2027-01-15, but line ${stated} says the rules are effective from 2019-01-25; using 2027-01-15 (1 error; not added)`,
      '',
    ].join('\n'));
    expect(readFileSync(join(copy, 'content/manifest.json'), 'utf8')).toBe(before);
  });

  it('--lang ko without --from is a usage error (there is no official page of translations)', () => {
    const r = crIn(['--lang', 'ko']);
    expect([r.status, r.stderr]).toEqual([1, 'cr: --lang ko needs --from DIR|FILE|URL: there is no official page of Korean translations\n']);
  });
});
