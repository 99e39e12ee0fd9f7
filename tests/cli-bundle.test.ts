/**
 * The command line as users run it (`npm run -s cr`, scripts/cr.mjs: the bundled JavaScript) answers as
 * the TypeScript sources do: the same output and exit code for a search, a rule's history and a usage
 * error, with each module's own paths intact (the bundle keeps every module's import.meta.url).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/pipeline/sources.ts';

const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });

describe('the bundled command line', () => {
  for (const args of [['search', '--lang', 'ja', 'トランプル'], ['history', '702.19b'], ['search', '--lang', 'xx', 'x'], ['nonsense']]) {
    it(`cr ${args.join(' ')}: as from the sources`, () => {
      const bundled = run(['scripts/cr.mjs', ...args]);
      const sources = run(['--import', 'tsx', 'scripts/cr.ts', ...args]);
      expect([bundled.status, bundled.stdout, bundled.stderr]).toEqual([sources.status, sources.stdout, sources.stderr]);
    });
  }
  it('finds the project’s data from its bundle (a search answers with rules, not an empty list)', () => {
    const r = run(['scripts/cr.mjs', 'search', '--lang', 'en', '702.19b']);
    expect(JSON.parse(r.stdout).results[0].number).toBe('702.19b');
  });
});
