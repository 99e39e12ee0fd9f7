/**
 * An update keeps what still applies (issue 26, review 2026-11-27 N7: after `cr update` the new latest
 * English pages had lost all 104 sandbox widgets though their example texts were identical). Scenarios
 * follow their example's text to an English edition no scenario names; `cr update` says how many, the
 * build's sandbox data attaches them. The expected count is read from the scenario files themselves.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { examplesOf } from '../src/engine/example-match.ts';
import { readDocument } from '../src/pipeline/generated.ts';
import { carryOver, carrySource, describeCarry } from '../scripts/sandbox-carry.ts';
import { loadScenario, scenarioFiles, SCENARIO_DIR } from '../scripts/scenario.ts';
import { writeSandboxData } from '../scripts/build/sandbox-data.ts';
import { ROOT } from './helpers.ts';
import { SHARED, needs } from './inputs.ts';

const { describe, it } = needs(SHARED);

const scenarios = () => scenarioFiles().map((f) => loadScenario(f).scenario!);
/** Attachments to 2026-01-16 counted in the raw scenario files (not through the code under test). */
const attached2026 = () => readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .flatMap((f) => (JSON.parse(readFileSync(join(SCENARIO_DIR, f), 'utf8')) as { id: string; attach: { edition: string; rule: string; example: number }[] }).attach.filter((a) => a.edition === '2026-01-16').map((a) => ({ ...a, file: f })));

const saved = process.env['CR_ATLAS_GENERATED'];
afterEach(() => {
  if (saved === undefined) delete process.env['CR_ATLAS_GENERATED'];
  else process.env['CR_ATLAS_GENERATED'] = saved;
});

describe('scenarios follow their example text to a new edition', () => {
  it('the newest attached edition before the new one is the source (2026-01-16 for 2026-02-20; 2019-01-25 for 2020-01-01)', () => {
    expect([carrySource(scenarios(), '2026-02-20'), carrySource(scenarios(), '2020-01-01'), carrySource(scenarios(), '2010-01-01')]).toEqual(['2026-01-16', '2019-01-25', null]);
  });

  it('the same text: every attachment carries, to the same rule and ordinal; one example rewritten: that one does not, with the reason', () => {
    const ex = examplesOf(readDocument('en', '2026-01-16'));
    const all = carryOver(scenarios(), '2026-01-16', '2026-02-20', ex, ex);
    const raw = attached2026();
    expect(all.lost).toEqual([]);
    expect(all.carried).toHaveLength(raw.length);
    expect(all.carried.every((c) => c.from.rule === c.to.rule && c.from.ordinal === c.to.ordinal && c.ruleset === '2026-01-16')).toBe(true);
    const first = raw[0]!;
    const changed = ex.map((x) => (x.rule === first.rule && x.ordinal === first.example ? { ...x, text: `${x.text} (rewritten)` } : x));
    const c = carryOver(scenarios(), '2026-01-16', '2026-02-20', ex, changed);
    expect(c.carried).toHaveLength(raw.length - 1);
    expect(c.lost).toEqual([{ id: expect.any(String), rule: first.rule, ordinal: first.example, why: 'its text changed' }]);
    expect(describeCarry(c)).toBe(`sandbox: ${raw.length - 1} of the ${raw.length} scenarios on 2026-01-16 examples carry over to 2026-02-20 (same example text); 1 do not: ${c.lost[0]!.id} (${first.rule} example ${first.example}: its text changed)`);
  });

  it('the build: a generated English edition no scenario names gets the carried examples in sandbox/index.json, each scenario file the attachment with the rules it runs under', async () => {
    // Generated data with an edition 2026-02-20: the 2026-01-16 document, renamed, with one example removed.
    const gen = mkdtempSync(join(tmpdir(), 'cr-carry-gen-'));
    cpSync(join(ROOT, 'src/generated'), gen, { recursive: true });
    const doc = JSON.parse(readFileSync(join(gen, 'docs/en-2026-01-16.json'), 'utf8')) as { edition: string; rules: { number: string; examples: unknown[] }[] };
    const first = attached2026()[0]!;
    doc.edition = '2026-02-20';
    doc.rules.find((r) => r.number === first.rule)!.examples.splice(first.example - 1, 1);
    writeFileSync(join(gen, 'docs/en-2026-02-20.json'), JSON.stringify(doc));
    const catalog = JSON.parse(readFileSync(join(gen, 'catalog.json'), 'utf8')) as { editions: { lang: string; edition: string; latest: boolean }[] };
    for (const e of catalog.editions) if (e.lang === 'en') e.latest = false;
    catalog.editions.unshift({ ...catalog.editions.find((e) => e.lang === 'en' && e.edition === '2026-01-16')!, edition: '2026-02-20', latest: true });
    writeFileSync(join(gen, 'catalog.json'), JSON.stringify(catalog));
    process.env['CR_ATLAS_GENERATED'] = gen;
    const out = mkdtempSync(join(tmpdir(), 'cr-carry-out-'));
    const r = await writeSandboxData(out);
    const raw = attached2026();
    // Every 2026-01-16 attachment but the removed example's; a later example of that rule moves up one place.
    expect(r.carried).toBe(raw.length - 1);
    const index = JSON.parse(readFileSync(join(out, 'sandbox/index.json'), 'utf8')) as { latest: Record<string, string>; examples: Record<string, string> };
    expect(index.latest['en']).toBe('2026-02-20');
    expect(Object.keys(index.examples).filter((k) => k.startsWith('2026-02-20|'))).toHaveLength(raw.length - 1);
    const other = raw.find((a) => a.rule !== first.rule)!;
    const id = index.examples[`2026-01-16|${other.rule}|${other.example}`]!;
    expect(index.examples[`2026-02-20|${other.rule}|${other.example}`]).toBe(id);
    const site = JSON.parse(readFileSync(join(out, 'sandbox/scenarios', `${id}.json`), 'utf8')) as { attach: unknown[] };
    expect(site.attach).toContainEqual({ edition: '2026-02-20', rule: other.rule, example: other.example, ruleset: '2026-01-16' });
  });
});
