/**
 * The HTTP response headers of the site, in one place: the server behind `npm start` sends them,
 * and the build writes them to dist/_headers for static hosts (Netlify / Cloudflare Pages syntax).
 * The CSP is the page's meta policy plus what only a header can say: `frame-ancestors 'none'`.
 */
import { CSP_DIRECTIVES, contentSecurityPolicy } from './csp.ts';

/** Security headers for every response. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ ...CSP_DIRECTIVES, 'frame-ancestors': "'none'" }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * Cache policy by path: Astro's hashed assets (`/_astro/`) never change under their name; Pagefind's
 * fragments are content-addressed too, but its entry files are not; everything else is revalidated
 * (rules pages change with each edition).
 */
export function cacheControl(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (/^\/pagefind\/(?:fragment|index)\//.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

/**
 * dist/_headers: the same headers for a static host. Hosts apply every rule whose path matches and
 * join the values of a header several rules set (Cloudflare Pages documents it; `/_astro/*` would get
 * `public, max-age=0, must-revalidate, public, max-age=31536000, immutable`), so Cache-Control is set
 * only by the specific rules: pages fall back to the hosts' own default, which is the same
 * revalidation (`public, max-age=0, must-revalidate` on both Cloudflare Pages and Netlify).
 */
export function headersFile(): string {
  const block = (path: string, headers: Record<string, string>) => `${path}\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`;
  return [
    block('/*', securityHeaders()),
    block('/_astro/*', { 'Cache-Control': cacheControl('/_astro/x') }),
    block('/pagefind/fragment/*', { 'Cache-Control': cacheControl('/pagefind/fragment/x') }),
    block('/pagefind/index/*', { 'Cache-Control': cacheControl('/pagefind/index/x') }),
  ].join('\n');
}
