/**
 * Vitest globalSetup of the browser project: builds dist/ once (`npm run build`, skipped while dist/
 * is newer than its inputs) in the main process before any browser test file starts, so files never
 * race to build. `vitest list` only collects, so it builds nothing. Under CI a missing Chromium fails
 * the run here with the reason; locally the browser tests skip (tests/inputs.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER, inCI, missingReason } from '../inputs.ts';
import { prepareData } from './data.ts';

export default async function setup(): Promise<void> {
  const reason = missingReason([BROWSER]);
  if (reason && inCI) throw new Error(`CI: ${reason}. The browser tests must run in CI.`);
  await prepareData();
  if (process.argv.slice(2).includes('list')) return;
  const started = Date.now();
  const { DIST, ensureBuilt } = await import('../../scripts/start.ts');
  // CR_ATLAS_E2E_REUSE=1: use an existing dist/ without the freshness check (iterating on a test).
  if (process.env['CR_ATLAS_E2E_REUSE'] === '1' && existsSync(join(DIST, 'index.html'))) return;
  ensureBuilt({ quiet: true });
  console.warn(`[setup] site built into dist/ in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
