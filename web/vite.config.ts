import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type Plugin } from 'vitest/config';

const rootDir = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The API server renders /api/docs as an HTML page that loads the Swagger UI
 * assets from /api-docs/. They are shipped with the web build so the server
 * needs no copy of its own.
 */
function swaggerUiAssets(): Plugin {
  const files = ['swagger-ui.css', 'swagger-ui-bundle.js'];
  return {
    name: 'chorely:swagger-ui-assets',
    apply: 'build',
    generateBundle() {
      const distDir = dirname(require.resolve('swagger-ui-dist/package.json'));
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `api-docs/${file}`,
          source: readFileSync(join(distDir, file)),
        });
      }
    },
  };
}

/**
 * Writes which source files and packages each chunk holds to
 * .vite/chunk-modules.json, beside Vite's manifest (which names chunks, not
 * their modules), so the bundle check can tell what a first load carries:
 * `src/…` for the app's files, `node_modules/<package>/` once for each
 * package.
 */
function chunkModules(): Plugin {
  const srcDir = join(rootDir, 'src') + sep;
  /** The package a module id is a file of (the innermost, for a nested node_modules), if any. */
  const packageOf = (id: string): string | undefined => {
    const path = id.split(sep).join('/');
    const at = path.lastIndexOf('/node_modules/');
    if (at < 0) return undefined;
    const [first, second] = path.slice(at + '/node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : first;
  };
  return {
    name: 'chorely:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const files = output.moduleIds
          .filter((id) => id.startsWith(srcDir))
          .map((id) => relative(rootDir, id).split(sep).join('/'));
        const packages = new Set(output.moduleIds.map(packageOf).filter((name) => name !== undefined));
        modules[output.fileName] = [...files, ...[...packages].sort().map((name) => `node_modules/${name}/`)];
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(modules, null, 2)}\n`,
      });
    },
  };
}

/**
 * React Router's production build. Its package exports only the development
 * build to bundlers (no condition selects dist/production, upstream issue
 * #14102); the two differ only in ENABLE_DEV_WARNINGS, the route warnings
 * and console messages for developers, about 0.6 KB gzipped in the first
 * page. The build takes the production files; the dev server and the tests
 * keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const productionDir = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'chorely:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(productionDir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(productionDir, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * The service worker (dist/sw.js, Workbox's generateSW): it precaches the app
 * shell (index.html, every chunk and stylesheet, the fonts, icons and the web
 * app manifest) so the app opens offline, and answers every navigation with
 * index.html, except under /api (the API, its docs page) and /api-docs/
 * (the docs page's files, which it does not keep). It stores nothing at run
 * time: API answers hold a family's private data and always go to the server.
 * A new deploy's worker waits until the user accepts the reload the app offers.
 */
function serviceWorker() {
  return VitePWA({
    // src/lib/service-worker.ts registers it (workbox-window) and offers a new deploy's worker.
    injectRegister: false,
    registerType: 'prompt',
    // public/manifest.webmanifest, linked from index.html.
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{html,js,css,woff2,png,svg,ico,webmanifest}'],
      globIgnores: ['api-docs/**'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/api-docs(?:\/|$)/],
      runtimeCaching: [],
      // Once the user accepts an update, the new worker takes over open pages at once.
      clientsClaim: true,
    },
  });
}

/** The app's version (package.json), shown in the admin console's platform settings. */
const appVersion = (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;

export default defineConfig({
  plugins: [react(), reactRouterProduction(), swaggerUiAssets(), chunkModules(), serviceWorker()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  resolve: {
    alias: { '@': join(rootDir, 'src') },
  },
  server: {
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what the first load carries (checked by e2e/tests/bundle.test.mjs).
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A file that renders the route tree loads every lazily loaded screen in its beforeAll
    // (src/testing/test-utils.tsx, preloadAllScreens): on a loaded machine that may take longer
    // than the default 10 s, and its tests then wait for none of them.
    hookTimeout: 60_000,
  },
});
