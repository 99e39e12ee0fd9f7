/**
 * The registry of diagnostic codes (src/model/diagnostics.ts): every code the pipeline reports is
 * registered and every registered code is reported somewhere (both found by scanning the sources with
 * a regular expression, independently of the registry), each entry says what to do, the constructor
 * holds call sites to the registered severities, and the real documents only produce registered codes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS, DIAGNOSTIC_CODES, diagnostic, isDiagnosticCode, reporter } from '../src/model/diagnostics.ts';
import type { Diagnostic } from '../src/model/types.ts';
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
      expect(d.message.length, code).toBeGreaterThan(10);
      expect(d.hint, code).toMatch(/^[A-Z].{15,}\.$/);
    }
  });
  it('builds diagnostics with the registered severity and rejects any other', () => {
    expect(diagnostic('renumbered', 'f.txt', 3, 'm', { rule: '100.2' })).toEqual({ severity: 'warning', file: 'f.txt', line: 3, code: 'renumbered', message: 'm', rule: '100.2' });
    expect(diagnostic('encoding', 'f.txt', 1, 'm', { severity: 'info' }).severity).toBe('info');
    expect(() => diagnostic('renumbered', 'f.txt', 3, 'm', { severity: 'error' })).toThrow(/registered as warning, not error/);
    const list: Diagnostic[] = [];
    reporter('g.txt', list)('missing-parent', 9, 'no parent', '100.1a');
    expect(list).toEqual([{ severity: 'info', file: 'g.txt', line: 9, code: 'missing-parent', message: 'no parent', rule: '100.1a' }]);
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
