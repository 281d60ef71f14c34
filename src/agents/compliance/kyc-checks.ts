/**
 * The checks of kyc (AML Act § 5, § 8, § 9, § 9a) for a person, and what the company checks
 * (kyc-company-checks.ts) share: each a named function over the client's data
 * that returns the rules it applied (with their register sources), what it found, verified and
 * missed, the sources it asked and the flags that decide the status and recommendation. The agent
 * runs the ones that fit the subject and joins their results in order.
 */
import { checkBirthNumber } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { type PersonScreening, screenPerson } from '../aml/people.ts'
import { screeningEngine } from '../aml/screening.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { comparableName, type Insolvency, insolvencyOf, type RegisterParty } from './registry.ts'

/** What one check applied and found; the flags are false when absent. */
export interface Checked {
  rules: AppliedRule[]
  findings: string[]
  verified: string[]
  missing: string[]
  sources: SourceStatus[]
  mismatch?: boolean
  unverified?: boolean
  sanctioned?: boolean
  concern?: boolean
}

export const checked = (): Checked => ({
  rules: [],
  findings: [],
  verified: [],
  missing: [],
  sources: [],
})

/** Appends a check's result to the running one, in the order the checks ran. */
export function join(into: Checked, part: Checked): void {
  into.rules.push(...part.rules)
  into.findings.push(...part.findings)
  into.verified.push(...part.verified)
  into.missing.push(...part.missing)
  into.sources.push(...part.sources)
  if (part.mismatch) into.mismatch = true
  if (part.unverified) into.unverified = true
  if (part.sanctioned) into.sanctioned = true
  if (part.concern) into.concern = true
}

/** A register or list not asked because the caller turned the registers off. */
export const notAsked = (name: string): SourceStatus => ({
  name,
  status: 'skipped',
  error: 'check_registry is false',
})

/**
 * The status and recommendation from the joined checks: proceed only on a complete
 * identification checked on every register and list — a source not asked (check_registry false)
 * or not answering is never a clean result.
 */
export function verdictOf(all: Checked) {
  const partial = all.sources.some((s) => s.status === 'failed')
  const status = all.mismatch
    ? 'mismatch'
    : all.missing.length > 0 || all.unverified
      ? 'incomplete'
      : 'complete'
  const asked = all.sources.length > 0 && all.sources.every((s) => s.status === 'ok' || s.status === 'cached')
  const recommendation = all.sanctioned
    ? 'do_not_proceed'
    : status === 'complete' && !all.concern && !partial && asked
      ? 'proceed'
      : 'review'
  return { partial, status, recommendation } as const
}

export type PublicRegister = {
  statutory_bodies: RegisterParty[]
  shareholders: RegisterParty[]
}

export const need = (missing: string[], field: string, present: unknown) => {
  if (present === undefined || present === '' || (Array.isArray(present) && present.length === 0))
    missing.push(field)
}

export const missingOutcome = (say: Say, missing: string[]) =>
  missing.length
    ? say({
        cs: `chybí ${missing.join(', ')}`,
        en: `missing ${missing.join(', ')}`,
      })
    : say({ cs: 'úplné', en: 'complete' })

/** Academic degrees and titles written before or after a Czech name (folded, without dots). */
export const LISTS_UNAVAILABLE: Texts = {
  cs: 'neověřeno: seznamy nedostupné',
  en: 'not checked: lists unavailable',
}
const TITLE = /^(ing|mgr|bc|judr|mudr|mvdr|phdr|rndr|paeddr|doc|prof|phd|csc|mba|dis|arch)$/
const isTitle = (word: string) => TITLE.test(comparableName(word).replace(/ /g, ''))

/** "Ing. Jan Novák, Ph.D." → "jan novak": titles aside, as the register lists people. */
export const personKey = (name: string) =>
  name
    .split(/[\s,]+/)
    .filter((w) => w && !isTitle(w))
    .map(comparableName)
    .join(' ')

/** Given names and surname (the last word), titles aside: "Ing. Jana Nováková" → Jana / Nováková. */
export function nameParts(name: string): {
  first_name?: string
  last_name: string
} {
  const words = name.split(/[\s,]+/).filter((w) => w && !isTitle(w))
  if (words.length === 0) return { last_name: name.trim() }
  return words.length > 1
    ? {
        first_name: words.slice(0, -1).join(' '),
        last_name: words[words.length - 1]!,
      }
    : { last_name: words[0]! }
}

export interface PersonData {
  address?: string | undefined
  nationality?: string | undefined
  birth_place?: string | undefined
  sex?: 'F' | 'M' | undefined
  document?: unknown
  birth_number?: string | undefined
  birth_date?: string | undefined
}

/**
 * A natural person's identification data (AML Act § 5) and the checksum of the birth number,
 * which also gives the birth date; a bad one, or a date or sex it contradicts, is a 400.
 */
