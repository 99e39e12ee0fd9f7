/**
 * `npm run bench -- suites`: the test suite's time per Vitest project (vitest.config.ts: `unit`, `build`,
 * `browser`), one run each, in a process of its own with CI's settings, wall time and Vitest's own count of test
 * files and tests. Minutes, not seconds: only when asked for by name (it is not in the default `npm run bench`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { table } from '../stats.ts';

const PROJECTS = ['unit', 'build', 'browser'] as const;

interface Report {
  numTotalTestSuites: number;
  numTotalTests: number;
  numFailedTests: number;
}

export function benchSuites(): string {
  const rows: (string | number)[][] = [];
  const dir = mkdtempSync(join(tmpdir(), 'cr-suites-'));
  try {
    for (const project of PROJECTS) {
      const out = join(dir, `${project}.json`);
      const started = performance.now();
      const run = spawnSync('npx', ['vitest', 'run', '--project', project, '--reporter=json', `--outputFile=${out}`], { cwd: PROJECT_ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] });
      const seconds = (performance.now() - started) / 1000;
      let report: Report | null = null;
      try {
        report = JSON.parse(readFileSync(out, 'utf8')) as Report;
      } catch {
        /* no report: the run failed before writing one */
      }
      rows.push([project, seconds.toFixed(0), report?.numTotalTestSuites ?? 'n/a', report?.numTotalTests ?? 'n/a', run.status === 0 ? 'passed' : `exit ${run.status}${report ? `, ${report.numFailedTests} failed` : ''}`]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return `Test suite per Vitest project (one run each, CI=true)\n${table(['project', 'seconds', 'files', 'tests', 'result'], rows)}`;
}
