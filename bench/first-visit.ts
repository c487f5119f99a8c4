/**
 * The first-visit budget of decision 042, read by `npm run bench:web` (with Lighthouse) and by the browser journey
 * tests/e2e/first-visit.spec.ts (the JavaScript only): on `/` and `/pricing`, the gzip JavaScript a first visit
 * downloads without interaction until the network is quiet (idle-time loads included), and Lighthouse's mobile
 * performance score.
 */
export const FIRST_VISIT_BUDGET = { jsGzipKB: 100, performance: 95 } as const;
