/** The `cr diff`, `cr history` and `cr update` contract: JSON shapes, statuses, exit codes, the manifest update. */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { EN, EN_ARCHIVE, ROOT } from '../helpers.ts';
import { parseDocument } from '../../src/pipeline/index.ts';

const shared = needs(SHARED);
const STATUSES = ['added', 'removed', 'changed', 'moved', 'moved-changed', 'unchanged'];

function cr(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
}
/** The same, without blocking the event loop (a test's own loopback server must answer meanwhile). */
function crAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => done({ status, stdout, stderr }));
  });
}
const oneLineError = (r: { status: number | null; stdout: string; stderr: string }, message: string) => {
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(message);
};

shared.describe('cr diff', () => {
  it('gives {lang, old, new, summary, rules, examples, glossary} with the documented entry shape', () => {
    const r = cr('diff', '2025-11-14', '2026-01-16', '--json');
    expect(r.status).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(Object.keys(d)).toEqual(['lang', 'old', 'new', 'summary', 'rules', 'examples', 'glossary']);
    expect([d.lang, d.old, d.new]).toEqual(['en', '2025-11-14', '2026-01-16']);
    for (const kind of ['rules', 'examples', 'glossary']) {
      for (const e of d[kind]) {
        expect(STATUSES).toContain(e.status);
        expect(e.status).not.toBe('unchanged');
        expect(e.old === null ? e.status : 'x').not.toBe('removed');
        expect(e.new === null ? e.status : 'x').not.toBe('added');
        if (e.status === 'added') expect(e.old).toBeNull();
        if (e.status === 'removed') expect(e.new).toBeNull();
        if (e.status === 'moved' || e.status === 'moved-changed') expect(e.old).not.toBe(e.new);
      }
    }
    // Read by hand in the two texts (see tests/history/model.test.ts): 702.124m became 702.124k.
    expect(d.rules).toContainEqual(expect.objectContaining({ status: 'moved', old: '702.124m', new: '702.124k' }));
    expect(d.summary.rules.moved).toBe(3);
  });
  it('lists unchanged entries only with --all (every rule of the older edition appears once)', () => {
    const all = JSON.parse(cr('diff', '2025-11-14', '2026-01-16', '--json', '--all').stdout);
    const olds = all.rules.filter((e: { old: string | null }) => e.old !== null);
    // As many as the reader finds in that file (the differ works from the store, not from this parse).
    expect(olds).toHaveLength(parseDocument(readFileSync(join(EN_ARCHIVE, '2025-11-14.txt')), '2025-11-14.txt', { lang: 'en' }).rules.length);
    expect(all.rules.filter((e: { status: string }) => e.status === 'unchanged').length).toBeGreaterThan(3000);
  });
  it('an edition diffed with itself has no change', () => {
    const d = JSON.parse(cr('diff', '2019-01-25', '2019-01-25', '--json').stdout);
    expect([d.rules, d.examples, d.glossary]).toEqual([[], [], []]);
  });
  it('says what is wrong in one line: unknown edition (with the nearest), other languages, missing argument', () => {
    oneLineError(cr('diff', '2019-01-26', '2026-01-16'), 'no English edition 2019-01-26; nearest: 2019-01-25 and 2019-05-03');
    oneLineError(cr('diff', '2019-01-25', '2026-01-16', '--lang', 'ja'), 'between English editions only');
    oneLineError(cr('diff', '2019-01-25'), 'usage: cr diff OLD NEW');
    oneLineError(cr('diff', '2019-01-25', '2026-01-16', '--jsn'), 'unknown option --jsn');
  });
});

shared.describe('cr history', () => {
  it('follows a rule through renumbering: one version per English edition in which it exists', () => {
    // 2019-01-25 103.1a (sideboards and checklist cards, set aside before shuffling) is 2026-01-16 103.2a.
    const r = cr('history', '103.1a', '--edition', '2019-01-25', '--json');
    expect(r.status).toBe(0);
    const h = JSON.parse(r.stdout);
    expect(Object.keys(h).slice(0, 2)).toEqual(['number', 'edition']);
    expect([h.number, h.edition, h.current]).toEqual(['103.1a', '2019-01-25', '103.2a']);
    const editions = h.versions.map((v: { edition: string }) => v.edition);
    expect(new Set(editions).size).toBe(editions.length);
    expect(h.versions[0]).toMatchObject({ status: 'added' });
    expect(h.versions.find((v: { edition: string }) => v.edition === '2019-01-25')).toMatchObject({ number: '103.1a' });
    expect(h.versions.at(-1)).toMatchObject({ edition: '2026-01-16', number: '103.2a' });
    expect(h.versions.at(-1).text).toMatch(/^If any players are using sideboards/);
    for (const v of h.versions) expect(['added', 'changed', 'moved', 'moved-changed', 'unchanged']).toContain(v.status);
  });
  it('rejects numbers that never existed and non-numbers', () => {
    oneLineError(cr('history', '999.9'), 'no rule 999.9 in any English edition');
    oneLineError(cr('history', 'trample'), 'is not a rule number');
  });
});

