/**
 * V8 settings for the threads that search (Node only; the browser decides for itself).
 *
 * By default V8 optimises hot functions on a background thread while the search goes on with
 * the feedback it had when the job started. Measured here (bench/README.md, "One JIT, not a
 * lottery"), about one Node process in three then keeps slower machine code for its whole life:
 * 15–25 % fewer nodes per second (e.g. 520 instead of 650 k nodes/s in Wildebeest ply 20), in
 * every search of that process. Compiling on the searching thread itself ends that lottery (all
 * of 20 runs fast) at the price of a few milliseconds of compilation inside the first searches,
 * which the search worker's warm-up absorbs.
 *
 * The flag reaches only isolates created after it is set: call this before spawning the worker
 * that searches.
 */

import v8 from 'node:v8';

let applied = false;

/** Make V8 compile on the thread that runs the code (for workers created from now on). */
export function steadyJit(): void {
  if (applied) return;
  v8.setFlagsFromString('--no-concurrent-recompilation');
  applied = true;
}
