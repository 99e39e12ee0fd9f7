/**
 * The engine's crosswalk file (src/generated/crosswalk.json, written by the data stage from the history) read as
 * data: a zod schema of its shape, and parsing that turns a missing or malformed file into one located diagnostic
 * from the registry (`generated-missing`, `generated-malformed`: file, line, what was found, what was expected)
 * instead of an engine that silently cites wrong numbers. Pure and free of Node: the engine parses the bundled
 * JSON with it in the browser's sandbox chunk too, which is why it uses `zod/mini` (≈ 6 KB gzip; full zod ≈ 26 KB).
 */
import * as z from 'zod/mini';
import type { CrosswalkFile, Diagnostic } from '../model/types.ts';
import { diagnostic, type DiagnosticArgs, type DiagnosticCode } from '../model/diagnostics.ts';

/** Where the data stage writes it, relative to the project (the message names it so). */
const CROSSWALK_JSON = 'src/generated/crosswalk.json';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RULE = /^\d{3}(?:\.\d+[a-z]?)?$/;
const ruleNumber = z.string().check(z.regex(RULE));

/** The file's one check: what it parses is a CrosswalkFile (src/model/types.ts; `parseCrosswalkFile` returns it, so tsc holds the two together). */
const schema = z.strictObject({
  from: z.string().check(z.regex(DATE)),
  to: z.string().check(z.regex(DATE)),
  /** Every rule of `from` whose number differs in `to` (null: no counterpart of its own). */
  map: z.record(ruleNumber, z.nullable(ruleNumber)),
  /** Editions the history lacks (then `map` is empty: the crosswalk cannot be derived). */
  missing: z.array(z.string().check(z.regex(DATE))),
});


/** What an issue's path expected, in words. */
function expected(path: readonly PropertyKey[]): string {
  const [top, key] = path;
  if (top === 'from' || top === 'to') return 'an edition date such as "2019-01-25"';
  if (top === 'missing') return 'a list of edition dates';
  if (top === 'map' && key === undefined) return 'an object from rule numbers to rule numbers';
  if (top === 'map') return 'a rule number such as "702.19b", or null';
  return 'an object with exactly from, to, map and missing';
}

/** `map["613.3d"]`, `from`, `(the file)` for the root. */
const where = (path: readonly PropertyKey[]) =>
  path.length === 0 ? '(the file)' : path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `[${JSON.stringify(String(p))}]`)).join('');

/** The value at `path`, shown short. */
function found(json: unknown, path: readonly PropertyKey[]): string {
  let v: unknown = json;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** A generated file that cannot be used: the diagnostic says where and what; the message is one line of it. */
export class GeneratedDataError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(`${diagnostic.file}:${diagnostic.line}: ${diagnostic.code}: ${diagnostic.message}`);
    this.name = 'GeneratedDataError';
  }
}

/** Reports a finding the only way a file that cannot be used allows: by throwing it (the caller cannot go on). */
function report<C extends DiagnosticCode>(code: C, file: string, line: number, args: DiagnosticArgs<C>): never {
  throw new GeneratedDataError(diagnostic(code, args, { file, line }));
}

/** Checks a parsed crosswalk file; throws GeneratedDataError (`generated-malformed`) at the first wrong value. */
export function parseCrosswalkFile(json: unknown, file = CROSSWALK_JSON): CrosswalkFile {
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  // The file is one line of JSON (JSON.stringify without indentation): the place is its path inside.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const what = issue.code === 'unrecognized_keys' ? `an unknown field ${JSON.stringify(issue.keys[0])}` : found(json, path);
  report('generated-malformed', file, 1, { form: 'shape', path: where(path), value: what, shape: expected(issue.path) });
}

/** Reads the file's text (null: the file does not exist) into a checked crosswalk, or throws a located diagnostic. */
export function readCrosswalkText(text: string | null, file = CROSSWALK_JSON): CrosswalkFile {
  if (text === null) report('generated-missing', file, 1, { what: 'crosswalk the data stage writes from the history' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // V8 says "… at position N" (or "line L column C"): give the line of that position.
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : 1;
    report('generated-malformed', file, line, { form: 'not-json', error: (e as Error).message, what: 'crosswalk the data stage writes' });
  }
  return parseCrosswalkFile(json, file);
}
