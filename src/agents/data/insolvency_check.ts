import { Type } from 'typebox'
import type { InsolvencyResult, RegistryAnswer } from '../../engines/registries/index.ts'
import { defineAgent } from '../types.ts'
import { isStale, registryStatus } from './registry-answer.ts'
import {
  failed,
  IcoSchema,
  nullable,
  PartialSchema,
  RulesSchema,
  requireIco,
  rule,
  type SourceStatus,
  SourcesSchema,
} from './shared.ts'

export const insolvencyCheck = defineAgent({
  service: 'data',
  name: 'insolvency_check',
  description:
    'Checks the Czech insolvency register (ISIR, Ministry of Justice) for proceedings against a company by IČO: each proceeding’s court file number, court, state (moratorium, bankruptcy, reorganisation, debt relief …), dates and whether it is still running.',
  input: Type.Object({ ico: IcoSchema }, { additionalProperties: false }),
  output: Type.Object({
    ico: Type.String(),
    in_insolvency: nullable(
      Type.Boolean({ description: 'a proceeding is running (null when ISIR could not be asked)' }),
    ),
    proceedings: Type.Array(
      Type.Object({
        reference: Type.String(),
        court: nullable(Type.String()),
        debtor: nullable(Type.String()),
        state: nullable(Type.String()),
        active: Type.Boolean(),
        started: nullable(Type.String()),
        ended: nullable(Type.String()),
        url: nullable(Type.String()),
      }),
    ),
    synchronized_at: nullable(Type.String()),
    rules_applied: RulesSchema,
    sources: SourcesSchema,
    partial: PartialSchema,
  }),
  examples: [
    { title: 'A company in reorganisation (OKD, a.s.)', input: { ico: '26863154' } },
    { title: 'No proceedings', input: { ico: '27082440' } },
  ],
  async run(input, ctx) {
    const ico = requireIco(input.ico)
    const sources: SourceStatus[] = []
    let answer: RegistryAnswer<InsolvencyResult> | undefined
    try {
      answer = await ctx.deps.registries.isir.byIco(ico)
      sources.push(registryStatus('isir', answer))
    } catch (error) {
      sources.push(failed('isir', error))
    }
    const result = answer?.data
    return {
      ico,
      in_insolvency: result ? result.active : null,
      proceedings: result?.proceedings ?? [],
      synchronized_at: result?.synchronized_at ?? null,
      rules_applied: [
        rule(
          'insolvency proceedings are public in the insolvency register from their start',
          'zákon 182/2006 Sb., insolvenční zákon, § 419 and § 421',
          '2008-01-01',
          result
            ? result.active
              ? 'proceeding running'
              : `${result.proceedings.length} past proceeding(s)`
            : 'ISIR did not answer',
        ),
      ],
      sources,
      partial: !answer || isStale(answer),
    }
  },
})
