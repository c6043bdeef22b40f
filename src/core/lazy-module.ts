/**
 * A module some requests need and most never do (an area's routes and
 * schemas, the control plane's triggers). Written as
 *
 *   import * as cardsIndex from './cards/cards.index.js';
 *   const cards = lazyModule(() => <that namespace>);
 *
 * it is an ordinary import wherever the code runs as modules (tests, dist/).
 * In the one-file bundles the package ships, tools/bundle.mjs turns the
 * getter into a require() of the module, which esbuild evaluates on the
 * first call: a test file that never calls it never builds its schemas.
 * So a lazy module is only ever reached through its getter, inside a
 * function, never while modules load.
 */
export function lazyModule<M>(load: () => M): () => M {
  let loaded: M | undefined;
  return () => (loaded ??= load());
}
