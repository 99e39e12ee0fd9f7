/**
 * Bytes → text. The CR has been published as ASCII, Windows-1252, ISO-8859-1, UTF-16 LE/BE and
 * UTF-8 with or without BOM, and one edition (2019-01-25) carries a few stray DOS (CP437) bytes.
 * TextDecoder does the decoding; only CP437, which the platform lacks, has a table here.
 */
import type { Diagnostic } from '../model/types.ts';

export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'cp437';

export interface DecodedText {
  text: string;
  encoding: SourceEncoding;
  bom: boolean;
  diagnostics: Diagnostic[];
}

// The upper half of code page 437, byte 0x80 onwards.
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const cp437Char = (b: number) => (b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80]!);

function decodeCp437(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += Array.from(bytes.subarray(i, i + 8192), cp437Char).join('');
  return out;
}

const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);

/**
 * How plausible the decoded form of each non-ASCII byte is in its context: a lower-case letter
 * after a letter, a capital at a word start, a quote or dash next to a word. Used to choose between
 * Windows-1252 and CP437 for 8-bit files, which no byte pattern alone tells apart.
 */
function plausibility(bytes: Uint8Array, table: (b: number) => string): number {
  let score = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const c = table(b);
    const prev = i > 0 && bytes[i - 1]! < 0x80 ? String.fromCharCode(bytes[i - 1]!) : undefined;
    const next = i + 1 < bytes.length && bytes[i + 1]! < 0x80 ? String.fromCharCode(bytes[i + 1]!) : undefined;
    if (/\p{Ll}/u.test(c)) score += isLetter(prev) ? 1 : 0;
    else if (/\p{Lu}/u.test(c)) score += isLetter(prev) ? 0 : 1;
    else if (/[\u2018\u2019\u201c\u201d\u2013\u2014\u2122\u00ae\u00a9\u2026]/.test(c)) score += isLetter(prev) || isLetter(next) || prev === ' ' ? 1 : 0;
    else if (/\s/.test(c)) score += isLetter(prev) && isLetter(next) ? 0 : 1;
  }
  return score;
}

// Windows-1252's 0x80–0x9F block (curly quotes, dashes, ™). Node 20's TextDecoder('windows-1252')
// silently drops these bytes, so this block is mapped here; the rest is Latin-1. Unassigned
// bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their C1 code point, as WHATWG specifies.
const CP1252_C1 = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';
const cp1252Char = (b: number) => (b >= 0x80 && b < 0xa0 ? CP1252_C1[b - 0x80]! : String.fromCharCode(b));

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += Array.from(bytes.subarray(i, i + 8192), cp1252Char).join('');
  return out;
}

/** Guesses UTF-16 without BOM from the NUL bytes every ASCII character carries. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4000) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  if (oddNul > n / 4 && evenNul < n / 40) return 'utf-16le';
  if (evenNul > n / 4 && oddNul < n / 40) return 'utf-16be';
  return null;
}

/** Decodes a source file's bytes, reporting what it chose and any byte it could not read. */
export function decodeSource(bytes: Uint8Array, file: string): DecodedText {
  const diagnostics: Diagnostic[] = [];
  const note = (severity: Diagnostic['severity'], code: string, message: string, line = 1) =>
    diagnostics.push({ severity, file, line, code, message });

  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return finishUtf8(bytes.subarray(3), true);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true, diagnostics };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', bom: true, diagnostics };
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16, bom: false, diagnostics };
  return finishUtf8(bytes, false);

  function finishUtf8(body: Uint8Array, bom: boolean): DecodedText {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8', bom, diagnostics };
    } catch {
      // Not valid UTF-8. A file with real multi-byte sequences is UTF-8 with damage; otherwise 8-bit.
      const multiByte = countUtf8Sequences(body);
      if (bom || multiByte > 0) {
        const text = new TextDecoder('utf-8').decode(body);
        reportReplacements(text);
        return { text, encoding: 'utf-8', bom, diagnostics };
      }
      const asCp437 = plausibility(body, cp437Char);
      const as1252 = plausibility(body, cp1252Char);
      if (asCp437 > as1252) {
        note('info', 'encoding', `decoded as CP437: its ${countHigh(body)} non-ASCII bytes read as letters there (e.g. Dandân), not as Windows-1252 punctuation`);
        return { text: decodeCp437(body), encoding: 'cp437', bom, diagnostics };
      }
      return { text: decodeWindows1252(body), encoding: 'windows-1252', bom, diagnostics };
    }
  }

  function reportReplacements(text: string) {
    let line = 1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
      else if (c === 0xfffd) note('warning', 'encoding', 'invalid UTF-8 byte sequence replaced by U+FFFD; expected valid UTF-8 text', line);
    }
  }
}

function countHigh(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b >= 0x80) n++;
  return n;
}

/** Counts well-formed UTF-8 multi-byte sequences (lead byte + continuation bytes). */
function countUtf8Sequences(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const len = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (!len) continue;
    let ok = true;
    for (let k = 1; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) ok = false;
    if (ok) {
      n++;
      i += len - 1;
    }
  }
  return n;
}

/** Splits on CRLF, CR or LF (one 2026 edition uses bare CR). Line i of the result is physical line i+1. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
