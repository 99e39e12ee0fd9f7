/**
 * Runs the build's stages into a NEW directory beside dist/ and puts it in dist/'s place only when
 * every stage succeeded, so a failed or interrupted build (an error, a full disk, Ctrl+C) leaves the
 * previous site intact and `npm start` never serves half a site. The finished directory carries
 * build.json: the stages with their durations and counts, and whatever the stages add (sources).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface StageResult {
  /** Counts worth keeping in build.json (pages, files, bytes…). */
  counts?: Record<string, number>;
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
  stages: { name: string; seconds: number; counts?: Record<string, number> }[];
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

const NEXT_PREFIX = '.dist-next-';

/** Directories of builds that never finished (their process is gone): removed before a new build. */
export function staleBuilds(dist: string): string[] {
  const parent = dirname(dist);
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .filter((n) => n.startsWith(`${NEXT_PREFIX}${basename(dist)}-`) || n.startsWith(`.dist-old-${basename(dist)}-`))
    .filter((n) => {
      const pid = Number(n.split('-').at(-1));
      if (!Number.isInteger(pid) || pid === process.pid) return true;
      try {
        process.kill(pid, 0);
        return false; // still building
      } catch {
        return true;
      }
    })
    .map((n) => join(parent, n));
}

/**
 * Runs `stages` into a fresh directory and swaps it in for `dist`. Throws BuildError (stage named)
 * after removing the unfinished directory; `dist` is then exactly what it was.
 */
export async function buildAtomically(dist: string, stages: Stage[], log: (line: string) => void = () => {}): Promise<BuildRecord> {
  for (const stale of staleBuilds(dist)) rmSync(stale, { recursive: true, force: true });
  const out = join(dirname(dist), `${NEXT_PREFIX}${basename(dist)}-${process.pid}`);
  const started = Date.now();
  const record: BuildRecord = { status: 'complete', startedAt: new Date(started).toISOString(), finishedAt: '', seconds: 0, stages: [] };
  // Ctrl+C or a kill: remove the unfinished directory (dist/ is untouched), then die as signalled.
  const onSignal = (signal: NodeJS.Signals) => {
    rmSync(out, { recursive: true, force: true });
    log(`build: interrupted (${signal}); dist/ unchanged`);
    process.kill(process.pid, signal);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.once(s, onSignal);
  let current = 'prepare';
  try {
    try {
      mkdirSync(out, { recursive: true });
    } catch (e) {
      throw new Error(`cannot create the build directory ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    for (const stage of stages) {
      current = stage.name;
      const t = Date.now();
      const r = (await stage.run(out)) ?? {};
      const seconds = Math.round((Date.now() - t) / 100) / 10;
      record.stages.push({ name: stage.name, seconds, ...(r.counts ? { counts: r.counts } : {}) });
      Object.assign(record, r.record ?? {});
      log(`build: ${stage.name} done in ${seconds.toFixed(1)} s`);
    }
    current = 'finish';
    record.finishedAt = new Date().toISOString();
    record.seconds = Math.round((Date.now() - started) / 100) / 10;
    writeFileSync(join(out, 'build.json'), `${JSON.stringify(record, null, 1)}\n`);
    // The swap: two renames, the old site removed only after the new one is in place.
    const old = join(dirname(dist), `.dist-old-${basename(dist)}-${process.pid}`);
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(out, dist);
    log(`build: complete in ${record.seconds.toFixed(1)} s; dist/ replaced (dist/build.json); removing the previous site`);
    rmSync(old, { recursive: true, force: true });
    return record;
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    const why = (e as NodeJS.ErrnoException).code === 'ENOSPC' ? `no space left on the device (${(e as Error).message})` : (e as Error).message;
    throw new BuildError(current, why);
  } finally {
    for (const s of signals) process.removeListener(s, onSignal);
  }
}
