/**
 * Long CPU work written as a generator that yields between slices of a few milliseconds, run
 * either at once or with the event loop served between slices (a service building an index at
 * start-up keeps answering its health and "loading" 503s meanwhile).
 */

/** Runs every slice now and returns the result (blocks the thread for the whole work). */
export function runNow<T>(work: Generator<void, T>): T {
  let step = work.next()
  while (!step.done) step = work.next()
  return step.value
}

/** Runs one slice per turn of the event loop (setImmediate: I/O callbacks run in between). */
export async function runInSlices<T>(work: Generator<void, T>): Promise<T> {
  let step = work.next()
  while (!step.done) {
    await new Promise((resolve) => setImmediate(resolve))
    step = work.next()
  }
  return step.value
}
