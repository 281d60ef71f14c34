/**
 * The checks of kyc for a company (AML Act § 5, § 8, § 9, § 9a; zákon 69/2006 Sb.): its lists,
 * identifiers, public register and identity, in the shape of kyc-checks.ts.
 */
import { checkDic } from '../../engines/czech/identifiers.ts'
import { requireIco } from '../../engines/reference/inputs.ts'
import { errors } from '../../kit/errors.ts'
import type { PersonScreening } from '../aml/people.ts'
import { hitView, readHits, screeningEngine } from '../aml/screening.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AgentContext } from '../types.ts'
import {
  type Checked,
  checked,
  LISTS_UNAVAILABLE,
  missingOutcome,
  need,
  type PublicRegister,
  personKey,
} from './kyc-checks.ts'
import { comparableName, lookupCompany } from './registry.ts'
/**
 * A company against the sanctions lists by IČO and name, through the AML engine, read as
 * aml/company_screening reads it: a corroborated hit on an EU, UN or Czech list freezes (do not
 * proceed), any other hit is reviewed, lists that cannot be read leave the company unscreened.
 * PEP status belongs to the natural persons behind the company, which this check does not screen.
 */
export async function companyLists(
  ctx: AgentContext,
  company: { name: string; ico: string | undefined },
  today: string,
): Promise<Checked & { screening: PersonScreening }> {
  const say = ctx.say
  const out = checked()
  const built = await screeningEngine(ctx, out.sources)
  const found = built
    ? built.engine.screenCompany(
        { ...(company.ico ? { ico: company.ico } : {}), name: company.name },
        { limit: 5 },
      )
    : []
  const reading = readHits(found)
  const hits = found.map((h) => hitView(h, say))
  for (const h of hits)
    out.findings.push(
      say({
        cs: `sankční seznam ${h.list} ${h.list_id}: „${h.matched_name}“ (skóre ${h.score}; ${h.why})`,
        en: `sanctions list ${h.list} ${h.list_id}: "${h.matched_name}" (score ${h.score}; ${h.why})`,
      }),
    )
  if (!built) {
    out.unverified = true
    out.findings.push(
      say({
        cs: 'neprověřeno proti sankčním seznamům: seznamy nebylo možné načíst',
        en: 'not screened against the sanctions lists: the lists could not be read',
      }),
    )
  } else if (reading.status === 'match') out.sanctioned = true
  else if (reading.status === 'possible_match') out.concern = true
  else out.verified.push(say({ cs: 'není na sankčních seznamech', en: 'not on the sanctions lists' }))
  out.rules.push({
    rule: say({
      cs: 'žádné obchody s osobou na sankčním seznamu: prověřit klienta (IČO a název) proti seznamům EU, OSN, USA, Spojeného království a ČR',
      en: 'no business with a person on a sanctions list: screen the client (IČO and name) against the EU, UN, US, UK and Czech lists',
    }),
    ...cite(today, 'cz-69-2006', 'cz-1-2023', 'eu-269-2014', 'cz-253-2008-s9'),
    outcome: !built
      ? say(LISTS_UNAVAILABLE)
      : reading.status === 'match'
        ? say({ cs: 'shoda', en: 'match' })
        : reading.status === 'possible_match'
          ? say({ cs: 'možná shoda: k posouzení', en: 'possible match: to be reviewed' })
          : say({ cs: 'bez shody', en: 'no hit' }),
  })
  return {
    ...out,
    screening: {
      sanctions: !built ? 'not_checked' : hits.length ? 'hit' : 'clear',
      pep: 'not_checked',
      hits,
    },
  }
}

/**
 * A company's address and IČO present, and the checksums of IČO and DIČ (a bad one is a 400); a
 * DIČ other than CZ + IČO is a finding.
 */
export function companyIdentifiers(
  input: {
    address?: string | undefined
    ico?: string | undefined
    dic?: string | undefined
  },
  today: string,
  say: Say,
): Checked & { ico: string | undefined } {
  const out = checked()
  need(out.missing, 'address', input.address)
  need(out.missing, 'ico', input.ico)
  if (!input.ico) return { ...out, ico: undefined }
  const ico = requireIco(input.ico)
  out.verified.push(say({ cs: 'kontrolní součet IČO', en: 'ico checksum' }))
  out.rules.push({
    rule: say({
      cs: 'IČO: 8 číslic, kontrolní číslice mod 11',
      en: 'IČO: 8 digits, mod-11 check digit',
    }),
    ...cite(today, 'cz-111-2009-s24'),
    outcome: ico,
  })
  if (input.dic) {
    const dic = checkDic(input.dic)
    if (!dic.valid) throw errors.invalid('dic', dic.reason)
    out.verified.push(say({ cs: 'kontrolní součet DIČ', en: 'dic checksum' }))
    if (dic.value !== `CZ${ico}`) {
      out.findings.push(
        say({
          cs: `DIČ ${dic.value} není CZ + IČO (registrace skupiny pro DPH, nebo jiný subjekt)`,
          en: `DIČ ${dic.value} is not CZ + IČO (VAT group registration, or another subject)`,
        }),
      )
    }
  }
  return { ...out, ico }
}

