/**
 * A small JSON Schema (draft 2020-12 subset) validator: enough for scenario.schema.json, with error messages that
 * name the JSON path and what was expected. No dependency.
 */
export interface SchemaError {
  path: string;
  message: string;
}

type Schema = Record<string, unknown> | boolean;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

const childPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

export function validateSchema(root: Record<string, unknown>, value: unknown): SchemaError[] {
  const resolve = (ref: string): Schema => {
    if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
    let cur: unknown = root;
    for (const part of ref.slice(2).split('/')) cur = (cur as Record<string, unknown>)[part];
    if (cur === undefined) throw new Error(`unresolved $ref ${ref}`);
    return cur as Schema;
  };
  const check = (schema: Schema, v: unknown, path: string): SchemaError[] => {
    if (schema === true) return [];
    if (schema === false) return [{ path, message: 'no value is allowed here' }];
    const s = schema;
    if (typeof s['$ref'] === 'string') {
      const errs = check(resolve(s['$ref']), v, path);
      if (errs.length) return errs;
    }
    const errs: SchemaError[] = [];
    if (s['type'] !== undefined) {
      const types = Array.isArray(s['type']) ? (s['type'] as string[]) : [s['type'] as string];
      const t = typeOf(v);
      const ok = types.some((x) => x === t || (x === 'number' && t === 'integer'));
      if (!ok) return [{ path, message: `expected ${types.join(' or ')}, found ${t} ${show(v)}` }];
    }
    if ('const' in s && JSON.stringify(s['const']) !== JSON.stringify(v)) errs.push({ path, message: `expected ${show(s['const'])}, found ${show(v)}` });
    if (Array.isArray(s['enum']) && !(s['enum'] as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(v))) {
      errs.push({ path, message: `expected one of ${(s['enum'] as unknown[]).map(show).join(', ')}; found ${show(v)}` });
    }
    if (typeof v === 'string' && typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(v)) {
      errs.push({ path, message: `${show(v)} doesn't match ${s['description'] ? String(s['description']) : `the pattern ${s['pattern']}`}` });
    }
    if (typeof v === 'number') {
      if (typeof s['minimum'] === 'number' && v < s['minimum']) errs.push({ path, message: `expected a number ≥ ${s['minimum']}, found ${v}` });
      if (typeof s['maximum'] === 'number' && v > s['maximum']) errs.push({ path, message: `expected a number ≤ ${s['maximum']}, found ${v}` });
    }
    if (Array.isArray(v)) {
      if (typeof s['minItems'] === 'number' && v.length < s['minItems']) errs.push({ path, message: `expected at least ${s['minItems']} item(s), found ${v.length}` });
      if (typeof s['maxItems'] === 'number' && v.length > s['maxItems']) errs.push({ path, message: `expected at most ${s['maxItems']} item(s), found ${v.length}` });
      const prefix = (s['prefixItems'] as Schema[] | undefined) ?? [];
      v.forEach((item, i) => {
        const sub = i < prefix.length ? prefix[i]! : (s['items'] as Schema | undefined);
        if (sub !== undefined) errs.push(...check(sub, item, childPath(path, i)));
      });
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      for (const r of (s['required'] as string[] | undefined) ?? []) if (!(r in o)) errs.push({ path, message: `missing required field "${r}"` });
      const props = (s['properties'] as Record<string, Schema> | undefined) ?? {};
      for (const [k, val] of Object.entries(o)) {
        if (s['propertyNames'] !== undefined) {
          const pe = check(s['propertyNames'] as Schema, k, childPath(path, k));
          if (pe.length) errs.push({ path: childPath(path, k), message: `the key ${show(k)} is not allowed: ${pe[0]!.message}` });
        }
        if (k in props) errs.push(...check(props[k]!, val, childPath(path, k)));
        else if (s['additionalProperties'] === false) errs.push({ path: childPath(path, k), message: `unknown field "${k}"; expected one of ${Object.keys(props).join(', ')}` });
        else if (typeof s['additionalProperties'] === 'object') errs.push(...check(s['additionalProperties'] as Schema, val, childPath(path, k)));
      }
    }
    if (Array.isArray(s['oneOf'])) {
      const branches = (s['oneOf'] as Schema[]).map((b) => check(b, v, path));
      const ok = branches.filter((b) => b.length === 0).length;
      if (ok !== 1) {
        if (ok === 0) {
          // report the branch that got furthest (deepest error path, then fewest errors)
          const best = [...branches].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0]!;
          errs.push(...best);
        } else errs.push({ path, message: 'the value matches more than one alternative' });
      }
    }
    if (Array.isArray(s['anyOf'])) {
      const branches = (s['anyOf'] as Schema[]).map((b) => check(b, v, path));
      if (!branches.some((b) => b.length === 0)) errs.push(...[...branches].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0]!);
    }
    if (s['if'] !== undefined && s['then'] !== undefined) {
      if (check(s['if'] as Schema, v, path).length === 0) errs.push(...check(s['then'] as Schema, v, path));
    }
    return errs;
  };
  return check(root, value, '$');
}

function depth(errs: SchemaError[]): number {
  return Math.max(0, ...errs.map((e) => e.path.split(/[.[]/).length));
}
