/**
 * Reader edge cases as fixture folders (the remark way): each folder of tests/fixtures/readers/ holds an
 * `input.txt` (any format the pipeline reads; `options.json` may give `lang`, or `format` to read a fragment with
 * that reader alone, below the whole-document checks of parseDocument) and `expected.json`, the
 * document it must become, in a compact form a reviewer can read: every entry's number, kind and text
 * (markers for notes, gaps and restored characters), examples, notes, glossary, front matter and
 * diagnostics. A change to a reader shows as a diff of these files. `UPDATE=1 npx vitest run
 * tests/reader-fixtures.test.ts` rewrites them from the readers' output: review that diff before committing.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READERS, parseDocument } from '../src/pipeline/index.ts';
import { assembleDocument } from '../src/pipeline/assemble.ts';
import type { Lang, Paragraph, RuleDocument, SourceFormat } from '../src/model/types.ts';
import { ROOT } from './helpers.ts';

const DIR = join(ROOT, 'tests', 'fixtures', 'readers');
const UPDATE = process.env['UPDATE'] === '1';

/** A paragraph as text, with what is not text shown in brackets: [note 0], [gap], [restored 引], [ref 100.1a]. */
function text(p: Paragraph): string {
  return p
    .map((n) => {
      switch (n.type) {
        case 'text':
          return n.value;
        case 'symbol':
          return `{${n.value}}`;
        case 'ref':
          return `[ref ${n.text}${n.missing ? ' missing' : ''}]`;
        case 'term':
          return n.text;
        case 'noteRef':
          return `[note ${n.index}]`;
        case 'gap':
          return `[gap${n.word ? ` ${n.word}` : ''}]`;
        case 'restored':
          return `[restored ${n.value}]`;
      }
    })
    .join('');
}

/** The compact form of a document that expected.json holds. */
function compact(doc: RuleDocument) {
  return {
    lang: doc.lang,
    edition: doc.edition,
    format: doc.format,
    title: doc.title,
    partial: doc.partial,
    introduction: doc.introduction,
    parts: doc.parts.map((p) => `${p.number}. ${p.title}`),
    rules: doc.rules.map((r) => ({
      n: r.number,
      kind: r.kind,
      ...(r.printedNumber ? { printed: r.printedNumber } : {}),
      ...(r.duplicate ? { duplicate: true } : {}),
      text: r.body.map(text),
      ...(r.examples.length ? { examples: r.examples.map((e) => e.map(text)) } : {}),
      ...(r.notes.length ? { notes: r.notes.map((x) => `${x.form} ${x.line}: ${x.text}`) } : {}),
    })),
    glossary: doc.glossary.map((g) => `${g.term}${g.english ? ` / ${g.english}` : ''}: ${g.definition.map(text).join(' | ')}`),
    credits: doc.credits,
    diagnostics: doc.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}${d.rule ? ` ${d.rule}` : ''}`),
  };
}

const cases = readdirSync(DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe('reader fixtures (tests/fixtures/readers/*)', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThanOrEqual(3));
  for (const name of cases) {
    it(name, () => {
      const dir = join(DIR, name);
      const options = existsSync(join(dir, 'options.json')) ? (JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8')) as { lang?: Lang; format?: SourceFormat }) : {};
      const input = `tests/fixtures/readers/${name}/input.txt`;
      const bytes = readFileSync(join(dir, 'input.txt'));
      const doc = options.format ? assembleDocument(READERS[options.format](bytes.toString('utf8'), input)) : parseDocument(bytes, input, options.lang ? { lang: options.lang } : {});
      const actual = compact(doc);
      const file = join(dir, 'expected.json');
      if (UPDATE || !existsSync(file)) {
        if (!UPDATE) throw new Error(`${file} is missing: run UPDATE=1 npx vitest run tests/reader-fixtures.test.ts and review it`);
        writeFileSync(file, `${JSON.stringify(actual, null, 1)}\n`);
      }
      expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    });
  }
});
