import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../scripts/scenario.ts';

const dir = mkdtempSync(join(tmpdir(), 'cr-scenario-'));
const write = (name: string, content: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
};
const valid = () => ({
  id: 'diag-test', formatVersion: 1, attach: [{ edition: '2019-01-25', rule: '613.4', example: 2 }], ruleset: '2019-01-25',
  setup: { turn: { active: 'P1', step: 'main1' }, players: { P1: { life: 20 }, P2: { life: 20 } }, objects: { bear: { owner: 'P1', zone: 'battlefield', card: { types: ['creature'], pt: [2, 2] } } } },
  steps: [{ do: { op: 'put-counters', on: 'bear', kind: '+1/+1', n: 1 }, expect: { bear: { pt: [3, 3] } } }],
});

describe('invalid scenarios get clear diagnostics, never a crash', () => {
  it('accepts the valid baseline', () => {
    expect(loadScenario(write('ok.json', valid())).errors).toEqual([]);
  });
  it('reports malformed JSON with the file name', () => {
    const f = write('bad.json', '{ "id": ');
    const r = loadScenario(f);
    expect(r.errors[0]).toMatch(/bad\.json: not valid JSON/);
  });
  it('reports a missing file', () => {
    expect(loadScenario(join(dir, 'nope.json')).errors[0]).toMatch(/cannot read/);
  });
  it('names the JSON path of a missing required field', () => {
    const s = valid() as Record<string, unknown>;
    delete s['ruleset'];
    expect(loadScenario(write('m.json', s)).errors).toEqual([expect.stringMatching(/m\.json: \$: missing required field "ruleset"/)]);
  });
  it('names the path and the expected values of a bad enum', () => {
    const s = valid();
    s.setup.objects.bear.zone = 'graveyrd';
    const e = loadScenario(write('z.json', s)).errors.join('\n');
    expect(e).toMatch(/\$\.setup\.objects\.bear\.zone: expected one of "battlefield", "hand"/);
  });
  it('reports an unknown field', () => {
    const s = valid() as unknown as { steps: Record<string, unknown>[] };
    s.steps[0]!['expct'] = {};
    expect(loadScenario(write('u.json', s)).errors.join('\n')).toMatch(/\$\.steps\[0\]\.expct: unknown field "expct"/);
  });
  it('reports a bad type deep inside a card', () => {
    const s = valid() as unknown as { setup: { objects: { bear: { card: { pt: unknown } } } } };
    s.setup.objects.bear.card.pt = [2, 'two'];
    expect(loadScenario(write('t.json', s)).errors.join('\n')).toMatch(/\$\.setup\.objects\.bear\.card\.pt\[1\]: expected integer, found string "two"/);
  });
  it('reports a reference to an unknown object', () => {
    const s = valid();
    (s.steps[0]!.do as Record<string, unknown>)['on'] = 'beer';
    expect(loadScenario(write('r.json', s)).errors.join('\n')).toMatch(/\$\.steps\[0\]\.do\.on: unknown object "beer"; expected one of bear/);
  });
  it('reports an invalid mana symbol', () => {
    const s = valid() as unknown as { setup: { objects: { bear: { card: Record<string, unknown> } } } };
    s.setup.objects.bear.card['manaCost'] = '{P}';
    expect(loadScenario(write('c.json', s)).errors.join('\n')).toMatch(/manaCost: invalid mana string: unknown mana symbol \{P\}/);
  });
  it('reports a knob path that names nothing', () => {
    const s = { ...valid(), knobs: [{ path: 'setup.objects.bera.card.pt', label: { en: 'P/T' } }] };
    expect(loadScenario(write('k.json', s)).errors.join('\n')).toMatch(/\$\.knobs\[0\]\.path: "setup\.objects\.bera\.card\.pt" doesn't name a value/);
  });
  it('reports a rule number in the wrong format', () => {
    const s = valid();
    s.attach[0]!.rule = '613.4.2';
    expect(loadScenario(write('n.json', s)).errors.join('\n')).toMatch(/\$\.attach\[0\]\.rule: "613\.4\.2" doesn't match a rule number/);
  });
});
