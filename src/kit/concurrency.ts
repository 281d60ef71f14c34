/** Small promise helpers shared by the egress guard, the scout and the web tools. */

/**
 * Settles with the promise, or rejects when the signal aborts first (for calls that take no signal
 * of their own, such as a DNS lookup). The rejection is the signal's reason unless `reason` says
 * otherwise. The listener is removed either way, so a long-lived signal does not collect them.
 */
export function abortable<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  reason: () => unknown = () => signal?.reason,
): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(reason())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** `run` over every item with at most `limit` at a time; the results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await run(items[i]!)
    }
  })
  await Promise.all(workers)
  return results
}
