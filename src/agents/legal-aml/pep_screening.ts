import { Type } from 'typebox'
import { addMonths } from '../../engines/reference/calendar.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface PepRef extends ReferenceVersion {
  months_after_office: number
  functions: { category: string; patterns: string[] }[]
  family: string[]
  associates: string[]
}

const Relation = Type.Union([
  Type.Literal('self'),
  Type.Literal('spouse'),
  Type.Literal('partner'),
  Type.Literal('child'),
  Type.Literal('child_spouse'),
  Type.Literal('parent'),
  Type.Literal('sibling'),
  Type.Literal('joint_beneficial_owner'),
  Type.Literal('business_partner'),
  Type.Literal('sole_owner_for_pep'),
])

/** The categories of pep-functions.json (§ 4 odst. 5 of the AML Act) in both languages, by their wording. */
const CATEGORY: Record<string, Texts> = {
  'head of state, head of government, minister, deputy or assistant minister': {
    cs: 'hlava státu, předseda vlády, ministr, náměstek nebo asistent ministra',
    en: 'head of state, head of government, minister, deputy or assistant minister',
  },
  'member of parliament or a similar legislative body': {
    cs: 'poslanec, senátor nebo člen obdobného zákonodárného orgánu',
    en: 'member of parliament or a similar legislative body',
  },
  'member of the governing body of a political party': {
    cs: 'člen řídícího orgánu politické strany',
    en: 'member of the governing body of a political party',
  },
  'judge of a supreme or constitutional court or another high court whose decisions are not appealable': {
    cs: 'soudce nejvyššího nebo ústavního soudu či jiného vrcholného soudu, proti jehož rozhodnutí nelze podat opravný prostředek',
    en: 'judge of a supreme or constitutional court or another high court whose decisions are not appealable',
  },
  'member of a court of auditors or of the board of a central bank': {
    cs: 'člen účetního dvora nebo bankovní rady centrální banky',
    en: 'member of a court of auditors or of the board of a central bank',
  },
  "ambassador, chargé d'affaires or high-ranking officer of the armed forces": {
    cs: 'velvyslanec, chargé d’affaires nebo vysoký důstojník ozbrojených sil',
    en: "ambassador, chargé d'affaires or high-ranking officer of the armed forces",
  },
  'member of a management, administrative or supervisory body of a state-owned enterprise': {
    cs: 'člen statutárního, správního nebo dozorčího orgánu podniku ovládaného státem',
    en: 'member of a management, administrative or supervisory body of a state-owned enterprise',
  },
  'director, deputy director or board member of an international organisation': {
    cs: 'ředitel, zástupce ředitele nebo člen vedení mezinárodní organizace',
    en: 'director, deputy director or board member of an international organisation',
  },
  'head of a regional or municipal government (Czech practice: hejtman, primátor)': {
    cs: 'vedoucí krajské nebo obecní samosprávy (v české praxi hejtman, primátor)',
    en: 'head of a regional or municipal government (Czech practice: hejtman, primátor)',
  },
}

