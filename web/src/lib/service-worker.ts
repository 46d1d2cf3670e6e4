import { useAppUpdateStore } from '@/stores/app-update-store';

/**
 * Registers the service worker the build writes (dist/sw.js, from
 * vite-plugin-pwa's generateSW; see vite.config.ts). It keeps the app shell
 * (index.html, the chunks, fonts and icons) so the app opens offline; it
 * never stores API answers. Call it only in production builds.
 *
 * A new deploy's worker waits until the user agrees: the update banner offers
 * a reload, and every open tab that showed it reloads once the new worker has
 * taken over, so no page runs against the chunks of another version.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh: () => useAppUpdateStore.getState().offer(() => void update()),
    onRegisterError: (error: unknown) => console.error('Failed to register the service worker', error),
  });
}
