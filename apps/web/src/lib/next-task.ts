// Work that would hold a slow phone's main thread for long is cut into slices, and each
// slice waits for a task of its own, so a tap or a frame can come between them.

/** Resolves in a later task of the page. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Calls `work` on each item, starting a new task whenever a slice has run `sliceMs`. */
export async function inSlices<T>(items: Iterable<T>, work: (item: T) => void, sliceMs = 8): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    work(item);
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}