export const pepScreening = defineAgent({
  service: 'legal-aml',
  name: 'pep_screening',
  description:
    'Decides whether a client is a politically exposed person under the AML Act § 4 odst. 5 from the public functions held (by the client, or by the person they are related to as family member or close associate), for how long the status lasts after leaving office, and the enhanced due diligence that follows (§ 9a).',
  input: Type.Object(
    {
      name: Type.String({ minLength: 2, maxLength: 300 }),
      relation: Type.Optional(Relation),
      related_pep_name: Type.Optional(
        Type.String({ maxLength: 300, description: 'the office holder, when relation is not self' }),
      ),
      positions: Type.Array(
        Type.Object(
          {
            function: Type.String({
              minLength: 2,
              maxLength: 300,
              description: 'e.g. "poslanec Poslanecké sněmovny", "ambassador"',
            }),
            country: Type.Optional(Type.String({ maxLength: 60 })),
            start_date: Type.Optional(DateString()),
            end_date: Type.Optional(DateString('when the function ended')),
          },
          { additionalProperties: false },
        ),
        { maxItems: 30, description: 'functions held by the client, or by the related office holder' },
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    is_pep: Type.Boolean(),
    basis: Type.Union([
      Type.Literal('own_function'),
      Type.Literal('family_member'),
      Type.Literal('close_associate'),
      Type.Literal('none'),
    ]),
    functions: Type.Array(
      Type.Object({
        function: Type.String(),
        category: NullableString(),
        pep_until: NullableString({ description: 'end of office + 12 months; null while in office' }),
        counts: Type.Boolean(),
      }),
    ),
    edd_required: Type.Boolean(),
    measures: Type.Array(Type.String()),
  }),
  verdict: { field: 'is_pep', map: { true: 'review', false: 'clear' } },
  examples: [
    {
      title: 'A sitting member of parliament',
      input: {
        name: 'Petr Novotný',
        positions: [{ function: 'poslanec Poslanecké sněmovny', country: 'CZ', start_date: '2021-10-09' }],
      },
    },
    {
      title: 'Spouse of an ambassador who left office 8 months ago: still covered',
      input: {
        name: 'Marie Dvořáková',
        relation: 'spouse',
        related_pep_name: 'Karel Dvořák',
        positions: [
          { function: 'velvyslanec ČR ve Vídni', start_date: '2019-03-01', end_date: '2024-10-01' },
        ],
        as_of: '2025-06-01',
      },
    },
    {
      title: 'A former deputy minister more than 12 months out of office, and a municipal clerk: not a PEP',
      input: {
        name: 'Jan Král',
        positions: [
          { function: 'náměstek ministra financí', start_date: '2018-01-01', end_date: '2022-12-31' },
          { function: 'referent stavebního úřadu' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const ref = covered(() => referenceAt<PepRef>('pep-functions', today))
    const relation = input.relation ?? 'self'
    if (relation !== 'self' && !input.related_pep_name) {
      throw errors.invalid('related_pep_name', `required when relation is ${relation}`)
    }
    const rules: AppliedRule[] = []
    const functions = input.positions.map((p) => {
      if (p.start_date && p.end_date && p.end_date < p.start_date)
        throw errors.invalid('positions', 'end_date before start_date')
      const hit = ref.functions.find((f) => f.patterns.some((pat) => new RegExp(pat, 'iu').test(p.function)))
      const until = p.end_date ? addMonths(p.end_date, ref.months_after_office) : null
      const category = hit ? (CATEGORY[hit.category] ?? { cs: hit.category, en: hit.category }) : undefined
      const counts =
        Boolean(hit) && (until === null || until >= today) && (!p.start_date || p.start_date <= today)
      rules.push({
        rule: hit
          ? say({
              cs: `Významná veřejná funkce: ${category!.cs}`,
              en: `Prominent public function: ${hit.category}`,
            })
          : say({ cs: 'Není významná veřejná funkce', en: 'Not a prominent public function' }),
        source: ref.source ?? 'zákon 253/2008 Sb. § 4 odst. 5',
        since: ref.effective_from,
        outcome: `"${p.function}"${
          hit
            ? counts
              ? until
                ? say({ cs: `: PEP do ${until}`, en: `: PEP until ${until}` })
                : say({ cs: ': ve funkci', en: ': in office' })
              : say({
                  cs: `: skončila, status PEP zanikl ${until}`,
                  en: `: ended, PEP status lapsed on ${until}`,
                })
            : ''
        }`,
      })
      return { function: p.function, category: category ? say(category) : null, pep_until: until, counts }
    })
    const anyCounts = functions.some((f) => f.counts)
    const basis = !anyCounts
      ? ('none' as const)
      : relation === 'self'
        ? ('own_function' as const)
        : ref.family.includes(relation)
          ? ('family_member' as const)
          : ('close_associate' as const)
    rules.push({
      rule: say({
        cs: `status PEP trvá nejméně ${ref.months_after_office} měsíců po odchodu z funkce`,
        en: `PEP status lasts at least ${ref.months_after_office} months after leaving office`,
      }),
      source: 'směrnice (EU) 2015/849 čl. 22; zákon 253/2008 Sb. § 4 odst. 5',
    })
    if (relation !== 'self') {
      rules.push({
        rule: ref.family.includes(relation)
          ? say({
              cs: `Rodinný příslušník PEP (${relation}, ${input.related_pep_name}) se považuje za PEP`,
              en: `Family member of a PEP (${relation} of ${input.related_pep_name}) is treated as a PEP`,
            })
          : say({
              cs: `Blízký spolupracovník PEP (${relation}, ${input.related_pep_name}) se považuje za PEP`,
              en: `Close associate of a PEP (${relation} of ${input.related_pep_name}) is treated as a PEP`,
            }),
        source: 'zákon 253/2008 Sb. § 4 odst. 5; směrnice (EU) 2015/849 čl. 3 body 10, 11',
        outcome: anyCounts
          ? say({ cs: 'vztahuje se', en: 'covered' })
          : say({ cs: 'držitel funkce není PEP', en: 'the office holder is not a PEP' }),
      })
    }
    const measures = anyCounts
      ? [
          say({
            cs: 'schválení vztahu členem vrcholného vedení',
            en: 'approval of the relationship by a member of senior management',
          }),
          say({
            cs: 'zjistit původ majetku a původ prostředků',
            en: 'establish the source of wealth and the source of funds',
          }),
          say({
            cs: 'zesílené průběžné sledování vztahu',
            en: 'enhanced ongoing monitoring of the relationship',
          }),
        ]
      : []
    rules.push({
      rule: say({
        cs: 'Zesílená kontrola politicky exponované osoby',
        en: 'Enhanced due diligence for a PEP',
      }),
      source: 'zákon 253/2008 Sb. § 9a',
      outcome: anyCounts
        ? say({ cs: 'vyžadována', en: 'required' })
        : say({ cs: 'z tohoto důvodu nevyžadována', en: 'not required on this ground' }),
    })
    return { is_pep: anyCounts, basis, functions, edd_required: anyCounts, measures, rules_applied: rules }
  },
})
