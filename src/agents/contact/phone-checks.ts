/**
 * The checks of phone_classifier, each a named function over the parsed number that returns the
 * rules it applied (with their sources) and the notes it adds. The agent runs them in order: the
 * number's type, the Czech plan in force on the day, the Czech range, then what a call costs.
 */
import { CZ_PLAN, czechDetail, type PhoneParse } from '../../engines/contacts/phone.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { lawRule } from './shared.ts'

type Parsed = Extract<PhoneParse, { ok: true }>
type PhoneType = Parsed['type']

/** What a check found: its rules and notes. */
interface Checked {
  rules: AppliedRule[]
  notes: string[]
}

/** The type from the country's numbering ranges; a code of no country has no plan to read it from. */
export function typeRules(p: Parsed, day: string, say: Say): AppliedRule[] {
  const rules = [
    lawRule(
      say({
        cs: 'typ čísla podle číslovacích rozsahů země',
        en: "number type from the country's numbering ranges",
      }),
      cite(day, 'method-libphonenumber'),
      p.type,
    ),
  ]
  if (p.country === undefined)
    rules.push(
      lawRule(
        say({
          cs: `kód +${p.country_calling_code} nepatří žádné zemi (sdílený kód mezinárodní sítě nebo služby): typ čísla podle národního plánu nelze určit`,
          en: `code +${p.country_calling_code} belongs to no country (a shared code of an international network or service): no national plan gives the number's type`,
        }),
        cite(day, 'itu-e164'),
        say({ cs: 'k posouzení', en: 'review' }),
      ),
    )
  return rules
}

/**
 * A Czech number judged before the closed 9-digit plan (CZ_PLAN.plan_since) belongs to the earlier
 * plan (trunk prefix 0, area codes of varying length), whose ranges are not held.
 */
export function earlierPlan(p: Parsed, day: string, say: Say): Checked & { earlier: boolean } {
  const earlier = p.country_calling_code === CZ_PLAN.country_code && day < CZ_PLAN.plan_since
  if (!earlier) return { earlier, rules: [], notes: [] }
  return {
    earlier,
    rules: [
      lawRule(
        say({
          cs: `uzavřený devítimístný číslovací plán platí od ${CZ_PLAN.plan_since}; rozsahy dřívějšího plánu nejsou k dispozici`,
          en: `the closed 9-digit numbering plan applies from ${CZ_PLAN.plan_since}; the ranges of the earlier plan are not held`,
        }),
        cite(day, 'cz-ctu-numbering-plan'),
        say({ cs: `${day}: před plánem, k posouzení`, en: `${day}: before the plan, review` }),
      ),
    ],
    notes: [
      say({
        cs: `Ke dni ${day} platil dřívější číslovací plán: typ čísla podle dnešních rozsahů nelze určit.`,
        en: `On ${day} the earlier numbering plan applied: the number's type cannot be read from today's ranges.`,
      }),
    ],
  }
}

/**
 * The Czech range of a number under today's plan: its type, the historical landline area and the
 * operator a mobile block was first allocated to (which may no longer serve it once numbers are
 * portable).
 */
export function czechRange(
  p: Parsed,
  day: string,
  say: Say,
):
  | (Checked & {
      type: PhoneType | undefined
      czech: {
        area: string | null
        region: string | null
        original_operator: string | null
        matched_prefix: string
      }
    })
  | null {
  const detail = czechDetail(p.national_number)
  if (!detail) return null
  const rules = [
    lawRule(
      say({
        cs: `český rozsah ${detail.matched_prefix}…`,
        en: `Czech range ${detail.matched_prefix}…`,
      }),
      cite(day, 'cz-ctu-numbering-plan'),
      detail.type,
    ),
  ]
  const notes: string[] = []
  if (detail.original_operator) {
    // Mobile numbers became portable on the day § 34's change gives (CZ_PLAN.portability_since).
    const portable = day >= CZ_PLAN.portability_since
    notes.push(
      say(
        portable
          ? {
              cs: `Blok ${detail.matched_prefix} byl původně přidělen operátorovi ${detail.original_operator}; od ${CZ_PLAN.portability_since} mohlo být číslo přeneseno k jinému operátorovi.`,
              en: `Block ${detail.matched_prefix} was first allocated to ${detail.original_operator}; the number may have been ported to another operator since ${CZ_PLAN.portability_since}.`,
            }
          : {
              cs: `Blok ${detail.matched_prefix} je přidělen operátorovi ${detail.original_operator}; mobilní čísla lze přenášet až od ${CZ_PLAN.portability_since}, číslo tedy obsluhuje on.`,
              en: `Block ${detail.matched_prefix} is allocated to ${detail.original_operator}; mobile numbers become portable only on ${CZ_PLAN.portability_since}, so it serves the number.`,
            },
      ),
    )
    rules.push(
      lawRule(
        say({ cs: 'přenositelnost mobilních čísel', en: 'mobile number portability' }),
        cite(day, 'cz-127-2005-s34'),
        say(
          portable
            ? {
                cs: 'operátor je jen původní držitel bloku',
                en: 'operator is the original block holder only',
              }
            : { cs: 'operátor je držitel bloku', en: 'operator is the block holder' },
        ),
      ),
    )
  }
  if (detail.area)
    notes.push(
      say({
        cs: `Geografické číslo historické oblasti ${detail.area} (${detail.region}).`,
        en: `Geographic number of the historical ${detail.area} area (${detail.region}).`,
      }),
    )
  return {
    type: detail.type,
    czech: {
      area: detail.area ?? null,
      region: detail.region ?? null,
      original_operator: detail.original_operator ?? null,
      matched_prefix: detail.matched_prefix,
    },
    rules,
    notes,
  }
}

/** What the caller should know: an invalid number, and what a call to its type costs. */
export function callNotes(valid: boolean, type: PhoneType, say: Say): string[] {
  const notes: string[] = []
  if (!valid)
    notes.push(
      say({
        cs: 'Číslo není pro svou zemi platné (chybná délka nebo nepřidělený rozsah).',
        en: 'The number is not valid for its country (wrong length or unallocated range).',
      }),
    )
  if (type === 'premium_rate')
    notes.push(
      say({
        cs: 'Hovory jsou zpoplatněny zvláštní sazbou, kterou určuje poskytovatel služby.',
        en: 'Calls are charged at a premium rate set by the service provider.',
      }),
    )
  if (type === 'toll_free')
    notes.push(say({ cs: 'Hovory jsou pro volajícího zdarma.', en: 'Calls are free for the caller.' }))
  return notes
}
