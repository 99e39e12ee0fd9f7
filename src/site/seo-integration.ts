/**
 * Astro integration: writes `robots.txt` after the build, pointing crawlers at the sitemap index that
 * @astrojs/sitemap writes (absolute URL from the configured site, see seo.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { absoluteUrl, siteUrl } from './seo.ts';

/** robots.txt of the site: everything may be crawled; the sitemap index is named. */
export function robotsTxt(site = siteUrl()): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap-index.xml', site)}\n`;
}

export function crAtlasFindable(): AstroIntegration {
  return {
    name: 'cr-atlas-findable',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        writeFileSync(join(fileURLToPath(dir), 'robots.txt'), robotsTxt());
        logger.info(`robots.txt names ${absoluteUrl('/sitemap-index.xml')}`);
      },
    },
  };
}
