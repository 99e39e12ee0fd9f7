/**
 * The engine's crosswalk file (src/generated/crosswalk.json) read through its zod schema
 * (src/pipeline/crosswalk-file.ts): the real file passes; a missing or malformed one is one located diagnostic from
 * the registry (file, line, the path inside, what was found and what was expected), and `cr scenario`, which loads
 * the engine, says so in one line and exits 1 instead of a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GeneratedDataError, parseCrosswalkFile, readCrosswalkText } from '../src/pipeline/crosswalk-file.ts';
import { DIAGNOSTICS } from '../src/model/diagnostics.ts';
import { generatedDir, readCrosswalk } from '../src/pipeline/generated.ts';
import { CROSSWALK_2019_2026 } from '../src/engine/crosswalk.ts';
import { ROOT } from './helpers.ts';

/** The diagnostic a call throws (fails the test when it throws nothing or something else). */
function thrown(f: () => unknown) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GeneratedDataError);
    return (e as GeneratedDataError).diagnostic;
  }
  throw new Error('expected a GeneratedDataError, nothing was thrown');
}

const good = { from: '2019-01-25', to: '2026-01-16', map: { '119.3a': '120.3a', '509.2': null }, missing: [] };

describe('the crosswalk file', () => {
  it('the file the data stage wrote passes, and is what the engine uses', () => {
    const raw = JSON.parse(readFileSync(join(generatedDir(), 'crosswalk.json'), 'utf8'));
    expect(readCrosswalk()).toEqual(raw);
    expect(CROSSWALK_2019_2026['119.3a']).toBe(raw.map['119.3a']);
    expect(parseCrosswalkFile(good)).toEqual(good);
  });

  it('missing: generated-missing, naming the file', () => {
    expect(thrown(() => readCrosswalkText(null, 'src/generated/crosswalk.json'))).toEqual({
      severity: 'error', file: 'src/generated/crosswalk.json', line: 1, code: 'generated-missing',
      message: 'the file does not exist; expected the crosswalk the data stage writes from the history',
    });
  });

  it('malformed: the first wrong value with its path, what was found and what was expected', () => {
    const d = (json: unknown) => thrown(() => parseCrosswalkFile(json, 'x.json'));
    expect(d({ ...good, map: { '613.3d': 42 } })).toEqual({ severity: 'error', file: 'x.json', line: 1, code: 'generated-malformed', message: 'at map["613.3d"]: found 42, expected a rule number such as "702.19b", or null' });
    expect(d({ ...good, map: { 'six-one-three': '613.4c' } }).message).toBe('at map["six-one-three"]: found "613.4c", expected a rule number such as "702.19b", or null');
    expect(d({ ...good, from: '25 January 2019' }).message).toBe('at from: found "25 January 2019", expected an edition date such as "2019-01-25"');
    expect(d({ ...good, map: [] }).message).toBe('at map: found [], expected an object from rule numbers to rule numbers');
    expect(d({ ...good, extra: 1 }).message).toBe('at extra: found an unknown field "extra", expected an object with exactly from, to, map and missing');
    expect(d({ from: '2019-01-25', to: '2026-01-16', map: {} }).message).toBe('at missing: found nothing, expected a list of edition dates');
    expect(d([]).message).toBe('at (the file): found [], expected an object with exactly from, to, map and missing');
  });

  it('not JSON: generated-malformed at the line of the error', () => {
    const d = thrown(() => readCrosswalkText('{"from":\n"2019-01-25",,}', 'x.json'));
    expect(d).toMatchObject({ code: 'generated-malformed', file: 'x.json', line: 2 });
    expect(d.message).toMatch(/^not JSON \(.*position 22.*\); expected the crosswalk the data stage writes$/);
  });

  describe('cr scenario, which loads the engine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-crosswalk-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const cr = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', 'scenario', '--crosswalk'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CR_ATLAS_GENERATED: dir } });
    const file = join(dir, 'crosswalk.json');

    it('missing: one line with the file, the code and what to do; exit 1', () => {
      const r = cr();
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`cr: ${file}:1: generated-missing: the file does not exist; expected the crosswalk the data stage writes from the history — ${DIAGNOSTICS['generated-missing'].hint} (/diagnostics/#generated-missing)\n`);
    });

    it('malformed: the same, with the place inside the file', () => {
      writeFileSync(file, JSON.stringify({ ...good, map: { '613.3d': 42 } }));
      const r = cr();
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`cr: ${file}:1: generated-malformed: at map["613.3d"]: found 42, expected a rule number such as "702.19b", or null — ${DIAGNOSTICS['generated-malformed'].hint} (/diagnostics/#generated-malformed)\n`);
    });
  });
});
