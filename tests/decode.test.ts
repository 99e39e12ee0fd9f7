import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSource, splitLines } from '../src/pipeline/decode.ts';
import { parseDocument } from '../src/pipeline/index.ts';
import { EN, SEED } from './helpers.ts';
import { SHARED, needs } from './inputs.ts';

/** The file converted by the system's iconv (glibc), an encoder independent of the decoder under test. */
const iconv = (file: string, to: string): Buffer => {
  const r = spawnSync('iconv', ['-f', 'utf-8', '-t', to, file], { maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`iconv -t ${to} ${file} failed: ${r.stderr}`);
  return r.stdout;
};

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('decodeSource', () => {
  it('strips a UTF-8 BOM', () => {
    const d = decodeSource(bytes([0xef, 0xbb, 0xbf], 'abc'), 'f');
    expect(d).toMatchObject({ text: 'abc', encoding: 'utf-8', bom: true });
  });
  it('reads UTF-16 LE and BE, with and without BOM', () => {
    const le = Buffer.from('100.1. Ça', 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeSource(new Uint8Array([0xff, 0xfe, ...le]), 'f')).toMatchObject({ text: '100.1. Ça', encoding: 'utf-16le', bom: true });
    expect(decodeSource(new Uint8Array([0xfe, 0xff, ...be]), 'f')).toMatchObject({ text: '100.1. Ça', encoding: 'utf-16be', bom: true });
    expect(decodeSource(new Uint8Array(le), 'f')).toMatchObject({ text: '100.1. Ça', encoding: 'utf-16le', bom: false });
    expect(decodeSource(new Uint8Array(be), 'f')).toMatchObject({ text: '100.1. Ça', encoding: 'utf-16be', bom: false });
  });
  it('reads Windows-1252 punctuation (curly quotes, dashes, ™) that Node would drop', () => {
    const d = decodeSource(bytes('player', [0x92], 's ', [0x93], 'deck', [0x94], ' ', [0x97], ' Magic', [0x99]), 'f');
    expect(d.encoding).toBe('windows-1252');
    expect(d.text).toBe('player’s “deck” — Magic™');
  });
  it('reads the stray DOS bytes of the 2019-01-25 edition as CP437 letters', () => {
    const d = decodeSource(bytes('Dand', [0x83], 'n, Ghazb', [0xa0], 'n, Jun', [0xa3], 'n, Ma\'r', [0x96], 'f'), 'f');
    expect(d.encoding).toBe('cp437');
    expect(d.text).toBe("Dandân, Ghazbán, Junún, Ma'rûf");
    expect(d.diagnostics[0]).toMatchObject({ severity: 'info', code: 'encoding' });
  });
  it('keeps damaged UTF-8 readable and reports the bad bytes once, with their count and first positions, as an error (issue 26: lost bytes are a damaged document)', () => {
    const d = decodeSource(bytes([0xea, 0xb7, 0x9c], '\n', 'x', [0xff], 'y\r\nab', [0xfe, 0xfe]), 'bad.txt');
    expect(d.text).toBe('규\nx\ufffdy\r\nab\ufffd\ufffd');
    expect(d.diagnostics).toEqual([
      { severity: 'error', file: 'bad.txt', line: 2, code: 'encoding-garbage', message: 'garbage inside UTF-8 text: 3 unreadable or impossible characters (invalid byte sequences replaced by U+FFFD, unassigned or private-use code points), first at line:column 2:2, 3:3, 3:4; expected clean UTF-8 text' },
    ]);
  });
  it('valid UTF-8 that holds U+FFFD or an unassigned code point is garbage too; control and direction-override characters are refused with their names', () => {
    const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
    expect(decodeSource(utf8('100.1. A\n100.2. B\uFFFD\uFFFF'), 'r.txt').diagnostics.map((x) => [x.code, x.line, x.message.split(':')[1]])).toEqual([['encoding-garbage', 2, ' 2 unreadable or impossible characters (invalid byte sequences replaced by U+FFFD, unassigned or private-use code points), first at line']]);
    const d = decodeSource(utf8('Trample\nTr\u202Eelpma\n\x1b[31m x\u0001'), 'g.txt');
    expect(d.diagnostics).toEqual([
      { severity: 'error', file: 'g.txt', line: 2, code: 'control-character', message: '3 control or bidirectional-override characters (U+202E RIGHT-TO-LEFT OVERRIDE, U+001B, U+0001), first at line:column 2:3, 3:1, 3:8; expected none in rules text' },
    ]);
  });
});

describe('legacy CJK encodings (TextDecoder with full ICU)', () => {
  it('a Shift_JIS Japanese document is decoded, not crashed on: the same rules and glossary as the UTF-8 seed', () => {
    const utf8 = parseDocument(readFileSync(SEED.ja), 'ja.txt');
    const sjis = parseDocument(iconv(SEED.ja, 'shift_jis'), 'ja-sjis.txt');
    expect(sjis.diagnostics[0]).toEqual({ severity: 'info', file: 'ja-sjis.txt', line: 1, code: 'encoding', message: 'decoded as shift_jis: not UTF-8, and it reads as Japanese or Korean text there' });
    expect(sjis.rules.map((r) => r.number)).toEqual(utf8.rules.map((r) => r.number));
    // The JIS-vs-Microsoft mapping pairs: glibc writes 〜 − as 0x8160 0x817C, which WHATWG's (Microsoft's)
    // table reads as ～ －; every other character comes back as it was.
    const jis = (s: string) => s.replace(/\uff5e/g, '\u301c').replace(/\uff0d/g, '\u2212');
    const body = (d: typeof utf8) => d.rules.map((r) => jis(JSON.stringify(r.body)));
    expect(body(sjis)).toEqual(body(utf8));
    expect(sjis.glossary.length).toBe(utf8.glossary.length);
  });
  it('EUC-JP Japanese and EUC-KR Korean documents are told apart and decoded', () => {
    expect(decodeSource(iconv(SEED.ja, 'euc-jp'), 'f').encoding).toBe('euc-jp');
    const ko = decodeSource(iconv(SEED.ko1, 'euc-kr'), 'ko.txt');
    expect(ko.encoding).toBe('euc-kr');
    // glibc writes ® (line 319) as a byte pair that the WHATWG euc-kr table lacks: reported, not hidden.
    expect(ko.diagnostics[1]).toEqual({ severity: 'warning', file: 'ko.txt', line: 319, code: 'encoding', message: '1 invalid euc-kr byte sequence replaced by U+FFFD, first at line:column 319:21; expected valid euc-kr text' });
    expect(ko.text.replace('\ufffd', '®')).toBe(readFileSync(SEED.ko1, 'utf8'));
  });
});

needs(SHARED).describe('garbage inside UTF-16', () => {
  const text = readFileSync(EN('2026-01-16'), 'utf8');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const withGarbage = (count: number) => {
    const at = 2 + 2 * Math.floor(text.length / 2); // half-way, on a code-unit boundary
    const junk = Buffer.alloc(count);
    let x = 12345;
    for (let i = 0; i < count; i++) junk[i] = (x = (x * 1103515245 + 12345) % 2 ** 31) >> 16 & 0xff; // fixed pseudo-random bytes
    return Buffer.concat([utf16.subarray(0, at), junk, utf16.subarray(at)]);
  };
  it('clean UTF-16 is read without a finding', () => {
    expect(decodeSource(utf16, 'f').diagnostics).toEqual([]);
  });
  it('an odd number of bytes inserted (the rest read out of step) is an error with where it starts', () => {
    const d = decodeSource(withGarbage(1001), 'g.txt');
    const errors = d.diagnostics.filter((x) => x.severity === 'error');
    expect(errors.map((e) => e.code)).toEqual(['encoding-garbage', 'encoding-garbage']);
    // The garbage starts on the line that holds the text's middle code unit.
    const line = splitLines(text.slice(0, Math.floor(text.length / 2))).length;
    expect(errors[1]!.message).toMatch(new RegExp(`^garbage inside utf-16le text: \\d+ unreadable or impossible characters and \\d+ runs of bytes out of step, first at line:column ${line}:\\d+,`));
    expect(errors[1]!.line).toBe(line);
  });
  it('an even number of random bytes inserted is an error too', () => {
    const d = decodeSource(withGarbage(1000), 'g.txt');
    expect(d.diagnostics.map((x) => [x.severity, x.code])).toEqual([['error', 'encoding-garbage']]);
  });
});

describe('splitLines', () => {
  it('splits CRLF, bare CR, LF and mixed endings into physical lines', () => {
    expect(splitLines('a\r\nb\rc\nd\r\r\ne')).toEqual(['a', 'b', 'c', 'd', '', 'e']);
  });
});
