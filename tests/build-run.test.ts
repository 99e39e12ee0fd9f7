/**
 * The atomic build (scripts/build/build-run.ts): a new directory replaces dist/ only when every stage
 * succeeded. Faults: a failing stage, a full disk (a 1 MiB tmpfs when this user may mount one, else
 * an unwritable directory), an interrupted build (SIGTERM to the building process). In each case the
 * previous site is left exactly as it was and no unfinished directory stays behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError, BuildLockedError, buildAtomically, type BuildRecord } from '../scripts/build/build-run.ts';
import { ROOT } from './helpers.ts';

/** A parent directory holding a finished previous site in dist/. */
function previousSite(parent = mkdtempSync(join(tmpdir(), 'cr-build-'))): string {
  const dist = join(parent, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), 'previous site');
  writeFileSync(join(dist, 'build.json'), '{"status":"complete","finishedAt":"2026-01-01T00:00:00.000Z"}');
  return dist;
}
const snapshot = (dist: string) => readdirSync(dist).sort().map((f) => `${f}:${readFileSync(join(dist, f), 'utf8')}`);
const leftovers = (dist: string) => readdirSync(join(dist, '..')).filter((n) => n !== 'dist');

describe('buildAtomically', () => {
  it('every stage succeeded: the new site replaces dist/, with build.json (stages, counts, extra fields)', async () => {
    const dist = previousSite();
    const lines: string[] = [];
    const record = await buildAtomically(dist, [
      { name: 'pages', run: (out) => { writeFileSync(join(out, 'index.html'), 'new site'); return { counts: { pages: 1 } }; } },
      { name: 'sources', run: () => ({ record: { sources: [{ id: 'x', sha256: 'ab' }] } }) },
    ], (l) => lines.push(l));
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new site');
    const json = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as BuildRecord;
    expect(json).toEqual(record);
    expect(json).toMatchObject({ status: 'complete', stages: [{ name: 'pages', counts: { pages: 1 } }, { name: 'sources' }], sources: [{ id: 'x', sha256: 'ab' }] });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^build: complete in \d+\.\d s; dist\/ replaced/);
    expect(leftovers(dist)).toEqual([]);
  });

  it('a stage fails: BuildError naming the stage; dist/ exactly as before; nothing left behind', async () => {
    const dist = previousSite();
    const before = snapshot(dist);
    const error = await buildAtomically(dist, [
      { name: 'pages', run: (out) => writeFileSync(join(out, 'index.html'), 'half a site') },
      { name: 'pagefind', run: () => { throw new Error('pagefind: no page with data-pagefind-body'); } },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error).toMatchObject({ stage: 'pagefind', message: 'pagefind: no page with data-pagefind-body' });
    expect(snapshot(dist)).toEqual(before);
    expect(leftovers(dist)).toEqual([]);
  });

  it('the disk fills up (or the output cannot be written): an error saying so, the previous site intact', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cr-full-'));
    const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', parent]).status === 0;
    try {
      const dist = previousSite(parent);
      const before = snapshot(dist);
      if (!mounted) chmodSync(parent, 0o555); // not root: an unwritable directory instead of a full disk
      const error = await buildAtomically(dist, [
        { name: 'astro build', run: (out) => { for (let i = 0; i < 8; i++) writeFileSync(join(out, `page-${i}.html`), Buffer.alloc(256 * 1024, 'x')); } },
      ]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BuildError);
      if (mounted) expect(error).toMatchObject({ stage: 'astro build', message: expect.stringMatching(/^no space left on the device \(ENOSPC/) });
      else expect(error).toMatchObject({ stage: 'prepare', message: expect.stringMatching(/^cannot create the build lock .*: EACCES$/) }); // the lock is the first thing written
      expect(snapshot(dist)).toEqual(before);
      expect(leftovers(dist)).toEqual([]);
    } finally {
      if (mounted) spawnSync('umount', [parent]);
      else chmodSync(parent, 0o755);
    }
  });

  it('an interrupted build (SIGTERM while a stage runs): the unfinished directory is removed, dist/ intact', async () => {
    const dist = previousSite();
    const before = snapshot(dist);
    const script = join(dist, '..', 'build.mts');
    writeFileSync(script, `
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      import { buildAtomically } from ${JSON.stringify(join(ROOT, 'scripts/build/build-run.ts'))};
      await buildAtomically(${JSON.stringify(dist)}, [{ name: 'astro build', run: (out) => new Promise(() => {
        writeFileSync(join(out, 'index.html'), 'half');
        setInterval(() => {}, 1000); // a stage at work (astro build) keeps the process busy
        process.stdout.write('started\\n');
      }) }]);
    `);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('the build never started')), 20_000);
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('started')) {
          clearTimeout(timer);
          ok();
        }
      });
    });
    expect(leftovers(dist).filter((n) => n.startsWith('.dist-next-'))).toHaveLength(1);
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((ok) => child.on('exit', (c, s) => ok([c, s])));
    expect([code, signal]).toEqual([null, 'SIGTERM']);
    expect(snapshot(dist)).toEqual(before);
    expect(leftovers(dist)).toEqual(['build.mts']);
  }, 30_000);

  it('a directory left by a build that was killed outright (SIGKILL) is removed by the next build', async () => {
    const dist = previousSite();
    const stale = join(dist, '..', '.dist-next-999999999');
    mkdirSync(stale);
    writeFileSync(join(stale, 'index.html'), 'half');
    await buildAtomically(dist, [{ name: 'pages', run: (out) => writeFileSync(join(out, 'index.html'), 'new') }]);
    expect(existsSync(stale)).toBe(false);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new');
  });
});

describe('one build at a time (issue 26, review 2026-11-27 N9: two builds both said "dist/ replaced")', () => {
  it('a second build while the first runs is refused at once, naming the first; it changes nothing; the lock is gone after the first', async () => {
    const dist = previousSite();
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    const first = buildAtomically(dist, [{ name: 'pages', run: async (out) => { await gate; writeFileSync(join(out, 'index.html'), 'first'); } }]);
    const second = await buildAtomically(dist, [{ name: 'pages', run: (out) => void writeFileSync(join(out, 'index.html'), 'second') }]).then(() => null, (e: unknown) => e);
    expect(second).toBeInstanceOf(BuildLockedError);
    const held = JSON.parse(readFileSync(`${dist}.lock`, 'utf8'));
    expect((second as BuildLockedError).message).toBe(`another build (process ${process.pid}, started ${held.since}) is building this checkout; this one did not start and changed nothing. Run it again when that one has finished (or remove ${dist}.lock if process ${process.pid} is not a build)`);
    release();
    await first;
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('first');
    expect(leftovers(dist)).toEqual([]);
    // The lock released: the next build runs.
    await buildAtomically(dist, [{ name: 'pages', run: (out) => void writeFileSync(join(out, 'index.html'), 'third') }]);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('third');
  });
  it('a lock left by a build that was killed (its process gone) is taken over, and said', async () => {
    const dist = previousSite();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(dead.stdout);
    writeFileSync(`${dist}.lock`, JSON.stringify({ pid, since: '2026-01-01T00:00:00.000Z' }));
    const lines: string[] = [];
    await buildAtomically(dist, [{ name: 'pages', run: (out) => void writeFileSync(join(out, 'index.html'), 'new') }], (l) => lines.push(l));
    expect(lines[0]).toBe(`build: removed a stale lock ${dist}.lock (process ${pid} is gone)`);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new');
    expect(leftovers(dist)).toEqual([]);
  });
});
