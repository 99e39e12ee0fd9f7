import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { goldenRecord } from './golden.ts';

// The reference was written by the engine before the facade refactor (commit message of its first version says
// which commit); brotli-compressed JSON, `scenario@edition` → the run and its narration (see golden.ts).
const FIXTURE = new URL('./fixtures/golden.json.br', import.meta.url);

describe('every scenario run and its narration are unchanged (golden record)', () => {
  const actual = goldenRecord();
  if (process.env['UPDATE_GOLDEN'] === '1') {
    writeFileSync(FIXTURE, brotliCompressSync(JSON.stringify(actual), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  const expected = JSON.parse(brotliDecompressSync(readFileSync(FIXTURE)).toString('utf8')) as Record<string, string>;

  it('has the reference and the same scenario runs', () => {
    expect(existsSync(FIXTURE)).toBe(true);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const key of Object.keys(expected)) {
    it(key, () => {
      // compare the text first (byte-identical); parse only to show a readable difference
      if (actual[key] !== expected[key]) expect(JSON.parse(actual[key] ?? 'null')).toEqual(JSON.parse(expected[key]!));
      expect(actual[key]).toBe(expected[key]);
    });
  }
});