export function personIdentity(
  input: PersonData,
  today: string,
  say: Say,
): Checked & {
  birthDate: string | undefined
  birthNumber: string | undefined
} {
  const out = checked()
  need(out.missing, 'address', input.address)
  need(out.missing, 'nationality', input.nationality)
  need(out.missing, 'birth_place', input.birth_place)
  need(out.missing, 'sex', input.sex)
  need(out.missing, 'document', input.document)
  if (!input.birth_number && !input.birth_date) out.missing.push('birth_number or birth_date')
  let birthDate = input.birth_date
  let birthNumber: string | undefined
  if (input.birth_number) {
    const rc = checkBirthNumber(input.birth_number)
    if (!rc.valid) throw errors.invalid('birth_number', rc.reason)
    out.verified.push('birth_number checksum')
    if (input.birth_date && input.birth_date !== rc.birthDate) {
      throw errors.invalid('birth_date', `does not match the birth number (${rc.birthDate})`)
    }
    if (input.sex && input.sex !== rc.sex)
      throw errors.invalid('sex', `does not match the birth number (${rc.sex})`)
    birthDate = rc.birthDate
    birthNumber = rc.value
    out.rules.push({
      rule: say({
        cs: 'Rodné číslo: 10 číslic dělitelných 11, kóduje datum narození a pohlaví',
        en: 'Rodné číslo: 10 digits divisible by 11, encoding birth date and sex',
      }),
      ...cite(today, 'cz-133-2000-s13'),
      outcome: say({ cs: 'platné', en: 'valid' }),
    })
  }
  out.rules.push({
    rule: say({
      cs: 'Fyzická osoba: jména, rodné číslo (nebo datum narození), místo narození, pohlaví, adresa, státní občanství, údaje z dokladu',
      en: 'Natural person: names, birth number (or date of birth), place of birth, sex, address, citizenship, document data',
    }),
    ...cite(today, 'cz-253-2008-s5'),
    outcome: missingOutcome(say, out.missing),
  })
  return { ...out, birthDate, birthNumber }
}

/** A person against the sanctions and PEP lists, through the AML engine. */
export async function personLists(
  ctx: AgentContext,
  person: {
    first_name?: string
    last_name: string
    birth_date: string | undefined
    nationality: string | undefined
  },
  declaredPep: boolean | undefined,
  today: string,
): Promise<Checked & { screening: PersonScreening }> {
  const say = ctx.say
  const out = checked()
  const built = await screeningEngine(ctx, out.sources)
  const screening = screenPerson(built, person, say)
  for (const h of screening.hits)
    out.findings.push(
      say({
        cs: `${h.list === 'pep' ? 'seznam PEP' : 'sankční seznam'} ${h.list} ${h.list_id}: „${h.matched_name}“ (skóre ${h.score}; ${h.why})`,
        en: `${h.list === 'pep' ? 'PEP list' : 'sanctions list'} ${h.list} ${h.list_id}: "${h.matched_name}" (score ${h.score}; ${h.why})`,
      }),
    )
  if (screening.sanctions === 'hit') out.sanctioned = true
  if (screening.pep === 'hit') out.concern = true
  // The client's own declaration: a PEP needs enhanced due diligence whatever the lists say; with
  // no PEP list configured the declaration decides, and without it the PEP status is not known.
  const unknownPep = screening.pep === 'not_configured' && declaredPep === undefined
  if (declaredPep === true) {
    out.concern = true
    out.findings.push(
      say({
        cs: 'klient prohlašuje, že je politicky exponovanou osobou: zesílená kontrola (§ 9a)',
        en: 'the client declares being a politically exposed person: enhanced due diligence (§ 9a)',
      }),
    )
  } else if (unknownPep) {
    out.concern = true
    out.findings.push(
      say({
        cs: 'není známo, zda je klient politicky exponovanou osobou (pep): seznam PEP není nastaven a prohlášení klienta nebylo uvedeno; uveďte pep (true, nebo false) podle prohlášení klienta',
        en: 'whether the client is a politically exposed person is not known (pep): no PEP list is configured and the client’s declaration was not given; give pep (true or false) from the client’s declaration',
      }),
    )
  }
  if (screening.sanctions === 'not_checked') {
    out.unverified = true
    out.findings.push(
      say({
        cs: 'neprověřeno proti sankčním seznamům: seznamy nebylo možné načíst',
        en: 'not screened against the sanctions lists: the lists could not be read',
      }),
    )
  }
  out.rules.push({
    rule: say({
      cs: 'žádné obchody s osobou na sankčním seznamu: prověřit klienta proti seznamům EU, OSN, USA, Spojeného království a ČR',
      en: 'no business with a person on a sanctions list: screen the client against the EU, UN, US, UK and Czech lists',
    }),
    ...cite(today, 'cz-69-2006', 'cz-1-2023', 'eu-269-2014', 'cz-253-2008-s9'),
    outcome:
      screening.sanctions === 'not_checked'
        ? say(LISTS_UNAVAILABLE)
        : screening.sanctions === 'hit'
          ? say({ cs: 'shoda', en: 'hit' })
          : say({ cs: 'bez shody', en: 'no hit' }),
  })
  out.rules.push({
    rule: say({
      cs: 'politicky exponovaná osoba vyžaduje zesílenou kontrolu',
      en: 'a politically exposed person needs enhanced due diligence',
    }),
    // § 9a (zesílená identifikace a kontrola klienta) took effect on 1 January 2021.
    ...cite(today, 'cz-253-2008-s4-5', 'cz-253-2008-s9a'),
    outcome:
      declaredPep === true
        ? say({ cs: 'klient prohlašuje, že je PEP', en: 'declared a PEP by the client' })
        : unknownPep
          ? say({
              cs: 'seznam PEP není nastaven (PEP_PATHS) a prohlášení neuvedeno (pep): k posouzení',
              en: 'no PEP list is configured (PEP_PATHS) and no declaration given (pep): to be reviewed',
            })
          : screening.pep === 'not_configured'
            ? say({
                cs: 'seznam PEP není nastaven (PEP_PATHS): klient prohlašuje, že není PEP',
                en: 'no PEP list is configured (PEP_PATHS): the client declares not being a PEP',
              })
            : screening.pep === 'not_checked'
              ? say(LISTS_UNAVAILABLE)
              : screening.pep,
  })
  return { ...out, screening }
}

