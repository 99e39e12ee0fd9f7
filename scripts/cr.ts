/**
 * The `cr` command line: `npm run -s cr -- <command> …`.
 *   parse FILE… [--lang ko|ja|en]   one JSON document per file (one per line when several)
 *   data [--offline] [--allow-missing]      write the generated data the site reads (src/generated/)
 *   sources [--offline] [--allow-missing]   say which sources the build would use, fetch or miss
 *   scenario FILE [--json] | --all   run engine scenarios (scripts/scenario.ts)
 *   search --lang L [--edition D] [--batch] [QUERY]   search the rules (scripts/search.ts)
 *   diff OLD NEW [--lang en] [--json] [--all]          what changed between two English editions (scripts/history.ts)
 *   history NUMBER [--edition E] [--json]              a rule across every English edition
 *   update [--from DIR|URL] [--manifest FILE]          add a newer English edition to the manifest
 * Options are parsed strictly with node:util parseArgs (scripts/args.ts): `--lang=ko` and `--lang ko`
 * are the same, an unknown option is a one-line error (exit 1 here; `search` and `scenario` exit 2).
 */
import { readFileSync } from 'node:fs';
import { NotARulesDocumentError, parseDocument } from '../src/pipeline/index.ts';
import { toPlainDocument } from '../src/pipeline/plain.ts';
import { UsageError, oneOf, parseOptions } from './args.ts';

/** One line on stderr and exit 1 (the `cr` convention; `cr search` and `cr scenario` use 2 for usage). */
function fail(message: string): never {
  process.stderr.write(`cr: ${message.split('\n')[0]}\n`);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'parse': {
      const { values, positionals: files } = parseOptions(args, { lang: { type: 'string' } });
      const lang = oneOf('lang', values.lang, ['en', 'ja', 'ko'] as const);
      if (files.length === 0) fail('usage: cr parse FILE… [--lang ko|ja|en]');
      const several = files.length > 1;
      for (const file of files) {
        let bytes: Uint8Array;
        try {
          bytes = readFileSync(file);
        } catch (e) {
          fail(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
        }
        try {
          const doc = toPlainDocument(parseDocument(bytes, file, lang ? { lang } : {}));
          process.stdout.write(several ? `${JSON.stringify(doc)}\n` : `${JSON.stringify(doc, null, 1)}\n`);
        } catch (e) {
          if (e instanceof NotARulesDocumentError) fail(e.message);
          fail(`${file}: internal error while parsing: ${(e as Error).message}`);
        }
      }
      return;
    }
    case 'data': {
      const { writeGeneratedData } = await import('./data.ts');
      const { parseSourceFlags } = await import('./sources.ts');
      const { sourceSettings, SourceError } = await import('../src/pipeline/sources.ts');
      try {
        await writeGeneratedData(sourceSettings(parseSourceFlags(args)));
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        process.stderr.write(`cr data: stopped, nothing written:\n${e.message.replace(/^/gm, '  ')}\n`);
        process.exitCode = 1;
      }
      return;
    }
    case 'sources': {
      const { describeSources, parseSourceFlags } = await import('./sources.ts');
      const { sourceSettings } = await import('../src/pipeline/sources.ts');
      const { text, ok } = await describeSources(sourceSettings(parseSourceFlags(args)));
      process.stdout.write(text);
      if (!ok) process.exitCode = 1;
      return;
    }
    case 'scenario': {
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
    case 'history':
    case 'update': {
      const history = await import('./history.ts');
      const out = command === 'diff' ? history.runDiff(args) : command === 'history' ? history.runHistory(args) : await history.runUpdate(args);
      process.stdout.write(out);
      return;
    }
    default:
      fail(`unknown command "${command ?? ''}"; expected parse, data, sources, scenario, search, diff, history or update`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => fail(e instanceof UsageError ? e.message : `internal error: ${(e as Error).message}`));
