/**
 * `npm run build [-- --offline] [-- --allow-missing]`: `astro build` into a new directory that replaces
 * dist/ only when it succeeded (scripts/build/build-run.ts), and build.json. What the build does, and in which
 * order, is the Astro integration's (scripts/build/integration.ts): `astro build` alone makes the same site;
 * this adds the atomic swap, one build at a time per checkout (dist.lock: a second one exits 1 at once,
 * naming the running one, and changes nothing), and the record of the steps (build.json: steps with
 * their durations and counts, sources with their checksums).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from './replace-dir.ts';
import { BuildError, BuildLockedError, buildAtomically } from './build-run.ts';
import { UsageError } from '../args.ts';
import { PROJECT_ROOT, SourceError, sourceSettings } from '../../src/pipeline/sources.ts';
import { parseSourceFlags } from '../sources.ts';
import type { BuildReport } from './build-report.ts';

const DIST = join(PROJECT_ROOT, 'dist');

let flags;
try {
  flags = parseSourceFlags(process.argv.slice(2));
  sourceSettings(flags); // a mistyped CR_ATLAS_RULES_DIR is refused before anything starts
} catch (e) {
  if (!(e instanceof UsageError || e instanceof SourceError)) throw e;
  process.stderr.write(`build: ${e.message}\n`);
  process.exit(1);
}

const reportDir = mkdtempSync(join(tmpdir(), 'cr-atlas-build-'));
const reportFile = join(reportDir, 'report.json');
try {
  await buildAtomically(
    DIST,
    [
      {
        name: 'astro build',
        run: (out) =>
          new Promise((ok, fail) => {
            const env = { ...process.env, CR_ATLAS_BUILD_FLAGS: JSON.stringify(flags), CR_ATLAS_BUILD_REPORT: reportFile };
            const child = spawn('npx', ['astro', 'build', '--outDir', out], { cwd: PROJECT_ROOT, stdio: 'inherit', env });
            // Interrupted: astro stops too (else it would go on writing into the removed directory).
            const stop = onInterrupt(() => child.kill('SIGTERM'));
            child.on('error', (e) => (stop(), fail(e)));
            child.on('exit', (code, signal) => {
              stop();
              let report: BuildReport | null = null;
              try {
                report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport;
              } catch {
                /* astro stopped before its integration wrote the report: its own message is above */
              }
              if (report?.failed) return fail(new BuildError(report.failed.step, report.failed.message));
              if (code !== 0 || !report) return fail(new Error(`astro build failed (${signal ?? `exit ${code}`}); its messages are above`));
              ok({ steps: report.steps, record: report.record });
            });
          }),
      },
    ],
    (line) => process.stdout.write(`${line}\n`),
  );
} catch (e) {
  if (e instanceof BuildLockedError) {
    process.stderr.write(`build: not started: ${e.message}\n`);
    process.exit(1);
  }
  if (!(e instanceof BuildError)) throw e;
  const detail = e.message.includes('\n') ? `\n${e.message.replace(/^/gm, '  ')}` : ` ${e.message}`;
  process.stderr.write(`build: failed at the ${e.stage} stage, dist/ unchanged (the previous site):${detail}\n`);
  process.exit(1);
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
