/**
 * The CPU time (ms) this thread spends in a call, for tests that bound how much work code does
 * (linear, not quadratic). Wall time measures the machine as well: with a load of 4–20 on two
 * cores a test worker waits for a core, or stops for its own garbage collector, for a second or
 * more while doing nothing, and a wall-clock cap then fails with no change in the code. This
 * thread's CPU time leaves that wait out. Its resolution is the kernel's tick (4 ms at 250 Hz).
 */
export function cpuMs(fn: () => unknown): number {
  const before = process.threadCpuUsage()
  fn()
  const { user, system } = process.threadCpuUsage(before)
  return (user + system) / 1000
}

/** The same for an async call: whatever else this thread runs while it waits is counted too. */
export async function cpuMsOf(fn: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage()
  await fn()
  const { user, system } = process.threadCpuUsage(before)
  return (user + system) / 1000
}
