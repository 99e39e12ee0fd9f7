/**
 * `npm start [-- --build]`: build the site if dist/ is missing, unfinished or older than its inputs (or
 * `--build`), then serve it on a local port (PORT, default 4321; 0 = any free port) with
 * scripts/server.ts and print the URL. A finished build is one whose dist/build.json says so
 * (scripts/build/build-run.ts writes it last, and only a finished build ever becomes dist/).
 *
 * A newcomer with neither the mirror of the rules documents nor a network still gets a site: start builds
 * with --allow-missing (from what the repository holds, the committed seeds), and then says on the
 * console — as every page of such a build does — which documents are missing and how to get them.
 * `npm run build` stays strict: it stops on a missing document unless given --allow-missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.ts';
import { newestMtime } from './freshness.ts';

export { serve } from './server.ts';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const DIST = join(ROOT, 'dist');

/** The finished build's record, or null when dist/ holds no finished build. */
export function finishedBuild(dist = DIST): { finishedAt: string } | null {
  try {
    const record = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as { status?: string; finishedAt?: string };
    return record.status === 'complete' && record.finishedAt ? { finishedAt: record.finishedAt } : null;
  } catch {
    return null;
  }
}

/** True when dist/ holds a finished build newer than the site's sources, content and configuration. */
export function distIsFresh(root = ROOT): boolean {
  const build = finishedBuild(join(root, 'dist'));
  if (!build) return false;
  const inputs = ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'package.json'].map((p) => newestMtime(join(root, p)));
  return Math.max(...inputs) < Date.parse(build.finishedAt);
}

/** The environment for a production build: without a test runner's variables (they change Vite's mode). */
export function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of Object.keys(env)) if (k === 'NODE_ENV' || k === 'TEST' || k.startsWith('VITEST')) delete env[k];
  return env;
}

/** The documents the finished build lacks (build.json's sources), each `id (lang edition): reason`. */
export function missingSources(dist = DIST): string[] {
  try {
    const record = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as { sources?: { id: string; lang: string; edition: string; status: string; reason?: string }[] };
    return (record.sources ?? []).filter((s) => s.status === 'missing').map((s) => `${s.id} (${s.lang} ${s.edition})${s.reason ? `: ${s.reason}` : ''}`);
  } catch {
    return [];
  }
}

/** Runs `npm run build -- --allow-missing` when dist/ is stale or unfinished (or `force`). */
export function ensureBuilt(options: { force?: boolean; quiet?: boolean } = {}): void {
  if (!options.force && distIsFresh()) return;
  const r = spawnSync('npm', ['run', 'build', '--', '--allow-missing'], { cwd: ROOT, stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8', env: buildEnv() });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status})\n${options.quiet ? `${r.stdout}\n${r.stderr}`.slice(-4000) : ''}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureBuilt({ force: process.argv.includes('--build') });
  } catch (e) {
    // The build said why; a previous finished site (if any) is still served rather than nothing.
    if (!finishedBuild()) {
      process.stderr.write(`start: no finished build to serve: ${(e as Error).message.split('\n')[0]}\n`);
      process.exit(1);
    }
    process.stderr.write(`start: the build failed; serving the previous finished build (${finishedBuild()!.finishedAt})\n`);
  }
  const missing = missingSources();
  if (missing.length > 0) {
    process.stderr.write(
      `start: this build lacks ${missing.length} source document${missing.length === 1 ? '' : 's'}; its pages say so, and /sources/ lists them:\n` +
        missing.map((m) => `  ${m}\n`).join('') +
        '  To get them: put the documents in a mirror directory (CR_ATLAS_RULES_DIR; ../shared/rules beside the project is found by itself) or connect to the network, then run "npm start -- --build".\n',
    );
  }
  const { url } = await serve(DIST, Number(process.env['PORT'] ?? 4321));
  process.stdout.write(`CR Atlas is served at ${url} (Ctrl+C to stop)\n`);
}
