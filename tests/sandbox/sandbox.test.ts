/** Sandbox widget logic without a browser: rule links, UI strings, the data step, tweak → "modified". */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listTweakables, runScenario, viewState, buildState, type Scenario } from '../../src/engine/index.ts';
import { LANGS, LOADER_LABELS, pageLang } from '../../src/sandbox/labels.ts';
import { crossEditionHref, exampleKey, ruleHref, type SandboxManifest } from '../../src/sandbox/manifest.ts';
import {
  compareEditionsFor, compareRuns, controlsFor, diffLines, isModified, outcomeLines, overridesFor, partOf,
  runEditionFor, validPool, withPart,
} from '../../src/sandbox/model.ts';
import { describeStep } from '../../src/sandbox/narrate-steps.ts';
import { fmt, translator } from '../../src/sandbox/strings.ts';
import { writeSandboxData, SandboxDataError } from '../../scripts/build/sandbox-data.ts';
import { ROOT } from '../helpers.ts';
import { SHARED, needs } from '../inputs.ts';

const SCN = join(ROOT, 'content/scenarios');
const load = (f: string) => JSON.parse(readFileSync(join(SCN, f), 'utf8')) as Scenario;
const LATEST = { en: '2026-01-16', ja: '2019-01-25', ko: '2019-01-25' };
const tmp: string[] = [];
const mkTmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'cr-sbx-test-'));
  tmp.push(d);
  return d;
};
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('ruleHref', () => {
  it('links the latest edition of a language without the edition', () => {
    expect(ruleHref('en', '2026-01-16', '702.19b', LATEST)).toBe('/en/702.19b/');
    expect(ruleHref('ja', '2019-01-25', '613.8', LATEST)).toBe('/ja/613.8/');
    expect(ruleHref('ko', '2019-01-25', '510.1c', LATEST)).toBe('/ko/510.1c/');
  });
  it('pins older editions', () => {
    expect(ruleHref('en', '2019-01-25', '613.3d', LATEST)).toBe('/en/2019-01-25/613.3d/');
    expect(ruleHref('ko', '2017-01-20', '704.5g', LATEST)).toBe('/ko/2017-01-20/704.5g/');
  });
  it('pins when the latest edition of the language is unknown', () => {
    expect(ruleHref('ja', '2019-01-25', '613.8', {})).toBe('/ja/2019-01-25/613.8/');
  });
  it('falls back to English for editions the language lacks (compare runs)', () => {
    const m: Pick<SandboxManifest, 'latest' | 'editions'> = { latest: LATEST, editions: { en: ['2026-01-16', '2019-01-25'], ja: ['2019-01-25'], ko: ['2019-01-25'] } };
    expect(crossEditionHref('ja', '2026-01-16', '613.4c', m)).toBe('/en/613.4c/');
    expect(crossEditionHref('ja', '2019-01-25', '613.3d', m)).toBe('/ja/613.3d/');
    expect(crossEditionHref('en', '2019-01-25', '613.3d', m)).toBe('/en/2019-01-25/613.3d/');
  });
  it('keys examples by edition, rule and 1-based ordinal', () => {
    expect(exampleKey('2019-01-25', '613.4', 2)).toBe('2019-01-25|613.4|2');
  });
});

describe('UI strings (their data and parity: tests/i18n.test.ts)', () => {
  it('every loader label is non-empty in every language', () => {
    for (const lang of LANGS) for (const v of Object.values(LOADER_LABELS[lang])) expect(v.trim()).not.toBe('');
  });
  it('reads the page language from <html lang>', () => {
    expect(pageLang('ja-JP')).toBe('ja');
    expect(pageLang('ko')).toBe('ko');
    expect(pageLang('en-US')).toBe('en');
    expect(pageLang('')).toBe('en');
  });
  it('fills placeholders', () => {
    expect(fmt('Step {n} of {total}', { n: 2, total: 5 })).toBe('Step 2 of 5');
    expect(translator('ko')('stepN', { n: 3 })).toBe('3단계');
  });
});

