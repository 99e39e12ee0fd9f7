/**
 * The `cr` command line: `npm run -s cr -- <command> …`.
 *   parse FILE… [--lang ko|ja|en] [--final]   one JSON document per file (one per line when several);
 *                                   --final: merged and finished as the site has them (src/pipeline/build-documents.ts)
 *   data [--offline] [--allow-missing]      write the generated data the site reads (src/generated/)
 *   sources [--offline] [--allow-missing]   say which sources the build would use, fetch or miss
 *   scenario FILE [--json] | --all   run engine scenarios (scripts/scenario.ts)
 *   search --lang L [--edition D] [--batch] [QUERY]   search the rules (scripts/search.ts)
 *   diff OLD NEW [--lang en] [--json] [--all]          what changed between two English editions (scripts/history.ts)
 *   history NUMBER [--edition E] [--json]              a rule across every English edition
 *   update [--from DIR|FILE|URL] [--lang en|ja|ko] [--manifest FILE]   add a newer edition or translation to the manifest (scripts/update.ts)
 * Options are parsed strictly with node:util parseArgs (scripts/args.ts): `--lang=ko` and `--lang ko`
 * are the same, an unknown option is a one-line error (exit 1 here; `search` and `scenario` exit 2).
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { UsageError, oneOf, parseOptions } from './args.ts';
import type { RuleDocument } from '../src/model/types.ts';
import { LANGS } from '../src/i18n/locales.ts';
// Every command imports what it needs when it runs (a chunk of its own in the bundle, scripts/cr.mjs).

/** One line on stderr and exit 1 (the `cr` convention; `cr search` and `cr scenario` use 2 for usage). */
function fail(message: string): never {
  process.stderr.write(`cr: ${message.split('\n')[0]}\n`);
  process.exit(1);
}

/** One line on stderr and exit code 1 at the end, without stopping: the other files still go out. */
function problem(message: string): void {
  process.stderr.write(`cr: ${message.split('\n')[0]}\n`);
  process.exitCode = 1;
}

