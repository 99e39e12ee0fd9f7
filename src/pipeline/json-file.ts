/**
 * Reading a JSON file the project depends on (content/manifest.json, the generated data in src/generated/, the
 * search tables of content/search/)
 * through its zod schema, so that a hand-edited typo or a stale generated file stops with a located
 * diagnostic from the registry — file, line, the JSON path, what was found and what was expected, and the
 * code's hint — instead of a cast that lets a wrong value through as if it were right. Lines come from
 * jsonc-parser's syntax tree (the manifest is indented; a generated file is one line, so its path says where).
 * Build-time only (Node).
 */
import { existsSync, readFileSync } from 'node:fs';
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import type * as z from 'zod';
import type { Diagnostic } from '../model/types.ts';
import { diagnostic, hintLine } from '../model/diagnostics.ts';
import { jsonPath } from '../model/json-path.ts';

/** A JSON file that cannot be used: the diagnostics say where and what; the message has them, with the hint. */
export class JsonFileError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    const d = diagnostics[0]!;
    super(`${diagnostics.map((x) => `${x.file}:${x.line}: ${x.code}: ${x.message}`).join('\n')}\n  ${hintLine(d.code)}`);
    this.name = 'JsonFileError';
  }
}


/**
 * The codes a JSON file's findings are reported with: `missing` (its form names `{what}`) when it does not exist,
 * `malformed` (forms `missing`, `not-json`, `shape`) for the rest; null: a missing file is `malformed` too.
 */
export type JsonFileCodes =
  | { missing: 'generated-missing'; malformed: 'generated-malformed' }
  | { missing: null; malformed: 'manifest-malformed' | 'search-table-malformed' };

/** The codes of the hand-written tables of content/search/ (concepts, asked-by words, misconversions, relevance sets). */
export const SEARCH_TABLE = { missing: null, malformed: 'search-table-malformed' } as const satisfies JsonFileCodes;

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

const at = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), root);

/** What an issue expected, in words (zod's own message where it says it best). */
function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `a value of type ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1 ? show(issue.values[0]) : `one of ${issue.values.map(show).join(', ')}`;
    case 'invalid_format':
      return 'pattern' in issue && issue.pattern ? `text matching ${String(issue.pattern)}` : `a ${issue.format}`;
    case 'unrecognized_keys':
      return 'only the fields the schema names';
    case 'invalid_union':
      // A discriminated union whose discriminator names no form: the forms it has.
      return 'options' in issue && Array.isArray(issue.options) ? `one of ${(issue.options as unknown[]).map(show).join(', ')}` : issue.message;
    default:
      return issue.message;
  }
}

/**
 * The file parsed and checked against `schema`, or JsonFileError: `missing` when it does not exist (null: a
 * missing file is itself an error of code `malformed`), `malformed` for text that is not JSON or a value of
 * the wrong shape (at most 10 findings, each located).
 */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, codes: JsonFileCodes, what: string): z.output<S> {
  return parseJsonText(readJsonText(file, codes, what), file, schema, codes, what);
}

/** A JSON file's text, or JsonFileError when it does not exist (`readJsonFile`'s first half, for a caller that checks more). */
export function readJsonText(file: string, codes: JsonFileCodes, what: string): string {
  if (!existsSync(file)) {
    throw new JsonFileError([codes.missing === null ? diagnostic(codes.malformed, { form: 'missing', what }, { file, line: 1 }) : diagnostic(codes.missing, { what }, { file, line: 1 })]);
  }
  return readFileSync(file, 'utf8');
}

/** A file's text parsed and checked against `schema` (`readJsonFile` without the reading), or JsonFileError. */
export function parseJsonText<S extends z.ZodType>(text: string, file: string, schema: S, codes: JsonFileCodes, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const offset = Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? 0);
    throw new JsonFileError([diagnostic(codes.malformed, { form: 'not-json', error: (e as Error).message, what }, { file, line: lineOf(text, offset) })]);
  }
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const tree: JsonNode | undefined = parseTree(text);
  const diagnostics = r.error.issues.slice(0, 10).map((issue): Diagnostic => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    const found = issue.code === 'unrecognized_keys' ? `an unknown field ${JSON.stringify(issue.keys[0])}` : show(at(value, path));
    return diagnostic(codes.malformed, { form: 'shape', path: jsonPath(path), value: found, shape: expectedOf(issue) }, { file, line: lineAt(text, path, tree) });
  });
  throw new JsonFileError(diagnostics);
}

/**
 * The line of a place inside a JSON text (1-based): of the value at `path`, or the nearest node the text has
 * on the way to it (a missing field: its object).
 */
export function lineAt(text: string, path: readonly PropertyKey[], tree: JsonNode | undefined = parseTree(text)): number {
  let node: JsonNode | undefined;
  for (let n = path.length; n >= 0 && !node; n--) node = tree && findNodeAtLocation(tree, path.slice(0, n) as (string | number)[]);
  return node ? lineOf(text, node.offset) : 1;
}
