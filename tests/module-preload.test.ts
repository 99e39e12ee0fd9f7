/**
 * The build step that names a page's script chunks in its head (scripts/build/module-preload.ts), on a small built
 * site written here in Vite's minified style: static imports followed all the way down, dynamic imports left lazy,
 * a page without scripts untouched, and a second run adding nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addModulePreloads } from '../scripts/build/module-preload.ts';

describe('module preloads', () => {
  const dist = mkdtempSync(join(tmpdir(), 'cr-preload-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '_astro'));
  mkdirSync(join(dist, 'en', 'changes'), { recursive: true });
  const chunks: Record<string, string> = {
    'entry.A1.js': 'import{a as t}from"./shared.B2.js";import"./side.C3.js";const l=()=>import("./lazy.D4.js");t(l);',
    'shared.B2.js': 'export{h as a}from"./deep.E5.js";',
    'deep.E5.js': 'function h(x){return x}export{h};',
    'side.C3.js': 'document.body.dataset.x="import(\\"./not-a-file.js\\")";',
    'lazy.D4.js': 'import"./lazy-dep.F6.js";export const z=1;',
    'lazy-dep.F6.js': 'export const y=2;',
  };
  for (const [name, code] of Object.entries(chunks)) writeFileSync(join(dist, '_astro', name), code);
  const page = '<!DOCTYPE html><html><head><title>x</title></head><body><p>x</p><script type="module" src="/_astro/entry.A1.js"></script></body></html>';
  writeFileSync(join(dist, 'en', 'changes', 'index.html'), page);
  writeFileSync(join(dist, 'plain.html'), '<!DOCTYPE html><html><head></head><body>no script</body></html>');

  it('preloads the page\'s script and every chunk it imports statically, in the head, not the lazy ones', () => {
    expect(addModulePreloads(dist)).toEqual({ pages: 1, links: 4 });
    const html = readFileSync(join(dist, 'en', 'changes', 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/_astro/entry.A1.js', '/_astro/shared.B2.js', '/_astro/deep.E5.js', '/_astro/side.C3.js',
    ]);
    expect(html.slice(html.indexOf('</head>'))).toBe(page.slice(page.indexOf('</head>')));
    expect(readFileSync(join(dist, 'plain.html'), 'utf8')).toBe('<!DOCTYPE html><html><head></head><body>no script</body></html>');
  });
  it('adds nothing the second time', () => {
    const before = readFileSync(join(dist, 'en', 'changes', 'index.html'), 'utf8');
    expect(addModulePreloads(dist)).toEqual({ pages: 0, links: 0 });
    expect(readFileSync(join(dist, 'en', 'changes', 'index.html'), 'utf8')).toBe(before);
  });
});
