import { Type } from 'typebox'
import type { AresCompany, RegistryAnswer } from '../../engines/registries/index.ts'
import { defineAgent } from '../types.ts'
import { isStale, registryStatus } from './registry-answer.ts'
import {
  failed,
  IcoSchema,
  isoDate,
  nullable,
  PartialSchema,
  RulesSchema,
  requireIco,
  rule,
  type SourceStatus,
  SourcesSchema,
} from './shared.ts'

const ARES = 'ARES, Administrativní registr ekonomických subjektů (MF ČR), REST API v3'

export const CompanySchema = Type.Object({
  ico: Type.String(),
  name: Type.String(),
  legal_form_code: nullable(Type.String()),
  legal_form: nullable(Type.String()),
  address: nullable(Type.String()),
  country: nullable(Type.String()),
  vat_id: nullable(Type.String()),
  established: nullable(Type.String()),
  dissolved: nullable(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('dissolved')]),
  registrations: Type.Record(Type.String(), Type.String(), {
    description: 'ARES source registers and their state (vr, res, dph, ir …)',
  }),
  insolvency_flag: Type.Boolean(),
  updated: nullable(Type.String()),
})

export function companyAge(established: string | null, today: string): number | null {
  if (!established) return null
  const years = (Date.parse(today) - Date.parse(established)) / (365.25 * 86_400_000)
  return Math.floor(years * 10) / 10
}

export const aresLookup = defineAgent({
  service: 'data',
  name: 'ares_lookup',
  description:
    'Looks a company up in ARES, the Czech register of economic subjects, by IČO: name, legal form, registered seat, DIČ, dates of establishment and dissolution, the state of each source register (commercial, trade, VAT, insolvency …) and its age. Answers are cached; when ARES fails a recent cached answer is given and marked as such.',
  input: Type.Object({ ico: IcoSchema }, { additionalProperties: false }),
  output: Type.Object({
    ico: Type.String(),
    found: nullable(Type.Boolean({ description: 'null when ARES could not be asked' })),
    company: nullable(CompanySchema),
    age_years: nullable(Type.Number()),
    vat_registered: nullable(Type.Boolean()),
    fetched_at: nullable(Type.String()),
    rules_applied: RulesSchema,
    sources: SourcesSchema,
    partial: PartialSchema,
  }),
  examples: [
    { title: 'Alza.cz a.s.', input: { ico: '27082440' } },
    { title: 'A company in insolvency (OKD, a.s.)', input: { ico: '26863154' } },
    { title: 'An IČO ARES does not know', input: { ico: '12345679' } },
  ],
  async run(input, ctx) {
    const ico = requireIco(input.ico)
    const sources: SourceStatus[] = []
    let answer: RegistryAnswer<AresCompany | null> | undefined
    try {
      answer = await ctx.deps.registries.ares.lookup(ico)
      sources.push(registryStatus('ares', answer))
    } catch (error) {
      sources.push(failed('ares', error))
    }
    const company = answer?.data ?? null
    const today = isoDate(ctx.now)
    return {
      ico,
      found: answer ? company !== null : null,
      company,
      age_years: company ? companyAge(company.established, today) : null,
      vat_registered: company ? company.registrations.dph === 'AKTIVNI' : null,
      fetched_at: answer?.fetched_at ?? null,
      rules_applied: [
        rule(
          'IČO checksum (mod 11) before asking ARES',
          'ČSÚ, Identifikační číslo osoby',
          undefined,
          'valid',
        ),
        rule(
          'the subject as ARES publishes it from its source registers',
          ARES,
          undefined,
          answer ? (company ? company.status : 'not found') : 'ARES did not answer',
        ),
      ],
      sources,
      partial: !answer || isStale(answer),
    }
  },
})
