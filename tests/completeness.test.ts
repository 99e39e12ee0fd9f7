/**
 * Documents that are damaged: completeness of each parsed document against its own contents list,
 * and the English archive's printing glitches, on the real files of ../shared/rules.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseDocument } from '../src/pipeline/index.ts';
import { decodeSource, splitLines } from '../src/pipeline/decode.ts';
import type { RuleDocument } from '../src/model/types.ts';
import { SHARED, needs } from './inputs.ts';
import { EN, EN_ARCHIVE, KO19, SEED, SEEDS } from './helpers.ts';

const { describe, it } = needs(SHARED);

const archive = (edition: string) => join(EN_ARCHIVE, `${edition}.txt`);
const parse = (file: string, bytes: Uint8Array = readFileSync(file)) => parseDocument(bytes, file);
const errors = (d: RuleDocument) => d.diagnostics.filter((x) => x.severity === 'error');
const rule = (d: RuleDocument, n: string) => d.rules.find((r) => r.number === n && !r.duplicate);
const plain = (paras: RuleDocument['rules'][number]['body']) => paras.map((p) => p.map((n) => ('value' in n ? n.value : 'text' in n ? n.text : '')).join('')).join('\n');

/** The first `share` of a file's bytes, cut on a character boundary (a download or copy that stopped). */
function truncated(file: string, share: number): Buffer {
  const b = readFileSync(file);
  let cut = Math.floor(b.length * share);
  while ((b[cut]! & 0xc0) === 0x80) cut--;
  return b.subarray(0, cut);
}

describe('completeness against the document’s own contents', () => {
  it('every real document is complete, except the archived 2013-02-01 copy', () => {
    const files = [
      ...readdirSync(SEEDS).map((f) => join(SEEDS, f)),
      KO19,
      ...['2017-01-19', '2019-01-25', '2026-01-16'].map(EN),
      ...readdirSync(EN_ARCHIVE).filter((f) => f.endsWith('.txt')).map((f) => join(EN_ARCHIVE, f)),
    ];
    const damaged = files.filter((f) => errors(parse(f)).length > 0).map((f) => f.split('/').pop());
    expect(damaged).toEqual(['2013-02-01.txt']);
  });

  it('the archived 2013-02-01 copy: an error saying where it ends and what is missing', () => {
    const d = parse(archive('2013-02-01'));
    // `wc -l` counts 4608 CRLF terminators; the last line has none, so it is line 4609.
    expect(errors(d)).toEqual([
      {
        severity: 'error',
        file: archive('2013-02-01'),
        line: 4609,
        code: 'ends-early',
        message: 'the document ends early at line 4609, inside the glossary, at the headword "Attack Multiple Players" (which has no definition); missing what its contents list from there on: the credits, and any glossary entries after that headword',
      },
    ]);
  });

  // What each contents list names besides sections: the Japanese もくじ nothing, the Korean 목차 용어사전
  // (its line 162), the English Contents "Glossary" and "Credits" (lines 178 and 180).
  for (const [name, file, tail] of [['Japanese seed', SEED.ja, ''], ['Korean 2019-01-25', KO19, 'the glossary'], ['English 2026-01-16', EN('2026-01-16'), 'the glossary, the credits']] as const) {
    it(`${name} cut to 40 %: ends-early at its last line, naming the first section it lacks`, () => {
      const full = parse(file);
      const bytes = truncated(file, 0.4);
      const cut = parse(file, bytes);
      const text = new TextDecoder().decode(bytes);
      const lines = splitLines(text);
      let last = lines.length;
      while (lines[last - 1]!.trim() === '') last--;
      const lastRule = cut.rules.at(-1)!.number;
      // The sections the full document has after the last one the cut copy still holds.
      const lastSection = cut.rules.filter((r) => r.kind === 'section').at(-1)!.number;
      const lost = full.rules.filter((r) => r.kind === 'section' && r.number > lastSection).map((r) => r.number);
      const [e, ...rest] = errors(cut);
      expect(rest).toEqual([]);
      expect(e).toMatchObject({ code: 'ends-early', line: last });
      expect(e!.message).toContain(`the document ends early at line ${last}, after rule ${lastRule}; missing what its contents list from there on: section ${lost[0]}, section ${lost[1]},`);
      const missing = [...lost.map((n) => `section ${n}`), ...(tail ? tail.split(', ') : [])];
      expect(e!.message).toMatch(new RegExp(` … ${missing.at(-1)} \\(${missing.length} entries\\)$`));
    });
  }
});

describe('the English archive’s printing glitches', () => {
  const editions = readdirSync(EN_ARCHIVE).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4));
  // Found by reading the raw lines, independently of the reader: which editions print `901.4.All`.
  const glued = editions.filter((e) => splitLines(decodeSource(readFileSync(archive(e)), e).text).some((l) => l.startsWith('901.4.All')));

  it('901.4 printed as "901.4.All plane…" (2022-10-07 … 2025-02-07) is rule 901.4, not a paragraph of 901.3a', () => {
    expect(glued).toEqual(['2022-10-07', '2022-11-18', '2023-04-14', '2023-10-13', '2023-11-17', '2024-02-06', '2024-03-08', '2024-06-07', '2024-08-02', '2024-11-08', '2025-02-07']);
    for (const e of glued) {
      const d = parse(archive(e));
      expect(plain(rule(d, '901.4')!.body), e).toMatch(/^All plane and phenomenon cards remain in the command zone/);
      expect(plain(rule(d, '901.3a')!.body), e).not.toContain('All plane and phenomenon');
      expect(d.diagnostics.filter((x) => x.code === 'glued-number').map((x) => x.rule)).toEqual(['901.4']);
    }
  });

  it('2021-06-09: the 11 glossary headwords glued to their first definition line are split', () => {
    const d = parse(archive('2021-06-09'));
    const split = d.diagnostics.filter((x) => x.code === 'glued-headword');
    // The review lists 11; `grep -E "^[A-Z][A-Za-z ,'()-]*[a-z)]1\. "` on the file finds the same 11 lines.
    expect(split).toHaveLength(11);
    const ability = d.glossary.find((g) => g.term === 'Ability')!;
    expect(plain(ability.definition)).toMatch(/^1\. Text on an object that explains what that object does or can do\.\n2\. /);
    expect(d.glossary.some((g) => /\d\. /.test(g.term))).toBe(false);
    expect(['Ante', 'Archenemy', 'Draw', 'Exile', 'Face Down', 'Face Up', 'Graveyard', 'Hand', 'Library', 'Loyalty'].every((t) => d.glossary.some((g) => g.term === t))).toBe(true);
  });

  it('2021-11-15: the stray "f" on line 4540 is reported and left out of 702.148b', () => {
    const d = parse(archive('2021-11-15'));
    expect(d.diagnostics.filter((x) => x.code === 'stray-line')).toEqual([
      { severity: 'warning', file: archive('2021-11-15'), line: 4540, code: 'stray-line', message: 'stray one-letter line "f" between rules left out; expected a rule, example or continuation paragraph' },
    ]);
    expect(rule(d, '702.148b')!.body).toHaveLength(1);
  });

  it('2014-09-26, 2015-01-23, 2015-03-27: "Example:Example:" in 704.4 is one label', () => {
    for (const e of ['2014-09-26', '2015-01-23', '2015-03-27']) {
      const d = parse(archive(e));
      const ex = rule(d, '704.4')!.examples;
      expect(ex.map((x) => plain(x)).join('|'), e).toMatch(/^A player controls a creature with the ability/);
      expect(d.diagnostics.filter((x) => x.code === 'doubled-label')).toHaveLength(1);
    }
  });
});
