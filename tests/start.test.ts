/**
 * `npm start` never serves a build that did not finish (S3): in a copy of the project whose build
 * fails (a manifest that is no JSON, so the data step stops at once), start.ts exits 1 when dist/ is
 * absent or holds half a site without build.json, and serves the previous finished build (saying so)
 * when there is one. And a newcomer without the mirror or a network (issue 24.5): `npm start` builds
 * from the committed seeds and serves them, saying on the console and on every page what is missing
 * and how to get it, while `npm run build` stays strict.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, finishedBuild } from '../scripts/start.ts';
import { projectCopy } from './project-copy.ts';

describe('finishedBuild', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cr-finished-'));
  const record = (text: string | null) => {
    rmSync(join(dir, 'build.json'), { force: true });
    if (text !== null) writeFileSync(join(dir, 'build.json'), text);
    return finishedBuild(dir);
  };
  it('is the record of a complete build, and null for none, a cut-off or a non-complete one', () => {
    expect(record('{"status":"complete","finishedAt":"2026-11-23T08:00:00.000Z"}')).toEqual({ finishedAt: '2026-11-23T08:00:00.000Z' });
    expect(record(null)).toBeNull();
    expect(record('{"status":"comp')).toBeNull();
    expect(record('{"status":"running","finishedAt":"2026-11-23T08:00:00.000Z"}')).toBeNull();
    expect(record('{"status":"complete"}')).toBeNull();
  });
});

/** npm start's environment in a copy: the given mirror, offline, a free port, none of the test runner's source settings. */
function offlineEnv(mirror: string): NodeJS.ProcessEnv {
  const e = buildEnv({ CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_OFFLINE: '1', PORT: '0' });
  for (const k of ['CR_ATLAS_GENERATED', 'CR_ATLAS_ALLOW_MISSING', 'CR_ATLAS_DOWNLOAD']) delete e[k];
  return e;
}

describe('npm start with a build that fails', () => {
  let copy: string;
  let mirror: string;
  const env = () => offlineEnv(mirror);
  const start = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: copy, env: env(), encoding: 'utf8', timeout: 240_000 });

  beforeAll(() => {
    copy = projectCopy('cr-start-');
    mirror = mkdtempSync(join(tmpdir(), 'cr-empty-mirror-'));
    // A build that cannot succeed, with or without --allow-missing: the manifest is cut off.
    writeFileSync(join(copy, 'content', 'manifest.json'), '{"sources": [');
  });
  afterAll(() => {
    for (const d of [copy, mirror]) if (d) rmSync(d, { recursive: true, force: true });
  });

  /** dist/ as a test needs it, whatever another test left: none, or these files. */
  const distWith = (files: Record<string, string> | null) => {
    rmSync(join(copy, 'dist'), { recursive: true, force: true });
    if (!files) return;
    mkdirSync(join(copy, 'dist'), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(copy, 'dist', name), text);
  };

  it('no dist/: exit 1, "no finished build to serve", nothing served', () => {
    distWith(null);
    const r = start();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('start: no finished build to serve: npm run build failed (1)');
    expect(r.stdout).not.toContain('served at');
  }, 240_000);

  it('half a site in dist/ (pages, no build.json — what an interrupted in-place build left): exit 1, not served', () => {
    distWith({ 'index.html': '<!doctype html><title>half</title>' });
    const r = start();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('start: no finished build to serve');
  }, 240_000);

  it('a previous finished build: the failed rebuild is reported and the previous site is served', async () => {
    distWith({ 'index.html': '<!doctype html><title>previous finished site</title>', 'build.json': '{"status":"complete","finishedAt":"2026-01-01T00:00:00.000Z"}' });
    const started = await serveStart(copy, env());
    try {
      expect(started.stderr()).toContain('start: the build failed; serving the previous finished build (2026-01-01T00:00:00.000Z)');
      expect(await fetchText(started.url)).toContain('previous finished site');
    } finally {
      started.stop();
    }
  }, 240_000);
});

/** Runs `npm start` (start.ts) in `cwd` until it prints its URL; the server keeps running until `stop()`. */
async function serveStart(cwd: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stdout: () => string; stderr: () => string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    const url = await new Promise<string>((ok, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /CR Atlas is served at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) ok(m[1]!);
      });
      child.on('exit', () => fail(new Error(`start exited\n${out}\n${err}`)));
    });
    return { url, stdout: () => out, stderr: () => err, stop: () => void child.kill() };
  } catch (e) {
    child.kill();
    throw e;
  }
}

const fetchText = (url: string): Promise<string> =>
  new Promise((ok, fail) =>
    request(url, { agent: false }, (res) => {
      let b = '';
      res.on('data', (c: Buffer) => (b += c.toString()));
      res.on('end', () => ok(b));
    })
      .on('error', fail)
      .end(),
  );

describe('npm start for a newcomer without the mirror or a network', () => {
  let copy: string;
  let mirror: string;
  const env = () => offlineEnv(mirror);
  /** The manifest's sources that are not committed (no `file`): what a newcomer lacks. */
  let external: string[] = [];

  beforeAll(() => {
    copy = projectCopy('cr-start-seeds-');
    mirror = mkdtempSync(join(tmpdir(), 'cr-empty-mirror-'));
    const manifest = JSON.parse(readFileSync(join(copy, 'content', 'manifest.json'), 'utf8')) as { sources: { id: string; file?: string }[] };
    external = manifest.sources.filter((s) => !s.file).map((s) => s.id);
  });
  afterAll(() => {
    for (const d of [copy, mirror]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('npm run build stays strict: exit 1, naming --allow-missing', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], { cwd: copy, env: env(), encoding: 'utf8', timeout: 240_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('pass --allow-missing');
  }, 240_000);

  it('npm start builds from the seeds and serves them, naming every missing document on the console and on each page', async () => {
    const started = await serveStart(copy, env());
    try {
      const err = started.stderr();
      expect(err).toContain(`start: this build lacks ${external.length} source documents; its pages say so, and /sources/ lists them:\n`);
      for (const id of external) expect(err).toContain(`\n  ${id} (`);
      expect(err).toContain('To get them: put the documents in a mirror directory (CR_ATLAS_RULES_DIR');
      // The committed Japanese translation is served, with the notice; so is every other page, the home page too.
      for (const path of ['ja/', 'ja/702/', '']) {
        const html = await fetchText(`${started.url}${path}`);
        expect(html, path).toContain(`data-build-missing="${external.length}"`);
      }
      expect(await fetchText(`${started.url}ja/702/`)).toContain('トランプル');
    } finally {
      started.stop();
    }
  }, 300_000);
});
