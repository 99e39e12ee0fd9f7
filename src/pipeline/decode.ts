/**
 * Bytes → text. The CR has been published as ASCII, Windows-1252, ISO-8859-1, UTF-16 LE/BE and
 * UTF-8 with or without BOM, and one edition (2019-01-25) carries a few stray DOS (CP437) bytes;
 * translations may come in the legacy CJK encodings (Shift_JIS, EUC-JP, EUC-KR/CP949).
 * TextDecoder does the decoding (Node's full ICU has the CJK ones); only CP437, which the platform
 * lacks, has a table here. What could not be read is reported once per file, with a count and the
 * first positions: garbage inside UTF-8 or UTF-16 (U+FFFD replacements, impossible characters, CJK
 * inside English text) is an error, and so are control and direction-override characters, which no
 * rules text holds; a few characters a legacy CJK table lacks are a warning.
 */
import type { Diagnostic, Severity } from '../model/types.ts';
import { reporter, type DiagnosticArgs, type DiagnosticCode } from '../model/diagnostics.ts';

type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'cp437' | 'shift_jis' | 'euc-jp' | 'euc-kr';

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

/** Where in the text: 1-based line and column of each offset (columns count UTF-16 code units). */
function positions(text: string, offsets: number[]): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  let line = 1;
  let lineStart = 0;
  let k = 0;
  for (let i = 0; i < text.length && k < offsets.length; i++) {
    if (i === offsets[k]) {
      out.push({ line, column: i - lineStart + 1 });
      k++;
    }
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return out;
}

const FIRST = 5;
const where = (ps: { line: number; column: number }[]) => ps.map((p) => `${p.line}:${p.column}`).join(', ');

/** Offsets of every match of `re` (global), and how many there are. */
function findAll(text: string, re: RegExp): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(re)) out.push(m.index);
  return out;
}

// Characters no rules text contains: U+FFFD, C0 controls other than tab/CR/LF, private use,
// unpaired surrogates and unassigned code points. Decoded UTF-16 with any of them is garbage.
const GARBAGE = /[\uFFFD\x00-\x08\x0B\x0C\x0E-\x1F\p{Co}\p{Cn}\p{Cs}]/gu;
// Four or more code units in a row whose low byte is 0 and high byte printable ASCII: the byte
// pairs of ASCII text read one byte out of step (a byte inserted or lost inside UTF-16).
const OUT_OF_STEP = /[\u2000-\u7e00](?:[\u2000-\u7e00]){3,}/g;
const outOfStep = (text: string) => findAll(text, OUT_OF_STEP).filter((i) => [0, 1, 2, 3].every((k) => text.charCodeAt(i + k) % 256 === 0));

