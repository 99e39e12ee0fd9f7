import { describe, expect, it } from 'vitest';
import { loadScenario, runAllEditions, scenarioFiles } from '../../scripts/scenario.ts';
import { CROSSWALK_2019_2026, listTweakables, runScenario } from '../../src/engine/index.ts';
import { EN, parseFile } from '../helpers.ts';
import { SHARED, needs } from '../inputs.ts';

const files = scenarioFiles();
const loaded = files.map((f) => loadScenario(f));

describe('engine scenarios', () => {
  it('has scenario files, all valid', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const l of loaded) expect(l.errors, l.file).toEqual([]);
  });

  it('covers at least 60 distinct examples of the 2019-01-25 edition', () => {
    const keys = new Set(loaded.flatMap((l) => l.scenario?.attach.filter((a) => a.edition === '2019-01-25').map((a) => `${a.rule}#${a.example}`) ?? []));
    expect(keys.size).toBeGreaterThanOrEqual(60);
  });

  it('has unique scenario ids', () => {
    const ids = loaded.map((l) => l.scenario?.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const l of loaded) {
    if (!l.scenario) continue;
    const s = l.scenario;
    it(`${s.id} reproduces ${s.attach.map((a) => `${a.rule}#${a.example}`).join(', ')}`, () => {
      for (const r of runAllEditions(s)) {
        const failed = r.expectations.filter((e) => !e.passed);
        expect({ edition: r.edition, errors: r.errors, failed }).toEqual({ edition: r.edition, errors: [], failed: [] });
        expect(r.expectations.length).toBeGreaterThan(0);
      }
    });
  }

  it('runs with the default knob values unchanged and marks tweaked runs as modified', () => {
    const s = loaded.find((l) => l.scenario?.id === 'layers-gray-ogre')!.scenario!;
    const knobs = listTweakables(s);
    expect(knobs[0]).toMatchObject({ path: 'setup.objects.ogre.card.pt', value: [2, 2] });
    const r = runScenario(s, { overrides: { 'setup.objects.ogre.card.pt': [4, 4] } });
    expect(r.modified).toBe(true);
    expect(r.final.objects['ogre']).toMatchObject({ power: 5, toughness: 7 });
    expect(() => runScenario(s, { overrides: { 'setup.players.P1.life': 3 } })).toThrow(/not a tweakable parameter/);
  });
});

needs(SHARED).describe('attachments and citations against the parsed rules', () => {
  const doc19 = parseFile(EN('2019-01-25'));
  const doc26 = parseFile(EN('2026-01-16'));
  const doc17 = parseFile(EN('2017-01-19')); // effective 2017-01-20: the pages of the Korean chapter posts' edition
  const rules = (d: typeof doc19) => new Map((d.rules as unknown as { number: string; examples: unknown[] }[]).map((r) => [r.number, r]));
  const r19 = rules(doc19);
  const r26 = rules(doc26);
  const byEdition: Record<string, ReturnType<typeof rules>> = { '2017-01-20': rules(doc17), '2019-01-25': r19, '2026-01-16': r26 };

  it('every attachment names an existing example of its edition', () => {
    for (const l of loaded) {
      for (const a of l.scenario?.attach ?? []) {
        const rule = byEdition[a.edition]!.get(a.rule);
        expect(rule, `${l.file}: ${a.rule}`).toBeDefined();
        expect(rule!.examples.length, `${l.file}: ${a.rule} example ${a.example}`).toBeGreaterThanOrEqual(a.example);
      }
    }
  });

  it('every rule cited in a trace exists in the edition that was run', () => {
    for (const l of loaded) {
      if (!l.scenario) continue;
      for (const r of runAllEditions(l.scenario)) {
        const known = r.edition === '2026-01-16' ? r26 : r19;
        for (const st of r.steps) for (const e of st.entries) for (const rule of e.rules) expect(known.has(rule), `${l.scenario.id} (${r.edition}) cites ${rule}`).toBe(true);
      }
    }
  });

  it('the crosswalk maps to rules that exist in 2026', () => {
    for (const [from, to] of Object.entries(CROSSWALK_2019_2026)) {
      expect(r19.has(from), from).toBe(true);
      expect(r26.has(to), to).toBe(true);
    }
  });
});
