/**
 * `npm start`: build the site if dist/ is missing or older than its inputs, then serve dist/ on a local
 * port (PORT, default 4321; 0 = any free port) and print the URL.
 *
 * A tiny static server: correct MIME types, `/x` → `/x/` redirects for directories (so
 * `/en/702.19b` works), `404.html` for unknown paths, HEAD support, no directory listings.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const DIST = join(ROOT, 'dist');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  // Pagefind's index files.
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(path)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, e)));
  }
  return newest;
}

/** True when dist/ exists and is newer than the site's sources, content and configuration. */
export function distIsFresh(root = ROOT): boolean {
  const marker = join(root, 'dist', 'index.html');
  if (!existsSync(marker)) return false;
  const built = statSync(marker).mtimeMs;
  const inputs = ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'package.json'].map((p) => newestMtime(join(root, p)));
  return Math.max(...inputs) < built;
}

/** The environment for a production build: without a test runner's variables (they change Vite's mode). */
export function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of Object.keys(env)) if (k === 'NODE_ENV' || k === 'TEST' || k.startsWith('VITEST')) delete env[k];
  return env;
}

/** Runs `npm run build` when dist/ is stale (or `force`). */
export function ensureBuilt(options: { force?: boolean; quiet?: boolean } = {}): void {
  if (!options.force && distIsFresh()) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8', env: buildEnv() });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status})\n${options.quiet ? `${r.stdout}\n${r.stderr}`.slice(-4000) : ''}`);
}

function fileFor(dist: string, urlPath: string): { file: string } | { redirect: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = normalize(join(dist, decoded));
  if (target !== dist && !target.startsWith(dist + sep)) return null;
  if (!existsSync(target)) return null;
  const st = statSync(target);
  if (st.isDirectory()) {
    if (!urlPath.endsWith('/')) return { redirect: `${urlPath}/` };
    const index = join(target, 'index.html');
    return existsSync(index) ? { file: index } : null;
  }
  return { file: target };
}

/** Serves `dist` on 127.0.0.1:`port` (0 = random free port). */
export function serve(dist = DIST, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, file: string): void => {
      res.writeHead(status, {
        'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const hit = fileFor(dist, url.pathname);
    if (hit && 'redirect' in hit) {
      res.writeHead(301, { Location: hit.redirect + url.search }).end();
      return;
    }
    const notFound = join(dist, '404.html');
    if (hit) send(200, hit.file);
    else if (existsSync(notFound)) send(404, notFound);
    else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address() as AddressInfo;
      ok({ server, url: `http://127.0.0.1:${p}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuilt({ force: process.argv.includes('--build') });
  const { url } = await serve(DIST, Number(process.env['PORT'] ?? 4321));
  process.stdout.write(`CR Atlas is served at ${url} (Ctrl+C to stop)\n`);
}