// Decoded UTF-8 that holds any of these lost bytes (U+FFFD) or was never text (unassigned, private use).
const UTF8_GARBAGE = /[\uFFFD\p{Co}\p{Cn}]/gu;
// C0 controls other than tab/LF/CR, DEL and C1 controls, and the bidirectional embeddings, overrides,
// isolates and marks: none is in any edition or translation; in a term they make a look-alike.
const CONTROLS = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const BIDI_NAMES: Record<string, string> = {
  '\u061C': 'ARABIC LETTER MARK', '\u200E': 'LEFT-TO-RIGHT MARK', '\u200F': 'RIGHT-TO-LEFT MARK',
  '\u202A': 'LEFT-TO-RIGHT EMBEDDING', '\u202B': 'RIGHT-TO-LEFT EMBEDDING', '\u202C': 'POP DIRECTIONAL FORMATTING',
  '\u202D': 'LEFT-TO-RIGHT OVERRIDE', '\u202E': 'RIGHT-TO-LEFT OVERRIDE', '\u2066': 'LEFT-TO-RIGHT ISOLATE',
  '\u2067': 'RIGHT-TO-LEFT ISOLATE', '\u2068': 'FIRST STRONG ISOLATE', '\u2069': 'POP DIRECTIONAL ISOLATE',
};
const controlName = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}${BIDI_NAMES[c] ? ` ${BIDI_NAMES[c]}` : ''}`;

// Han, kana, Hangul, CJK punctuation and full-width forms: no English edition has one; in English
// text they are UTF-16 byte pairs read out of step or inserted garbage.
const CJK_SCRIPT = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/g;

/** An error when English text holds Chinese, Japanese or Korean characters (garbage its encoding let through). */
export function checkEnglishScript(text: string, file: string): Diagnostic[] {
  const at = findAll(text, CJK_SCRIPT);
  if (at.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  const ps = positions(text, at.slice(0, FIRST));
  reporter(file, diagnostics)('encoding-garbage', ps[0]!.line, { form: 'cjk-in-english', count: at.length, where: where(ps) });
  return diagnostics;
}

/** Legacy CJK decoders tried, in this order, on bytes that are not UTF-8. */
const CJK: ('shift_jis' | 'euc-jp' | 'euc-kr')[] = ['shift_jis', 'euc-jp', 'euc-kr'];

/**
 * How much a decoding reads like Japanese or Korean text: kana and Hangul syllables count for it,
 * Hangul jamo and halfwidth katakana (what the other encodings' kana rows become) against it.
 * Kanji/hanja are neutral: every CJK decoding yields some.
 */
function cjkScore(text: string): number {
  let kanaOrHangul = 0;
  let odd = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) continue;
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7a3)) kanaOrHangul++;
    else if ((c >= 0x3131 && c <= 0x318e) || (c >= 0xff61 && c <= 0xff9f)) odd++;
  }
  return kanaOrHangul - 2 * odd;
}

/** Decodes a source file's bytes, reporting what it chose and any byte it could not read. */
export function decodeSource(bytes: Uint8Array, file: string): DecodedText {
  const diagnostics: Diagnostic[] = [];
  const report = reporter(file, diagnostics);
  const note = <C extends DiagnosticCode>(code: C, args: DiagnosticArgs<C>, line = 1, severity?: Severity) => report(code, line, args, undefined, severity);

  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return finishUtf8(bytes.subarray(3), true);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return finishUtf16(bytes.subarray(2), 'utf-16le', true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return finishUtf16(bytes.subarray(2), 'utf-16be', true);
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return finishUtf16(bytes, utf16, false);
  return finishUtf8(bytes, false);

  function finishUtf16(body: Uint8Array, encoding: 'utf-16le' | 'utf-16be', bom: boolean): DecodedText {
    const text = new TextDecoder(encoding).decode(body);
    const bad = findAll(text, GARBAGE);
    const shifted = outOfStep(text);
    if (body.length % 2 === 1) note('encoding-garbage', { form: 'odd-bytes', encoding, bytes: body.length }, positions(text, [text.length - 1])[0]?.line ?? 1);
    if (bad.length > 0 || shifted.length > 0) {
      const first = [...bad, ...shifted].sort((a, b) => a - b);
      const ps = positions(text, first.slice(0, FIRST));
      note(
        'encoding-garbage',
        { form: 'utf16', encoding, count: bad.length, shifted: shifted.length, where: where(ps) },
        ps[0]!.line,
      );
    } else controls(text);
    return { text, encoding, bom, diagnostics };
  }

  function finishUtf8(body: Uint8Array, bom: boolean): DecodedText {
    const utf8 = (text: string): DecodedText => {
      const bad = findAll(text, UTF8_GARBAGE);
      if (bad.length > 0) {
        const ps = positions(text, bad.slice(0, FIRST));
        note('encoding-garbage', { form: 'utf8', count: bad.length, where: where(ps) }, ps[0]!.line);
      } else controls(text);
      return { text, encoding: 'utf-8', bom, diagnostics };
    };
    try {
      return utf8(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch {
      // Not valid UTF-8. Mostly well-formed multi-byte sequences: UTF-8 with damage. Otherwise a
      // legacy CJK encoding when one decodes cleanly and reads as Japanese or Korean; else 8-bit.
      const high = countHigh(body);
      const multiByteBytes = countUtf8Sequences(body);
      if (bom || multiByteBytes >= high * 0.9) return utf8(new TextDecoder('utf-8').decode(body));
      // A legacy encoding may leave a few characters its table lacks (U+FFFD, reported); many mean it is the wrong one.
      let best: { encoding: (typeof CJK)[number]; text: string; score: number } | null = null;
      for (const encoding of CJK) {
        const text = new TextDecoder(encoding).decode(body);
        const replaced = findAll(text, /\uFFFD/g).length;
        if (replaced > Math.max(5, high / 1000)) continue;
        const score = cjkScore(text);
        if (score >= 20 && (!best || score > best.score)) best = { encoding, text, score };
      }
      if (best) {
        note('encoding', { form: 'guessed', encoding: best.encoding }, 1, 'info');
        reportReplacements(best.text, best.encoding);
        controls(best.text);
        return { text: best.text, encoding: best.encoding, bom, diagnostics };
      }
      if (multiByteBytes > 0) return utf8(new TextDecoder('utf-8').decode(body));
      const asCp437 = plausibility(body, cp437Char);
      const as1252 = plausibility(body, cp1252Char);
      if (asCp437 > as1252) {
        note('encoding', { form: 'cp437', count: high }, 1, 'info');
        const text = decodeCp437(body);
        controls(text);
        return { text, encoding: 'cp437', bom, diagnostics };
      }
      const text = decodeWindows1252(body);
      controls(text);
      return { text, encoding: 'windows-1252', bom, diagnostics };
    }
  }

  /** One error for all control and direction-override characters: how many, which, where the first ones are. */
  function controls(text: string) {
    const at = findAll(text, CONTROLS);
    if (at.length === 0) return;
    const ps = positions(text, at.slice(0, FIRST));
    const names = [...new Set(at.map((i) => text[i]!))].slice(0, FIRST).map(controlName).join(', ');
    note('control-character', { count: at.length, names, where: where(ps) }, ps[0]!.line);
  }

  /** One warning for all U+FFFD replacements: how many, and where the first ones are. */
  function reportReplacements(text: string, encoding = 'UTF-8') {
    const at = findAll(text, /\uFFFD/g);
    if (at.length === 0) return;
    const ps = positions(text, at.slice(0, FIRST));
    note('encoding', at.length === 1 ? { form: 'replaced-one', encoding, where: where(ps) } : { form: 'replaced', count: at.length, encoding, where: where(ps) }, ps[0]!.line);
  }
}

function countHigh(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b >= 0x80) n++;
  return n;
}

/** Counts the bytes inside well-formed UTF-8 multi-byte sequences (lead byte + continuation bytes). */
function countUtf8Sequences(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const len = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (!len) continue;
    let ok = true;
    for (let k = 1; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) ok = false;
    if (ok) {
      n += len;
      i += len - 1;
    }
  }
  return n;
}

/** Splits on CRLF, CR or LF (one 2026 edition uses bare CR). Line i of the result is physical line i+1. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
