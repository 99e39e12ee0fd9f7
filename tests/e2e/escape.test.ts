/**
 * Every text from the documents is escaped: the site is built from a fixture whose rule text, examples,
 * notes, glossary, titles and sources carry markup, and the output must show it as text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/start.ts';
import { launch } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';
import { buildEnv, serve } from '../../scripts/start.ts';
import { makeCatalog, makeDoc, makeEdition, makeRule } from '../site/make.ts';

const EVIL = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';

function* htmlFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) yield* htmlFiles(join(dir, e.name));
    else if (e.name.endsWith('.html')) yield join(dir, e.name);
  }
}

describe('escaping of document text', () => {
  let tmp: string;
  let out: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'cr-escape-'));
    const gen = join(tmp, 'generated');
    out = join(tmp, 'dist');
    mkdirSync(join(gen, 'docs'), { recursive: true });
    const doc = makeDoc(
      [
        makeRule('100', `General ${EVIL}`),
        makeRule('100.1', [{ type: 'text', value: `Rule text ${EVIL} ` }, { type: 'ref', text: `100.2${EVIL}`, target: { kind: 'rule', number: '100.2' } }, { type: 'symbol', value: '<b>' }, { type: 'noteRef', index: 0 }], {
          examples: [[[{ type: 'text', value: `Example ${EVIL}` }]]],
          notes: [{ text: `Note ${EVIL}`, form: 'inline', line: 1 }],
        }),
        makeRule('100.2', `Second ${EVIL}`),
      ],
      {
        title: `Title ${EVIL}`,
        introduction: [`Intro ${EVIL}`],
        credits: [`Credit ${EVIL}`],
        glossary: [{ term: `Term ${EVIL}`, english: EVIL, definition: [[{ type: 'text', value: `Definition ${EVIL}` }]], refs: [], line: 1 }],
      },
    );
    writeFileSync(join(gen, 'docs', 'en-2026-01-16.json'), JSON.stringify(doc));
    const catalog = makeCatalog([makeEdition('en', '2026-01-16', { sources: [{ id: 'x', file: `file ${EVIL}`, url: 'javascript:alert(3)', credit: `Credit ${EVIL}` }] })]);
    writeFileSync(join(gen, 'catalog.json'), JSON.stringify(catalog));
    const r = spawnSync('npx', ['astro', 'build', '--outDir', out], { cwd: ROOT, env: buildEnv({ CR_ATLAS_GENERATED: gen, CR_ATLAS_PREPARED: '1' }), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`fixture build failed\n${r.stdout}\n${r.stderr}`.slice(-4000));
  }, 600_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test('no page contains the injected markup as markup', () => {
    let pages = 0;
    for (const file of htmlFiles(out)) {
      const html = readFileSync(file, 'utf8');
      pages++;
      // Markup is what stands outside attribute values: a quoted value (a meta description, a title) may
      // hold '<' as plain text, which no parser reads as a tag; its quotes must stay escaped.
      const markup = html.replace(/="[^"]*"/g, (value) => (value.includes('<') ? '=""' : value));
      expect(markup, file).not.toContain('<script>alert');
      expect(markup, file).not.toMatch(/<img src=x/);
      expect(html, file).not.toContain('javascript:');
      for (const m of markup.matchAll(/<script\b[^>]*>/g)) expect(m[0], file).toMatch(/type="module" src="\/_astro\//);
    }
    expect(pages).toBeGreaterThan(3);
    const section = readFileSync(join(out, 'en', '100', 'index.html'), 'utf8');
    expect(section).toContain('Rule text &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(section).toContain('Note &lt;script&gt;');
    expect(section).toContain('Example &lt;script&gt;');
  });

  needs(BROWSER).it('the browser shows the markup as text and runs nothing', async () => {
    const { server, url } = await serve(out, 0);
    const browser = await launch();
    try {
      const page = await browser.newPage();
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      for (const path of ['en/100/', 'en/', 'en/glossary/', 'en/glossary/t/']) {
        await page.goto(url + path);
        expect(await page.locator('img').count()).toBe(0);
      }
      await page.goto(`${url}en/100/`);
      expect(await page.locator('[id="100.1"]').textContent()).toContain('<script>alert(1)</script>');
      await page.locator('a.ref').first().hover();
      await page.waitForSelector('#cr-pop:not([hidden])');
      expect(await page.locator('#cr-pop').textContent()).toContain('<script>alert(1)</script>');
      expect(dialogs).toBe(0);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
