import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown };

/**
 * Loads a screen's data on mount and again after reload(). A failure is
 * logged and kept in the failed state (most screens show nothing for it);
 * data already shown stays when a reload fails.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, what: string) {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => setResource({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${what}`, error);
        setResource((current) => (current.status === 'ready' ? current : { status: 'failed', error }));
      });
    return () => controller.abort();
  }, [load, what, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);

  /** Changes the loaded data in place, e.g. with what a save answered. */
  const update = useCallback(
    (change: (data: T) => T) =>
      setResource((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current)),
    [],
  );

  return { resource, reload, update };
}
