/**
 * The record of a build's steps (build.json's `stages`), shared by the steps before the pages
 * (scripts/build/prepare.ts), the Astro integration (scripts/build/integration.ts) and scripts/build/build.ts: how a step
 * is timed and counted, how its failure is kept (its message, without a stack trace when the message is
 * the whole story), and the sources' flags the build passes on.
 */
/** One step's entry in build.json. */
interface StepRecord {
  name: string;
  seconds: number;
  counts?: Record<string, number>;
  /** The step that ran at the same time, on the other core (its seconds are not added to the build's). */
  alongside?: string;
}

/** What the steps report (to scripts/build/integration.ts, and from it to scripts/build/build.ts). */
export interface BuildReport {
  steps: StepRecord[];
  /** Extra build.json fields: the sources with their checksums, the editions. */
  record: Record<string, unknown>;
  /** The step that failed and why (the build then stops with exit 1). */
  failed?: { step: string; message: string };
}

/** A step's failure as its own process reported it (the message is already the whole story). */
export class StepError extends Error {
  override name = 'StepError';
}

/** Error classes whose message is the whole story (located input errors): no stack trace is printed. */
const EXPECTED = new Set(['JsonFileError', 'SourceError', 'NotARulesDocumentError', 'GeneratedDataError', 'DownloadError', 'SandboxDataError', 'UsageError', 'StepError']);

/** Runs `run` as the step `name` of `report`; false (and `report.failed`) when it threw. */
export async function runStep(report: BuildReport, name: string, run: () => Promise<Record<string, number> | void> | Record<string, number> | void, log: (line: string) => void): Promise<boolean> {
  const t = Date.now();
  try {
    const counts = (await run()) ?? undefined;
    const seconds = Math.round((Date.now() - t) / 100) / 10;
    report.steps.push({ name, seconds, ...(counts ? { counts } : {}) });
    log(`${name}: ${seconds.toFixed(1)} s${counts ? ` (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`);
    return true;
  } catch (e) {
    const err = e as Error;
    report.failed = { step: name, message: EXPECTED.has(err.name) ? err.message : (err.stack ?? err.message) };
    return false;
  }
}

/** The flags of `npm run build -- --offline --allow-missing`, as scripts/build/build.ts passes them on. */
export function buildFlags(env: NodeJS.ProcessEnv = process.env): { offline: boolean; allowMissing: boolean } {
  const flags = env['CR_ATLAS_BUILD_FLAGS'] ? (JSON.parse(env['CR_ATLAS_BUILD_FLAGS']) as { offline?: boolean; allowMissing?: boolean }) : {};
  return { offline: flags.offline === true, allowMissing: flags.allowMissing === true };
}
