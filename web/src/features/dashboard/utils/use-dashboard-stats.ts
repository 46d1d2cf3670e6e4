import { useEffect, useState } from 'react';

import { getDashboardStats } from '../api/get-dashboard-stats';

/**
 * Loads the dashboard stats once. Failures are only logged: the screen keeps
 * showing its zero values.
 */
export function useDashboardStats<T>(normalize: (raw: unknown) => T): T {
  const [stats, setStats] = useState<T>(() => normalize(undefined));

  useEffect(() => {
    const controller = new AbortController();
    getDashboardStats(controller.signal)
      .then((raw) => setStats(normalize(raw)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Failed to load dashboard stats', error);
      });
    return () => controller.abort();
  }, [normalize]);

  return stats;
}
