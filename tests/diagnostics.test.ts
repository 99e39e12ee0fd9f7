/**
 * The registry of diagnostic codes (src/model/diagnostics.ts): every code the pipeline reports is
 * registered and every registered code is reported somewhere (both found by scanning the sources with
 * a regular expression, independently of the registry), each entry says what to do, the constructor
 * holds call sites to the registered severities, and the real documents only produce registered codes.
 * The registry is the formatter: every message the real documents produce follows its code's form.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS, DIAGNOSTIC_CODES, diagnostic, formatMessage, isDiagnosticCode, matchesForm, messageForms, reporter } from '../src/model/diagnostics.ts';
import { readCatalog, readDocument } from '../src/pipeline/generated.ts';
import type { Diagnostic } from '../src/model/types.ts';
import type { Lang } from '../src/i18n/locales.ts';
import { parseDocument } from '../src/pipeline/index.ts';
import { ROOT, SEED, parseFile } from './helpers.ts';

/** Every `.ts` file under src/pipeline except the registry itself. */
function pipelineSources(dir = join(ROOT, 'src/pipeline')): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return pipelineSources(path);
    return e.name.endsWith('.ts') && e.name !== 'diagnostics.ts' ? [{ file: path.slice(ROOT.length + 1), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** Codes at report sites: `diag('code', …`, `report('code', …`, `note(…`, `diagnostic(…`, and `? 'a' : 'b'` choices. */
function reportedCodes(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (code: string, file: string) => (found.get(code) ?? found.set(code, new Set()).get(code)!).add(file);
  for (const { file, text } of pipelineSources()) {
    for (const m of text.matchAll(/\b(?:diag|report|note|diagnostic)\(\s*(?:[\w.]+(?:\([\w.]*\))?\s*\?\s*)?'([a-z0-9-]+)'(?:\s*:\s*'([a-z0-9-]+)')?/g)) {
      add(m[1]!, file);
      if (m[2]) add(m[2], file);
    }
    if (/\breportFlood\(/.test(text)) add('delimiter-flood', file);
    // A checked JSON file's codes (src/pipeline/json-file.ts): `{ missing: 'a', malformed: 'b' }` where it is read.
    for (const m of text.matchAll(/\b(?:missing|malformed): '([a-z0-9-]+)'/g)) add(m[1]!, file);
  }
  return found;
}

describe('the registry of diagnostic codes', () => {
  const reported = reportedCodes();

  it('registers every code the pipeline reports', () => {
    expect([...reported.keys()].filter((c) => !isDiagnosticCode(c))).toEqual([]);
  });
  it('reports every registered code somewhere (no dead entries)', () => {
    expect(DIAGNOSTIC_CODES.filter((c) => !reported.has(c))).toEqual([]);
  });
  it('names in each entry the modules that report it', () => {
    for (const code of DIAGNOSTIC_CODES) {
      const modules = [...(reported.get(code) ?? [])].map((f) => f.replace(/^src\/pipeline\//, '').replace(/\.ts$/, ''));
      for (const m of modules) expect(DIAGNOSTICS[code].modules as readonly string[], `${code} is reported in ${m}`).toContain(m);
    }
  });
  it('gives every code a title, the form of its message and a hint that says what to do', () => {
    for (const code of DIAGNOSTIC_CODES) {
      const d = DIAGNOSTICS[code];
      expect(code).toMatch(/^[a-z]+(?:-[a-z0-9]+)*$/);
      expect(d.title.length, code).toBeGreaterThan(5);
      for (const form of messageForms(code)) expect(form.length, code).toBeGreaterThan(10);
      expect(d.hint, code).toMatch(/^[A-Z].{15,}\.$/);
    }
  });
  it('builds diagnostics with the registered severity and rejects any other', () => {
    const renumbered = { printed: '100.3', before: '100.1', fixed: '100.2' };
    expect(diagnostic('renumbered', renumbered, { file: 'f.txt', line: 3, rule: '100.2' })).toEqual({
      severity: 'warning', file: 'f.txt', line: 3, code: 'renumbered', rule: '100.2',
      message: 'rule printed as 100.3 after 100.1, where the order requires 100.2; read as 100.2',
    });
    expect(diagnostic('encoding', { form: 'guessed', encoding: 'shift_jis' }, { file: 'f.txt', line: 1, severity: 'info' }).severity).toBe('info');
    expect(() => diagnostic('renumbered', renumbered, { file: 'f.txt', line: 3, severity: 'error' })).toThrow(/registered as warning, not error/);
    const list: Diagnostic[] = [];
    reporter('g.txt', list)('missing-parent', 9, { rule: '100.1a', parent: '100.1' }, '100.1a');
    expect(list).toEqual([{ severity: 'info', file: 'g.txt', line: 9, code: 'missing-parent', message: 'rule 100.1a has no parent 100.1 in this document', rule: '100.1a' }]);
  });
  it('covers what the committed seeds produce', () => {
    for (const file of Object.values(SEED)) {
      for (const d of parseFile(file).diagnostics) {
        expect(isDiagnosticCode(d.code), `${file}: ${d.code}`).toBe(true);
        const spec = DIAGNOSTICS[d.code];
        expect([spec.severity, ...('alsoAs' in spec ? spec.alsoAs : [])]).toContain(d.severity);
      }
    }
  });
});

describe('the registry is the formatter', () => {
  it('writes the message from the form the call site names, every placeholder filled', () => {
    expect(formatMessage('no-rules', { form: 'empty-post' })).toBe('the post has front matter but no body');
    expect(formatMessage('footnote-undefined', { form: 'text', id: '3' })).toBe('footnote reference [^3] has no definition "[^3]: …"; kept as text');
    expect(formatMessage('edition-mismatch', { edition: '2019-01-25', line: 4, date: '2019-02-01' }))
      .toBe('the title says edition 2019-01-25, but line 4 says the rules are effective from 2019-02-01; using 2019-01-25');
  });
  it('refuses a form the code does not have and a missing argument (past the types, as plain JSON would)', () => {
    expect(() => formatMessage('no-rules', { form: 'nothing' } as never)).toThrow('diagnostic no-rules has no form nothing');
    expect(() => formatMessage('missing-parent', { rule: '100.1a' } as never)).toThrow('diagnostic missing-parent: no value for {parent}');
  });
  it('tells a message that follows its form from one that does not', () => {
    expect(matchesForm('damaged-text', 'rule 100.1: two terms run together; the text is kept as printed, the lost characters cannot be restored')).toBe(true);
    expect(matchesForm('damaged-text', 'introduction: two terms run together; the text is kept as printed, the lost characters cannot be restored')).toBe(true);
    // The wording the review found at call sites before the registry wrote the messages (a free-hand variant).
    expect(matchesForm('damaged-text', 'rule 100.1: two terms run together')).toBe(false);
    expect(matchesForm('no-edition', 'no effective date found')).toBe(false);
    expect(matchesForm('missing-parent', 'rule 100.1a has no parent 100.1 in this document.')).toBe(false);
  });
  it('every message of the real documents follows its code\'s form', () => {
    const messages: Diagnostic[] = [];
    for (const e of readCatalog().editions) messages.push(...readDocument(e.lang, e.edition).diagnostics);
    for (const file of Object.values(SEED)) messages.push(...parseFile(file).diagnostics);
    // The reader fixtures: the edge cases, read whole (a fragment read by one reader alone is checked there).
    const fixtures = join(ROOT, 'tests/fixtures/readers');
    for (const dir of readdirSync(fixtures)) {
      const optionsFile = join(fixtures, dir, 'options.json');
      const options = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as { lang?: Lang; format?: string }) : {};
      if (options.format) continue;
      const input = join(fixtures, dir, 'input.txt');
      messages.push(...parseDocument(readFileSync(input), input, options.lang ? { lang: options.lang } : {}).diagnostics);
    }
    // Every document of the catalogue reports something (the damaged-text lines of the Japanese alone are thousands).
    expect(messages.length).toBeGreaterThan(2000);
    expect(messages.filter((d) => !matchesForm(d.code, d.message)).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });
});
