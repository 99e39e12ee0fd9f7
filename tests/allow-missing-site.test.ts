/**
 * `--allow-missing` end to end: in a copy of the project (tests/project-copy.ts), offline, with a
 * mirror directory holding only the English 2019-01-25 document, the real `npm run build`
 *   - without --allow-missing stops, naming every missing document (its file, expected sha256 and
 *     public address), and leaves no dist/ — or, once there is one, the previous site as it was;
 *   - with --allow-missing builds a site whose home page and /sources/ page say which documents were
 *     used (where from, edition, checksum) and which are missing, whose dist/build.json records them,
 *     and in which no internal link (href/src of any HTML file, sitemap entries) points at a file
 *     that was not built.
 * What is used and missing is derived from content/manifest.json and the mirror, not from the
 * build's output: the committed sources and the one mirrored document are used, every other
 * mirror-only source is missing.
 * Second case (S13, needs no mirror): not one English document — an empty mirror, offline,
 * --allow-missing — builds the Japanese and Korean editions only, with no /en/ page or link, no page
 * claiming three languages, and the build's _headers and _redirects checked, with no precompressed copies (S9).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe as describeAlways, expect, it as itAlways } from 'vitest';
import { buildEnv } from '../scripts/start.ts';
import { loadManifest, sha256, type SourceEntry } from '../src/pipeline/sources.ts';
import { DEFAULT_SITE } from '../src/site/render/seo.ts';
import { headersFile } from '../src/site/host/headers.ts';
import { SHARED, needs } from './inputs.ts';
import { ROOT, SHARED_RULES } from './helpers.ts';
import { projectCopy } from './project-copy.ts';
import { crawl as crawlLinks } from './e2e/crawl.ts';

const { describe, it } = needs(SHARED);

const KEPT = 'en/MagicCompRules-2019-01-25.txt';

/** The text of the first checksum in a piece of HTML (shown in 8-digit groups with line-break hints). */
const hashIn = (html: string) => /<code class="hash"[^>]*>([\s\S]*?)<\/code>/.exec(html)?.[1]!.replace(/<[^>]+>/g, '');

/**
 * Every internal link of a built site — href/src of every HTML file, sitemap entries — and the ones
 * pointing at a file that was not built (`dead`, each with a page linking to it).
 */
