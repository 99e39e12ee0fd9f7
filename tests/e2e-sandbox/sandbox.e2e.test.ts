/**
 * The engine sandbox in Chromium (Debian's /usr/bin/chromium via playwright-core; never a downloaded browser),
 * on its own harness: the loader and widget bundled with esbuild (scripts/bench/bench-sandbox.ts), the data from
 * writeSandboxData, and small pages holding real examples of the 2019-01-25 edition, served from a loopback
 * server under the site's Content Security Policy. Without Chromium: skipped locally, a failure under CI (tests/inputs.ts).
 */
import type { Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundleSandbox } from '../../scripts/bench/bench-sandbox.ts';
import { writeSandboxData } from '../../scripts/build/sandbox-data.ts';
import { contentSecurityPolicy } from '../../src/site/host/csp.ts';
import { readDocument } from '../../src/pipeline/generated.ts';
import { paragraphText } from '../../src/model/text.ts';
import { ensureSite } from '../e2e/support.ts';
import { launchChromium } from '../../scripts/browser.ts';
import { BROWSER, needs } from '../inputs.ts';
import { serve } from '../../scripts/start.ts';

const suite = needs(BROWSER).describe;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The plain text of an example of an edition, from the generated documents. */
function exampleText(lang: 'en' | 'ja' | 'ko', rule: string, ordinal: number, edition = '2019-01-25'): string {
  const ex = readDocument(lang, edition).rules.find((r) => r.number === rule)?.examples[ordinal - 1];
  if (!ex) throw new Error(`no example ${rule}:${ordinal} in ${lang} ${edition}`);
  return ex.map(paragraphText).join(' ');
}