/**
 * A person in the insolvency register: by birth number, else by surname and date of birth; not
 * asked (insolvency null) without either.
 */
export async function personInsolvency(
  ctx: AgentContext,
  parts: { first_name?: string; last_name: string },
  birthNumber: string | undefined,
  birthDate: string | undefined,
  today: string,
): Promise<Checked & { insolvency: Insolvency | null }> {
  const say = ctx.say
  const out = checked()
  const subject = birthNumber
    ? { birth_number: birthNumber }
    : birthDate
      ? {
          last_name: parts.last_name,
          ...(parts.first_name ? { first_name: parts.first_name } : {}),
          birth_date: birthDate,
        }
      : undefined
  if (!subject) return { ...out, insolvency: null }
  const insolvency = await insolvencyOf(ctx, subject)
  out.sources.push(insolvency.source)
  if (insolvency.source.status === 'failed') {
    out.unverified = true
    out.findings.push(
      say({
        cs: `neověřeno v insolvenčním rejstříku (${insolvency.source.error ?? 'bez odpovědi'})`,
        en: `not checked in the insolvency register (${insolvency.source.error ?? 'no answer'})`,
      }),
    )
  } else if (insolvency.active) {
    out.concern = true
    out.findings.push(
      say({
        cs: `probíhá insolvenční řízení: ${insolvency.references.join(', ')}`,
        en: `insolvency proceeding running: ${insolvency.references.join(', ')}`,
      }),
    )
  } else if (insolvency.unrecognised.length > 0) {
    // Not ended, in a state that is neither running nor finished: a person reads it before onboarding.
    out.concern = true
    for (const what of insolvency.unrecognised)
      out.findings.push(
        say({
          cs: `insolvenční řízení nerozpoznáno: ${what}`,
          en: `insolvency proceeding not recognised: ${what}`,
        }),
      )
  }
  out.rules.push({
    rule: say({
      cs: 'osoba v probíhajícím insolvenčním řízení (oddlužení, konkurs) se před přijetím posoudí',
      en: 'a person in a running insolvency proceeding (debt relief, bankruptcy) is reviewed before onboarding',
    }),
    ...cite(today, 'cz-182-2006-insolvency'),
    outcome:
      insolvency.source.status === 'failed'
        ? say({ cs: 'ISIR neodpověděl', en: 'ISIR did not answer' })
        : insolvency.active
          ? say({ cs: 'řízení probíhá', en: 'proceeding running' })
          : insolvency.unrecognised.length > 0
            ? say({ cs: 'stav řízení nerozpoznán', en: 'state of a proceeding not recognised' })
            : say({
                cs: `ukončených řízení: ${insolvency.proceedings}`,
                en: `${insolvency.proceedings} past proceeding(s)`,
              }),
  })
  return { ...out, insolvency }
}

/** The identity document still valid on the day (AML Act § 8). */
export function documentValidity(document: { expiry_date: string }, today: string, say: Say): Checked {
  const out = checked()
  if (document.expiry_date < today) {
    out.findings.push(
      say({
        cs: `platnost dokladu totožnosti skončila ${document.expiry_date}`,
        en: `identity document expired on ${document.expiry_date}`,
      }),
    )
    out.missing.push('valid document')
  } else out.verified.push(say({ cs: 'doklad platný', en: 'document valid' }))
  out.rules.push({
    rule: say({
      cs: 'Totožnost ověřena podle platného dokladu totožnosti',
      en: 'Identity verified on a valid identity document',
    }),
    ...cite(today, 'cz-253-2008-s8'),
    outcome:
      document.expiry_date < today
        ? say({ cs: 'neplatný', en: 'expired' })
        : say({ cs: 'platný', en: 'valid' }),
  })
  return out
}
