/**
 * `npm start` never serves a build that did not finish (S3): in a copy of the project whose build
 * fails (offline, an empty mirror, so the data stage stops at once), start.ts exits 1 when dist/ is
 * absent or holds half a site without build.json, and serves the previous finished build (saying so)
 * when there is one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('npm start with a build that fails', () => {
  let copy: string;
  let mirror: string;
  const env = () => {
    const e = buildEnv({ CR_ATLAS_RULES_DIR: mirror, CR_ATLAS_OFFLINE: '1', PORT: '0' });
    for (const k of ['CR_ATLAS_GENERATED', 'CR_ATLAS_ALLOW_MISSING', 'CR_ATLAS_DOWNLOAD']) delete e[k];
    return e;
  };
  const start = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: copy, env: env(), encoding: 'utf8', timeout: 240_000 });

  beforeAll(() => {
    copy = projectCopy('cr-start-');
    mirror = mkdtempSync(join(tmpdir(), 'cr-empty-mirror-'));
  });
  afterAll(() => {
    for (const d of [copy, mirror]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('no dist/: exit 1, "no finished build to serve", nothing served', () => {
    const r = start();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('start: no finished build to serve: npm run build failed (1)');
    expect(r.stdout).not.toContain('served at');
  }, 240_000);

  it('half a site in dist/ (pages, no build.json — what an interrupted in-place build left): exit 1, not served', () => {
    mkdirSync(join(copy, 'dist'), { recursive: true });
    writeFileSync(join(copy, 'dist', 'index.html'), '<!doctype html><title>half</title>');
    const r = start();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('start: no finished build to serve');
  }, 240_000);

  it('a previous finished build: the failed rebuild is reported and the previous site is served', async () => {
    writeFileSync(join(copy, 'dist', 'index.html'), '<!doctype html><title>previous finished site</title>');
    writeFileSync(join(copy, 'dist', 'build.json'), '{"status":"complete","finishedAt":"2026-01-01T00:00:00.000Z"}');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: copy, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        const timer = setTimeout(() => fail(new Error(`not served within 200 s\n${out}\n${stderr}`)), 200_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /CR Atlas is served at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) {
            clearTimeout(timer);
            ok(m[1]!);
          }
        });
        child.on('exit', () => fail(new Error(`start exited\n${out}\n${stderr}`)));
      });
      expect(stderr).toContain('start: the build failed; serving the previous finished build (2026-01-01T00:00:00.000Z)');
      const body = await new Promise<string>((ok, fail) => request(url, { agent: false }, (res) => {
        let b = '';
        res.on('data', (c: Buffer) => (b += c.toString()));
        res.on('end', () => ok(b));
      }).on('error', fail).end());
      expect(body).toContain('previous finished site');
    } finally {
      child.kill();
    }
  }, 240_000);
});
