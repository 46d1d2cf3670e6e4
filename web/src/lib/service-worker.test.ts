import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { registerServiceWorker } from './service-worker';
import { useAppUpdateStore } from '@/stores/app-update-store';

/** The parts of workbox-window's Workbox the registration uses, recorded. */
const workbox = vi.hoisted(() => ({
  instances: [] as { url: string; options: unknown; events: EventTarget; register: () => Promise<void>; messageSkipWaiting: () => void }[],
  /** What register() resolves or rejects with. */
  registration: (): Promise<void> => Promise.resolve(),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    readonly events = new EventTarget();
    register = vi.fn(() => workbox.registration());
    messageSkipWaiting = vi.fn();
    readonly url: string;
    readonly options: unknown;
    constructor(url: string, options: unknown) {
      this.url = url;
      this.options = options;
      workbox.instances.push(this);
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
  },
}));

describe('registerServiceWorker', () => {
  let serviceWorker: EventTarget;
  let reload: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    workbox.instances.length = 0;
    workbox.registration = () => Promise.resolve();
    serviceWorker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    reload = vi.fn<() => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js for the whole app', async () => {
    await registerServiceWorker();
    const [instance] = workbox.instances;
    expect(instance?.url).toBe('/sw.js');
    expect(instance?.options).toEqual({ scope: '/' });
    expect(instance?.register).toHaveBeenCalledOnce();
  });

  it('offers a waiting worker, and hands over and reloads only once it is accepted', async () => {
    await registerServiceWorker();
    const instance = workbox.instances[0]!;

    instance.events.dispatchEvent(new Event('waiting'));
    const apply = useAppUpdateStore.getState().apply;
    expect(apply).toBeTypeOf('function');
    expect(instance.messageSkipWaiting).not.toHaveBeenCalled();

    apply!();
    expect(instance.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    // The new worker takes over the page.
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads a tab that offered the update when it is accepted in another', async () => {
    await registerServiceWorker();
    workbox.instances[0]!.events.dispatchEvent(new Event('waiting'));
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('leaves the page alone when the controller changes with no update offered (the first visit)', async () => {
    await registerServiceWorker();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs a failed registration instead of failing the app', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('insecure context');
    workbox.registration = () => Promise.reject(failure);
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Failed to register the service worker', failure);
  });
});
