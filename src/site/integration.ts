/**
 * Astro integration: after the pages are built, write the redirect pages and the JSON export
 * (src/site/extras.ts) and put the languages' not-found pages in place (src/site/not-found.ts); in
 * `astro dev`, serve the same files from memory.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { extraFiles } from './extras.ts';
import { getSite } from './load.ts';
import { placeNotFoundPages } from './not-found.ts';

export function crAtlasExtras(): AstroIntegration {
  return {
    name: 'cr-atlas-extras',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const moved = placeNotFoundPages(out);
        if (moved.length > 0) logger.info(`not-found pages of ${moved.join(', ')} at /{lang}/404.html`);
        const started = Date.now();
        let count = 0;
        const made = new Set<string>();
        // Tens of thousands of tiny files: keep several writes in flight (the disk, not the CPU, is slow).
        const inFlight = new Set<Promise<void>>();
        for (const f of extraFiles(getSite())) {
          const file = join(out, f.path);
          const d = dirname(file);
          if (!made.has(d)) {
            mkdirSync(d, { recursive: true });
            made.add(d);
          }
          const p: Promise<void> = writeFile(file, f.content).then(() => void inFlight.delete(p));
          inFlight.add(p);
          if (inFlight.size >= 32) await Promise.race(inFlight);
          count++;
        }
        await Promise.all(inFlight);
        logger.info(`wrote ${count} redirect pages and JSON files in ${Date.now() - started} ms`);
      },
      'astro:server:setup': ({ server }) => {
        let files: Map<string, string> | null = null;
        server.middlewares.use((req, res, next) => {
          let path: string;
          try {
            path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\//, '');
          } catch {
            return next();
          }
          if (!/^(api\/|(en|ja|ko)\/)/.test(path)) return next();
          files ??= new Map([...extraFiles(getSite())].map((f) => [f.path, f.content]));
          const hit = files.get(path) ?? files.get(`${path.replace(/\/?$/, '/')}index.html`);
          if (!hit) return next();
          res.setHeader('Content-Type', path.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
          res.end(hit);
        });
      },
    },
  };
}
