/**
 * The build's "extras" step (src/site/api/extras.ts: the /api/ JSON, rule indexes, history files) in a process of its own,
 * so that it runs on the second core while Astro renders the pages on the first: the step reads only the generated
 * data, never the pages. scripts/build/integration.ts starts it once the data is written (`startExtras`) and, after
 * the pages, moves what it wrote into the site (`placeExtras`).
 *
 * `tsx scripts/build/extras.ts STAGING REPORT`: writes the files under STAGING and its step record (or the failure
 * and its message) to REPORT as JSON; exit 1 when it failed.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extraFiles, type ExtraFile } from '../../src/site/api/extras.ts';
import { getSite } from '../../src/site/load.ts';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { runStep, type BuildReport } from './build-report.ts';

/** Writes `files` under `out`, several writes in flight (thousands of files: the disk, not the CPU, is slow). */
async function writeAll(out: string, files: Iterable<ExtraFile>): Promise<number> {
  let count = 0;
  const made = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  for (const f of files) {
    const file = join(out, f.path);
    const d = dirname(file);
    if (!made.has(d)) {
      mkdirSync(d, { recursive: true });
      made.add(d);
    }
    const p: Promise<void> = writeFile(file, f.content).then(() => void inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= 32) await Promise.race(inFlight);
    count++;
  }
  await Promise.all(inFlight);
  return count;
}

/** The extras step under way in its own process: `done` gives its report once it has exited. */
export interface RunningExtras {
  staging: string;
  done: Promise<BuildReport>;
}

/** Starts the step in a child process writing into a fresh staging directory under .cache/ (gitignored). */
export function startExtras(): RunningExtras {
  mkdirSync(join(PROJECT_ROOT, '.cache'), { recursive: true });
  const staging = mkdtempSync(join(PROJECT_ROOT, '.cache', 'extras-'));
  const reportFile = join(staging, '.report.json');
  const done = new Promise<BuildReport>((ok) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build/extras.ts', staging, reportFile], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    const settle = (why: string) => {
      if (existsSync(reportFile)) return ok(JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport);
      ok({ steps: [], record: {}, failed: { step: 'extras', message: `scripts/build/extras.ts stopped before it wrote its report (${why}; its messages are above)` } });
    };
    child.on('error', (e) => settle(e.message));
    child.on('exit', (code, signal) => settle(signal ?? `exit ${code}`));
    // Astro stopped before the pages were done (an error in a page, Ctrl+C): the step stops too and leaves nothing.
    process.once('exit', () => {
      if (child.exitCode === null) child.kill();
      rmSync(staging, { recursive: true, force: true });
    });
  });
  return { staging, done };
}

/** Moves every file under `staging` (but its report) to the same place under `out`, then removes `staging`. */
export function placeExtras(staging: string, out: string): number {
  let moved = 0;
  const walk = (rel: string) => {
    for (const e of readdirSync(join(staging, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        mkdirSync(join(out, path), { recursive: true });
        walk(path);
      } else if (path !== '.report.json') {
        try {
          renameSync(join(staging, path), join(out, path));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
          copyFileSync(join(staging, path), join(out, path)); // --outDir on another file system
        }
        moved++;
      }
    }
  };
  walk('');
  rmSync(staging, { recursive: true, force: true });
  return moved;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [staging, reportFile] = process.argv.slice(2);
  if (!staging || !reportFile) {
    process.stderr.write('usage: tsx scripts/build/extras.ts STAGING REPORT.json\n');
    process.exit(2);
  }
  const report: BuildReport = { steps: [], record: {} };
  const ok = await runStep(report, 'extras', async () => ({ files: await writeAll(staging, extraFiles(getSite())) }), () => {});
  writeFileSync(reportFile, JSON.stringify(report));
  if (!ok) process.exitCode = 1;
}
