/**
 * With TEST_CPU_LOG=<file>, appends one JSON line per test file: the CPU time (ms) its worker
 * process spent starting (before this setup ran), importing and running the file, and the CPU of
 * child processes it started and reaped (browsers, spawned services). CPU, not wall time, ranks
 * the files fairly on a loaded machine. Without the variable it does nothing.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { afterAll, expect } from 'vitest'

const log = process.env.TEST_CPU_LOG

/** User + system CPU (ms) of reaped children, from /proc/self/stat (Linux; 0 elsewhere). */
function childrenMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 16 and 17 of stat(5) (cutime, cstime) in clock ticks of 10 ms.
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return 0
  }
}

if (log) {
  const startup = process.cpuUsage()
  const children = childrenMs()
  const wall = performance.now()
  afterAll(() => {
    const used = process.cpuUsage(startup)
    appendFileSync(
      log,
      `${JSON.stringify({
        file: expect.getState().testPath,
        startupMs: Math.round((startup.user + startup.system) / 1000),
        userMs: Math.round(used.user / 1000),
        systemMs: Math.round(used.system / 1000),
        childrenMs: childrenMs() - children,
        wallMs: Math.round(performance.now() - wall),
        pid: process.pid,
      })}\n`,
    )
  })
}
