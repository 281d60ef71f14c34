/**
 * The one way to call an agent: look it up, validate the input against its schema and refuse
 * numbers too close to 0 to compute with (a 400 naming the field and the rule), run it (a date its reference tables do not cover is a 422), validate
 * the output (an agent that breaks its own contract is a 500, logged), and time it. Orchestrator agents call other agents through `ctx.call`, which comes
 * back here with a depth limit so a flow can never recurse forever.
 */
import type { ValidateFunction } from 'ajv'
import { NotCoveredError } from '../engines/reference/load.ts'
import { AppError } from '../kit/errors.ts'
import type { Logger } from '../kit/logger.ts'
import { MAX_JSON_DEPTH, sharedAjv, validationError } from '../kit/validation.ts'
import type { AgentDeps } from './deps.ts'
import { DEFAULT_LANG, type Lang, sayIn } from './lang.ts'
import type { Agent } from './types.ts'

/** Deepest chain of agent → agent calls (an orchestrator calling an orchestrator calling …). */
const MAX_CALL_DEPTH = 4

interface CallResult {
  output: unknown
  /** Wall time of the agent's run, milliseconds. */
  ms: number
}

export interface Dispatcher {
  readonly agents: readonly Agent[]
  find(service: string, name: string): Agent | undefined
  call(
    service: string,
    name: string,
    input: unknown,
    /** `lang`: the language when the input names none (the gateway's from Accept-Language). */
    opts?: { now?: Date; depth?: number; lang?: Lang },
  ): Promise<CallResult>
}

interface Entry {
  agent: Agent
  input: ValidateFunction
  output: ValidateFunction
  fillsDefaults: boolean
}

/**
 * `compile`: `eager` (the services: every schema compiled at start, so no caller waits for it and a
 * broken schema stops the start) or `lazy` (tests: each agent's schemas on its first call — all 88
 * take ≈1.2 s of CPU the first time in a process, and most tests call a few).
 */
export function createDispatcher(
  agents: readonly Agent[],
  deps: AgentDeps,
  logger: Logger,
  { compile = 'eager' }: { compile?: 'eager' | 'lazy' } = {},
): Dispatcher {
  // One Ajv of each for the process (kit/validation.ts): every dispatcher shares what it compiled.
  // Agent inputs are JSON bodies: validated without type coercion (see createAjv).
  const inputAjv = sharedAjv({ coerce: false })
  // Outputs are checked as they are: coercion would rewrite them (false → null in a boolean|null
  // union) and defaults would add to them; strictNumbers (in every kit Ajv) refuses the NaN or
  // Infinity that JSON would send as null.
  const outputAjv = sharedAjv({ coerce: false, defaults: false })
  const entryOf = (agent: Agent): Entry => ({
    agent,
    input: inputAjv.compile(agent.input),
    output: outputAjv.compile(agent.output),
    fillsDefaults: hasDefaults(agent.input),
  })
  // service → agent name → entry (or the agent, until its first call when lazy): looked up on
  // every call, without building a string.
  const byService = new Map<string, Map<string, Entry | Agent>>()
  for (const agent of agents) {
    let byName = byService.get(agent.service)
    if (!byName) {
      byName = new Map()
      byService.set(agent.service, byName)
    }
    if (byName.has(agent.name)) throw new Error(`agent ${agent.service}/${agent.name} is defined twice`)
    byName.set(agent.name, compile === 'eager' ? entryOf(agent) : agent)
  }
  const lookup = (service: string, name: string): Entry | undefined => {
    const byName = byService.get(service)
    const found = byName?.get(name)
    if (!found || 'fillsDefaults' in found) return found as Entry | undefined
    const entry = entryOf(found)
    byName!.set(name, entry)
    return entry
  }

  const dispatcher: Dispatcher = {
    agents,
    find: (service, name) => {
      const found = byService.get(service)?.get(name)
      return found && 'fillsDefaults' in found ? found.agent : found
    },
    async call(service, name, input, opts = {}) {
      const depth = opts.depth ?? 0
      const entry = lookup(service, name)
      if (!entry) throw new AppError('not_found', `No agent ${service}/${name}`, { service, agent: name })
      if (depth > MAX_CALL_DEPTH) {
        throw new AppError('invalid_request', `Agent calls nest deeper than ${MAX_CALL_DEPTH}`, {
          rule: `max depth ${MAX_CALL_DEPTH}`,
        })
      }
      // Callers inside the process (MCP tools, flows) pass objects, not JSON text the body parser
      // has already bounded: the same nesting limit applies before anything walks or copies them.
      if (exceedsDepth(input, MAX_JSON_DEPTH)) {
        throw new AppError('invalid_request', `Input nests deeper than ${MAX_JSON_DEPTH} levels`, {
          location: 'body',
          rule: `max depth ${MAX_JSON_DEPTH}`,
        })
      }
      // Ajv fills defaults in place (inputs are never coerced): when the schema has any, validate a
      // copy, never the caller's object. Most have none, and the copy cost ~1 µs a call.
      const checked = entry.fillsDefaults ? structuredClone(input ?? {}) : (input ?? {})
      if (!entry.input(checked)) throw validationError(entry.input.errors![0]!, 'body')
      // `lang` is the dispatcher's (every schema has it, see defineAgent): the agent gets its own
      // fields as input and the language as ctx.lang. Copied only when the input names one.
      const asked = (checked as { lang?: Lang }).lang
      let value = checked
      if (asked !== undefined) {
        const { lang: _, ...rest } = checked as { lang?: Lang }
        value = rest
      }
      const lang = asked ?? opts.lang ?? DEFAULT_LANG
      const tiny = tinyNumberAt(value)
      if (tiny !== undefined) {
        throw new AppError(
          'invalid_request',
          `field "${tiny}" is closer to 0 than ${MIN_MAGNITUDE}: no amount, rate, area or share is that small, and computing with it over- or underflows`,
          { location: 'body', field: tiny, rule: `zero or at least ${MIN_MAGNITUDE} in size` },
        )
      }
      const now = opts.now ?? new Date()
      const started = performance.now()
      let output: unknown
      try {
        output = await entry.agent.run(value, {
          now,
          deps,
          logger,
          lang,
          say: sayIn(lang),
          call: async (s, a, i) => (await dispatcher.call(s, a, i, { now, depth: depth + 1, lang })).output,
        })
      } catch (error) {
        // A date in the input (a transaction's, an as_of) before the first version of a reference
        // table the agent judges it by: the input cannot be judged, which is the caller's to fix.
        if (error instanceof NotCoveredError) {
          throw new AppError(
            'unprocessable',
            `${error.date} is before the reference data ${error.reference} starts (${error.first}); give dates on or after it`,
            { reference: error.reference, date: error.date, rule: `on or after ${error.first}` },
          )
        }
        throw error
      }
      const ms = performance.now() - started
      if (!entry.output(output)) {
        const first = entry.output.errors![0]!
        logger.error({ agent: `${service}/${name}`, error: first }, 'agent output violates its schema')
        throw new AppError('internal_error', `Agent ${service}/${name} produced an invalid result`)
      }
      return { output, ms }
    },
  }
  return dispatcher
}

