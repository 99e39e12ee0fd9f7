/**
 * Shared set-up of the end-to-end tests: one build of dist/ for all test files (reused while it is
 * newer than its inputs, guarded by a lock so parallel test files do not build twice), the static
 * server of scripts/start.ts on a random loopback port, and Debian's Chromium through playwright-core.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { DIST, ROOT, ensureBuilt, serve } from '../../scripts/start.ts';

import { CHROMIUM, hasChromium, launchChromium } from '../../scripts/browser.ts';

export { hasChromium };
export const launch = launchChromium;
if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} not found: browser tests are skipped (apt-get install -y chromium)`);

const LOCK = join(ROOT, '.cache', 'e2e-build.lock');

/** Runs `fn` while holding a cross-process lock (a directory; stale after 10 minutes). */
export async function withBuildLock<T>(fn: () => T | Promise<T>): Promise<T> {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 600_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds dist/ once if it is missing or stale (CR_ATLAS_E2E_REUSE=1 skips the freshness check). */
export async function ensureSite(): Promise<string> {
  await withBuildLock(() => {
    if (process.env['CR_ATLAS_E2E_REUSE'] === '1' && existsSync(join(DIST, 'index.html'))) return;
    ensureBuilt({ quiet: true });
  });
  return DIST;
}

export async function startServer(): Promise<{ server: Server; url: string }> {
  return serve(await ensureSite(), 0);
}
