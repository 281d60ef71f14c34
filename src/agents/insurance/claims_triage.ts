import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import { claimChecks, notGiven, periodCheck, routeCheck, type Triage, timingChecks } from './claims-checks.ts'

export const claimsTriage = defineAgent({
  service: 'insurance',
  name: 'claims_triage',
  description:
    'Triage of an insurance claim: checks that the loss falls within the policy period, scores documented fraud indicators (early loss, late report, theft without police report, claim near the sum insured …) and routes it to fast track, standard handling or investigation. Prior claims and the completeness of the documents are never assumed (0, complete): either not given refers the claim to a handler, naming it.',
  input: Type.Object(
    {
      claim_type: Type.Union([
        Type.Literal('property'),
        Type.Literal('theft'),
        Type.Literal('motor'),
        Type.Literal('liability'),
        Type.Literal('travel'),
      ]),
      amount: Type.Number({ exclusiveMinimum: 0, description: 'claimed, CZK' }),
      sum_insured: Type.Number({ exclusiveMinimum: 0 }),
      policy_start: DateString(),
      policy_end: Type.Optional(DateString()),
      loss_date: DateString(),
      report_date: DateString(),
      prior_claims_12m: Type.Optional(
        Type.Integer({ minimum: 0, description: 'not given: referred, never counted as 0' }),
      ),
      police_report: Type.Optional(Type.Boolean()),
      documents_complete: Type.Optional(
        Type.Boolean({ description: 'not given: referred, never taken as complete' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    route: Type.Union([
      Type.Literal('not_covered'),
      Type.Literal('fast_track'),
      Type.Literal('standard'),
      Type.Literal('investigate'),
      Type.Literal('refer', {
        description:
          'a fact an indicator turns on is not given (prior_claims_12m, documents_complete): a handler obtains it before the claim is routed',
      }),
    ]),
    fraud_score: Type.Integer(),
    indicators: Type.Array(Type.Object({ indicator: Type.String(), points: Type.Integer() })),
    not_given: Type.Array(Type.String(), {
      description: 'each fact an indicator turns on that the claim does not give, naming the field',
    }),
  }),
  verdict: {
    field: 'route',
    map: {
      fast_track: 'clear',
      standard: 'clear',
      investigate: 'review',
      refer: 'review',
      not_covered: 'adverse',
    },
  },
  law: ['cz-89-2012-s2758', 'cz-89-2012-s2796', 'policy-claims-triage'],
  examples: [
    {
      title: 'Small water-damage claim, reported in 3 days: fast track',
      input: {
        claim_type: 'property',
        amount: 18_500,
        sum_insured: 3_000_000,
        policy_start: '2022-03-01',
        loss_date: '2025-05-10',
        report_date: '2025-05-13',
        prior_claims_12m: 0,
        documents_complete: true,
      },
    },
    {
      title: 'Theft 12 days after the policy start, no police report, round sum: investigate',
      input: {
        claim_type: 'theft',
        amount: 150_000,
        sum_insured: 500_000,
        policy_start: '2025-04-20',
        loss_date: '2025-05-02',
        report_date: '2025-05-30',
        police_report: false,
        prior_claims_12m: 0,
        documents_complete: true,
      },
    },
    {
      title: 'Loss before the policy started: not covered',
      input: {
        claim_type: 'motor',
        amount: 60_000,
        sum_insured: 400_000,
        policy_start: '2025-05-01',
        loss_date: '2025-04-28',
        report_date: '2025-05-02',
      },
    },
  ],
  async run(input, ctx) {
    if (input.report_date < input.loss_date)
      throw errors.invalid('report_date', 'must not be before loss_date')
    const at = asOfDate(undefined, ctx.now)
    const t = covered(() => referenceAt<Triage>('claims-triage', at))
    const say = ctx.say
    const { inPeriod, rule: periodRule } = periodCheck(input, at, say)
    const timing = timingChecks(input, inPeriod, t, at, say)
    const claim = claimChecks(input, t, at, say)
    const hits = [...timing.hits, ...claim.hits]
    const unknown = notGiven(input, say)
    const { route, score, rule: routeRule } = routeCheck(inPeriod, hits, input.amount, unknown, t, at, say)
    return {
      route,
      fraud_score: score,
      indicators: hits,
      not_given: unknown,
      rules_applied: [periodRule, ...timing.rules, ...claim.rules, routeRule],
    }
  },
})
