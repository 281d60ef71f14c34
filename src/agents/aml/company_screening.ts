import { Type } from 'typebox'
import type {
  AresCompany,
  InsolvencyResult,
  PublicRegisterRecord,
  RegistryAnswer,
} from '../../engines/registries/index.ts'
import type { VatPayerStatus } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { CompanySchema, companyAge } from '../data/ares_lookup.ts'
import { isStale, registryStatus } from '../data/registry-answer.ts'
import { attempt, failed, isoDate, nullable, requireIco, rule } from '../data/shared.ts'
import type { Texts } from '../lang.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { highRiskOn, highRiskRule, requireCountry } from './common.ts'
import { PublicRegisterSchema, type PublicRegisterView, screenRegister } from './people.ts'
import { HitSchema, hitView, ListsSchema, listView, screeningEngine } from './screening.ts'

const FlagSchema = Type.Object({
  flag: Type.String(),
  severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  reason: Type.String(),
  source: Type.String(),
})
type Flag = { flag: string; severity: 'low' | 'medium' | 'high'; reason: string; source: string }

const RECOMMENDATION: Record<'low' | 'medium' | 'high', Texts> = {
  low: { cs: 'standardní kontrola klienta', en: 'standard due diligence' },
  medium: { cs: 'před přijetím zesílené posouzení', en: 'enhanced review before onboarding' },
  high: {
    cs: 'nepokračovat, dokud pracovník compliance neprověří příznaky',
    en: 'do not proceed until the compliance officer has cleared the flags',
  },
}

