import { Type } from 'typebox'
import { CZ_PLAN, isCountry, parsePhone } from '../../engines/contacts/phone.ts'
import { errors } from '../../kit/errors.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { callNotes, czechRange, earlierPlan, typeRules } from './phone-checks.ts'
import { today } from './shared.ts'

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
    const day = today(ctx)
    const plan = earlierPlan(p, day, say)
    const range =
      p.country_calling_code === CZ_PLAN.country_code && !plan.earlier ? czechRange(p, day, say) : null
    let type = plan.earlier ? 'unknown' : p.type
    if (type === 'unknown' && range?.type) type = range.type
    const rules: AppliedRule[] = [...typeRules(p, day, say), ...plan.rules, ...(range?.rules ?? [])]
    return {
      e164: p.e164,
      country: p.country ?? null,
      valid: p.valid,
      type: type as (typeof Types)[number],
      can_receive_sms:
        type === 'mobile' ? true : type === 'mobile_or_landline' || type === 'unknown' ? null : false,
      costs_caller_extra: type === 'premium_rate' || type === 'shared_cost',
      czech: range?.czech ?? null,
      notes: [...plan.notes, ...(range?.notes ?? []), ...callNotes(p.valid, type, say)],
      rules_applied: rules,
    }
  },
})
