import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/**
 * The app's icons, drawn from its brand mark (public/favicon.svg, the mark the
 * top bar shows: a check on the primary colour). `npm run icons` writes them
 * into public/, where they are committed: pwa-64/192/512 (transparent
 * corners), maskable-icon-512 and apple-touch-icon-180 (full-bleed on the
 * primary colour, as launchers and iOS crop them to their own shape) and
 * favicon.ico.
 */
const PRIMARY = '#3b5bdb';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    // Android masks may keep only the middle 80 %: the check stays well inside it.
    maskable: { sizes: [512], padding: 0.2, resizeOptions: { background: PRIMARY } },
    // iOS rounds the corners itself and shows transparency as black.
    apple: { sizes: [180], padding: 0, resizeOptions: { background: PRIMARY } },
  },
  images: ['public/favicon.svg'],
});
