/**
 * `tsx scripts/build/pagefind.ts [DIST]`: the full-text index, run after `astro build` (the lead wires it
 * into `npm run build`). Uses Pagefind's Node API on the built pages:
 *   - only pages marked `data-pagefind-body` (rule section pages and the glossary) are indexed;
 *   - one index per `<html lang>` (en, ja, ko; never `forceLanguage`, which would merge them and turn
 *     off Japanese segmentation; docs/design-notes.md §3);
 *   - every rule element (`id="702.19b" data-rule="702.19b"`) gets `data-pagefind-title` in the HTML
 *     handed to Pagefind (the files on disk are not changed), so each rule is a sub-result with its
 *     own anchor (`/en/702/2/#702.19b`);
 *   - filters come from the pages (`data-pagefind-filter="section:702"`, `edition:…`);
 *   - Pagefind is handed only what it reads (`pagefindView`): the page's `<html>` tag and `<title>`, and the
 *     `<main data-pagefind-body>` element without link targets and classes. The site's sidebar alone is a third
 *     of a rule page, and parsing what is then ignored was half of Pagefind's time.
 * Fails (exit 1) when Pagefind reports errors or indexes no page.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './search-index.ts';
import * as pagefind from 'pagefind';

/**
 * Adds `data-pagefind-title` to rule elements and glossary entries (`<dt id="g-trample">`) so
 * Pagefind makes one sub-result per rule and per entry, each with its own anchor.
 */
function markRuleAnchors(html: string): string {
  return html
    .replace(/<([a-z][a-z0-9]*)(\s[^>]*?\bdata-rule="([^"]+)"[^>]*)>/g, (tag, name: string, attrs: string, number: string) => {
      if (!/\sid="/.test(attrs) || /data-pagefind-title/.test(attrs)) return tag;
      return `<${name}${attrs} data-pagefind-title="${number}">`;
    })
    .replace(/<dt(\s[^>]*?\bid="(g-[^"]+)"[^>]*)>/g, (tag, attrs: string, slug: string) =>
      /data-pagefind-title/.test(attrs) ? tag : `<dt${attrs} data-pagefind-title="${slug}">`,
    );
}

/** Attributes Pagefind never reads (it reads text, `id`, `lang`, `alt` and `data-pagefind-*`); dropped to parse less. */
const UNREAD_ATTRIBUTES = / (?:href|class|rel|tabindex|data-renumber|data-g|data-r)="[^"]*"/g;

/**
 * What Pagefind reads of a built page: the `<html …>` tag (its `lang` picks the index), the `<title>`, and the
 * `data-pagefind-body` element (the site's one, `<main>`), each rule anchor marked. A page without that `<main>`
 * is handed over whole.
 */
export function pagefindView(html: string): string {
  const open = /<main\b[^>]*\bdata-pagefind-body[^>]*>/.exec(html);
  const end = html.lastIndexOf('</main>');
  const htmlTag = /<html\b[^>]*>/.exec(html);
  if (!open || !htmlTag || end < open.index) return markRuleAnchors(html);
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  const main = html.slice(open.index, end + '</main>'.length).replace(UNREAD_ATTRIBUTES, '');
  return `<!DOCTYPE html>${htmlTag[0]}<head>${title}</head><body>${markRuleAnchors(main)}</body></html>`;
}

function* htmlFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'pagefind' || e.name === '_astro' || e.name === 'search') continue;
      yield* htmlFiles(p);
    } else if (e.name.endsWith('.html')) yield p;
  }
}

export interface PagefindReport {
  pages: number;
  files: number;
  ms: number;
}

/** Pagefind also writes its ready-made UIs; the site uses only the JS API (pagefind.js and its worker). */
export const UNUSED_PAGEFIND_FILES = [
  'pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css',
  'pagefind-component-ui.js', 'pagefind-component-ui.css', 'pagefind-highlight.js',
];

/** How many files are handed to Pagefind before waiting for an answer. */
const IN_FLIGHT = 16;

/** Indexes `dist` and writes `dist/pagefind/` (without the unused UI bundles). */
export async function runPagefind(dist = join(ROOT, 'dist')): Promise<PagefindReport> {
  const started = Date.now();
  // Imported statically: the build calls this from Astro's integration, where a dynamic import fails.
  const { index, errors } = await pagefind.createIndex({});
  if (errors.length || !index) throw new Error(`pagefind: ${errors.join('; ') || 'no index'}`);
  let pages = 0;
  try {
    // Pagefind's service answers each file in its own time: handing it files one at a time leaves both cores idle
    // between answers, so a few are kept in flight (the order of the pages does not change the index).
    const inFlight = new Set<Promise<void>>();
    for (const file of htmlFiles(dist)) {
      const html = readFileSync(file, 'utf8');
      if (!html.includes('data-pagefind-body')) continue;
      const rel = relative(dist, file).split(sep).join('/');
      const url = `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
      const added: Promise<void> = index.addHTMLFile({ url, content: pagefindView(html) }).then((r) => {
        inFlight.delete(added);
        if (r.errors.length) throw new Error(`pagefind: ${url}: ${r.errors.join('; ')}`);
      });
      inFlight.add(added);
      pages++;
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (pages === 0) throw new Error(`pagefind: no page with data-pagefind-body under ${dist}`);
    const w = await index.writeFiles({ outputPath: join(dist, 'pagefind') });
    if (w.errors.length) throw new Error(`pagefind: ${w.errors.join('; ')}`);
    for (const f of UNUSED_PAGEFIND_FILES) rmSync(join(dist, 'pagefind', f), { force: true });
    const files = (await index.getFiles()).files.length;
    return { pages, files, ms: Date.now() - started };
  } finally {
    await pagefind.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'dist');
  try {
    const r = await runPagefind(dist);
    process.stdout.write(`pagefind: indexed ${r.pages} pages, wrote ${r.files} files to ${join(dist, 'pagefind')} in ${r.ms} ms\n`);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
