#!/usr/bin/env node
/**
 * `npm run -s cr -- …`: the command line (scripts/cr.ts) as plain JavaScript, so a command answers at
 * once instead of starting a TypeScript loader and every module first. The first run after a change
 * bundles scripts/cr.ts with esbuild into .cache/cli/ (about a second); each command then loads only its
 * own chunk (the dynamic imports of cr.ts become chunks). A bundle is named after the newest modification
 * time under src/, scripts/ and package.json (src/generated/ included: the engine bundles crosswalk.json),
 * so a change makes a new one; it is written into a temporary directory and renamed into place, so
 * commands started at once (parallel tests) never read half a bundle.
 * Each module keeps its own `import.meta.url` (written into the bundle as its source file's URL), so the
 * project root and data paths resolve as they do from the sources.
 * Plain JavaScript on purpose: it runs before anything could compile TypeScript.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.cache', 'cli');

/** The newest modification time under `path`, skipping node_modules and dot entries (as scripts/freshness.ts). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let n = st.mtimeMs;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && !e.startsWith('.')) n = Math.max(n, newest(join(path, e)));
  return n;
}

function inputsTime() {
  return Math.max(newest(join(ROOT, 'src')), newest(join(ROOT, 'scripts')), newest(join(ROOT, 'package.json')));
}


/** esbuild plugin: `import.meta.url` of each module is its source file's URL (see above). */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const contents = text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text;
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** The bundle's entry for the sources as they are now, bundled first when there is none. */
export async function bundledCli() {
  const name = String(Math.floor(inputsTime()));
  const dir = join(CACHE, name);
  const entry = join(dir, 'cr.mjs');
  if (existsSync(entry)) return entry;
  mkdirSync(CACHE, { recursive: true });
  const tmp = join(CACHE, `.tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const { build } = await import('esbuild');
  await build({
    entryPoints: { cr: join(ROOT, 'scripts', 'cr.ts') },
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [ownUrl],
  });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another command bundled the same sources first
  }
  // Older bundles are of older sources: removed (best effort; one in use is read already).
  for (const old of readdirSync(CACHE)) if (old !== name && !old.startsWith('.')) rmSync(join(CACHE, old), { recursive: true, force: true });
  return entry;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await import(pathToFileURL(await bundledCli()).href);
}
