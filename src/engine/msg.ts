/**
 * Messages of the engine (trace lines, reasons an action is illegal) as data a page can translate: the English
 * template is the key (`{0} casts {1}: it moves to the stack`, gettext style) and the interpolated values are its
 * arguments (object names, players, numbers, mana). `M` builds one from a template literal; `english` fills it in for
 * the CLI and the tests. The page translates the key with the one translation system (src/i18n, *.trace.json) and
 * localizes the arguments (card names as the page's example writes them, players, zones): src/sandbox/trace.ts.
 */
export interface Msg {
  key: string;
  args: (string | number)[];
}

/** A message from a template literal: M`${p} casts ${name}` → { key: '{0} casts {1}', args: [p, name] }. */
export function M(strings: TemplateStringsArray, ...values: unknown[]): Msg {
  let key = strings[0]!;
  values.forEach((_, i) => (key += `{${i}}${strings[i + 1]!}`));
  return { key, args: values.map((v) => (typeof v === 'number' ? v : String(v))) };
}

/** A message given as a plain string is a key without arguments. */
export const toMsg = (text: string | Msg): Msg => (typeof text === 'string' ? { key: text, args: [] } : text);

/** Fills a template's `{0}`, `{1}`… from the arguments (each rendered by `arg`). */
export function fill(template: string, args: readonly (string | number)[], arg: (v: string | number) => string = String): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? arg(args[Number(i)]!) : whole));
}

export const english = (msg: Msg): string => fill(msg.key, msg.args);
