/**
 * Runs the build's stages into a NEW directory beside dist/ (`.dist-next-PID`) and puts it in dist/'s place only when
 * every stage succeeded, so a failed or interrupted build (an error, a full disk, Ctrl+C) leaves the
 * previous site intact and `npm start` never serves half a site. The finished directory carries
 * build.json: the stages with their durations and counts, and whatever the stages add (sources).
 * One build at a time per checkout: a lock file beside dist/ (`dist.lock`, the builder's PID) is taken
 * first; a second build is refused at once, naming the first (it would otherwise overwrite the first's
 * generated data and swap its own dist/ over the other's). A lock whose process is gone is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onInterrupt, replaceDirectory, siblingOf } from './replace-dir.ts';

interface StageResult {
  /** Counts worth keeping in build.json (pages, files, bytes…). */
  counts?: Record<string, number>;
  /** The stage's own steps, recorded in build.json in its place (the Astro integration's, scripts/build/integration.ts). */
  steps?: { name: string; seconds: number; counts?: Record<string, number>; alongside?: string }[];
  /** Extra top-level build.json fields (e.g. sources). */
  record?: Record<string, unknown>;
}

export interface Stage {
  name: string;
  /** `out` is the new site directory (not yet dist/). */
  run: (out: string) => Promise<StageResult | void> | StageResult | void;
}

export interface BuildRecord {
  status: 'complete';
  startedAt: string;
  finishedAt: string;
  seconds: number;
  stages: { name: string; seconds: number; counts?: Record<string, number>; alongside?: string }[];
  [extra: string]: unknown;
}

export class BuildError extends Error {
  constructor(
    readonly stage: string,
    message: string,
  ) {
    super(message);
    this.name = 'BuildError';
  }
}

/** Another build holds the checkout's lock: nothing was done. */
export class BuildLockedError extends Error {
  constructor(
    readonly lock: string,
    readonly pid: number,
    readonly since: string,
  ) {
    super(`another build (process ${pid}, started ${since}) is building this checkout; this one did not start and changed nothing. Run it again when that one has finished (or remove ${lock} if process ${pid} is not a build)`);
    this.name = 'BuildLockedError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes `${dist}.lock` (created exclusively); returns its release. Throws BuildLockedError when a live process holds it. */
function takeBuildLock(dist: string, log: (line: string) => void = () => {}): () => void {
  const lock = `${dist}.lock`;
  const mine = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, mine, { flag: 'wx' });
      // Only our own lock is removed (a stale-lock takeover by another build may have replaced it); on Ctrl+C too.
      const remove = () => {
        if (readFileSync(lock, { encoding: 'utf8', flag: 'r' }) === mine) rmSync(lock, { force: true });
      };
      const stop = onInterrupt(remove);
      return () => {
        stop();
        remove();
      };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new BuildError('prepare', `cannot create the build lock ${lock}: ${code ?? (e as Error).message}`);
    }
    let held: { pid?: number; since?: string } = {};
    try {
      held = JSON.parse(readFileSync(lock, 'utf8')) as typeof held;
    } catch {
      /* unreadable or half-written: treated as stale below when no PID can be read */
    }
    if (typeof held.pid === 'number' && alive(held.pid)) throw new BuildLockedError(lock, held.pid, held.since ?? 'at an unknown time');
    log(`build: removed a stale lock ${lock} (process ${held.pid ?? '?'} is gone)`);
    rmSync(lock, { force: true });
  }
  throw new Error(`cannot take the build lock ${lock}`);
}

/**
 * Runs `stages` into a fresh directory and swaps it in for `dist` (scripts/build/replace-dir.ts), holding the
 * checkout's build lock. Throws BuildLockedError (nothing done) when another build holds it, BuildError
 * (stage named) after removing the unfinished directory; `dist` is then exactly what it was.
 */
export async function buildAtomically(dist: string, stages: Stage[], log: (line: string) => void = () => {}): Promise<BuildRecord> {
  const release = takeBuildLock(dist, log);
  try {
    return await buildLocked(dist, stages, log);
  } finally {
    release();
  }
}

async function buildLocked(dist: string, stages: Stage[], log: (line: string) => void): Promise<BuildRecord> {
  const started = Date.now();
  const record: BuildRecord = { status: 'complete', startedAt: new Date(started).toISOString(), finishedAt: '', seconds: 0, stages: [] };
  // Ctrl+C or a kill: replaceDirectory removes the unfinished directory (dist/ is untouched); say so.
  const stopListening = onInterrupt((signal) => log(`build: interrupted (${signal}); dist/ unchanged`));
  let current = 'prepare';
  try {
    await replaceDirectory(dist, async (out) => {
      for (const stage of stages) {
        current = stage.name;
        const t = Date.now();
        const r = (await stage.run(out)) ?? {};
        const seconds = Math.round((Date.now() - t) / 100) / 10;
        if (r.steps) record.stages.push(...r.steps);
        else record.stages.push({ name: stage.name, seconds, ...(r.counts ? { counts: r.counts } : {}) });
        Object.assign(record, r.record ?? {});
        log(`build: ${stage.name} done in ${seconds.toFixed(1)} s`);
      }
      current = 'finish';
      record.finishedAt = new Date().toISOString();
      record.seconds = Math.round((Date.now() - started) / 100) / 10;
      writeFileSync(join(out, 'build.json'), `${JSON.stringify(record, null, 1)}\n`);
    });
    log(`build: complete in ${record.seconds.toFixed(1)} s; dist/ replaced (dist/build.json), the previous site removed`);
    return record;
  } catch (e) {
    if (e instanceof BuildError) throw e; // a stage that names its own failing step
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      current === 'prepare' ? `cannot create the build directory ${siblingOf(dist, 'next')}: ${code ?? (e as Error).message}`
      : code === 'ENOSPC' ? `no space left on the device (${(e as Error).message})`
      : (e as Error).message;
    throw new BuildError(current, why);
  } finally {
    stopListening();
  }
}
