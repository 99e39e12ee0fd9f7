/**
 * A copy of the project as a fresh clone has it (sources, content, committed public files; no
 * src/generated/, public/search/, public/sandbox/, dist/ or caches), with node_modules linked entry by
 * entry, so a test can run the real `npm run build` / `npm start` without touching the checkout's
 * generated files. The copy's own caches (node_modules/.astro, .vite) stay its own.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

export function projectCopy(prefix = 'cr-copy-'): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  const skip = new Set(['src/generated', 'public/search', 'public/sandbox']);
  for (const name of ['src', 'scripts', 'content', 'public']) {
    cpSync(join(ROOT, name), join(copy, name), {
      recursive: true,
      filter: (from) => {
        const rel = from.slice(ROOT.length + 1);
        return !skip.has(rel) && !rel.split('/').some((part) => part.startsWith('.'));
      },
    });
  }
  for (const name of ['astro.config.mjs', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, name), join(copy, name));
  mkdirSync(join(copy, 'node_modules'));
  for (const e of readdirSync(join(ROOT, 'node_modules'))) if (e !== '.astro' && e !== '.vite' && e !== '.cache') symlinkSync(join(ROOT, 'node_modules', e), join(copy, 'node_modules', e));
  return copy;
}