/**
 * A company in ARES and its public register: the name, whether it still exists, insolvency, and
 * the statutory body given against the one on record.
 */
export async function companyRegister(
  ctx: AgentContext,
  ico: string,
  input: { name: string; statutory_body?: string[] | undefined },
  today: string,
): Promise<Checked & { register: PublicRegister | null }> {
  const say = ctx.say
  const out = checked()
  const found = await lookupCompany(ctx, ico, { publicRegister: true })
  out.sources.push(found.source)
  if (found.source.status === 'failed') {
    // Fail closed: data that could not be checked against the register is not complete.
    out.unverified = true
    out.findings.push(
      say({
        cs: `neověřeno v ARES (${found.source.error ?? 'bez odpovědi'}): ověřte, než se na údaje spolehnete`,
        en: `not verified against ARES (${found.source.error ?? 'no answer'}): verify before relying on the data`,
      }),
    )
  }
  if (found.found === false) {
    out.mismatch = true
    out.findings.push(
      say({
        cs: `ARES nemá subjekt s IČO ${ico}`,
        en: `ARES has no subject with IČO ${ico}`,
      }),
    )
  } else if (found.facts) {
    const f = found.facts
    if (f.name) {
      if (comparableName(f.name) === comparableName(input.name))
        out.verified.push(say({ cs: 'název odpovídá ARES', en: 'name matches ARES' }))
      else {
        out.mismatch = true
        out.findings.push(
          say({
            cs: `název se liší od ARES („${f.name}“)`,
            en: `name differs from ARES ("${f.name}")`,
          }),
        )
      }
    }
    if (f.active === false) {
      out.mismatch = true
      out.findings.push(
        say({
          cs: `ARES uvádí společnost jako zaniklou${f.dissolved ? ` dne ${f.dissolved}` : ''}`,
          en: `ARES shows the company dissolved${f.dissolved ? ` on ${f.dissolved}` : ''}`,
        }),
      )
    }
    if (f.insolvency)
      out.findings.push(
        say({
          cs: 'společnost je v insolvenčním rejstříku',
          en: 'the company is in the insolvency register',
        }),
      )
  }
  const register = found.register ?? null
  if (register) {
    const members = new Map(register.statutory_bodies.map((m) => [personKey(m.name), m]))
    const given = input.statutory_body ?? []
    for (const name of given) {
      if (members.has(personKey(name)))
        out.verified.push(
          say({
            cs: `${name} je ve statutárním orgánu podle veřejného rejstříku`,
            en: `${name} is on the statutory body in the public register`,
          }),
        )
      else {
        out.unverified = true
        out.findings.push(
          say({
            cs: `${name} není současným členem statutárního orgánu podle veřejného rejstříku: ověřte oprávnění jednat (plná moc)`,
            en: `${name} is not a current member of the statutory body in the public register: verify the authority to act (a power of attorney)`,
          }),
        )
      }
    }
    if (given.length === 0 && register.statutory_bodies.length > 0)
      out.verified.push(
        say({
          cs: 'statutární orgán převzat z veřejného rejstříku',
          en: 'statutory body taken from the public register',
        }),
      )
  } else if (found.register === null) {
    out.findings.push(
      say({
        cs: 'společnost není ve veřejném rejstříku: statutární orgán zjistěte z jejích dokumentů',
        en: 'the company is not in the public register: identify its statutory body from its documents',
      }),
    )
  }
  out.rules.push({
    rule: say({
      cs: 'Údaje o společnosti ověřené ve veřejném rejstříku, včetně statutárního orgánu',
      en: 'Company data verified against the public register, the statutory body among them',
    }),
    ...cite(today, 'cz-253-2008-s8', 'cz-253-2008-s5', 'cz-304-2013'),
    outcome:
      found.source.status === 'failed'
        ? say({
            cs: `neověřeno: ${found.source.error}`,
            en: `not verified: ${found.source.error}`,
          })
        : register
          ? say({
              cs: `ověřeno; zapsaných členů ${register.statutory_bodies.length}, společníků ${register.shareholders.length}`,
              en: `checked; ${register.statutory_bodies.length} member(s) and ${register.shareholders.length} shareholder(s) on record`,
            })
          : say({ cs: 'ověřeno', en: 'checked' }),
  })
  return { ...out, register }
}

/**
 * A legal person's identification data (AML Act § 5): the statutory body is identified when
 * given, or when the public register lists it. `missing` is what the earlier checks missed.
 */
export function companyIdentity(
  missing: string[],
  statutoryBody: string[] | undefined,
  register: PublicRegister | null,
  today: string,
  say: Say,
): Checked {
  const out = checked()
  if (!statutoryBody?.length && !register?.statutory_bodies.length) out.missing.push('statutory_body')
  out.rules.push({
    rule: say({
      cs: 'Právnická osoba: název, sídlo, IČO, identifikace členů statutárního orgánu',
      en: 'Legal person: name, registered office, IČO, identification of the statutory body members',
    }),
    ...cite(today, 'cz-253-2008-s5'),
    outcome: missingOutcome(say, [...missing, ...out.missing]),
  })
  return out
}
