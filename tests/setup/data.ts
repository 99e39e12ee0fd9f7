/**
 * Vitest globalSetup (every run, also `vitest list`): makes src/generated/ current before any test
 * file is imported, so single files and fresh clones work. It reruns `npm run data`'s stage only when
 * the generated data is missing, older than its inputs (the pipeline, the model, content/, the
 * mirror), or was made from another mirror. Under CI a missing mirror fails the run here.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { newestMtime } from '../../scripts/freshness.ts';
import { catalogFile } from '../../src/pipeline/generated.ts';
import { SHARED, SHARED_RULES, inCI, missingReason } from '../inputs.ts';

const STAMP = join(PROJECT_ROOT, '.cache', 'generated-from.json');

function dataIsFresh(stamp: string): boolean {
  const catalog = catalogFile();
  if (!existsSync(catalog) || !existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== stamp) return false;
  const inputs = ['src/pipeline', 'src/model', 'src/history', 'content', 'scripts/data.ts', 'scripts/history-data.ts'].map((p) => newestMtime(join(PROJECT_ROOT, p)));
  return Math.max(...inputs, newestMtime(SHARED_RULES)) < statSync(catalog).mtimeMs;
}

/** Writes src/generated/ unless it is current. */
export async function prepareData(): Promise<void> {
  const reason = missingReason([SHARED]);
  if (reason && inCI) throw new Error(`CI: ${reason}. The tests read the real documents; CI must not run without them.`);
  if (reason) console.warn(`[setup] ${reason}: the generated data holds the committed seeds only; tests that need the mirror are skipped`);
  const stamp = JSON.stringify({ mirror: reason ? null : SHARED_RULES, generated: process.env['CR_ATLAS_GENERATED'] ?? null });
  if (dataIsFresh(stamp)) return;
  const started = Date.now();
  const { writeGeneratedData } = await import('../../scripts/data.ts');
  const { sourceSettings } = await import('../../src/pipeline/sources.ts');
  // The stage's per-document report is long (84 editions); `npm run data` shows it. Keep its last line.
  const write = process.stdout.write.bind(process.stdout);
  let report = '';
  process.stdout.write = ((chunk: string | Uint8Array) => ((report += String(chunk)), true)) as typeof process.stdout.write;
  try {
    // Without the mirror (locally): the committed seeds only, offline and allowing the missing
    // documents, as the warning above says; never a download attempt that fails the whole run.
    await writeGeneratedData(reason ? sourceSettings({ offline: true, allowMissing: true }) : sourceSettings());
  } finally {
    process.stdout.write = write;
  }
  console.warn(`[setup] ${report.trim().split('\n').at(-1) ?? ''}`);
  mkdirSync(join(PROJECT_ROOT, '.cache'), { recursive: true });
  writeFileSync(STAMP, stamp);
  console.warn(`[setup] generated data written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default async function setup(): Promise<void> {
  await prepareData();
}
