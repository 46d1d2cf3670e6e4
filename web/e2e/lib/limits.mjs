// Time limits that catch a hang, shared by the runner and the tests they
// bound. Each is several times what the work takes on this kind of machine,
// so that a slower one of the same kind passes too (see e2e/run.mjs).

/**
 * One walk: some 80 screens at one size, each checked in both modes; about
 * 190 s here beside the other files (e2e/run.mjs runs them side by side).
 */
export const WALK_LIMIT = 600_000;