export const companyScreening = defineAgent({
  service: 'aml',
  name: 'company_screening',
  description:
    'Screens a company before a business relationship: ARES (does it exist, is it dissolved, how old), the sanctions lists (EU, UN, OFAC, UK, Czech 210/2008) by IČO and name, the members of its statutory bodies and its shareholders from the public register (ARES, VR source) screened as persons against the sanctions and PEP lists, the insolvency register, the VAT register (unreliable payer) and the EU high-risk country list for its seat. Rolls the findings up into flags, a risk level and a recommendation; a source that fails is named and the rest still answers.',
  input: Type.Object(
    {
      ico: Type.Optional(Type.String({ minLength: 1, maxLength: 12, description: 'IČO of a Czech company' })),
      name: Type.Optional(
        Type.String({ minLength: 2, maxLength: 300, description: 'company name (required without an IČO)' }),
      ),
      country: Type.Optional(
        Type.String({ minLength: 2, maxLength: 60, description: 'country of the seat when not Czech' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    subject: Type.Object({
      ico: nullable(Type.String()),
      name: nullable(Type.String()),
      country: nullable(Type.String()),
    }),
    company: nullable(CompanySchema),
    public_register: nullable(PublicRegisterSchema),
    risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    recommendation: Type.String(),
    flags: Type.Array(FlagSchema),
    sanctions: Type.Object({
      status: Type.Union([Type.Literal('clear'), Type.Literal('hit'), Type.Literal('not_checked')]),
      hits: Type.Array(HitSchema),
      lists: ListsSchema,
    }),
    insolvency: nullable(Type.Object({ active: Type.Boolean(), proceedings: Type.Integer() })),
    vat: nullable(
      Type.Object({
        registered: Type.Boolean(),
        unreliable: Type.Boolean(),
        unreliable_since: nullable(Type.String()),
      }),
    ),
    eu_high_risk_country: nullable(Type.Boolean()),
  }),
  verdict: { field: 'risk', map: { low: 'clear', medium: 'review', high: 'adverse' } },
  examples: [
    { title: 'A clean, long-established company (Alza.cz a.s.)', input: { ico: '27082440' } },
    { title: 'A company on the OFAC SDN list by its IČO', input: { ico: '05556121' } },
    { title: 'A company in insolvency (OKD, a.s.)', input: { ico: '26863154' } },
    {
      title: 'A company whose director and sole partner are on the OFAC SDN list',
      input: { ico: '31415920' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.ico === undefined && input.name === undefined) throw errors.invalid('ico', 'give ico or name')
    const ico = input.ico !== undefined ? requireIco(input.ico) : undefined
    const today = isoDate(ctx.now)
    const sources: SourceStatus[] = []
    const flags: Flag[] = []
    const rules: ReturnType<typeof rule>[] = []

    let ares: RegistryAnswer<AresCompany | null> | undefined
    if (ico) {
      try {
        ares = await ctx.deps.registries.ares.lookup(ico)
        sources.push(registryStatus('ares', ares))
      } catch (error) {
        sources.push(failed('ares', error))
      }
    }
    let register: RegistryAnswer<PublicRegisterRecord | null> | undefined
    if (ico) {
      try {
        register = await ctx.deps.registries.ares.publicRegister(ico)
        sources.push(registryStatus('ares_vr', register))
      } catch (error) {
        sources.push(failed('ares_vr', error))
      }
    }
    const company = ares?.data ?? null
    const name = company?.name ?? input.name ?? null
    const country =
      input.country !== undefined
        ? requireCountry(input.country, 'country')
        : (company?.country ?? (ico ? 'CZ' : null))
    if (ico && ares) {
      if (!company)
        flags.push({
          flag: 'not_in_ares',
          severity: 'high',
          reason: say({ cs: `IČO ${ico} v ARES není`, en: `IČO ${ico} is not in ARES` }),
          source: 'ARES',
        })
      else {
        if (company.status === 'dissolved')
          flags.push({
            flag: 'dissolved',
            severity: 'high',
            reason: say({ cs: `zanikla ${company.dissolved}`, en: `dissolved on ${company.dissolved}` }),
            source: 'ARES',
          })
        const age = companyAge(company.established, today)
        if (age !== null && age < 1)
          flags.push({
            flag: 'newly_established',
            severity: 'medium',
            reason: say({
              cs: `založena ${company.established} (${age} let)`,
              en: `established ${company.established} (${age} years)`,
            }),
            source: 'ARES',
          })
      }
      rules.push(
        rule(
          say({
            cs: 'společnost musí v ARES existovat a nesmí být zaniklá; společnost mladší jednoho roku vyžaduje bližší posouzení',
            en: 'the company must exist in ARES and not be dissolved; a company under a year old needs closer review',
          }),
          'ARES; institution’s risk policy',
          undefined,
          company ? company.status : say({ cs: 'nenalezena', en: 'not found' }),
        ),
      )
    }

    const built = await screeningEngine(ctx, sources)
    let hits: ReturnType<typeof hitView>[] = []
    if (built) {
      hits = built.engine
        .screenCompany(
          { ...(ico ? { ico } : {}), ...(name ? { name } : {}), ...(country ? { country } : {}) },
          { limit: 5 },
        )
        .map((h) => hitView(h, say))
      for (const h of hits) {
        flags.push({
          flag: 'sanctions_match',
          severity: 'high',
          reason: `${h.list} ${h.list_id} "${h.matched_name}" (${say({ cs: 'skóre', en: 'score' })} ${h.score}; ${h.why})`,
          source: h.list,
        })
      }
      rules.push(
        rule(
          say({
            cs: 'žádné obchody se sankcionovanou osobou: prověřit IČO a název proti seznamům EU, OSN, USA, Spojeného království a ČR',
            en: 'no business with a sanctioned person: screen the IČO and the name against the EU, UN, US, UK and Czech lists',
          }),
          'Regulation (EU) 2580/2001, 269/2014 and 833/2014; zákon 69/2006 Sb. a 1/2023 Sb. (sankční zákony); zákon 253/2008 Sb., § 9',
          undefined,
          hits.length
            ? say({ cs: `shod: ${hits.length}`, en: `${hits.length} hit(s)` })
            : say({ cs: 'bez shody', en: 'no hit' }),
        ),
      )
    }

    let people: PublicRegisterView | null = null
    if (register?.data) {
      people = screenRegister(built, register.data, say)
      const parties = [
        ...people.statutory_bodies.map((p) => ({ ...p, as: 'statutory body' })),
        ...people.shareholders.map((p) => ({ ...p, as: 'shareholder' })),
      ]
      for (const p of parties) {
        const as = say(
          p.as === 'shareholder'
            ? { cs: 'společník', en: 'shareholder' }
            : { cs: 'statutární orgán', en: 'statutory body' },
        )
        const who = `${p.name} (${as}${p.role ? `, ${p.role}` : ''})`
        for (const h of p.screening.hits.filter((x) => x.list !== 'pep'))
          flags.push({
            flag: p.as === 'shareholder' ? 'shareholder_sanctioned' : 'statutory_member_sanctioned',
            severity: 'high',
            reason: `${who}: ${h.list} ${h.list_id} "${h.matched_name}" (${say({ cs: 'skóre', en: 'score' })} ${h.score}; ${h.why})`,
            source: h.list,
          })
        if (p.screening.pep === 'hit')
          flags.push({
            flag: 'politically_exposed_person',
            severity: 'medium',
            reason: say({
              cs: `${who} je na seznamu PEP: platí zesílená kontrola`,
              en: `${who} is on a PEP list: enhanced due diligence applies`,
            }),
            source: 'PEP lists',
          })
      }
      const persons = parties.filter((p) => p.kind === 'person')
      rules.push(
        rule(
          say({
            cs: 'členové statutárních orgánů a společníci se zjistí z veřejného rejstříku a prověří proti sankčním seznamům (osoby také proti seznamům PEP)',
            en: 'the members of the statutory bodies and the shareholders are identified from the public register and screened against the sanctions lists (persons also against the PEP lists)',
          }),
          'zákon 253/2008 Sb., § 5 odst. 1 písm. b), § 9 odst. 2 písm. b) and § 9a; zákon 304/2013 Sb. (veřejný rejstřík)',
          undefined,
          say({
            cs: `zapsáno ${parties.length} (osob ${persons.length}); sankce ${
              built ? `shod ${parties.filter((p) => p.screening.sanctions === 'hit').length}` : 'neověřeno'
            }; PEP ${
              !built
                ? 'neověřeno'
                : built.pep
                  ? `shod ${persons.filter((p) => p.screening.pep === 'hit').length}`
                  : 'seznam PEP není nastaven'
            }`,
            en: `${parties.length} listed (${persons.length} persons); sanctions ${
              built
                ? `${parties.filter((p) => p.screening.sanctions === 'hit').length} hit(s)`
                : 'not checked'
            }; PEP ${
              !built
                ? 'not checked'
                : built.pep
                  ? `${persons.filter((p) => p.screening.pep === 'hit').length} hit(s)`
                  : 'no PEP list configured'
            }`,
          }),
        ),
      )
    } else if (ico && register) {
      rules.push(
        rule(
          say({
            cs: 'členové statutárních orgánů a společníci se zjistí z veřejného rejstříku',
            en: 'the members of the statutory bodies and the shareholders are identified from the public register',
          }),
          'zákon 253/2008 Sb., § 5 odst. 1 písm. b); zákon 304/2013 Sb. (veřejný rejstřík)',
          undefined,
          say({
            cs: 'není ve veřejném rejstříku: žádný statutární orgán ani společník tam zapsán není',
            en: 'not in the public register: no statutory body or shareholder listed there',
          }),
        ),
      )
    }

    let isir: RegistryAnswer<InsolvencyResult> | undefined
    if (ico) {
      try {
        isir = await ctx.deps.registries.isir.byIco(ico)
        sources.push(registryStatus('isir', isir))
      } catch (error) {
        sources.push(failed('isir', error))
      }
      if (isir?.data.active) {
        const p = isir.data.proceedings.find((x) => x.active)
        flags.push({
          flag: 'insolvency',
          severity: 'high',
          reason: say({
            cs: `insolvenční řízení ${p?.reference ?? ''} (${p?.state ?? 'probíhá'})`,
            en: `insolvency proceeding ${p?.reference ?? ''} (${p?.state ?? 'running'})`,
          }).trim(),
          source: 'ISIR',
        })
      }
      rules.push(
        rule(
          say({
            cs: 'probíhající insolvenční řízení je vysoké riziko',
            en: 'a running insolvency proceeding is a high risk',
          }),
          'zákon 182/2006 Sb., insolvenční zákon',
          '2008-01-01',
          isir
            ? isir.data.active
              ? say({ cs: 'probíhá', en: 'running' })
              : say({ cs: 'žádné neprobíhá', en: 'none running' })
            : say({ cs: 'ISIR neodpověděl', en: 'ISIR did not answer' }),
        ),
      )
    }

    let vat: VatPayerStatus | undefined
    const dic = company?.vat_id ?? (ico ? `CZ${ico}` : undefined)
    if (dic && /^CZ\d{8,10}$/.test(dic)) {
      const answer = await attempt('vat_register', sources, () => ctx.deps.sources.vatRegister.status([dic]))
      vat = answer?.payers.find((p) => `CZ${p.dic}` === dic)
      if (vat?.unreliable === 'ANO')
        flags.push({
          flag: 'unreliable_vat_payer',
          severity: 'high',
          reason: say({
            cs: `nespolehlivý plátce DPH od ${vat.unreliable_since ?? '?'}`,
            en: `unreliable VAT payer since ${vat.unreliable_since ?? '?'}`,
          }),
          source: 'VAT register',
        })
      rules.push(
        rule(
          say({
            cs: 'u nespolehlivého plátce DPH ručí jeho odběratelé za jeho daň',
            en: 'an unreliable VAT payer makes its customers liable for its VAT',
          }),
          'zákon 235/2004 Sb., § 106a and § 109',
          '2013-01-01',
          vat ? vat.unreliable : say({ cs: 'registr neodpověděl', en: 'register did not answer' }),
        ),
      )
    }

    let highRisk: boolean | null = null
    if (country) {
      const { version } = highRiskOn(today)
      highRisk = version.countries.includes(country)
      if (highRisk)
        flags.push({
          flag: 'high_risk_country',
          severity: 'high',
          reason: say({
            cs: `sídlo v ${country}, vysoce rizikové třetí zemi podle EU`,
            en: `seat in ${country}, an EU high-risk third country`,
          }),
          source: 'Delegated Regulation (EU) 2016/1675',
        })
      rules.push(highRiskRule(version, country, ctx.say))
    }

    // Fail closed: a register that could not be asked is not a clean result, so it is a flag of its
    // own and the company is never rated low on what was not checked.
    for (const src of sources)
      if (src.status === 'failed')
        flags.push({
          flag: 'source_unavailable',
          severity: 'medium',
          reason: say({
            cs: `${src.name} nebylo možné ověřit${src.error ? ` (${src.error})` : ''}: co ověřuje, není známo`,
            en: `${src.name} could not be consulted${src.error ? ` (${src.error})` : ''}: what it checks is unknown`,
          }),
          source: src.name,
        })
    const risk: 'low' | 'medium' | 'high' = flags.some((f) => f.severity === 'high')
      ? 'high'
      : flags.some((f) => f.severity === 'medium')
        ? 'medium'
        : 'low'
    return {
      subject: { ico: ico ?? null, name, country },
      company,
      public_register: people,
      risk,
      recommendation: say(RECOMMENDATION[risk]),
      flags,
      sanctions: {
        status: (built ? (hits.length ? 'hit' : 'clear') : 'not_checked') as 'hit' | 'clear' | 'not_checked',
        hits,
        lists: built ? listView(built.lists) : [],
      },
      insolvency: isir ? { active: isir.data.active, proceedings: isir.data.proceedings.length } : null,
      vat: vat
        ? {
            registered: vat.unreliable !== 'NENALEZEN',
            unreliable: vat.unreliable === 'ANO',
            unreliable_since: vat.unreliable_since ?? null,
          }
        : null,
      eu_high_risk_country: highRisk,
      rules_applied: rules,
      sources,
      partial:
        sources.some((s) => s.status === 'failed') || isStale(ares) || isStale(register) || isStale(isir),
    }
  },
})
