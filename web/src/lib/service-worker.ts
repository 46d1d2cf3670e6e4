import { useAppUpdateStore } from '@/stores/app-update-store';

/**
 * Registers the service worker the build writes (dist/sw.js, from
 * vite-plugin-pwa's generateSW; see vite.config.ts). It keeps the app shell
 * (index.html, the chunks, fonts and icons) so the app opens offline; it
 * never stores API answers. Call it only in production builds.
 *
 * A new deploy's worker waits until the user agrees: the update banner offers
 * a reload. Once it is accepted in any tab, the new worker takes over every
 * open tab, and each tab that offered it reloads, so no page runs against
 * the chunks of another version.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });

  let offered = false;
  workbox.addEventListener('waiting', () => {
    if (offered) return;
    offered = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    useAppUpdateStore.getState().offer(() => workbox.messageSkipWaiting());
  });

  try {
    await workbox.register();
  } catch (error) {
    console.error('Failed to register the service worker', error);
  }
}