function page(lang: 'en' | 'ja' | 'ko', opts: { examples: [string, number][]; editionOn: 'main' | 'meta' | 'none'; edition?: string }): string {
  const edition = opts.edition ?? '2019-01-25';
  const label = { en: 'Example:', ja: '例：', ko: '예:' }[lang] ?? 'Example:';
  const exs = opts.examples.map(([rule, n]) => `<section><h2 id="${esc(rule)}">${esc(rule)}</h2><p class="example" data-example="${esc(rule)}:${n}"><b>${label}</b> ${esc(exampleText(lang, rule, n, edition))}</p></section>`).join('\n');
  const csp = contentSecurityPolicy();
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
${opts.editionOn === 'meta' ? `<meta name="cr-edition" content="${edition}">` : ''}
<title>sandbox harness</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/sandbox.css"><script type="module" src="/loader.js"></script></head>
<body><main${opts.editionOn === 'main' ? ` data-edition="${edition}"` : ''}>${exs}</main></body></html>`;
}

suite('engine sandbox in Chromium', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let browser: Browser;
  let lazyChunks: string[];
  const problems: string[] = [];

  beforeAll(async () => {
    await ensureSite(); // the one shared build: also guarantees the generated documents the pages quote
    dir = mkdtempSync(join(tmpdir(), 'cr-sbx-e2e-'));
    const b = await bundleSandbox(dir, { minify: true });
    lazyChunks = b.lazy;
    await writeSandboxData(dir);
    for (const [lang, edOn] of [['ja', 'main'], ['en', 'meta'], ['ko', 'main']] as const) {
      mkdirSync(join(dir, lang), { recursive: true });
      writeFileSync(join(dir, lang, 'index.html'), page(lang, { examples: [['613.4', 2], ['510.1c', 1], ['614.12', 1]], editionOn: edOn }));
    }
    // the default edition of the English site: examples found again in 2026-01-16 under their new numbers
    mkdirSync(join(dir, 'en26'), { recursive: true });
    writeFileSync(join(dir, 'en26', 'index.html'), page('en', { examples: [['613.5', 2], ['120.4d', 2], ['704.8', 1], ['510.1c', 1]], editionOn: 'main', edition: '2026-01-16' }));
    mkdirSync(join(dir, 'plain'));
    writeFileSync(join(dir, 'plain', 'index.html'), page('en', { examples: [], editionOn: 'main' }));
    ({ server, url: base } = await serve(dir, 0));
    base = base.replace(/\/$/, '');
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  });

  async function open(path: string): Promise<{ page: Page; requests: string[] }> {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    page.on('pageerror', (e) => problems.push(`${path}: ${String(e)}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`${path}: ${m.text()}`);
    });
    await page.goto(base + path);
    return { page, requests };
  }

  const sandboxJs = (reqs: string[]) => reqs.filter((r) => r.endsWith('.js') && r !== '/loader.js' && lazyChunks.some((c) => r.endsWith(c)));

  it('ja page, layers example (613.4 example 2): lazy loading, stepping, a slider, modified, reset, compare', async () => {
    const { page, requests } = await open('/ja/');
    const buttons = page.locator('[data-sbx-open]');
    await expect.poll(() => buttons.count()).toBe(2); // 614.12:1 has no scenario
    expect(await buttons.first().textContent()).toBe('サンドボックスを開く');
    expect(requests).toContain('/sandbox/index.json');
    // nothing of the widget or the engine before the first interaction
    expect(sandboxJs(requests)).toEqual([]);
    expect(requests.filter((r) => r.startsWith('/sandbox/scenarios/'))).toEqual([]);

    const ogre = page.locator('[data-example="613.4:2"] + .cr-sbx-slot');
    await ogre.locator('[data-sbx-open]').click();
    const root = ogre.locator('[data-sbx-root]');
    await root.waitFor();
    expect(sandboxJs(requests).length).toBeGreaterThan(0);
    expect(requests).toContain('/sandbox/scenarios/layers-gray-ogre.json');
    expect(await ogre.locator('[data-sbx-open]').getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ルール・サンドボックス');
    expect(await root.locator('.cr-sbx-badge').textContent()).toBe('2019-01-25 版のルール');
    expect(await root.locator('[data-sbx-obj="ogre"]').textContent()).toContain('2/2');

    const step = root.locator('[data-sbx-step]');
    expect(await step.textContent()).toBe('次へ');
    await step.click();
    expect(await root.locator('[data-sbx-status]').textContent()).toMatch(/^ステップ 1\/5：/);
    expect(await root.locator('[data-sbx-obj="ogre"]').textContent()).toContain('3/3');
    const chips = await root.locator('[data-sbx-stepitem="0"] .cr-sbx-chip').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(chips.length).toBeGreaterThan(0);
    // The page is of 2019-01-25, no longer ja's latest (the current edition, composed on 2026-01-16): its rule
    // numbers are 2019's, so the chips link the translation as published, version-pinned.
    for (const h of chips) expect(h).toMatch(/^\/ja\/2019-01-25\/\d{3}(\.\d+[a-z]?)?\/$/);
    expect(await root.locator('[data-sbx-changes]').textContent()).toContain('2/2');
    for (let i = 0; i < 4; i++) await step.click();
    expect(await step.isDisabled()).toBe(true);
    const outcome = root.locator('[data-sbx-outcome]');
    expect(await outcome.isVisible()).toBe(true);
    expect(await outcome.locator('[data-sbx-outcome-lines]').textContent()).toContain('《灰色オーガ》: 戦場、3/5');
    expect(await outcome.locator('[data-sbx-checks]').textContent()).toMatch(/一致します/);
    expect(await root.locator('[data-sbx-modified]').isHidden()).toBe(true);

    // printed power 2 → 5, run again
    const power = root.locator('input[data-sbx-knob="0"][data-sbx-part="0"]');
    expect(await root.locator(`label[for="${await power.getAttribute('id')}"]`).textContent()).toBe('印刷されたパワー/タフネス: パワー');
    await power.fill('5');
    expect(await root.locator('[data-sbx-pending]').isVisible()).toBe(true);
    await root.locator('[data-sbx-run]').click();
    expect(await root.locator('[data-sbx-modified]').isVisible()).toBe(true);
    expect(await root.locator('[data-sbx-modified]').textContent()).toBe('変更あり');
    expect(await outcome.locator('[data-sbx-outcome-lines]').textContent()).toContain('《灰色オーガ》: 戦場、6/5');
    expect(await outcome.textContent()).toContain('総合ルールの例そのものではありません');

    // reset: the CR example again
    await root.locator('[data-sbx-reset]').click();
    expect(await root.locator('[data-sbx-modified]').isHidden()).toBe(true);
    expect(await power.inputValue()).toBe('2');
    expect(await root.locator('[data-sbx-status]').textContent()).toContain('開始時の状況');

    // compare with 2026: same values, other rule numbers
    await root.locator('[data-sbx-compare]').click();
    expect(await root.locator('[data-sbx-compare-same]').textContent()).toBe('2026-01-16 版のルールでも結果は同じです。');
  });

  it('en page (edition from <meta>), combat example (510.1c example 1): illegal step, compare differs, slider, close', async () => {
    const { page } = await open('/en/');
    const slot = page.locator('[data-example="510.1c:1"] + .cr-sbx-slot');
    const openBtn = slot.locator('[data-sbx-open]');
    await openBtn.waitFor();
    expect(await openBtn.textContent()).toBe('Open sandbox');
    await openBtn.click();
    const root = slot.locator('[data-sbx-root]');
    await root.waitFor();
    const step = root.locator('[data-sbx-step]');
    for (let i = 0; i < 5; i++) await step.click();
    const illegal = root.locator('[data-sbx-stepitem="4"] [data-sbx-illegal]');
    expect(await illegal.textContent()).toContain('Illegal (510.1c)');
    expect(await illegal.locator('.cr-sbx-chip').getAttribute('href')).toBe('/en/2019-01-25/510.1c/');
    expect(await root.locator('[data-sbx-stepitem="3"] .cr-sbx-result').textContent()).toContain('Pride Guardian: 3, Llanowar Elves: 2');
    await step.click();
    const lines = root.locator('[data-sbx-outcome-lines]');
    expect(await lines.textContent()).toContain('Pride Guardian: graveyard');
    expect(await lines.textContent()).toContain('Llanowar Elves: graveyard');

    await root.locator('[data-sbx-compare]').click();
    const cmp = root.locator('[data-sbx-compare-edition="2026-01-16"]');
    expect(await cmp.locator('[data-sbx-compare-differs]').textContent()).toBe('The outcome differs under the rules of 2026-01-16:');
    expect(await cmp.textContent()).toContain('Step 2 does not exist under these rules.');
    expect(await cmp.textContent()).toMatch(/Pride Guardian:\s*graveyard \(2019-01-25\) → battlefield \(2026-01-16\)/);

    // first blocker 0/3 → 0/4: the 3/2 split is no longer legal, the Guardian survives
    const toughness = root.locator('input[data-sbx-knob="1"][data-sbx-part="1"]');
    await toughness.fill('4');
    await root.locator('[data-sbx-run]').click();
    expect(await root.locator('[data-sbx-modified]').textContent()).toBe('modified');
    expect(await lines.textContent()).toContain('Pride Guardian: battlefield, 0/4');
    expect(await root.locator('[data-sbx-stepitem="5"] [data-sbx-illegal]').textContent()).toContain('Illegal (510.1c)');
    expect(await cmp.locator('h4').textContent()).toContain('(modified)');

    // close returns focus to the button
    await root.locator('.cr-sbx-close').click();
    expect(await root.isHidden()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['sbxOpen'])).toBe('combat-gorger-double-block');
    expect(await openBtn.getAttribute('aria-expanded')).toBe('false');
  });

  it('ko page: UI in Korean; keyboard stepping', async () => {
    const { page } = await open('/ko/');
    const slot = page.locator('[data-example="613.4:2"] + .cr-sbx-slot');
    const openBtn = slot.locator('[data-sbx-open]');
    await openBtn.waitFor();
    expect(await openBtn.textContent()).toBe('샌드박스 열기');
    await openBtn.focus();
    await page.keyboard.press('Enter');
    const root = slot.locator('[data-sbx-root]');
    await root.waitFor();
    expect(await root.locator('[data-sbx-step]').textContent()).toBe('다음 단계');
    expect(await root.locator('[data-sbx-compare]').textContent()).toBe('판 비교');
    await root.locator('[data-sbx-goto="0"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await root.locator('[data-sbx-status]').textContent()).toMatch(/^5단계 중 2단계: /);
  });

  it('en page of 2026-01-16: scenarios of moved examples run under the 2026 rules, cite 2026 numbers, check in sentences; Esc closes', async () => {
    const { page } = await open('/en26/');
    const buttons = page.locator('[data-sbx-open]');
    // 613.5#2, 120.4d#2 and 704.8#1 were 613.4#2, 119.4c#2 and 704.7#1 in 2019; 510.1c#1 (Elvish Regrower) is new in 2026
    await expect.poll(() => buttons.count()).toBe(4);
    const slot = page.locator('[data-example="704.8:1"] + .cr-sbx-slot');
    await slot.locator('[data-sbx-open]').click();
    const root = slot.locator('[data-sbx-root]');
    await root.waitFor();
    expect(await root.locator('.cr-sbx-badge').textContent()).toBe('Rules of 2026-01-16');
    expect(await root.locator('[data-sbx-edition-note]').textContent()).toBe('Run under the rules of 2026-01-16; rule numbers are those of that edition.');
    await root.locator('[data-sbx-run]').click();
    const chips = await root.locator('.cr-sbx-chip').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(chips).toContain('/en/704.8/'); // 704.7 in 2019; 2026 is the English site's latest, so no edition in the link
    expect(chips).not.toContain('/en/704.7/');
    const checks = await root.locator('.cr-sbx-checks li').allTextContents();
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.join('\n')).toContain('Young Wolf: zone is graveyard');
    for (const c of checks) expect(c).not.toMatch(/wolf\.|\bP[12]\.|trace/);
    expect(await root.locator('[data-sbx-checks]').textContent()).toMatch(/^Matches the CR example/);
    await root.locator('[data-sbx-step]').focus();
    await page.keyboard.press('Escape');
    expect(await root.isHidden()).toBe(true);

    // the damage example moved from 119.4c to 120.4d; the 2026 damage process has a fourth part (120.4a)
    const worship = page.locator('[data-example="120.4d:2"] + .cr-sbx-slot');
    await worship.locator('[data-sbx-open]').click();
    const w = worship.locator('[data-sbx-root]');
    await w.waitFor();
    await w.locator('[data-sbx-run]').click();
    const wchips = await w.locator('.cr-sbx-chip').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(wchips).toContain('/en/120.4a/');
    expect(await w.locator('[data-sbx-checks]').textContent()).toMatch(/^Matches the CR example/);
  });

  it('ja page: checks are Japanese sentences with the card names of the Japanese example', async () => {
    const { page } = await open('/ja/');
    const slot = page.locator('[data-example="613.4:2"] + .cr-sbx-slot');
    await slot.locator('[data-sbx-open]').click();
    const root = slot.locator('[data-sbx-root]');
    await root.waitFor();
    await root.locator('[data-sbx-run]').click();
    const checks = (await root.locator('.cr-sbx-checks li').allTextContents()).join('\n');
    expect(checks).toMatch(/《灰色オーガ》のパワー\/タフネス:\d+\/\d+/);
    expect(checks).not.toMatch(/Gray Ogre|ogre\./);
    expect(await root.locator('[data-sbx-obj="ogre"] .cr-sbx-name').textContent()).toBe('《灰色オーガ》');
  });

  it('a page without examples fetches no sandbox data or code', async () => {
    const { page, requests } = await open('/plain/');
    // Wait for conditions, not a fixed time: the network is quiet, then an idle callback of ours has
    // run (idle callbacks run in order, so any the loader scheduled ran first), then quiet again.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.startsWith('/sandbox/'))).toEqual([]);
    expect(sandboxJs(requests)).toEqual([]);
  });
});
