/**
 * A place inside a JSON value, written as people read it (`$.setup.objects.bear.zone`, `$.sources[3]["sha-256"]`):
 * the one form the located messages use, for scenarios (src/engine/scenario-validate.ts) and for the project's
 * JSON files (src/pipeline/json-file.ts).
 */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const k of path) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (typeof k === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(String(k))}]`;
  }
  return out;
}
