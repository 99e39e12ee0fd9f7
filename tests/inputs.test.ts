/**
 * The one policy for absent inputs (tests/inputs.ts), checked on an input that is missing on purpose:
 * under CI (CI=true or CI=1) it fails with what is missing and how to provide it; locally it skips and
 * prints why; a present input runs. The module reads CI once, so each case imports it afresh.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const ABSENT = { name: 'the rules mirror /nonexistent/rules', present: false, fix: 'set CR_ATLAS_RULES_DIR' };
const PRESENT = { name: 'a present input', present: true, fix: 'nothing' };

async function inputsUnder(ci: string): Promise<typeof import('./inputs.ts')> {
  vi.stubEnv('CI', ci);
  vi.resetModules();
  return import('./inputs.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('absent inputs', () => {
  it.each(['true', '1'])('CI=%s: a missing input fails, naming it and the fix', async (ci) => {
    const m = await inputsUnder(ci);
    expect(() => m.available(PRESENT, ABSENT)).toThrow(
      'CI: the rules mirror /nonexistent/rules is missing (set CR_ATLAS_RULES_DIR). CI runs every test; provide the input (or run without CI=true to skip locally).',
    );
    expect(() => m.needs(ABSENT)).toThrow(/^CI: the rules mirror \/nonexistent\/rules is missing/);
  });

  it('locally: a missing input skips, and the reason is printed', async () => {
    const m = await inputsUnder('');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(m.available(ABSENT)).toBe(false);
    expect(warn.mock.calls).toEqual([['[skipped] the rules mirror /nonexistent/rules is missing (set CR_ATLAS_RULES_DIR)']]);
    const gated = m.needs(ABSENT);
    expect(warn).toHaveBeenCalledTimes(2);
    expect([gated.it === it, gated.describe === describe]).toEqual([false, false]);
  });

  it('present inputs run, under CI and locally, without a word', async () => {
    for (const ci of ['true', '']) {
      const m = await inputsUnder(ci);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(m.available(PRESENT)).toBe(true);
      expect(m.needs(PRESENT).it).toBe(it);
      expect(warn).not.toHaveBeenCalled();
    }
  });
});
