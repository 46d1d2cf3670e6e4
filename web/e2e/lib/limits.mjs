// Time limits that catch a hang, shared by the runner and the tests they
// bound. Each is several times what the work takes on this kind of machine,
// so that a slower one of the same kind passes too (see e2e/run.mjs).

/** One walk: some 80 screens at one size, each checked in both modes. */
export const WALK_LIMIT = 400_000;
