/** Shared test helpers: where the real documents are, and parsing them once per test file. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { SHARED_RULES } from './inputs.ts';
import { parseDocument } from '../src/pipeline/index.ts';
import { JsonFileError } from '../src/pipeline/json-file.ts';
import type { Lang, RuleDocument } from '../src/model/types.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The mirror of external documents (tests/inputs.ts says what happens when it is missing). */
export { SHARED_RULES };
export const SEEDS = join(ROOT, 'content/seeds');

export const SEED = {
  ko7: join(SEEDS, 'ko-2017-01-20-part7.txt'),
  ko1: join(SEEDS, 'ko-2017-01-20-part1.txt'),
  ja: join(SEEDS, 'ja-2019-01-25.txt'),
  ko5: join(SEEDS, 'ko-2017-01-20-part5.txt'),
  ko9: join(SEEDS, 'ko-2017-01-20-part9.txt'),
};
export const EN = (edition: string) => join(SHARED_RULES, 'en', `MagicCompRules-${edition}.txt`);
export const EN_ARCHIVE = join(SHARED_RULES, 'en-archive');
export const KO19 = join(SHARED_RULES, 'ko', 'MagicCompRules_KR-2019-01-25.txt');

const cache = new Map<string, RuleDocument>();
/** Parses a file (cached per test file). */
export function parseFile(file: string, lang?: Lang): RuleDocument {
  const key = `${file}|${lang ?? ''}`;
  if (!cache.has(key)) cache.set(key, parseDocument(readFileSync(file), file, lang ? { lang } : {}));
  return cache.get(key)!;
}

export function ruleByNumber(doc: RuleDocument, number: string) {
  const r = doc.rules.find((x) => x.number === number && !x.duplicate);
  if (!r) throw new Error(`no rule ${number} in ${doc.file}`);
  return r;
}

/** The JsonFileError a call throws (any other error is thrown on; none is an error). */
export function thrown(f: () => unknown): JsonFileError {
  try {
    f();
  } catch (e) {
    if (e instanceof JsonFileError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}