/**
 * The smallest size a non-zero number in an agent's input may have. Below it (5e-324, the
 * subnormal doubles, 1e-300 …) dividing by the number, or by a sum it underflows, gives Infinity
 * or NaN: results JSON cannot carry.
 */
const MIN_MAGNITUDE = 1e-9

/** The path (`a.1.b`) of the first non-zero number smaller than MIN_MAGNITUDE, if any. */
function tinyNumberAt(value: unknown): string | undefined {
  return tinyPath(value)?.reverse().join('.')
}

/**
 * The path to the first tiny number, innermost key first; depth-first in key order. Recursive:
 * the depth is already bounded (exceedsDepth). A path is built only when a number is found, so an
 * input without one is walked without allocating.
 */
function tinyPath(v: unknown): string[] | undefined {
  if (typeof v === 'number') return v !== 0 && Math.abs(v) < MIN_MAGNITUDE ? [] : undefined
  if (v === null || typeof v !== 'object') return undefined
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const path = tinyPath(v[i])
      if (path) {
        path.push(String(i))
        return path
      }
    }
    return undefined
  }
  for (const key of Object.keys(v)) {
    const path = tinyPath((v as Record<string, unknown>)[key])
    if (path) {
      path.push(key)
      return path
    }
  }
  return undefined
}

/** Whether no value of the object or array is itself an object or array. */
function isFlat(value: object): boolean {
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key]
    if (child !== null && typeof child === 'object') return false
  }
  return true
}

/** Whether validating against `schema` can write into the value (a `default` anywhere in it). */
export function hasDefaults(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasDefaults)
  if (schema === null || typeof schema !== 'object') return false
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'default' || hasDefaults(value)) return true
  }
  return false
}

/** Whether arrays/objects in `value` nest deeper than `max` levels: iterative, stops at the first too-deep one. */
export function exceedsDepth(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false
  // Most inputs are one object of plain values: one level, nothing to track.
  if (max >= 1 && isFlat(value)) return false
  const stack: [unknown, number][] = [[value, 0]]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth + 1 > max) return true
    // A shared or cyclic reference is walked once (a cycle would also fail structuredClone's purpose).
    if (seen.has(v)) continue
    seen.add(v)
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}