shared.describe('cr update', () => {
  /** A scratch project: the real manifest, and a "new" edition made from the 2026-01-16 text. */
  function scratch() {
    const root = mkdtempSync(join(tmpdir(), 'cr-update-'));
    mkdirSync(join(root, 'content'));
    cpSync(join(ROOT, 'content/manifest.json'), join(root, 'content/manifest.json'));
    const text = readFileSync(EN('2026-01-16'), 'utf8')
      .replace('These rules are effective as of January 16, 2026.', 'These rules are effective as of February 20, 2026.')
      .replace('702.19b The controller of an attacking creature with trample', '702.19b The controller of an attacking creature that has trample');
    const dir = join(root, 'incoming');
    mkdirSync(dir);
    // A known edition beside it is skipped (same checksum).
    cpSync(EN('2019-01-25'), join(dir, 'old.txt'));
    writeFileSync(join(dir, 'new.txt'), text);
    return { root, dir, text, sha: createHash('sha256').update(text).digest('hex') };
  }
  it('adds a newer edition from a directory: parses it, prints the diff summary, records the checksum', () => {
    const s = scratch();
    const manifest = join(s.root, 'content/manifest.json');
    const r = cr('update', '--from', s.dir, '--manifest', manifest);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('new English edition 2026-02-20');
    expect(r.stdout).toContain('English 2026-01-16 → 2026-02-20');
    expect(r.stdout).toMatch(/rules\s+0 added, 0 removed, 1 changed, 0 moved/);
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    const entry = m.sources.at(-1);
    expect(entry).toMatchObject({ id: 'en-2026-02-20', lang: 'en', edition: '2026-02-20', format: 'en-text', mirror: 'en/MagicCompRules-2026-02-20.txt', sha256: s.sha });
    expect(existsSync(join(s.root, '.cache/rules/en/MagicCompRules-2026-02-20.txt'))).toBe(true);
    // Run again: nothing newer.
    const again = cr('update', '--from', s.dir, '--manifest', manifest);
    expect(again.stdout).toContain('up to date: no English edition newer than 2026-02-20');
  });
  it('follows a page that links to the text (loopback server), recording its address', async () => {
    const s = scratch();
    const manifest = join(s.root, 'content/manifest.json');
    const server = createServer((req, res) => {
      if (req.url === '/rules') res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/downloads/MagicCompRules%2020260220.txt">TXT</a>');
      else if (req.url === '/downloads/MagicCompRules%2020260220.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(s.text);
      else res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    try {
      const r = await crAsync('update', '--from', `http://127.0.0.1:${port}/rules`, '--manifest', manifest);
      expect(r.status).toBe(0);
      const entry = JSON.parse(readFileSync(manifest, 'utf8')).sources.at(-1);
      expect(entry).toMatchObject({ edition: '2026-02-20', url: `http://127.0.0.1:${port}/downloads/MagicCompRules%2020260220.txt`, sha256: s.sha });
    } finally {
      server.close();
    }
  });
  it('refuses a truncated edition with a clear message and leaves the manifest alone', () => {
    const s = scratch();
    const manifest = join(s.root, 'content/manifest.json');
    const before = readFileSync(manifest, 'utf8');
    writeFileSync(join(s.dir, 'new.txt'), s.text.slice(0, 20_000));
    const r = cr('update', '--from', s.dir, '--manifest', manifest);
    expect(r.status).toBe(1);
    // The reader's completeness check names where it ends and what is missing.
    expect(r.stderr).toMatch(/^refused \S+new\.txt: \S+new\.txt:\d+: ends-early: the document ends early .*\(1 error; not added\)\n/);
    // old.txt beside it is the 2019-01-25 edition the manifest has (same sha256).
    expect(r.stdout).toBe(`1 document already in the manifest (same sha256)\nno English edition added: 1 refused at ${s.dir}\n`);
    expect(readFileSync(manifest, 'utf8')).toBe(before);
  });
});
