import { Type } from 'typebox'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import { DateString, NullableBoolean, NullableObject } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { UBO_LAW, uboLawOn } from '../aml/ubo-law.ts'
import { defineAgent } from '../types.ts'
import {
  companyCheck,
  DeclaredOwnerSchema,
  definitionRules,
  extractCheck,
  ownersCheck,
  verificationRule,
} from './ubo-checks.ts'

export const uboVerification = defineAgent({
  service: 'legal-aml',
  name: 'ubo_verification',
  description:
    "Verifies the beneficial owners a company declares: who qualifies (more than 25 % of capital or votes, decisive influence in corporations holding more than 25 %, or control; the Czech beneficial-owners act as amended from 2022-10-01; on an earlier day, or for an owner declared without any share, vote or control, left to a person), whether the shares are consistent, whether the declaration matches the Register of Beneficial Owners extract (a discrepancy must be reported), the company's state in ARES, and a sanctions check of each owner through the AML engine.",
  input: Type.Object(
    {
      ico: Type.String({ maxLength: 12 }),
      declared_owners: Type.Array(DeclaredOwnerSchema, { minItems: 1, maxItems: 50 }),
      esm_owners: Type.Optional(
        Type.Array(Type.String({ maxLength: 300 }), {
          maxItems: 50,
          description: 'names in the Register of Beneficial Owners extract (evidence skutečných majitelů)',
        }),
      ),
      screen_sanctions: Type.Optional(Type.Boolean({ description: 'default true' })),
      as_of: Type.Optional(
        DateString('the day judged (default today): the definition of beneficial owner in force on it'),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    verified: Type.Boolean({
      description: 'no discrepancy, every qualifying owner declared and clear, nothing left to a person',
    }),
    company: NullableObject(
      Type.Object({ name: Type.Optional(Type.String()), active: Type.Optional(Type.Boolean()) }),
    ),
    owners: Type.Array(
      Type.Object({
        name: Type.String(),
        qualifies: NullableBoolean({
          description:
            'null: a person decides — the definition in force on the day judged is not held here, or the owner was declared without any share, vote or control',
        }),
        basis: Type.String(),
        in_esm: NullableBoolean(),
        sanctions: Type.String(),
      }),
    ),
    discrepancies: Type.Array(Type.String()),
    review_reasons: Type.Array(Type.String(), {
      description: 'what a person must assess before the declaration can be verified',
    }),
  }),
  verdict: { field: 'verified', map: { true: 'clear', false: 'review' } },
  law: ['cz-304-2013', ...UBO_LAW, 'cz-253-2008-s9', 'method-sanctions-match', 'cz-69-2006'],
  examples: [
    {
      title: 'Two owners 60/40 matching the register extract',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', birth_date: '1975-01-01', ownership_pct: 60 },
          { name: 'Eva Malá', birth_date: '1980-05-05', ownership_pct: 40 },
        ],
        esm_owners: ['Novák Jan', 'Malá Eva'],
      },
    },
    {
      title: 'A 30 % owner missing from the register extract: discrepancy to report',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 70 },
          { name: 'Petr Svoboda', ownership_pct: 30 },
        ],
        esm_owners: ['Jan Novák'],
        screen_sanctions: false,
      },
    },
  ],
  async run(input, ctx) {
    const today = asOfDate(input.as_of, ctx.now)
    const law = uboLawOn(today)
    const say = ctx.say
    const ico = requireIco(input.ico)
    const total = input.declared_owners.reduce((s, o) => s + (o.ownership_pct ?? 0), 0)
    if (total > 100 + 1e-9)
      throw errors.invalid('declared_owners', `ownership shares add up to ${total} %, more than 100 %`)
    const company = await companyCheck(ctx, ico, today)
    const declared = await ownersCheck(
      ctx,
      input.declared_owners,
      input.esm_owners,
      input.screen_sanctions ?? true,
      law,
      today,
    )
    const discrepancies = [
      ...company.discrepancies,
      ...declared.discrepancies,
      ...extractCheck(input.declared_owners, input.esm_owners, say),
    ]
    const skipped = input.screen_sanctions === false
    const reviewReasons = [
      ...(law.held ? [] : [say(law.reason)]),
      ...declared.review,
      // Skipped at the caller's request: said, and the owners are not verified on it.
      ...(skipped
        ? [
            say({
              cs: 'vlastníci nebyli prověřeni proti sankčním seznamům: prověrka vynechána na žádost volajícího (screen_sanctions: false)',
              en: 'the owners were not screened against the sanctions lists: screening skipped at the caller’s request (screen_sanctions: false)',
            }),
          ]
        : []),
    ]
    const sources = [
      ...company.sources,
      ...declared.sources,
      ...(skipped
        ? [{ name: 'sanctions_lists', status: 'skipped' as const, error: 'screen_sanctions is false' }]
        : []),
    ]
    const partial = sources.some((s) => s.status === 'failed')
    return {
      verified:
        discrepancies.length === 0 &&
        reviewReasons.length === 0 &&
        !partial &&
        input.esm_owners !== undefined,
      company: company.company,
      owners: declared.owners,
      discrepancies,
      review_reasons: reviewReasons,
      partial,
      sources,
      rules_applied: [
        ...company.rules,
        ...declared.rules,
        ...definitionRules(declared.owners, law, today, say),
        verificationRule(discrepancies.length, input.esm_owners !== undefined, law, today, say),
      ],
    }
  },
})
