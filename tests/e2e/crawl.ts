/** A crawler over dist/: every internal link, redirect and fragment must resolve. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { editionApiDir, glossaryApiFile, glossaryGroup, ruleSection, sectionApiFile } from '../../src/site/api-paths.ts';

export interface CrawlReport {
  pages: number;
  links: number;
  broken: string[];
  duplicateIds: string[];
}

const decode = (s: string) =>
  s
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? _)
    // Numeric references (Astro writes `&` in attributes as `&#38;`).
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)));

function* walk(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.name.endsWith('.html')) yield p;
  }
}

interface PageInfo {
  ids: Set<string>;
  refresh: string | null;
}

export function crawl(dist: string): CrawlReport {
  const cache = new Map<string, PageInfo>();
  const info = (file: string): PageInfo => {
    let i = cache.get(file);
    if (!i) {
      const html = readFileSync(file, 'utf8');
      const ids = new Set<string>();
      for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(decode(m[1]!));
      for (const m of html.matchAll(/\sid=([^\s">]+)/g)) ids.add(decode(m[1]!));
      const r = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(html);
      i = { ids, refresh: r ? decode(r[1]!) : null };
      cache.set(file, i);
    }
    return i;
  };
  const fileOf = (path: string): string | null => {
    let p: string;
    try {
      p = decodeURIComponent(path);
    } catch {
      return null;
    }
    const f = join(dist, p);
    if (p.endsWith('/')) return existsSync(join(f, 'index.html')) ? join(f, 'index.html') : null;
    if (existsSync(f) && statSync(f).isFile()) return f;
    return null;
  };
  const urlOf = (file: string) => `/${relative(dist, file).split(sep).join('/')}`.replace(/index\.html$/, '');

  const broken: string[] = [];
  const duplicateIds: string[] = [];
  const apiFiles = new Map<string, Set<string> | null>();
  /** The rule numbers or glossary slugs of a section or glossary-group file, or null when it is missing. */
  const apiEntries = (root: string, path: string): Set<string> | null => {
    if (!apiFiles.has(path)) {
      const file = join(root, path);
      const json = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { rules?: { number: string }[]; entries?: { slug: string }[] }) : null;
      apiFiles.set(path, json ? new Set([...(json.rules ?? []).map((r) => r.number), ...(json.entries ?? []).map((e) => e.slug)]) : null);
    }
    return apiFiles.get(path)!;
  };
  let pages = 0;
  let links = 0;
  for (const file of walk(dist)) {
    pages++;
    const html = readFileSync(file, 'utf8');
    const from = urlOf(file);
    const seen = new Set<string>();
    for (const m of html.matchAll(/\sid="([^"]*)"/g)) {
      if (seen.has(m[1]!)) duplicateIds.push(`${from}: id="${m[1]}" twice`);
      seen.add(m[1]!);
    }
    const targets: string[] = [];
    for (const m of html.matchAll(/<(?:a|link)\s[^>]*?href="([^"]*)"/g)) targets.push(decode(m[1]!));
    for (const m of html.matchAll(/<form\s[^>]*?action="([^"]*)"/g)) if (m[1] !== '#') targets.push(decode(m[1]!));
    const refresh = info(file).refresh;
    if (refresh) targets.push(refresh);
    // A preview's data: the rule in its section's file, the entry in its glossary group's (src/site/api-paths.ts).
    for (const m of html.matchAll(/\sdata-([rg])="([^"]+)"/g)) {
      const [, kind, key] = m;
      const [, lang, edition, id] = /^(\w+)\/([\d-]+)\/(.+)$/.exec(decode(key!)) ?? [];
      const file = kind === 'r' ? sectionApiFile(ruleSection(id ?? '') ?? '') : glossaryApiFile(glossaryGroup(id ?? ''));
      const path = `${editionApiDir(lang ?? '', edition ?? '')}${file}`;
      links++;
      const entries = apiEntries(dist, path);
      if (!entries?.has(id ?? '')) broken.push(`${from} → preview ${key} (${entries ? `not in ${path}` : `no file ${path}`})`);
    }
    for (const href of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // external
      links++;
      const url = new URL(href, `http://site${from}`);
      let path = url.pathname;
      let frag = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
      let target = fileOf(path);
      // Follow redirect pages (at most 3 hops); a link's own fragment wins over the redirect's.
      for (let hop = 0; target && hop < 3; hop++) {
        const r = target.endsWith('.html') ? info(target).refresh : null;
        if (!r) break;
        const next = new URL(r, `http://site${path}`);
        path = next.pathname;
        if (!frag && next.hash) frag = decodeURIComponent(next.hash.slice(1));
        target = fileOf(path);
      }
      if (!target) {
        broken.push(`${from} → ${href} (no file)`);
        continue;
      }
      if (frag && target.endsWith('.html') && !info(target).ids.has(frag)) broken.push(`${from} → ${href} (no #${frag})`);
    }
  }
  return { pages, links, broken, duplicateIds };
}