// The manifest names the latest English edition, which only the mirror holds.
needs(SHARED).describe('sandbox data (writeSandboxData)', () => {
  it('validates every scenario and writes the manifest and one file per scenario', async () => {
    const out = mkTmp();
    const r = await writeSandboxData(out);
    const files = readdirSync(SCN).filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json');
    expect(r.scenarios).toBe(files.length);
    const m = JSON.parse(readFileSync(join(out, 'sandbox/index.json'), 'utf8')) as SandboxManifest;
    expect(m.version).toBe(1);
    expect(m.examples['2019-01-25|613.4|2']).toBe('layers-gray-ogre');
    expect(m.examples['2026-01-16|613.5|2']).toBe('layers-gray-ogre');
    expect(m.examples['2019-01-25|510.1c|1']).toBe('combat-gorger-double-block');
    expect(m.latest['en']).toBeTruthy();
    expect(readdirSync(join(out, 'sandbox/scenarios'))).toHaveLength(files.length);
    for (const id of new Set(Object.values(m.examples))) {
      const s = JSON.parse(readFileSync(join(out, 'sandbox/scenarios', `${id}.json`), 'utf8')) as Scenario;
      expect(s.id).toBe(id);
    }
  });

  it('fails with the file and the field of an invalid scenario', async () => {
    const dir = mkTmp();
    mkdirSync(join(dir, 'scn'));
    copyFileSync(join(SCN, 'scenario.schema.json'), join(dir, 'scn', 'scenario.schema.json'));
    const bad = load('613.8-ex1-flying-timestamps.json') as unknown as Record<string, unknown>;
    (bad['setup'] as Record<string, unknown>)['turn'] = { active: 'P3', step: 'main1' };
    writeFileSync(join(dir, 'scn', 'bad.json'), JSON.stringify(bad));
    const err = await writeSandboxData(join(dir, 'out'), { scenarioDir: join(dir, 'scn') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxDataError);
    expect((err as Error).message).toMatch(/bad\.json: \$\.setup\.turn\.active/);
  });

  it('rejects two scenarios attached to the same example', async () => {
    const dir = mkTmp();
    mkdirSync(join(dir, 'scn'));
    copyFileSync(join(SCN, 'scenario.schema.json'), join(dir, 'scn', 'scenario.schema.json'));
    const a = load('613.8-ex1-flying-timestamps.json');
    writeFileSync(join(dir, 'scn', 'a.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'scn', 'b.json'), JSON.stringify({ ...a, id: 'other-id' }));
    await expect(writeSandboxData(join(dir, 'out'), { scenarioDir: join(dir, 'scn') })).rejects.toThrow(/b\.json: \$\.attach\[0\]: example 613\.8:1 .*a\.json/);
  });
});

describe('tweaks and the "modified" label', () => {
  const ogre = load('613.4-ex2-gray-ogre.json');
  const tw = listTweakables(ogre);
  const t = translator('en');

  it('builds a power and a toughness slider per P/T knob, labelled in the page language', () => {
    const c = controlsFor(tw, 'ja', translator('ja'));
    expect(c).toHaveLength(6);
    expect(c[0]).toMatchObject({ knob: 0, part: 0, kind: 'range', value: 2, min: -5, max: 20 });
    expect(c[0]!.label).toBe('印刷されたパワー/タフネス: パワー');
    expect(c[1]!.label).toMatch(/タフネス$/);
  });

  it('is unmodified at the defaults and modified after a change; back to the default is unmodified again', () => {
    const values = tw.map((k) => k.value);
    expect(isModified(tw, values)).toBe(false);
    const c = controlsFor(tw, 'en', t)[0]!;
    const changed = values.map((v, i) => (i === c.knob ? withPart(v, c, 5) : v));
    expect(changed[0]).toEqual([5, 2]);
    expect(values[0]).toEqual([2, 2]); // not mutated
    expect(isModified(tw, changed)).toBe(true);
    expect(overridesFor(tw, changed)).toEqual({ 'setup.objects.ogre.card.pt': [5, 2] });
    const back = changed.map((v, i) => (i === c.knob ? withPart(v, c, 2) : v));
    expect(isModified(tw, back)).toBe(false);
    const run = runScenario(ogre, { overrides: overridesFor(tw, changed) });
    expect(run.modified).toBe(true);
    expect(run.final.objects['ogre']).toMatchObject({ power: 6, toughness: 5 });
    expect(runScenario(ogre, { overrides: overridesFor(tw, back) }).modified).toBe(false);
  });

  it('handles counters, choices, mana and plain numbers', () => {
    const wolf = listTweakables(load('704.7-ex1-young-wolf.json'));
    const cw = controlsFor(wolf, 'en', t);
    expect(cw.map((c) => [c.part, c.kind])).toEqual([['+1/+1', 'range'], [null, 'range']]);
    expect(withPart(wolf[0]!.value, cw[0]!, 0)).toEqual({ '+1/+1': 0 });
    expect(partOf({ '+1/+1': 4 }, cw[0]!)).toBe(4);
    const mongrel = listTweakables(load('613.5-ex1-wild-mongrel.json'));
    const cm = controlsFor(mongrel, 'ko', translator('ko'))[0]!;
    expect(cm.kind).toBe('select');
    expect(cm.options?.map((o) => o.label)).toContain('녹색');
    expect(withPart(mongrel[0]!.value, cm, 'green')).toEqual(['green']);
    const phy = controlsFor(listTweakables(load('107.4f-ex1-phyrexian.json')), 'en', t);
    expect(phy.map((c) => c.kind)).toEqual(['range', 'text']);
    expect(validPool('{W}{W}{G}')).toBe(true);
    expect(validPool('{W}<img>')).toBe(false);
  });
});

describe('steps, diffs, outcome and edition compare', () => {
  const gorger = load('510.1c-ex1-gorger.json');
  it('describes steps in the page language', () => {
    expect(describeStep(gorger.steps[1]!, gorger, 'en', translator('en'))).toBe('Player 1 orders the blockers of Vastwood Gorger: Pride Guardian → Llanowar Elves');
    expect(describeStep(gorger.steps[2]!, gorger, 'ja', translator('ja'))).toBe('戦闘ダメージ・ステップに進む');
    expect(describeStep(gorger.steps[0]!, gorger, 'ko', translator('ko'))).toMatch(/공격 선언단/);
  });
  it('turns engine diffs into readable lines and summarises the outcome', () => {
    const r = runScenario(gorger);
    const last = r.steps[r.steps.length - 1]!;
    const lines = diffLines(last.diff, gorger, 'en', translator('en'));
    expect(lines).toContainEqual({ subject: 'Pride Guardian', field: '', before: 'battlefield', after: 'graveyard' });
    const initial = viewState(buildState(gorger, '2019-01-25'));
    const out = outcomeLines(initial, r.final, gorger, 'en', translator('en'));
    expect(out).toContain('Pride Guardian: graveyard, 0/3');
    expect(out.some((l) => l.startsWith('Vastwood Gorger: battlefield, 5/6'))).toBe(true);
  });
  it('offers compare with every edition whose rules run the example, and finds the 2026 difference', () => {
    expect(compareEditionsFor(gorger, '2019-01-25')).toEqual(['2026-01-16']);
    // attached to 613.8 #1 of 2019 and 613.9 #1 of 2026 (run under the 2026 rules there), no compare block
    expect(compareEditionsFor(load('613.8-ex1-flying-timestamps.json'), '2019-01-25')).toEqual(['2026-01-16']);
    expect(compareEditionsFor(load('613.8-ex1-flying-timestamps.json'), '2026-01-16')).toEqual(['2019-01-25']);
    expect(runEditionFor(gorger, '2019-01-25')).toBe('2019-01-25');
    const ogre = load('613.4-ex2-gray-ogre.json');
    expect(runEditionFor(ogre, '2026-01-16')).toBe('2026-01-16');
    expect(compareEditionsFor(ogre, '2026-01-16')).toEqual(['2019-01-25']);
    const a = runScenario(gorger);
    const b = runScenario(gorger, { edition: '2026-01-16' });
    const cmp = compareRuns(a, b, gorger, 'en', translator('en'));
    expect(cmp.same).toBe(false);
    expect(cmp.steps.map((s) => s.index)).toContain(1);
    expect(cmp.final).toContainEqual({ subject: 'Pride Guardian', field: '', before: 'graveyard', after: 'battlefield' });
    const same = compareRuns(runScenario(ogre), runScenario(ogre, { edition: '2026-01-16' }), ogre, 'en', translator('en'));
    expect(same.same).toBe(true);
    // a query's layer rows cite each edition's numbers (613.3c / 613.4c): not a difference in the outcome
    const lands = load('205.1b-ex1-lands-become-creatures.json');
    expect(compareRuns(runScenario(lands), runScenario(lands, { edition: '2026-01-16' }), lands, 'en', translator('en')).same).toBe(true);
  });
});
