/**
 * Dependency planning shared by task_scheduler and the flows: tasks with `after` dependencies are
 * ordered into waves (Kahn's algorithm; a wave holds every task whose dependencies are all in
 * earlier waves, so a wave can run in parallel), with the critical path when durations are known.
 * Unknown dependencies and cycles are input errors naming the task.
 */
import { errors } from '../../kit/errors.ts'

export interface PlanTask {
  id: string
  after?: string[]
  duration_ms?: number
}

export interface Plan {
  waves: string[][]
  /** Earliest start of each task (ms) when durations are known, 0 otherwise. */
  start_ms: Record<string, number>
  critical_path: string[]
  makespan_ms: number
}

export function planWaves(tasks: PlanTask[], field = 'tasks'): Plan {
  const index = new Map<string, number>()
  tasks.forEach((t, i) => {
    if (index.has(t.id)) throw errors.invalid(`${field}/${i}/id`, `unique (${t.id} appears twice)`)
    index.set(t.id, i)
  })
  const indegree = new Map<string, number>()
  const next = new Map<string, string[]>()
  tasks.forEach((t, i) => {
    indegree.set(t.id, 0)
    for (const dep of t.after ?? []) {
      if (!index.has(dep))
        throw errors.invalid(`${field}/${i}/after`, `names a known task (${dep} is not one)`)
      if (dep === t.id) throw errors.invalid(`${field}/${i}/after`, `no self-dependency (${dep})`)
    }
  })
  for (const t of tasks)
    for (const dep of new Set(t.after ?? [])) {
      indegree.set(t.id, (indegree.get(t.id) ?? 0) + 1)
      next.set(dep, [...(next.get(dep) ?? []), t.id])
    }
  const waves: string[][] = []
  let current = tasks.filter((t) => indegree.get(t.id) === 0).map((t) => t.id)
  let placed = 0
  while (current.length > 0) {
    waves.push(current)
    placed += current.length
    const following: string[] = []
    for (const id of current)
      for (const n of next.get(id) ?? []) {
        const left = indegree.get(n)! - 1
        indegree.set(n, left)
        if (left === 0) following.push(n)
      }
    // Keep the input order inside a wave so plans read like the request.
    current = following.sort((a, b) => index.get(a)! - index.get(b)!)
  }
  if (placed < tasks.length) {
    const stuck = tasks.filter((t) => (indegree.get(t.id) ?? 0) > 0).map((t) => t.id)
    throw errors.invalid(`${field}`, `no dependency cycles (${stuck.join(', ')} wait on each other)`)
  }
  // Longest path through the DAG (durations default to 0); ties keep the earlier task.
  const start: Record<string, number> = {}
  const via: Record<string, string | undefined> = {}
  let makespan = -1
  let last: string | undefined
  for (const wave of waves)
    for (const id of wave) {
      const t = tasks[index.get(id)!]!
      let s = 0
      let from: string | undefined
      for (const dep of t.after ?? []) {
        const end = start[dep]! + (tasks[index.get(dep)!]!.duration_ms ?? 0)
        if (from === undefined || end > s) {
          s = end
          from = dep
        }
      }
      start[id] = s
      via[id] = from
      const end = s + (t.duration_ms ?? 0)
      if (end > makespan) {
        makespan = end
        last = id
      }
    }
  const path: string[] = []
  for (let id = last; id !== undefined; id = via[id]) path.unshift(id)
  return { waves, start_ms: start, critical_path: path, makespan_ms: Math.max(makespan, 0) }
}
