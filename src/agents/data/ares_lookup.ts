import { Type } from 'typebox'
import type { AresCompany, PublicRegisterRecord, RegistryAnswer } from '../../engines/registries/index.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { isStale, registryStatus } from './registry-answer.ts'
import { failed, IcoSchema, isoDate, lawRule, nullable, requireIco } from './shared.ts'

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
  nace: Type.Array(Type.String(), {
    description: 'CZ-NACE activities as ARES lists them (czNace); empty when it lists none',
  }),
  status: Type.Union([Type.Literal('active'), Type.Literal('dissolved')]),
  registrations: Type.Record(Type.String(), Type.String(), {
    description: 'ARES source registers and their state (vr, res, dph, ir …)',
  }),
  insolvency_flag: Type.Boolean(),
  updated: nullable(Type.String()),
})

const RegisterMemberSchema = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('company')]),
  role: nullable(Type.String({ description: 'the function, e.g. jednatel, předseda představenstva' })),
  body: nullable(Type.String({ description: 'the body or heading it is listed under' })),
  birth_date: nullable(Type.String()),
  citizenship: nullable(Type.String()),
  ico: nullable(Type.String()),
  since: nullable(Type.String()),
})

const ShareholderSchema = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('company')]),
  body: nullable(Type.String({ description: 'Společníci, Jediný akcionář …' })),
  birth_date: nullable(Type.String()),
  citizenship: nullable(Type.String()),
  ico: nullable(Type.String()),
  share_pct: nullable(Type.Number({ description: 'share, % (null when the register writes it otherwise)' })),
  share: nullable(Type.String({ description: 'the share as the register writes it' })),
  since: nullable(Type.String()),
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
    'Looks a company up in ARES, the Czech register of economic subjects, by IČO: name, legal form, registered seat, DIČ, dates of establishment and dissolution, the state of each source register (commercial, trade, VAT, insolvency …) and its age; with `public_register` also the current members of its statutory bodies and its shareholders from the public register (the VR source of ARES). Answers are cached; when ARES fails a recent cached answer is given and marked as such.',
  input: Type.Object(
    {
      ico: IcoSchema,
      public_register: Type.Optional(
        Type.Boolean({
          description:
            'also read the public-register record: statutory bodies and shareholders (default false)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    ico: Type.String(),
    found: nullable(Type.Boolean({ description: 'null when ARES could not be asked' })),
    company: nullable(CompanySchema),
    age_years: nullable(Type.Number()),
    vat_registered: nullable(Type.Boolean()),
    public_register: Type.Optional(
      nullable(
        Type.Object(
          { statutory_bodies: Type.Array(RegisterMemberSchema), shareholders: Type.Array(ShareholderSchema) },
          {
            description:
              'asked with public_register: the current statutory bodies and shareholders; null when the subject is not in the public register or the register did not answer (see sources)',
          },
        ),
      ),
    ),
    public_register_found: Type.Optional(
      nullable(Type.Boolean({ description: 'false: not in the public register; null: it did not answer' })),
    ),
    fetched_at: nullable(Type.String()),
  }),
  verdict: {
    explain:
      '`informational` for a subject ARES publishes; `review` for an IČO ARES does not know (its checksum holds, but no register holds it); `incomplete` when ARES did not answer',
    of: (r) => (r.found === false ? 'review' : 'informational'),
  },
  law: ['cz-111-2009-s24', 'mf-ares', 'cz-304-2013'],
  examples: [
    { title: 'Alza.cz a.s.', input: { ico: '27082440' } },
    { title: 'A company in insolvency (OKD, a.s.)', input: { ico: '26863154' } },
    { title: 'An IČO ARES does not know', input: { ico: '12345679' } },
    {
      title: 'An s.r.o. with its directors and partners from the public register',
      input: { ico: '24681351', public_register: true },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const ico = requireIco(input.ico)
    const sources: SourceStatus[] = []
    let answer: RegistryAnswer<AresCompany | null> | undefined
    try {
      answer = await ctx.deps.registries.ares.lookup(ico)
      sources.push(registryStatus('ares', answer))
    } catch (error) {
      sources.push(failed('ares', error))
    }
    let record: RegistryAnswer<PublicRegisterRecord | null> | undefined
    if (input.public_register) {
      try {
        record = await ctx.deps.registries.ares.publicRegister(ico)
        sources.push(registryStatus('ares_vr', record))
      } catch (error) {
        sources.push(failed('ares_vr', error))
      }
    }
    const company = answer?.data ?? null
    const today = isoDate(ctx.now)
    const register = input.public_register
      ? {
          public_register: record?.data ?? null,
          public_register_found: record ? record.data !== null : null,
        }
      : {}
    return {
      ico,
      found: answer ? company !== null : null,
      company,
      age_years: company ? companyAge(company.established, today) : null,
      vat_registered: company ? company.registrations.dph === 'AKTIVNI' : null,
      ...register,
      fetched_at: answer?.fetched_at ?? null,
      rules_applied: [
        lawRule(
          say({
            cs: 'kontrolní číslice IČO (mod 11) před dotazem do ARES',
            en: 'IČO checksum (mod 11) before asking ARES',
          }),
          cite(at, 'cz-111-2009-s24'),
          say({ cs: 'platné', en: 'valid' }),
        ),
        lawRule(
          say({
            cs: 'subjekt, jak jej ARES zveřejňuje ze svých zdrojových registrů',
            en: 'the subject as ARES publishes it from its source registers',
          }),
          cite(at, 'mf-ares'),
          answer
            ? company
              ? company.status
              : say({ cs: 'nenalezen', en: 'not found' })
            : say({ cs: 'ARES neodpověděl', en: 'ARES did not answer' }),
        ),
        ...(input.public_register
          ? [
              lawRule(
                say({
                  cs: 'statutární orgány a společníci, jak je dnes eviduje veřejný rejstřík',
                  en: 'statutory bodies and shareholders as the public register records them today',
                }),
                cite(at, 'cz-304-2013', 'mf-ares'),
                record
                  ? record.data
                    ? say({
                        cs: `členů: ${record.data.statutory_bodies.length}, společníků: ${record.data.shareholders.length}`,
                        en: `${record.data.statutory_bodies.length} member(s), ${record.data.shareholders.length} shareholder(s)`,
                      })
                    : say({ cs: 'není ve veřejném rejstříku', en: 'not in the public register' })
                  : say({ cs: 'veřejný rejstřík neodpověděl', en: 'the public register did not answer' }),
              ),
            ]
          : []),
      ],
      sources,
      partial: !answer || isStale(answer) || (input.public_register === true && (!record || isStale(record))),
    }
  },
})
