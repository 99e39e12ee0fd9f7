// @ts-check
import { defineConfig } from 'astro/config';
import { crAtlasExtras } from './src/site/integration.ts';

// Static reading site. No inline scripts or styles (strict CSP, see src/site/csp.ts): stylesheets
// are always linked, and Vite never inlines assets into the pages.
export default defineConfig({
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  compressHTML: true,
  prefetch: false,
  integrations: [crAtlasExtras()],
  vite: {
    build: { assetsInlineLimit: 0 },
  },
});
