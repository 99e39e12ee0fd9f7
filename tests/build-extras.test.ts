/**
 * The extras step in its own process (scripts/build/extras.ts): what it writes while Astro renders, and how the
 * staged files are moved into the site afterwards (beside the pages, none overwritten but the same paths).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { placeExtras, startExtras } from '../scripts/build/extras.ts';

describe('the extras step beside the pages', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('moves every staged file to its place in the site, keeps the pages, leaves out the report and removes the staging', () => {
    const staging = mkdtempSync(join(tmpdir(), 'cr-extras-'));
    const out = mkdtempSync(join(tmpdir(), 'cr-out-'));
    dirs.push(staging, out);
    mkdirSync(join(staging, 'api', 'en'), { recursive: true });
    mkdirSync(join(staging, 'en'), { recursive: true });
    writeFileSync(join(staging, 'api', 'en', 'changes.json'), '{"lang":"en"}');
    writeFileSync(join(staging, 'en', 'rule-index.json'), '[]');
    writeFileSync(join(staging, '.report.json'), '{}');
    mkdirSync(join(out, 'en'));
    writeFileSync(join(out, 'en', 'index.html'), '<p>page</p>');
    expect(placeExtras(staging, out)).toBe(2);
    expect(readFileSync(join(out, 'api', 'en', 'changes.json'), 'utf8')).toBe('{"lang":"en"}');
    expect(readdirSync(join(out, 'en')).sort()).toEqual(['index.html', 'rule-index.json']);
    expect(existsSync(join(out, '.report.json'))).toBe(false);
    expect(existsSync(staging)).toBe(false);
  });

  it('writes the API of every edition of the generated data in a process of its own, with its step record', async () => {
    const running = startExtras();
    dirs.push(running.staging);
    const report = await running.done;
    expect(report.failed).toBeUndefined();
    expect(report.steps.map((s) => s.name)).toEqual(['extras']);
    const index = JSON.parse(readFileSync(join(running.staging, 'api', 'index.json'), 'utf8')) as { editions: { lang: string; edition: string }[] };
    const catalog = JSON.parse(readFileSync(join('src', 'generated', 'catalog.json'), 'utf8')) as { editions: { lang: string; edition: string }[] };
    expect(index.editions.map((e) => `${e.lang}/${e.edition}`).sort()).toEqual(catalog.editions.map((e) => `${e.lang}/${e.edition}`).sort());
    for (const e of index.editions) expect(existsSync(join(running.staging, 'api', e.lang, e.edition, 'edition.json')), `${e.lang}/${e.edition}`).toBe(true);
    expect(report.steps[0]!.counts!['files']).toBe(countFiles(running.staging) - 1); // all but the report
  });

  it('reports a failure with its located message (no generated data here), which the build then stops on', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cr-no-generated-'));
    dirs.push(empty);
    const before = process.env['CR_ATLAS_GENERATED'];
    process.env['CR_ATLAS_GENERATED'] = empty; // the child inherits it
    try {
      const running = startExtras();
      dirs.push(running.staging);
      const report = await running.done;
      expect(report.failed?.step).toBe('extras');
      expect(report.failed?.message).toContain(join(empty, 'catalog.json'));
      expect(report.steps).toEqual([]);
    } finally {
      if (before === undefined) delete process.env['CR_ATLAS_GENERATED'];
      else process.env['CR_ATLAS_GENERATED'] = before;
    }
  });
});

function countFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0);
}
