/**
 * src/shared/concurrency.ts: the write stage writes and renames files a
 * bounded number at a time, and cleans up only once every started call has
 * settled.
 */
import { describe, expect, it } from "vitest";
import { forEachConcurrently } from "../../src/shared/concurrency.js";

/** A promise and its resolver, to settle calls in an order the test picks. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("forEachConcurrently", () => {
  it("runs every item once, never more than the limit at a time, with each item's index", async () => {
    let running = 0;
    let most = 0;
    const seen: Array<[string, number]> = [];
    const items = Array.from({ length: 50 }, (_, index) => `item${index}`);
    await forEachConcurrently(items, 4, async (item, index) => {
      running++;
      most = Math.max(most, running);
      await tick();
      seen.push([item, index]);
      running--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a[1] - b[1])).toEqual(items.map((item, index) => [item, index]));
  });

  it("after a failure starts nothing more, waits for the calls under way, then throws the first error", async () => {
    const calls = Array.from({ length: 10 }, deferred);
    const started: number[] = [];
    const settled: number[] = [];
    const run = forEachConcurrently(calls, 3, async (call, index) => {
      started.push(index);
      try {
        await call.promise;
      } finally {
        settled.push(index);
      }
    });
    let done: unknown = "pending";
    run.then(
      () => (done = "resolved"),
      (error: unknown) => (done = error),
    );
    await tick();
    expect(started).toEqual([0, 1, 2]);
    calls[1]!.reject(new Error("first"));
    await tick();
    calls[2]!.reject(new Error("second"));
    await tick();
    // Two failed, one still under way: nothing new started, nothing thrown yet.
    expect(started).toEqual([0, 1, 2]);
    expect(done).toBe("pending");
    calls[0]!.resolve();
    await tick();
    expect(settled.sort()).toEqual([0, 1, 2]);
    expect(done).toEqual(new Error("first"));
  });

  it("throws the error of the earliest item that failed, whichever failed first", async () => {
    const calls = Array.from({ length: 6 }, deferred);
    const run = forEachConcurrently(calls, 3, (call) => call.promise);
    let done: unknown = "pending";
    run.then(
      () => (done = "resolved"),
      (error: unknown) => (done = error),
    );
    await tick();
    calls[2]!.reject(new Error("item 2"));
    await tick();
    calls[0]!.resolve();
    calls[1]!.reject(new Error("item 1"));
    await tick();
    expect(done).toEqual(new Error("item 1"));
  });

  it("settles at once for no items", async () => {
    let called = false;
    await forEachConcurrently([], 8, async () => {
      called = true;
    });
    expect(called).toBe(false);
  });
});
