/**
 * The type of src/generated/crosswalk.json for a type check before `npm run data` has written it (a fresh clone runs
 * `tsc --noEmit` first); once the file exists TypeScript reads it, and crosswalk.ts checks it (src/pipeline/crosswalk-file.ts).
 */
declare module '*/generated/crosswalk.json' {
  const value: unknown;
  export default value;
}
