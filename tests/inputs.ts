/**
 * The one policy for inputs a test needs but the repository does not hold: the rules mirror
 * (../shared/rules, or $CR_ATLAS_RULES_DIR) and Debian's Chromium. When one is missing:
 *   - under CI (CI=true or CI=1) the test file FAILS at collection with a message saying what is
 *     missing and how to provide it (CI must never pass by skipping);
 *   - locally the tests are skipped and the reason is printed once per file.
 * Usage: `const shared = needs(SHARED); shared.describe('…', …)` or `shared.it('…', …)`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { CHROMIUM } from '../scripts/browser.ts';
import { PROJECT_ROOT } from '../src/pipeline/sources.ts';

export interface Input {
  /** What it is, for the message. */
  name: string;
  present: boolean;
  /** How to provide it. */
  fix: string;
}

/** The rules mirror the real-document tests read. */
export const SHARED_RULES = process.env['CR_ATLAS_RULES_DIR'] ? resolve(process.env['CR_ATLAS_RULES_DIR']) : resolve(PROJECT_ROOT, '../shared/rules');

export const SHARED: Input = {
  name: `the rules mirror ${SHARED_RULES}`,
  present: existsSync(SHARED_RULES),
  fix: 'place the mirror at ../shared/rules beside the checkout or set CR_ATLAS_RULES_DIR',
};

export const BROWSER: Input = {
  name: `Chromium at ${CHROMIUM}`,
  present: existsSync(CHROMIUM),
  fix: 'apt-get install -y chromium, or set CHROMIUM_PATH',
};

export const inCI = ['true', '1'].includes(process.env['CI'] ?? '');

/** The message for missing inputs, or null when all are present. */
export function missingReason(inputs: Input[]): string | null {
  const missing = inputs.filter((i) => !i.present);
  return missing.length ? missing.map((m) => `${m.name} is missing (${m.fix})`).join('; ') : null;
}

/**
 * True when every input is present. Under CI a missing input throws; locally it prints why the
 * caller's tests are skipped and returns false.
 */
export function available(...inputs: Input[]): boolean {
  const reason = missingReason(inputs);
  if (reason === null) return true;
  if (inCI) throw new Error(`CI: ${reason}. CI runs every test; provide the input (or run without CI=true to skip locally).`);
  console.warn(`[skipped] ${reason}`);
  return false;
}

/** `describe`/`it` that run when every input is present, skip locally otherwise, and fail under CI. */
export function needs(...inputs: Input[]): { describe: typeof describe; it: typeof it } {
  if (available(...inputs)) return { describe, it };
  // A skipped suite's body is not run either: it may read the missing input while collecting.
  const skipped = (name: Parameters<typeof describe>[0]) => describe.skip(name, () => it.skip(`needs ${missingReason(inputs)}`));
  return { describe: skipped as unknown as typeof describe, it: it.skip as typeof it };
}
