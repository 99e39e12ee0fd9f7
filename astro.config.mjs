// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { crAtlas } from './scripts/build/integration.ts';
import { buildId } from './src/site/host/offline.ts';
import { siteUrl } from './src/site/render/seo.ts';

// Static reading site. No inline scripts or styles (strict CSP, see src/site/host/csp.ts): stylesheets
// are always linked, and Vite never inlines assets into the pages.
// One id per build names the offline caches (src/site/host/offline.ts) and reaches the page script.
const BUILD = buildId();

// `site` (absolute canonical, hreflang and sitemap URLs) comes from CR_ATLAS_SITE; see src/site/render/seo.ts.
export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  compressHTML: true,
  prefetch: false,
  integrations: [
    // Utility pages (not found, go-to, search) are not content: they stay out of the sitemap.
    // Matched from the root: /en/404/ is the rules' section 404 (Exile), a content page.
    sitemap({ filter: (page) => !/^\/(?:404|(?:[a-z]{2}\/)?(?:not-found|go|search|offline))\/$/.test(new URL(page).pathname) }),
    // The build's own steps, in their order (scripts/build/integration.ts): data before the pages; extras,
    // Pagefind, the offline files and the host files after them (and after the sitemap above).
    crAtlas(BUILD),
  ],
  vite: {
    build: { assetsInlineLimit: 0 },
    define: { __CR_BUILD__: JSON.stringify(BUILD) },
  },
});
