import { Type } from 'typebox'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { planWaves } from './plan.ts'

export const taskScheduler = defineAgent({
  service: 'orchestrator',
  name: 'task_scheduler',
  description:
    "Orders tasks with dependencies into waves that can run in parallel (topological order), optionally capped at a number of parallel workers, and computes the critical path and total duration from the tasks' expected durations. Unknown dependencies and cycles are rejected naming the task.",
  input: Type.Object(
    {
      tasks: Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 100 }),
            after: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
            ),
            duration_ms: Type.Optional(
              Type.Number({ minimum: 0, description: 'expected duration, milliseconds' }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1000 },
      ),
      max_parallel: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 100, description: 'workers; unlimited when absent' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    waves: Type.Array(Type.Array(Type.String())),
    batches: Type.Array(Type.Array(Type.String()), {
      description: 'waves split to at most max_parallel tasks',
    }),
    start_ms: Type.Record(Type.String(), Type.Number()),
    critical_path: Type.Array(Type.String()),
    makespan_ms: Type.Number(),
  }),
  verdict: 'informational',
  law: ['method-dependency-waves'],
  examples: [
    {
      title: 'Company onboarding: validate, then look up and screen in parallel, then decide',
      input: {
        tasks: [
          { id: 'ico', duration_ms: 1 },
          { id: 'ares', after: ['ico'], duration_ms: 300 },
          { id: 'sanctions', after: ['ico'], duration_ms: 120 },
          { id: 'insolvency', after: ['ico'], duration_ms: 450 },
          { id: 'decision', after: ['ares', 'sanctions', 'insolvency'], duration_ms: 2 },
        ],
      },
    },
    {
      title: 'Four independent lookups on two workers',
      input: { tasks: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', after: ['a'] }], max_parallel: 2 },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const cited = cite(today(ctx), 'method-dependency-waves')
    const plan = planWaves(input.tasks)
    const cap = input.max_parallel ?? Number.POSITIVE_INFINITY
    const batches = plan.waves.flatMap((wave) => {
      const out: string[][] = []
      for (let i = 0; i < wave.length; i += Number.isFinite(cap) ? cap : wave.length)
        out.push(wave.slice(i, i + (Number.isFinite(cap) ? cap : wave.length)))
      return out
    })
    return {
      ...plan,
      batches,
      rules_applied: [
        lawRule(
          say({
            cs: 'topologické vlny (Kahn): úloha běží, až skončí vše, na co čeká',
            en: 'topological waves (Kahn): a task runs once everything it waits on has finished',
          }),
          cited,
          say({ cs: `vln: ${plan.waves.length}`, en: `${plan.waves.length} waves` }),
        ),
        lawRule(
          say({
            cs: 'kritická cesta: nejdelší řetězec očekávaných dob',
            en: 'critical path: the longest chain of expected durations',
          }),
          cited,
          `${plan.critical_path.join(' → ')} (${plan.makespan_ms} ms)`,
        ),
        lawRule(
          say({
            cs: 'vlna se dělí na dávky nejvýše max_parallel úloh (nastavení volajícího)',
            en: 'a wave is split into batches of at most max_parallel tasks (the caller’s setting)',
          }),
          cited,
          say({ cs: `dávek: ${batches.length}`, en: `${batches.length} batches` }),
        ),
      ],
    }
  },
})
