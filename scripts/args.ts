/**
 * Strict option parsing for the `cr` subcommands, on node:util's parseArgs: `--lang=ko` and
 * `--lang ko` both work, and an unknown option or a missing value is a UsageError with a one-line
 * message (each command turns it into its usage exit code) instead of being read as a file name.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Wrong use of the command line: printed as one line, never with a stack. */
export class UsageError extends Error {}

/** One line for parseArgs' errors (its own messages run over several sentences). */
function usageMessage(e: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(e.message)?.[1];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? e.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option && /does not take an argument/.test(e.message)) return `${option} takes no value`;
      return option ? `${option} needs a value` : e.message.split('. ')[0]!;
    default:
      return e.message.split('\n')[0]!;
  }
}

/** Parses `args` against `options` (strict, positionals allowed); throws UsageError. */
export function parseOptions<const O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError(usageMessage(e as Error & { code?: string }));
  }
}

/** Checks an option's value against a closed list. */
export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}, not "${value}"`);
  return value as T;
}
