/**
 * A worker task for the offload tests: `spin` never returns (a hostile parse), `sleepMs` blocks the
 * process that long, `allocateMb` fills that many MiB of buffers (outside the JS heap) and
 * `heapMb` of objects on the heap, both held until the process is killed; else it echoes.
 */
export default async function busy(task: {
  spin?: boolean
  echo?: unknown
  sleepMs?: number
  allocateMb?: number
  heapMb?: number
}): Promise<unknown> {
  if (task.spin) for (;;) {}
  if (task.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.sleepMs)
  const held: unknown[] = []
  for (let mb = 0; mb < (task.allocateMb ?? 0); mb++) {
    held.push(Buffer.alloc(1024 * 1024, 1))
    if (mb % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  }
  for (let mb = 0; mb < (task.heapMb ?? 0); mb++)
    held.push(Array.from({ length: 32 * 1024 }, (_, i) => ({ i })))
  if (held.length > 0) await new Promise((resolve) => setTimeout(resolve, 60_000))
  return task.echo
}
