/**
 * The `cr` command line: `npm run -s cr -- <command> …`.
 *   parse FILE… [--lang ko|ja|en]   one JSON document per file (one per line when several)
 *   data                            write the generated data the site reads (src/generated/)
 *   sources                         say which sources are available and where they come from
 *   scenario FILE [--json] | --all   run engine scenarios (scripts/scenario.ts)
 *   search --lang L [--edition D] [--batch] [QUERY]   search the rules (scripts/search.ts)
 */
import { readFileSync } from 'node:fs';
import { NotARulesDocumentError, parseDocument } from '../src/pipeline/index.ts';
import { toPlainDocument } from '../src/pipeline/plain.ts';
import type { Lang } from '../src/model/types.ts';

function fail(message: string): never {
  process.stderr.write(`cr: ${message.split('\n')[0]}\n`);
  process.exit(1);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined) fail(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'parse': {
      const lang = option(args, '--lang');
      if (lang !== undefined && !['en', 'ja', 'ko'].includes(lang)) fail(`--lang must be en, ja or ko, not "${lang}"`);
      if (args.length === 0) fail('usage: cr parse FILE… [--lang ko|ja|en]');
      const several = args.length > 1;
      for (const file of args) {
        let bytes: Uint8Array;
        try {
          bytes = readFileSync(file);
        } catch (e) {
          fail(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
        }
        try {
          const doc = toPlainDocument(parseDocument(bytes, file, lang ? { lang: lang as Lang } : {}));
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
      await writeGeneratedData();
      return;
    }
    case 'sources': {
      const { describeSources } = await import('./sources.ts');
      process.stdout.write(await describeSources());
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
    default:
      fail(`unknown command "${command ?? ''}"; expected parse, data, sources, scenario or search`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => fail(`internal error: ${(e as Error).message}`));
