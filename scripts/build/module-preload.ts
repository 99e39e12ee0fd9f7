/**
 * A build step: every page names, in its head, the script chunks its module scripts import (statically, all the way
 * down) with `<link rel="modulepreload">`. Astro writes a page's scripts at the end of its body and the browser finds
 * a chunk's own imports only once that chunk has arrived: on the review's slow phone (150 ms a request) the compare
 * page's code arrived in three rounds, the last 1.3 s in. Preloaded from the head (the scripts themselves too), every
 * chunk is asked for with the stylesheets.
 * Dynamic imports (`import("./x.js")`) stay lazy: only static `import … from "./x.js"`, `import "./x.js"` and
 * `export … from "./x.js"` are followed.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSETS = '_astro';
/** A static import or re-export of a sibling chunk, in Vite's output. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{][^;"'()]*?\bfrom\s*)?["']\.\/([^"'/]+\.js)["']/g;
const MODULE_SCRIPT = /<script type="module" src="\/_astro\/([^"/]+\.js)"/g;
const MARK = 'data-cr-preload';

/** Chunk file → the chunks it imports statically (its own folder's). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const code = readFileSync(join(dir, name), 'utf8');
    graph.set(name, [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!))]);
  }
  return graph;
}

/** Every chunk `roots` import, directly or not, in the order first met (the roots themselves left out). */
function staticDeps(graph: ReadonlyMap<string, readonly string[]>, roots: readonly string[]): string[] {
  const seen = new Set(roots);
  const out: string[] = [];
  const visit = (name: string) => {
    for (const dep of graph.get(name) ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      out.push(dep);
      visit(dep);
    }
  };
  roots.forEach(visit);
  return out;
}

/** The HTML files below `dir`. */
function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) htmlFiles(join(dir, e.name), out);
    else if (e.name.endsWith('.html')) out.push(join(dir, e.name));
  }
  return out;
}

/** Adds the preload links to every page of the built site `dist`; a page that has them already is left alone. */
export function addModulePreloads(dist: string): { pages: number; links: number } {
  const graph = importGraph(join(dist, ASSETS));
  let pages = 0;
  let links = 0;
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes(MARK)) continue;
    // The page's scripts too: they come last in its body, and a browser opens only so many connections at once.
    const roots = [...new Set([...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!))];
    const deps = [...roots, ...staticDeps(graph, roots)];
    const at = html.indexOf('</head>');
    if (deps.length === 0 || at < 0) continue;
    const tags = deps.map((d) => `<link rel="modulepreload" href="/${ASSETS}/${d}" ${MARK}>`).join('');
    writeFileSync(file, html.slice(0, at) + tags + html.slice(at));
    pages++;
    links += deps.length;
  }
  return { pages, links };
}
