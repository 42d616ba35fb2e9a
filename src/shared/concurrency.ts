/**
 * Runs `work` on each item, at most `limit` at a time, and settles only when
 * every started call has settled: after the first failure no further item is
 * started, the calls under way finish, and then the error of the earliest item
 * that failed is thrown. So a caller that cleans up on failure (removes the
 * files the calls wrote) never races a call still writing, and which error a
 * run reports (which user's file is in the way) does not depend on timing:
 * items start in order, so every item before one that failed has run. Bounded,
 * so that thousands of files never hold thousands of descriptors open at once.
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  let failedAt = Infinity;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        if (index < failedAt) {
          failedAt = index;
          failure = { error };
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== undefined) throw failure.error;
}

/** `forEachConcurrently` collecting what `work` answers for each item, in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  await forEachConcurrently(items, limit, async (item, index) => {
    results[index] = await work(item, index);
  });
  return results;
}
