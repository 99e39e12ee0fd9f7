/**
 * Runs the build's stages into a NEW directory beside dist/ (`.dist-next-PID`) and puts it in dist/'s place only when
 * every stage succeeded, so a failed or interrupted build (an error, a full disk, Ctrl+C) leaves the
 * previous site intact and `npm start` never serves half a site. The finished directory carries
 * build.json: the stages with their durations and counts, and whatever the stages add (sources).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onInterrupt, replaceDirectory, siblingOf } from './replace-dir.ts';

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

/**
 * Runs `stages` into a fresh directory and swaps it in for `dist` (scripts/replace-dir.ts). Throws
 * BuildError (stage named) after removing the unfinished directory; `dist` is then exactly what it was.
 */
export async function buildAtomically(dist: string, stages: Stage[], log: (line: string) => void = () => {}): Promise<BuildRecord> {
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
        record.stages.push({ name: stage.name, seconds, ...(r.counts ? { counts: r.counts } : {}) });
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
