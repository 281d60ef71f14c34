import type { ChildProcess } from 'node:child_process'

/**
 * Stops a process a test started and resolves once it has exited. Node reaps it then, so its CPU
 * is counted in the file that started it (TEST_CPU_LOG, cpu-usage.ts) and it never outlives the
 * file; killed without waiting, a worker that ended first left its services to init, and their
 * CPU (the README examples' four service processes: most of that file's) was in no count at all.
 */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  return exited
}
