/**
 * Code loaded as a chain of imports, each asked once the one before has run, so that each chunk's
 * top-level work (a contract's zod schemas, built as its module runs) is a task of its own instead
 * of one task for the whole graph: the browser runs a dynamic import's modules, every one it has not
 * run yet, in one piece once they are all in (issue #47: the admin queue's cards, ~50 chunks, one
 * task of ~0.7 s on a slow phone). Order the steps leaves first: a step runs only what the steps
 * before it did not. Returns the chain's start, run once for every caller; a step that fails is
 * passed over (what it would have run, the import after the chain runs).
 */
export function loadInSteps(steps: readonly (() => Promise<unknown>)[]): () => Promise<void> {
  let chain: Promise<void> | undefined;
  return () => {
    chain ??= steps.reduce<Promise<void>>(
      (before, step) =>
        before.then(() =>
          step().then(
            () => undefined,
            () => undefined,
          ),
        ),
      Promise.resolve(),
    );
    return chain;
  };
}
