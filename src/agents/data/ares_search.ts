import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { failed, isoDate, lawRule, nullable } from './shared.ts'

export const aresSearch = defineAgent({
  service: 'data',
  name: 'ares_search',
  description:
    'Searches ARES, the Czech register of economic subjects, by company name, optionally narrowed by legal form and CZ-NACE activity: the IČO, name, seat, legal form, dates and activities of each subject found, and how many ARES holds in total.',
  input: Type.Object(
    {
      name: Type.String({ minLength: 2, maxLength: 200, description: 'company name or its part' }),
      legal_form: Type.Optional(
        Type.String({ pattern: '^\\d{3}$', description: 'ČSÚ legal-form code, e.g. 112' }),
      ),
      nace: Type.Optional(Type.String({ pattern: '^\\d{2,5}$', description: 'CZ-NACE code' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    total: nullable(Type.Integer({ description: 'subjects ARES matched (null when ARES did not answer)' })),
    companies: Type.Array(
      Type.Object({
        ico: Type.String(),
        name: Type.String(),
        legal_form_code: nullable(Type.String()),
        address: nullable(Type.String()),
        established: nullable(Type.String()),
        dissolved: nullable(Type.String()),
        active: Type.Boolean(),
        vat_id: nullable(Type.String()),
        nace: Type.Array(Type.String()),
      }),
    ),
  }),
  verdict: 'informational',
  law: ['mf-ares'],
  examples: [
    { title: 'Companies named Alza', input: { name: 'Alza', limit: 5 } },
    { title: 'Joint-stock companies named Alza', input: { name: 'Alza', legal_form: '121' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const sources: SourceStatus[] = []
    const query = {
      name: input.name.trim(),
      ...(input.legal_form ? { legalForms: [input.legal_form] } : {}),
      ...(input.nace ? { nace: [input.nace] } : {}),
      start: input.offset ?? 0,
      count: input.limit ?? 10,
    }
    let found: Awaited<ReturnType<typeof ctx.deps.sources.aresSearch.search>> | undefined
    try {
      found = await ctx.deps.sources.aresSearch.search(query)
      sources.push({ name: 'ares', status: found.cached ? 'cached' : 'ok' })
    } catch (error) {
      // ARES answers 400 for a query it will not run (too broad): that is the caller's to fix.
      if (error instanceof UpstreamError && error.status === 400) {
        throw errors.invalid(
          'name',
          `ARES refused the search (${error.message.replace(/^ares: rejected the query: /, '')}); make it more specific`,
        )
      }
      sources.push(failed('ares', error))
    }
    return {
      total: found?.total ?? null,
      companies: (found?.hits ?? []).map((h) => ({ ...h, active: h.dissolved === null })),
      rules_applied: [
        lawRule(
          say({
            cs: 'ARES hledá název (a zadané filtry) ve svých zdrojových registrech',
            en: 'ARES matches the name (and the filters given) across its source registers',
          }),
          cite(at, 'mf-ares'),
          found
            ? say({ cs: `nalezeno: ${found.total}`, en: `${found.total} found` })
            : say({ cs: 'ARES neodpověděl', en: 'ARES did not answer' }),
        ),
      ],
      sources,
      partial: !found,
    }
  },
})