/** Writes to stdout, waiting for the pipe to drain (a large JSON is never cut off by the exit). */
async function writeOut(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

// `cr parse … | head`: the reader went away. End quietly, no EPIPE stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'parse': {
      const { values, positionals: files } = parseOptions(args, { lang: { type: 'string' }, final: { type: 'boolean' } });
      const lang = oneOf('lang', values.lang, LANGS);
      if (files.length === 0) fail('usage: cr parse FILE… [--lang ko|ja|en] [--final]');
      const { NotARulesDocumentError, parseDocument } = await import('../src/pipeline/index.ts');
      const { toPlainDocument } = await import('../src/pipeline/plain.ts');
      // A file that fails is reported and the others still printed in full (never cut off by an early
      // exit: writes wait for the pipe to drain); the exit code says that one failed.
      const parsed: RuleDocument[] = [];
      for (const file of files) {
        let bytes: Uint8Array;
        try {
          bytes = readFileSync(file);
        } catch (e) {
          problem(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
          continue;
        }
        try {
          parsed.push(parseDocument(bytes, file, lang ? { lang } : {}));
        } catch (e) {
          problem(e instanceof NotARulesDocumentError ? e.message : `${file}: internal error while parsing: ${(e as Error).message}`);
        }
      }
      // --final: the documents as the site has them (merged per language and edition, terms linked, finished
      // with a same-edition English given among the files): the orchestration of src/pipeline/build-documents.ts.
      let out = parsed;
      if (values.final) {
        const { finishDocuments } = await import('../src/pipeline/build-documents.ts');
        const groups = new Map<string, RuleDocument[]>();
        for (const d of parsed) {
          const key = `${d.lang} ${d.edition ?? ''}`;
          groups.set(key, [...(groups.get(key) ?? []), d]);
        }
        out = finishDocuments([...groups.values()].map((docs) => ({ lang: docs[0]!.lang, edition: docs[0]!.edition ?? '', docs }))).map((f) => f.doc);
      }
      // The errors of a document (damaged, truncated, shuffled) on stderr too, located, with what to do and where
      // /diagnostics/ explains it; the JSON on stdout is still the document as read (cr parse inspects, it does not refuse).
      const { hintLine } = await import('../src/model/diagnostics.ts');
      for (const doc of parsed) {
        const errors = doc.diagnostics.filter((d) => d.severity === 'error');
        for (const d of errors) process.stderr.write(`cr: ${d.file}:${d.line}: ${d.code}: ${d.message}\n`);
        for (const code of new Set(errors.map((d) => d.code))) process.stderr.write(`  ${hintLine(code)}\n`);
      }
      for (const doc of out) {
        const plain = toPlainDocument(doc);
        await writeOut(out.length > 1 ? `${JSON.stringify(plain)}\n` : `${JSON.stringify(plain, null, 1)}\n`);
      }
      return;
    }
    case 'data': {
      const { writeGeneratedData } = await import('./data.ts');
      const { parseSourceFlags } = await import('./sources.ts');
      const { sourceSettings, SourceError } = await import('../src/pipeline/sources.ts');
      const { JsonFileError } = await import('../src/pipeline/json-file.ts');
      try {
        await writeGeneratedData(sourceSettings(parseSourceFlags(args)));
      } catch (e) {
        if (!(e instanceof SourceError || e instanceof JsonFileError)) throw e;
        process.stderr.write(`cr data: stopped, nothing written:\n${e.message.replace(/^/gm, '  ')}\n`);
        process.exitCode = 1;
      }
      return;
    }
    case 'sources': {
      const { describeSources, parseSourceFlags } = await import('./sources.ts');
      const { sourceSettings, SourceError } = await import('../src/pipeline/sources.ts');
      const { JsonFileError } = await import('../src/pipeline/json-file.ts');
      let described;
      try {
        described = await describeSources(sourceSettings(parseSourceFlags(args)));
      } catch (e) {
        if (!(e instanceof SourceError || e instanceof JsonFileError)) throw e;
        process.stderr.write(`cr sources: ${e.message}\n`);
        process.exitCode = 1;
        return;
      }
      const { text, ok } = described;
      process.stdout.write(text);
      if (!ok) process.exitCode = 1;
      return;
    }
    case 'scenario': {
      // The engine bundles src/generated/crosswalk.json: check it first, so a missing or malformed file is one
      // located line with what to do, not a module-resolution stack trace.
      const { readCrosswalk } = await import('../src/pipeline/generated.ts');
      const { GeneratedDataError } = await import('../src/pipeline/crosswalk-file.ts');
      const { describeCode } = await import('../src/model/diagnostics.ts');
      try {
        readCrosswalk();
      } catch (e) {
        if (!(e instanceof GeneratedDataError)) throw e;
        fail(`${e.message} — ${describeCode(e.diagnostic.code).hint} (/diagnostics/#${e.diagnostic.code})`);
      }
      const { runScenarioCommand } = await import('./scenario.ts');
      process.exitCode = await runScenarioCommand(args);
      return;
    }
    case 'search': {
      const { runSearchCommand } = await import('./search.ts');
      process.exitCode = await runSearchCommand(args);
      return;
    }
    case 'diff':
    case 'history': {
      const history = await import('./history.ts');
      process.stdout.write(command === 'diff' ? history.runDiff(args) : history.runHistory(args));
      return;
    }
    case 'update': {
      const { runUpdate } = await import('./update.ts');
      const { text, exitCode } = await runUpdate(args);
      await writeOut(text);
      process.exitCode = exitCode;
      return;
    }
    default:
      fail(`unknown command "${command ?? ''}"; expected parse, data, sources, scenario, search, diff, history or update`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => fail(e instanceof UsageError ? e.message : `internal error: ${(e as Error).message}`));
