import { Type } from 'typebox'
import { CZ_PLAN, czechDetail, isCountry, parsePhone } from '../../engines/contacts/phone.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

const Types = [
  'mobile',
  'landline',
  'toll_free',
  'shared_cost',
  'premium_rate',
  'voip',
  'personal',
  'pager',
  'uan',
  'voicemail',
  'mobile_or_landline',
  'unknown',
]

export const phoneClassifier = defineAgent({
  service: 'contact',
  name: 'phone_classifier',
  description:
    'Classifies a telephone number: mobile, landline, free call (800), shared cost (81x/83x/84x), premium rate (90x) or VoIP (910). For Czech numbers it also gives the historical landline area and the operator a mobile block was first allocated to, noting that numbers may have been ported since 2006.',
  input: Type.Object(
    {
      phone: Type.String({ minLength: 3, maxLength: 40 }),
      default_country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', default: 'CZ' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    e164: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    valid: Type.Boolean(),
    type: Type.Enum(Types),
    can_receive_sms: Type.Union([Type.Boolean(), Type.Null()]),
    costs_caller_extra: Type.Boolean(),
    czech: Type.Union([
      Type.Object({
        area: Type.Union([Type.String(), Type.Null()]),
        region: Type.Union([Type.String(), Type.Null()]),
        original_operator: Type.Union([Type.String(), Type.Null()]),
        matched_prefix: Type.String(),
      }),
      Type.Null(),
    ]),
    notes: Type.Array(Type.String()),
  }),
  verdict: {
    explain:
      'a valid number of a known type → `clear`; not valid for its country → `adverse`; a code that belongs to no country, a valid range whose type the plan does not give, or a Czech number judged before the closed 9-digit plan → `review`',
    of: (r) =>
      r.country === null ? 'review' : !r.valid ? 'adverse' : r.type === 'unknown' ? 'review' : 'clear',
  },
  law: ['method-libphonenumber', 'cz-ctu-numbering-plan', 'cz-127-2005-s34', 'itu-e164'],
  examples: [
    { title: 'A mobile from an O2 (Eurotel) block', input: { phone: '+420 602 123 456' } },
    { title: 'A Brno landline', input: { phone: '541 123 456' } },
    { title: 'A premium-rate number', input: { phone: '900 123 456' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (!isCountry(input.default_country ?? 'CZ'))
      throw errors.invalid('default_country', 'not a country with a telephone numbering plan')
    const p = parsePhone(input.phone, input.default_country ?? 'CZ')
    if (!p.ok) throw errors.invalid('phone', p.reason)
    const rules: AppliedRule[] = [
      lawRule(
        say({
          cs: 'typ čísla podle číslovacích rozsahů země',
          en: "number type from the country's numbering ranges",
        }),
        cite(today(ctx), 'method-libphonenumber'),
        p.type,
      ),
    ]
    const notes: string[] = []
    if (p.country === undefined)
      rules.push(
        lawRule(
          say({
            cs: `kód +${p.country_calling_code} nepatří žádné zemi (sdílený kód mezinárodní sítě nebo služby): typ čísla podle národního plánu nelze určit`,
            en: `code +${p.country_calling_code} belongs to no country (a shared code of an international network or service): no national plan gives the number's type`,
          }),
          cite(today(ctx), 'itu-e164'),
          say({ cs: 'k posouzení', en: 'review' }),
        ),
      )
    let type = p.type
    let czech: {
      area: string | null
      region: string | null
      original_operator: string | null
      matched_prefix: string
    } | null = null
    const day = today(ctx)
    // The closed 9-digit plan took effect on CZ_PLAN.plan_since: a number judged before it belongs
    // to the earlier plan (trunk prefix 0, area codes of varying length), whose ranges are not held.
    const earlierPlan = p.country_calling_code === CZ_PLAN.country_code && day < CZ_PLAN.plan_since
    if (earlierPlan) {
      type = 'unknown'
      rules.push(
        lawRule(
          say({
            cs: `uzavřený devítimístný číslovací plán platí od ${CZ_PLAN.plan_since}; rozsahy dřívějšího plánu nejsou k dispozici`,
            en: `the closed 9-digit numbering plan applies from ${CZ_PLAN.plan_since}; the ranges of the earlier plan are not held`,
          }),
          cite(day, 'cz-ctu-numbering-plan'),
          say({ cs: `${day}: před plánem, k posouzení`, en: `${day}: before the plan, review` }),
        ),
      )
      notes.push(
        say({
          cs: `Ke dni ${day} platil dřívější číslovací plán: typ čísla podle dnešních rozsahů nelze určit.`,
          en: `On ${day} the earlier numbering plan applied: the number's type cannot be read from today's ranges.`,
        }),
      )
    }
    if (p.country_calling_code === CZ_PLAN.country_code && !earlierPlan) {
      const detail = czechDetail(p.national_number)
      if (detail) {
        if (type === 'unknown') type = detail.type
        czech = {
          area: detail.area ?? null,
          region: detail.region ?? null,
          original_operator: detail.original_operator ?? null,
          matched_prefix: detail.matched_prefix,
        }
        rules.push(
          lawRule(
            say({
              cs: `český rozsah ${detail.matched_prefix}…`,
              en: `Czech range ${detail.matched_prefix}…`,
            }),
            cite(today(ctx), 'cz-ctu-numbering-plan'),
            detail.type,
          ),
        )
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
      }
    }
    if (!p.valid)
      notes.push(
        say({
          cs: 'Číslo není pro svou zemi platné (chybná délka nebo nepřidělený rozsah).',
          en: 'The number is not valid for its country (wrong length or unallocated range).',
        }),
      )
    const costly = type === 'premium_rate' || type === 'shared_cost'
    if (type === 'premium_rate')
      notes.push(
        say({
          cs: 'Hovory jsou zpoplatněny zvláštní sazbou, kterou určuje poskytovatel služby.',
          en: 'Calls are charged at a premium rate set by the service provider.',
        }),
      )
    if (type === 'toll_free')
      notes.push(say({ cs: 'Hovory jsou pro volajícího zdarma.', en: 'Calls are free for the caller.' }))
    return {
      e164: p.e164,
      country: p.country ?? null,
      valid: p.valid,
      type: type as (typeof Types)[number],
      can_receive_sms:
        type === 'mobile' ? true : type === 'mobile_or_landline' || type === 'unknown' ? null : false,
      costs_caller_extra: costly,
      czech,
      notes,
      rules_applied: rules,
    }
  },
})
