/**
 * Generated directories are replaced whole (scripts/build/replace-dir.ts): src/generated/ (`npm run data`),
 * public/search/, public/sandbox/ and dist/ (the build). Faults: a failing writer, an interrupted one
 * (SIGTERM while half of the files are written, two replacements under way at once), a process killed
 * outright before and between the two renames. In each case the previous directory stays as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearLeftovers, replaceDirectory, replaceDirectorySync } from '../scripts/build/replace-dir.ts';
import { ROOT } from './helpers.ts';

/** A parent holding `name/` with two files of a previous run. */
function previous(name = 'generated'): string {
  const target = join(mkdtempSync(join(tmpdir(), 'cr-replace-')), name);
  mkdirSync(join(target, 'docs'), { recursive: true });
  writeFileSync(join(target, 'catalog.json'), 'previous catalog');
  writeFileSync(join(target, 'docs', 'en-2019-01-25.json'), 'previous doc');
  return target;
}
const snapshot = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${join(e.parentPath, e.name).slice(dir.length)}=${readFileSync(join(e.parentPath, e.name), 'utf8')}`)
    .sort();
const siblings = (target: string) => readdirSync(join(target, '..')).filter((n) => n !== 'generated' && n !== 'public' && !n.endsWith('.mts'));

describe('replaceDirectory', () => {
  it('replaces the directory whole: files of the previous run that the new one does not write are gone', async () => {
    const target = previous();
    const r = await replaceDirectory(target, (dir) => {
      writeFileSync(join(dir, 'catalog.json'), 'new catalog');
      return 7;
    });
    expect(r).toBe(7);
    expect(snapshot(target)).toEqual(['/catalog.json=new catalog']);
    expect(siblings(target)).toEqual([]);
  });

  it('a writer that fails: the error passes through, the previous directory is untouched, nothing is left beside it', async () => {
    const target = previous();
    const before = snapshot(target);
    await expect(replaceDirectory(target, async (dir) => {
      writeFileSync(join(dir, 'catalog.json'), 'half');
      throw new Error('disk full');
    })).rejects.toThrow('disk full');
    expect(() => replaceDirectorySync(target, () => { throw new Error('bad scenario'); })).toThrow('bad scenario');
    expect(snapshot(target)).toEqual(before);
    expect(siblings(target)).toEqual([]);
  });

  it('SIGTERM while two replacements are half written: both previous directories intact, no unfinished copy, the process ends as signalled', async () => {
    const target = previous();
    const other = join(target, '..', 'public');
    mkdirSync(other);
    writeFileSync(join(other, 'index.json'), 'previous bundles');
    const before = [snapshot(target), snapshot(other)];
    const script = join(target, '..', 'writer.mts');
    writeFileSync(script, `
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      import { replaceDirectory } from ${JSON.stringify(join(ROOT, 'scripts/build/replace-dir.ts'))};
      await replaceDirectory(${JSON.stringify(other)}, (outer) => replaceDirectory(${JSON.stringify(target)}, (dir) => new Promise(() => {
        writeFileSync(join(outer, 'index.json'), 'half');
        writeFileSync(join(dir, 'catalog.json'), 'half');
        setInterval(() => {}, 1000);
        process.stdout.write('writing\\n');
      })));
    `);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('the writer never started')), 20_000);
      child.stdout.on('data', (d: Buffer) => d.toString().includes('writing') && (clearTimeout(timer), ok()));
    });
    expect(siblings(target).sort()).toEqual([`.generated-next-${child.pid}`, `.public-next-${child.pid}`]);
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((ok) => child.on('exit', (c, s) => ok([c, s])));
    expect([code, signal]).toEqual([null, 'SIGTERM']);
    expect([snapshot(target), snapshot(other)]).toEqual(before);
    expect(siblings(target)).toEqual([]);
  }, 30_000);

  it('a process killed outright (SIGKILL): its unfinished copy is removed by the next replacement, a previous directory left aside is put back', async () => {
    const target = previous();
    const parent = join(target, '..');
    mkdirSync(join(parent, '.generated-next-999999999'));
    writeFileSync(join(parent, '.generated-next-999999999', 'catalog.json'), 'half');
    expect(clearLeftovers(target)).toEqual([join(parent, '.generated-next-999999999')]);
    expect(existsSync(join(parent, '.generated-next-999999999'))).toBe(false);
    // Killed between the two renames: the previous directory is aside, the target absent.
    const before = snapshot(target);
    const { renameSync } = await import('node:fs');
    renameSync(target, join(parent, '.generated-old-999999998'));
    clearLeftovers(target);
    expect(snapshot(target)).toEqual(before);
    expect(siblings(target)).toEqual([]);
  });
});
