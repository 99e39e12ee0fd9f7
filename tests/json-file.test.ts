/**
 * A schema at every JSON boundary (src/pipeline/json-file.ts, src/pipeline/schemas.ts): the manifest people
 * edit and the generated files are read through their zod schemas, and a typo, a wrong value, a cut-off
 * file or a missing one stops with the file, the line, the JSON path, what was found and what was
 * expected, and the code's hint — on the real manifest and the real generated data, altered.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { thrown } from './helpers.ts';
import { PROJECT_ROOT, loadManifest } from '../src/pipeline/sources.ts';
import { generatedDir, readCatalog, readDocument, readHistory } from '../src/pipeline/generated.ts';
import { describeCode } from '../src/model/diagnostics.ts';

const dir = mkdtempSync(join(tmpdir(), 'cr-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project root holding content/manifest.json with `edit` applied to the real manifest's text. */
function manifestRoot(edit: (text: string) => string): string {
  const root = mkdtempSync(join(dir, 'root-'));
  mkdirSync(join(root, 'content'));
  writeFileSync(join(root, 'content', 'manifest.json'), edit(readFileSync(join(PROJECT_ROOT, 'content', 'manifest.json'), 'utf8')));
  return root;
}

/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('content/manifest.json', () => {
  const real = readFileSync(join(PROJECT_ROOT, 'content', 'manifest.json'), 'utf8');

  it('the real manifest passes, with every one of its documents', () => {
    const sources = loadManifest().sources;
    expect(sources.length).toBe((real.match(/"id":/g) ?? []).length);
  });

  it('a misspelt field is named at its line, with the hint that says what to do', () => {
    const root = manifestRoot((t) => t.replace('"sha256": "', '"sha265": "'));
    const e = thrown(() => loadManifest(root));
    const line = lineOf(real, '"sha256": "');
    expect(e.diagnostics).toHaveLength(1);
    expect(e.diagnostics[0]).toMatchObject({ file: join(root, 'content', 'manifest.json'), line, code: 'manifest-malformed' });
    expect(e.diagnostics[0]!.message).toMatch(/^at \$\.sources\[\d+\]\.sha265: found an unknown field "sha265", expected only the fields the schema names$/);
    expect(e.message).toContain(`hint (manifest-malformed): ${describeCode('manifest-malformed').hint} (/diagnostics/#manifest-malformed)`);
  });

  it('a wrong language and an impossible date: each located, with what was expected', () => {
    const root = manifestRoot((t) => t.replace('"lang": "ja"', '"lang": "jp"').replace('"edition": "2026-01-16"', '"edition": "2026-1-16"'));
    const e = thrown(() => loadManifest(root));
    const messages = e.diagnostics.map((d) => d.message.replace(/\[\d+\]/, '[i]'));
    expect(messages).toContain('at $.sources[i].lang: found "jp", expected one of "en", "ja", "ko"');
    expect(messages).toContain('at $.sources[i].edition: found "2026-1-16", expected text matching /^\\d{4}-\\d{2}-\\d{2}$/');
    expect(e.diagnostics.find((d) => d.message.includes('.lang'))!.line).toBe(lineOf(real, '"lang": "ja"'));
  });

  it('a cut-off manifest is not JSON, at the line where it ends', () => {
    const root = manifestRoot((t) => t.slice(0, t.indexOf('"sha256"')));
    const e = thrown(() => loadManifest(root));
    expect(e.diagnostics[0]!.code).toBe('manifest-malformed');
    expect(e.diagnostics[0]!.message).toMatch(/^not JSON \(.+\); expected the list of source documents/);
    expect(e.diagnostics[0]!.line).toBe(lineOf(real, '"sha256"'));
  });
});

describe('src/generated/', () => {
  it('the real generated files pass', () => {
    const catalog = readCatalog();
    for (const e of catalog.editions) expect(readDocument(e.lang, e.edition).rules.length, `${e.lang}-${e.edition}`).toBe(e.ruleCount);
    expect(readHistory().format).toBe('cr-atlas-history/1');
  });

  it('a document with a rule number that is no rule number, or an unknown inline node, is refused at the place', () => {
    const root = mkdtempSync(join(dir, 'gen-'));
    cpSync(generatedDir(), join(root, 'src', 'generated'), { recursive: true });
    const file = join(root, 'src', 'generated', 'docs', 'en-2026-01-16.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.rules[5].number = '702.19 b';
    doc.rules[7].body[0].push({ type: 'bold', value: 'x' });
    writeFileSync(file, JSON.stringify(doc));
    const e = thrown(() => readDocument('en', '2026-01-16', root));
    expect(e.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['generated-malformed', 1, 'at $.rules[5].number: found "702.19 b", expected text matching /^\\d{3}(?:\\.\\d+[a-z]?)?$/'],
      ['generated-malformed', 1, `at $.rules[7].body[0][${doc.rules[7].body[0].length - 1}].type: found "bold", expected one of "text", "symbol", "ref", "term", "noteRef", "gap", "restored"`],
    ]);
    expect(e.message).toContain('hint (generated-malformed): Do not edit src/generated/ by hand');
    // A missing catalog: the code says so, with its hint.
    rmSync(join(root, 'src', 'generated', 'catalog.json'));
    expect(thrown(() => readCatalog(root)).diagnostics[0]).toMatchObject({ code: 'generated-missing', message: 'the file does not exist; expected the catalog the data stage writes' });
  });
});
