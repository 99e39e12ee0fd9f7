import { describe, expect, it } from 'vitest';
import { decodeSource, splitLines } from '../src/pipeline/decode.ts';

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
  it('keeps damaged UTF-8 readable and reports each bad byte with its line', () => {
    const d = decodeSource(bytes([0xea, 0xb7, 0x9c], '\n', 'x', [0xff], 'y'), 'bad.txt');
    expect(d.text).toBe('규\nx\ufffdy');
    expect(d.diagnostics).toEqual([{ severity: 'warning', file: 'bad.txt', line: 2, code: 'encoding', message: expect.stringContaining('invalid UTF-8') }]);
  });
});

describe('splitLines', () => {
  it('splits CRLF, bare CR, LF and mixed endings into physical lines', () => {
    expect(splitLines('a\r\nb\rc\nd\r\r\ne')).toEqual(['a', 'b', 'c', 'd', '', 'e']);
  });
});
