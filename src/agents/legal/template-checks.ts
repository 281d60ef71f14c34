/**
 * The checks of contract_generator, each a named function that checks what its part of the
 * contract needs (the parties' identifiers, the terms of the loan, lease or NDA) and returns the
 * values it fills in, the rules it applied (with their register sources) and its warnings. The
 * agent joins the values and fills the template's clauses with them.
 */
import { checkBirthNumber } from '../../engines/czech/identifiers.ts'
import { requireIco } from '../../engines/reference/inputs.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

interface Clause {
  id: string
  title: string
  law: string
  text: string
  when?: string
}
export interface Templates extends ReferenceVersion {
  templates: Record<string, { title: string; clauses: Clause[] }>
}

export const ROLES: Record<string, [string, string]> = {
  loan: ['Zapůjčitel', 'Vydlužitel'],
  lease: ['Pronajímatel', 'Nájemce'],
  nda: ['Strana poskytující informace', 'Strana přijímající informace'],
}

const czk = (x: number) =>
  new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(x).replace(/\u00a0/g, ' ')
export const czDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return `${d}. ${m}. ${y}`
}

interface Terms {
  template: 'loan' | 'lease' | 'nda'
  amount?: number
  interest_rate_pct?: number
  repayment_date?: string
  property_address?: string
  rent?: number
  deposit?: number
  lease_end?: string
  purpose?: string
  duration_years?: number
  penalty?: number
}

/** What a check fills into the template and the rules it applied. */
interface Filled {
  values: Record<string, string>
  rules: AppliedRule[]
}

const need = (input: Terms, field: keyof Terms) => {
  if (input[field] === undefined) throw errors.invalid(field, `required for the ${input.template} template`)
}

/** A party as the contract names it: name, IČO or date of birth (both checksums checked), address. */
export function partyLine(
  p: { name: string; address: string; ico?: string; birth_number?: string },
  i: number,
  say: Say,
): { line: string; warnings: string[] } {
  const ids: string[] = []
  const warnings: string[] = []
  if (p.ico) ids.push(`IČO ${requireIco(p.ico, `parties/${i}/ico`)}`)
  if (p.birth_number) {
    const rc = checkBirthNumber(p.birth_number)
    if (!rc.valid) throw errors.invalid(`parties/${i}/birth_number`, rc.reason)
    ids.push(`nar. ${czDate(rc.birthDate!)}`)
  }
  if (!p.ico && !p.birth_number)
    warnings.push(
      say({
        cs: `strana ${i + 1} nemá IČO ani rodné číslo: identifikujte ji jednoznačně`,
        en: `party ${i + 1} has no IČO or birth number: identify it unambiguously`,
      }),
    )
  return { line: `${p.name}, ${ids.length ? `${ids.join(', ')}, ` : ''}${p.address}`, warnings }
}

/** A loan (zápůjčka): the principal, repaid after the signing date, with any interest. */
export function loanTerms(input: Terms, signing: string, say: Say): Filled {
  need(input, 'amount')
  need(input, 'repayment_date')
  if (input.repayment_date! <= signing)
    throw errors.invalid('repayment_date', 'must be after the signing date')
  const values: Record<string, string> = {
    amount: czk(input.amount!),
    repayment_date: czDate(input.repayment_date!),
  }
  if (input.interest_rate_pct !== undefined) values.interest_rate_pct = czk(input.interest_rate_pct)
  return {
    values,
    rules: [
      {
        rule: say({
          cs: 'Zápůjčka: půjčené peníze se vrací do sjednaného dne',
          en: 'Zápůjčka: money lent, to be returned by the agreed date',
        }),
        ...cite(signing, 'cz-89-2012-s2390'),
      },
    ],
  }
}

/** A flat lease: the flat and rent, a deposit of at most three months' rent, a fixed or open term. */
export function leaseTerms(input: Terms, signing: string, say: Say): Filled {
  need(input, 'property_address')
  need(input, 'rent')
  const values: Record<string, string> = {
    property_address: input.property_address!,
    rent: czk(input.rent!),
  }
  if (input.deposit !== undefined) {
    if (input.deposit > 3 * input.rent!) {
      throw errors.invalid(
        'deposit',
        `must not exceed 3 × the monthly rent (${czk(3 * input.rent!)} Kč), NOZ § 2254`,
      )
    }
    values.deposit = czk(input.deposit)
  }
  const rules: AppliedRule[] = [
    {
      rule: say({
        cs: 'Jistota nejvýše ve výši trojnásobku měsíčního nájemného',
        en: "Deposit (jistota) at most three months' rent",
      }),
      ...cite(signing, 'cz-89-2012-s2254'),
      outcome:
        input.deposit !== undefined
          ? `${czk(input.deposit)} Kč ≤ ${czk(3 * input.rent!)} Kč`
          : say({ cs: 'bez jistoty', en: 'no deposit' }),
    },
  ]
  if (input.lease_end) {
    if (input.lease_end <= signing) throw errors.invalid('lease_end', 'must be after the signing date')
    values.term_text = `na dobu určitou do ${czDate(input.lease_end)}`
  } else values.term_text = 'na dobu neurčitou'
  rules.push({
    rule: say({ cs: 'Výpovědní doba tři měsíce', en: 'Notice period three months' }),
    ...cite(signing, 'cz-89-2012-s2286'),
  })
  return { values, rules }
}

/** A non-disclosure agreement: its purpose, duration (5 years unless given) and any penalty. */
export function ndaTerms(input: Terms, signing: string, say: Say): Filled {
  need(input, 'purpose')
  const values: Record<string, string> = {
    purpose: input.purpose!,
    duration_years: String(input.duration_years ?? 5),
  }
  if (input.penalty !== undefined) values.penalty = czk(input.penalty)
  return {
    values,
    rules: [
      {
        rule: say({
          cs: 'Smluvní pokuta se platí bez ohledu na škodu; náhradu škody nad její výši lze požadovat, je-li to ujednáno',
          en: 'Contractual penalty payable regardless of damage; damages beyond it stay claimable when agreed',
        }),
        ...cite(signing, 'cz-89-2012-s2048'),
        outcome:
          input.penalty !== undefined
            ? `${czk(input.penalty)} Kč`
            : say({ cs: 'nesjednána', en: 'none agreed' }),
      },
    ],
  }
}

/** The template's clauses whose condition is met, each filled with the values; then the signatures. */
export function fillTemplate(
  tpl: Templates['templates'][string],
  template: string,
  values: Record<string, string>,
  signing: string,
  parties: { name: string }[],
): { text: string; used: Clause[] } {
  const used = tpl.clauses.filter((c) => !c.when || values[c.when] !== undefined)
  const text = [
    `# ${tpl.title}`,
    ...used.map((c, i) => {
      const body = c.text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
        const v = values[key]
        if (v === undefined) throw new Error(`template ${template} needs ${key}`)
        return v
      })
      return `## ${i + 1}. ${c.title}\n\n${body}`
    }),
    `V ………………… dne ${czDate(signing)}\n\n__________________\n${parties[0]!.name}\n\n__________________\n${parties[1]!.name}`,
  ].join('\n\n')
  return { text, used }
}
