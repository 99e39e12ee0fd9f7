/**
 * The Content Security Policy every page carries in a `<meta http-equiv>` (a static host cannot be
 * relied on for headers). Scripts and styles come only from the site's own files: the build emits no
 * inline script or style (see astro.config.mjs), and document text is always escaped.
 * `'wasm-unsafe-eval'` lets the Pagefind search index (WebAssembly) run; it does not allow `eval`.
 */
export const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'self'",
};

export function contentSecurityPolicy(directives: Record<string, string> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}