function crawl(dist: string): { dead: string[]; html: number; links: number; built: Set<string> } {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((f) => `/${f}`);
  const built = new Set(files);
  const site = new URL(DEFAULT_SITE);
  const target = (path: string) => (path.endsWith('/') ? `${path}index.html` : path);
  const dead = new Map<string, string>();
  let links = 0;
  const check = (ref: string, from: string) => {
    const url = new URL(ref.replaceAll('&amp;', '&'), new URL(from, site));
    if (url.origin !== site.origin) return;
    links++;
    const path = target(decodeURIComponent(url.pathname));
    if (!built.has(path) && !dead.has(path)) dead.set(path, from);
  };
  const html = files.filter((f) => f.endsWith('.html'));
  for (const f of html) {
    const text = readFileSync(join(dist, f), 'utf8');
    const from = f.endsWith('/index.html') ? f.slice(0, -'index.html'.length) : f;
    for (const m of text.matchAll(/\s(?:href|src)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)) {
      const ref = m[1] ?? m[2] ?? m[3]!;
      if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(ref) && !ref.startsWith(site.origin)) continue; // mailto:, data:, other sites, same-page anchors
      check(ref, from);
    }
  }
  for (const f of files.filter((f) => /^\/sitemap-\d+\.xml$/.test(f))) {
    for (const m of readFileSync(join(dist, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) check(m[1]!, f);
  }
  return { dead: [...dead].map(([path, from]) => `${path} (linked from ${from})`), html: html.length, links, built };
}

describe('npm run build with one English document in the mirror, offline', () => {
  let copy: string;
  let mirror: string;
  let dist: string;
  const sources = loadManifest(ROOT).sources;
  const used = sources.filter((s) => s.file !== undefined || s.mirror === KEPT);
  const missing = sources.filter((s) => !used.includes(s));
  const fileOf = (s: SourceEntry) => (s.file ? join(ROOT, s.file) : join(SHARED_RULES, s.mirror!));

  const build = (...flags: string[]) => {
    const env = buildEnv({ CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_OFFLINE: '1' });
    for (const k of ['CR_ATLAS_GENERATED', 'CR_ATLAS_ALLOW_MISSING', 'CR_ATLAS_DOWNLOAD', 'CR_ATLAS_SITE']) delete env[k];
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts', ...flags], { cwd: copy, env, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  };
  const page = (path: string) => readFileSync(join(dist, path), 'utf8');
  /** What each of the three builds left, taken in beforeAll so no test depends on another's having run. */
  const runs = {} as {
    strict: { r: ReturnType<typeof build>; dist: boolean; unfinished: string[] };
    allowed: ReturnType<typeof build>;
    again: { r: ReturnType<typeof build>; before: [string, string]; after: [string, string]; unfinished: string[] };
  };

  beforeAll(() => {
    copy = projectCopy('cr-allow-missing-');
    dist = join(copy, 'dist');
    mirror = mkdtempSync(join(tmpdir(), 'cr-one-doc-mirror-'));
    mkdirSync(join(mirror, 'en'));
    cpSync(join(SHARED_RULES, KEPT), join(mirror, KEPT));
    const unfinished = () => readdirSync(copy).filter((n) => n.startsWith('.dist-next-'));
    // (a) strict, with no site yet; (b) --allow-missing; (a) strict again, once there is a site.
    const strict = build();
    runs.strict = { r: strict, dist: existsSync(dist), unfinished: unfinished() };
    runs.allowed = build('--allow-missing');
    const before: [string, string] = [page('build.json'), page('index.html')];
    const again = build();
    runs.again = { r: again, before, after: [page('build.json'), page('index.html')], unfinished: unfinished() };
  }, 900_000);
  afterAll(() => {
    for (const d of [copy, mirror]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('the manifest has what this test needs: sources committed, the kept one, and missing ones of each language but Japanese', () => {
    expect(used.map((s) => s.id)).toEqual(['ko-2017-01-20-part7', 'ko-2017-01-20-part1', 'ko-2017-01-20-part5', 'ko-2017-01-20-part9', 'ja-2019-01-25', 'en-2019-01-25']);
    expect(missing.filter((s) => s.pages !== false).map((s) => s.id)).toEqual(['en-2017-01-20', 'en-2026-01-16', 'ko-2019-01-25']);
  });

  it('(a) without --allow-missing: exit 1 naming each missing document (file, expected sha256, public address); no dist/', () => {
    const { r } = runs.strict;
    expect(r.status).toBe(1);
    for (const s of missing) {
      expect(r.stderr).toContain(`  source ${s.id} (${s.lang} ${s.edition}) is missing: wanted ${s.mirror} in the mirror directory, sha256 ${s.sha256}, public address ${s.url}${s.archive ? ` (archived copy ${s.archive})` : ''}; not in mirror ${mirror}; offline (CR_ATLAS_OFFLINE=1)\n`);
    }
    expect(r.stderr).toContain('build: failed at the data stage, dist/ unchanged (the previous site):\n');
    expect(r.stderr).toContain('  pass --allow-missing (or CR_ATLAS_ALLOW_MISSING=1) to build the site without the missing documents; it then lists them on /sources/\n');
    expect(runs.strict.dist).toBe(false);
    expect(runs.strict.unfinished).toEqual([]);
  });

  it('(b) with --allow-missing: the site is built', () => {
    const r = runs.allowed;
    expect(r.status, `${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`).toBe(0);
    expect(existsSync(join(dist, 'build.json'))).toBe(true);
  });

  it('(b) the home page says which documents were used (where from, edition, sha256) and which are missing', () => {
    const home = page('index.html');
    const notice = /<div class="notice notice-missing"[^>]*>([\s\S]*?)<\/div>/.exec(home)?.[1] ?? '';
    expect(notice).toContain(`This build lacks ${missing.length} of its ${sources.length} source documents; only pages built from the others are linked.`);
    for (const s of used) {
      const item = new RegExp(`<li data-source-used="${s.id}"[^>]*>([\\s\\S]*?)</li>`).exec(notice)?.[1];
      expect(item, s.id).toBeDefined();
      expect(item).toContain(`<code>${s.id}</code>`);
      expect(item).toContain(s.edition);
      expect(item).toContain(s.file ? `committed in the repository: <code>${s.file}</code>` : `mirror copy: <code>${s.mirror}</code>`);
      expect(hashIn(item!)).toBe(sha256(readFileSync(fileOf(s))));
    }
    const listedMissing = [...notice.matchAll(/<li data-source-missing="([^"]+)"/g)].map((m) => m[1]);
    expect(listedMissing).toEqual(missing.map((s) => s.id));
    expect(notice).toContain(`<summary>Missing ${missing.length} documents:</summary>`);
    expect(notice).toContain(`<details open> <summary>Built from ${used.length} documents:</summary>`);
    expect(notice).toContain('<a href="/sources/">Sources</a>');
  });

  it('(b) /sources/ lists every used document with where from, edition and sha256, and every missing one with its reason', () => {
    const html = page('sources/index.html');
    for (const s of used) {
      const row = new RegExp(`<tr data-source="${s.id}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1];
      expect(row, s.id).toBeDefined();
      expect(row).toContain(s.edition);
      expect(row).toContain(s.file ? `committed in the repository: <code>${s.file}</code>` : `mirror copy: <code>${s.mirror}</code>`);
      expect(hashIn(row!)).toBe(sha256(readFileSync(fileOf(s))));
    }
    const rows = [...html.matchAll(/<li data-source="([^"]+)"><code>[^<]*<\/code> \(([^)]*)\): ([^<—]*)/g)];
    expect(rows.map((m) => m[1])).toEqual(missing.map((s) => s.id));
    for (const m of rows) expect(m[3]!.trim()).toBe('not in mirror the mirror directory; offline (CR_ATLAS_OFFLINE=1)');
  });

  it('(c) no internal link of any built HTML file or sitemap points at a file that was not built', () => {
    const { dead, html, links, built } = crawl(dist);
    expect(dead).toEqual([]);
    // The crawl saw the site: every page, and links between the languages the build has.
    expect(html).toBeGreaterThan(1000);
    expect(links).toBeGreaterThan(html);
    for (const lang of ['en', 'ja', 'ko']) expect(built.has(`/${lang}/index.html`), lang).toBe(true);
    // Pages of documents that are missing were not built (the check above is not vacuous).
    for (const path of ['/en/2026-01-16/index.html', '/en/2017-01-20/index.html', '/ko/2019-01-25/index.html']) expect(built.has(path), path).toBe(false);
  });

  it('(d) dist/build.json records the used and the missing documents', () => {
    const record = JSON.parse(page('build.json')) as { status: string; sources: { id: string; status: string; sha256?: string; reason?: string }[]; stages: { name: string; counts?: Record<string, number> }[] };
    expect(record.status).toBe('complete');
    expect(record.sources.filter((s) => s.status === 'missing').map((s) => s.id)).toEqual(missing.map((s) => s.id));
    expect(record.sources.filter((s) => s.status === 'used').map((s) => [s.id, s.sha256])).toEqual(used.map((s) => [s.id, sha256(readFileSync(fileOf(s)))]));
    expect(record.stages.find((s) => s.name === 'data')!.counts).toMatchObject({ sourcesUsed: used.length, sourcesMissing: missing.length });
  });

  it('(a) once a site is built, a build without --allow-missing fails and leaves it exactly as it was', () => {
    const { r, before, after, unfinished } = runs.again;
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('build: failed at the data stage, dist/ unchanged (the previous site):\n');
    expect(after).toEqual(before);
    expect(unfinished).toEqual([]);
  });
});

/**
 * S13, a fresh clone with no mirror and no network: not one English document. `npm run build --
 * --allow-missing` (offline, an empty mirror directory) builds the languages it has — the committed
 * Japanese and Korean seeds — and says so: no English page, no link to one, no page claiming three
 * languages, and the partial Korean edition does not promise links to an English it lacks. Without
 * --allow-missing the same build stops (tests/start.test.ts: `npm start` with an empty mirror).
 * Expected languages, editions and documents come from content/manifest.json (the committed sources).
 */
// Needs no mirror: this is the situation without one.
describeAlways('npm run build --allow-missing with no English document at all (S13: no mirror, offline)', () => {
  let copy: string;
  let empty: string;
  let dist: string;
  let result: ReturnType<typeof spawnSync>;
  const sources = loadManifest(ROOT).sources;
  const committed = sources.filter((s) => s.file !== undefined);
  const page = (path: string) => readFileSync(join(dist, path), 'utf8');
  const htmlFiles = () => readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));

  beforeAll(() => {
    copy = projectCopy('cr-no-english-');
    dist = join(copy, 'dist');
    empty = mkdtempSync(join(tmpdir(), 'cr-empty-mirror-'));
    const env = buildEnv({ CR_ATLAS_RULES_DIR: empty, CR_ATLAS_OFFLINE: '1' });
    for (const k of ['CR_ATLAS_GENERATED', 'CR_ATLAS_ALLOW_MISSING', 'CR_ATLAS_DOWNLOAD', 'CR_ATLAS_SITE']) delete env[k];
    result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts', '--allow-missing'], { cwd: copy, env, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  }, 600_000);
  afterAll(() => {
    for (const d of [copy, empty]) if (d) rmSync(d, { recursive: true, force: true });
  });

  itAlways('the manifest commits Japanese and Korean documents with pages, and no English one', () => {
    expect(committed.filter((s) => s.pages !== false).map((s) => `${s.lang} ${s.edition}`).sort()).toEqual(['ja 2019-01-25', 'ko 2017-01-20', 'ko 2017-01-20', 'ko 2017-01-20', 'ko 2017-01-20']);
    expect(committed.some((s) => s.lang === 'en')).toBe(false);
  });

  itAlways('builds (exit 0) the Japanese and Korean editions only, and build.json says every external document is missing', () => {
    expect(result.status, `${String(result.stdout).slice(-3000)}\n${String(result.stderr).slice(-3000)}`).toBe(0);
    const record = JSON.parse(page('build.json')) as { status: string; editions: { lang: string; edition: string }[]; sources: { id: string; status: string }[] };
    expect(record.status).toBe('complete');
    expect(record.editions.map((e) => `${e.lang} ${e.edition}`).sort()).toEqual(['ja 2019-01-25', 'ko 2017-01-20']);
    expect(record.sources.filter((s) => s.status === 'missing').map((s) => s.id)).toEqual(sources.filter((s) => !s.file).map((s) => s.id));
    expect(record.sources.filter((s) => s.status === 'used').map((s) => s.id)).toEqual(committed.map((s) => s.id));
  });

  itAlways('no English page is built and no internal link of any page or sitemap points at a file that was not built', () => {
    const { dead, html, links, built } = crawl(dist);
    expect(dead).toEqual([]);
    // The site's own crawler as well: fragments (#702.19b), redirect pages, rule and glossary previews (/api/).
    const report = crawlLinks(dist);
    expect([report.broken, report.duplicateIds]).toEqual([[], []]);
    expect([...built].filter((f) => f.startsWith('/en/'))).toEqual([]);
    // The crawl saw the site: both languages' pages, each with links.
    for (const lang of ['ja', 'ko']) expect(built.has(`/${lang}/index.html`), lang).toBe(true);
    // At least a page per section of the Japanese 2019 edition (over 100 sections in parts 1–9) and per Korean
    // chapter section, with no rule-number stubs (short addresses have no file of their own).
    expect(html).toBeGreaterThan(150);
    expect(links).toBeGreaterThan(html);
  });

  itAlways('section 404 (Exile) keeps its address /ja/404/ beside the Japanese not-found page /ja/404.html; the sitemap lists the section, not the not-found page', () => {
    expect(page('ja/404/index.html')).toContain('<h1 class="r r-section" id="404" data-rule="404">');
    expect(page('ja/404.html')).toContain('<title>ページが見つかりません · CR Atlas</title>');
    expect(existsSync(join(dist, 'ja', 'not-found'))).toBe(false);
    const sitemap = page('sitemap-0.xml');
    expect(sitemap).toContain(`<loc>${new URL('/ja/404/', DEFAULT_SITE).href}</loc>`);
    expect(sitemap).not.toMatch(/not-found|404\.html/);
  });

  itAlways('the home page names the two languages it has (tagline and cards), lists the missing documents, and offers no English card', () => {
    const home = page('index.html');
    expect(home).toContain('<p>Magic: The Gathering Comprehensive Rules in Japanese and Korean</p>');
    expect(home).toContain('<p>マジック：ザ・ギャザリング総合ルール（日本語・韓国語）</p>');
    expect(home).toContain('<p>매직: 더 개더링 종합 규칙 (일본어·한국어)</p>');
    expect([...home.matchAll(/data-lang-card="(\w+)"/g)].map((m) => m[1])).toEqual(['ja', 'ko']);
    const external = sources.filter((s) => !s.file);
    expect(home).toContain(`This build lacks ${external.length} of its ${sources.length} source documents; only pages built from the others are linked.`);
    expect([...home.matchAll(/<li data-source-missing="([^"]+)"/g)].map((m) => m[1])).toEqual(external.map((s) => s.id));
  });

  itAlways('(S9) the build writes dist/_headers with the headers the server sends, _redirects for the languages it has, and no precompressed copies', () => {
    expect(page('_headers')).toBe(headersFile());
    // Only the editions this build has: the latest Japanese (2019) under its date; no Korean latest is composed
    // without its English, and the missing English 2026 has no line.
    const redirects = page('_redirects');
    expect(redirects).toContain('/ja/2019-01-25/*  /ja/:splat  301\n');
    expect(redirects).not.toContain('/en/2026-01-16/');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    // The server compresses on demand (scripts/compress-cache.ts): the deploy tree stays within a host's file count.
    expect(files.filter((f) => f.endsWith('.br') || f.endsWith('.gz'))).toEqual([]);
  });

  itAlways('no page claims three languages, and the partial Korean edition says its English is not in this build', () => {
    const three = ['in English, Japanese and Korean', '（英語・日本語・韓国語）', '(영어·일본어·한국어)'];
    const claims = htmlFiles().filter((f) => three.some((x) => page(f).includes(x)));
    expect(claims).toEqual([]);
    expect(page('ko/index.html')).toContain('<p role="note">이 판은 일부 장만 담고 있습니다. 나머지를 채울 같은 판의 영어가 이 빌드에 없습니다.</p>');
    const promises = htmlFiles().filter((f) => f.startsWith('ko/') && page(f).includes('나머지는 같은 판의 영어로 연결됩니다'));
    expect(promises).toEqual([]);
  });
});
