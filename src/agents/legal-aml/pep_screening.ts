import { Type } from 'typebox'
import { toCountryCode } from '../../engines/aml/index.ts'
import { addMonths } from '../../engines/reference/calendar.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface PepRef extends ReferenceVersion {
  months_after_office: number
  functions: { category: string; patterns: string[] }[]
  family: string[]
  associates: string[]
  state_controlled: { board: string[]; companies: string[] }
  public_sphere: { patterns: string[] }
}

/** The register entries of the PEP rules. */
const PEP_LAW = ['cz-253-2008-s4-5', 'eu-2015-849-pep'] as const

/**
 * The day domestic functions started to count (zákon 368/2016 Sb., the change the register gives
 * for cz-253-2008-s4-5): before it § 4 odst. 5 made a PEP only of a person in a function abroad or
 * resident abroad.
 */
const DOMESTIC_PEP_FROM = '2017-01-01'

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
  'member of a statutory, administrative or supervisory body of a state-controlled company': {
    cs: 'člen statutárního, správního nebo dozorčího orgánu obchodní korporace nebo podniku ovládaného státem',
    en: 'member of a statutory, administrative or supervisory body of a state-controlled company',
  },
  'director, deputy director or board member of an international organisation': {
    cs: 'ředitel, zástupce ředitele nebo člen vedení mezinárodní organizace',
    en: 'director, deputy director or board member of an international organisation',
  },
  'leading representative of territorial self-government (starosta, primátor, hejtman)': {
    cs: 'vedoucí představitel územní samosprávy (starosta, primátor, hejtman)',
    en: 'leading representative of territorial self-government (starosta, primátor, hejtman)',
  },
}

export const pepScreening = defineAgent({
  service: 'legal-aml',
  name: 'pep_screening',
  description:
    'Decides whether a client is a politically exposed person under the AML Act § 4 odst. 5 (domestic functions from 2017-01-01, zákon 368/2016 Sb.; before, a function is reviewed) from the public functions held (by the client, or by the person they are related to as family member or close associate), for how long the status lasts after leaving office, and the enhanced due diligence that follows (§ 9a). A function written in letters Czech and English do not use (ü, ß, Cyrillic …) cannot be read against the statute and is reviewed, never passed as not public.',
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
        status: Type.Union([Type.Literal('pep'), Type.Literal('review'), Type.Literal('not_public')], {
          description:
            'pep: a function § 4 odst. 5 names (in office or within 12 months); review: it names a public body, office, court, the army, a party, self-government or a state-controlled company the statute does not name, or it is written in letters Czech and English do not use (ü, ß, Cyrillic …) and cannot be read, so a person decides; not_public: none of these',
        }),
      }),
    ),
    review_required: Type.Boolean({
      description:
        'a function in the public sphere the statute does not name, or one in a language other than Czech or English: a person decides',
    }),
    edd_required: Type.Boolean(),
    measures: Type.Array(Type.String()),
  }),
  verdict: {
    explain:
      'a PEP, or a function in the public sphere the statute does not name → `review` (enhanced due diligence, or a person decides); otherwise `clear`',
    of: (r) => (r.is_pep || r.review_required ? 'review' : 'clear'),
  },
  law: [...PEP_LAW, 'fau-pep-guidance', 'policy-pep-review', 'cz-253-2008-s9a'],
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
      title:
        'A former deputy minister more than 12 months out of office, and a software developer: not a PEP',
      input: {
        name: 'Jan Král',
        positions: [
          { function: 'náměstek ministra financí', start_date: '2018-01-01', end_date: '2022-12-31' },
          { function: 'vývojář software' },
        ],
      },
    },
    {
      title: 'A mayor (starosta obce): a leading representative of territorial self-government',
      input: { name: 'Josef Malý', positions: [{ function: 'starosta obce Horní Lhota', country: 'CZ' }] },
    },
    {
      title:
        'A clerk of a municipal building office: in the public sphere, not named by the statute: reviewed',
      input: { name: 'Eva Malá', positions: [{ function: 'referentka stavebního úřadu města Kolína' }] },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    // Before 2017 the functions as named from 2017 only recognise a public function: none counts by
    // itself (functionCheck reviews it), since the wording of that time is not held.
    const earlier = today < DOMESTIC_PEP_FROM
    const ref = covered(() => referenceAt<PepRef>('pep-functions', earlier ? DOMESTIC_PEP_FROM : today))
    const relation = input.relation ?? 'self'
    if (relation !== 'self' && !input.related_pep_name) {
      throw errors.invalid('related_pep_name', `required when relation is ${relation}`)
    }
    const classify = classifier(ref)
    const checked = input.positions.map((p) =>
      earlier
        ? earlierFunctionCheck(p, classify, ref, today, say)
        : functionCheck(p, classify, ref, today, say),
    )
    const functions = checked.map((c) => c.result)
    const anyCounts = functions.some((f) => f.counts)
    const review = functions.some((f) => f.status === 'review')
    const basis = !anyCounts
      ? ('none' as const)
      : relation === 'self'
        ? ('own_function' as const)
        : ref.family.includes(relation)
          ? ('family_member' as const)
          : ('close_associate' as const)
    const rules: AppliedRule[] = [
      ...checked.map((c) => c.rule),
      afterOfficeRule(ref, today, say),
      ...(relation === 'self'
        ? []
        : [relationRule(ref, relation, input.related_pep_name!, anyCounts, today, say)]),
      eddRule(anyCounts, review, today, say),
    ]
    return {
      is_pep: anyCounts,
      basis,
      functions,
      review_required: review,
      edd_required: anyCounts,
      measures: anyCounts ? PEP_MEASURES.map(say) : [],
      rules_applied: rules,
    }
  },
})

const PEP_MEASURES: Texts[] = [
  {
    cs: 'schválení vztahu členem vrcholného vedení',
    en: 'approval of the relationship by a member of senior management',
  },
  {
    cs: 'zjistit původ majetku a původ prostředků',
    en: 'establish the source of wealth and the source of funds',
  },
  { cs: 'zesílené průběžné sledování vztahu', en: 'enhanced ongoing monitoring of the relationship' },
]

type Position = {
  function: string
  country?: string | undefined
  start_date?: string | undefined
  end_date?: string | undefined
}
type Classified =
  | { kind: 'category'; category: string }
  | { kind: 'review'; reason: string }
  | { kind: 'unread'; letters: string }
  | { kind: 'not_public' }

/**
 * The letters of a text that neither the Czech nor the English alphabet has (ü, ß, ł, Cyrillic …):
 * the function's table is Czech and English, so such a text is not one it can read.
 */
function foreignLetters(text: string): string {
  const foreign = text.match(/[^\P{L}a-záčďéěíňóřšťúůýž]/giu) ?? []
  return [...new Set(foreign.map((c) => c.toLowerCase()))].join(', ')
}

/**
 * How a function reads against § 4 odst. 5: the category whose pattern matches the longest text
 * ("generální ředitel státního podniku" is the state enterprise's head, not a general), a board
 * function of a company the state controls, a function that names the public sphere but no
 * category (reviewed), or none of these. Every pattern starts at a word: "administrátor" is not
 * "ministr", "zaměstnanec" is not "město".
 */
function classifier(ref: PepRef): (text: string) => Classified {
  const word = (pattern: string, end = false) =>
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})${end ? '(?![\\p{L}\\p{N}])' : ''}`, 'iu')
  const categories = ref.functions.map((f) => ({
    category: f.category,
    patterns: f.patterns.map((p) => word(p)),
  }))
  const board = ref.state_controlled.board.map((p) => word(p))
  const companies = ref.state_controlled.companies.map((p) => word(p, true))
  const publicSphere = ref.public_sphere.patterns.map((p) => word(p, true))
  const stateOwned = ref.functions.find((f) => f.category.includes('state-controlled'))?.category
  return (text) => {
    let best: { category: string; length: number } | undefined
    for (const c of categories)
      for (const re of c.patterns) {
        const length = re.exec(text)?.[0].length ?? 0
        if (length > (best?.length ?? 0)) best = { category: c.category, length }
      }
    const company = companies.map((re) => re.exec(text)?.[0]).find(Boolean)
    if (company && stateOwned && board.some((re) => re.test(text)) && (!best || best.category !== stateOwned))
      return { kind: 'category', category: stateOwned }
    if (best) return { kind: 'category', category: best.category }
    const named = company ?? publicSphere.map((re) => re.exec(text)?.[0]).find(Boolean)
    if (named) return { kind: 'review', reason: named }
    // Not in Czech or English: "not public" would be a guess, so the function is not read at all.
    const letters = foreignLetters(text)
    return letters ? { kind: 'unread', letters } : { kind: 'not_public' }
  }
}

/**
 * One function judged before 2017-01-01: a prominent function held then is reviewed, never counted
 * — held in the Czech Republic (or where not given) it made a PEP only of a person resident abroad;
 * held abroad, the functions § 4 odst. 5 then named are not held here.
 */
function earlierFunctionCheck(
  p: Position,
  classify: (text: string) => Classified,
  ref: PepRef,
  today: string,
  say: Say,
) {
  const judged = functionCheck(p, classify, ref, today, say)
  if (judged.result.status !== 'pep') return judged
  const code = p.country ? toCountryCode(p.country) : undefined
  const abroad = code !== undefined && code !== 'CZ'
  return {
    result: { ...judged.result, counts: false, status: 'review' } as const,
    rule: {
      rule: judged.rule.rule,
      ...cite(today, 'cz-253-2008-s4-5'),
      outcome: say(
        abroad
          ? {
              cs: `"${p.function}" (${code}): funkce v zahraničí; výčet funkcí § 4 odst. 5 před 1. 1. 2017 není k dispozici, posoudí pracovník`,
              en: `"${p.function}" (${code}): a function abroad; the functions § 4 odst. 5 named before 2017-01-01 are not held, a person decides`,
            }
          : {
              cs: `"${p.function}": funkce v České republice činila před 1. 1. 2017 politicky exponovanou jen osobu s bydlištěm v zahraničí; bydliště posoudí pracovník`,
              en: `"${p.function}": a function in the Czech Republic made a PEP before 2017-01-01 only of a person resident abroad; a person checks the residence`,
            },
      ),
    } satisfies AppliedRule,
  }
}

/** One function: its category, whether it still counts (in office or within the months after), its rule. */
function functionCheck(
  p: Position,
  classify: (text: string) => Classified,
  ref: PepRef,
  today: string,
  say: Say,
) {
  if (p.start_date && p.end_date && p.end_date < p.start_date)
    throw errors.invalid('positions', 'end_date before start_date')
  const read = classify(p.function)
  const until = p.end_date ? addMonths(p.end_date, ref.months_after_office) : null
  const current = (until === null || until >= today) && (!p.start_date || p.start_date <= today)
  if (read.kind === 'category') {
    const category = CATEGORY[read.category] ?? { cs: read.category, en: read.category }
    const counts = current
    return {
      result: {
        function: p.function,
        category: say(category),
        pep_until: until,
        counts,
        status: counts ? 'pep' : 'not_public',
      } as const,
      rule: {
        rule: say({
          cs: `Významná veřejná funkce: ${category.cs}`,
          en: `Prominent public function: ${category.en}`,
        }),
        // The mayor reading rests on FAÚ's methodology as well as on the statute.
        ...(read.category.includes('self-government')
          ? cite(today, ...PEP_LAW, 'fau-pep-guidance')
          : cite(today, ...PEP_LAW)),
        outcome: `"${p.function}"${
          counts
            ? until
              ? say({ cs: `: PEP do ${until}`, en: `: PEP until ${until}` })
              : say({ cs: ': ve funkci', en: ': in office' })
            : say({
                cs: `: skončila, status PEP zanikl ${until}`,
                en: `: ended, PEP status lapsed on ${until}`,
              })
        }`,
      } satisfies AppliedRule,
    }
  }
  // A function the table cannot place, or can only half place, goes to a person.
  const reviewed = (rule: string, outcome: string) => ({
    result: {
      function: p.function,
      category: null,
      pep_until: until,
      counts: false,
      status: 'review',
    } as const,
    rule: { rule, ...cite(today, 'policy-pep-review', ...PEP_LAW), outcome } satisfies AppliedRule,
  })
  if (read.kind === 'unread')
    return reviewed(
      say({
        cs: 'Funkci v jiném jazyce než v češtině nebo angličtině nelze s § 4 odst. 5 porovnat: posoudí pracovník',
        en: 'A function in a language other than Czech or English cannot be read against § 4 odst. 5: a person decides',
      }),
      say({
        cs: `"${p.function}": psáno písmeny, která čeština ani angličtina nepoužívá (${read.letters}), nelze je tedy porovnat s § 4 odst. 5; uveďte funkci česky nebo anglicky`,
        en: `"${p.function}": written in letters Czech and English do not use (${read.letters}), so it cannot be read against § 4 odst. 5; give the function in Czech or English`,
      }),
    )
  if (read.kind === 'review')
    return reviewed(
      say({
        cs: 'Funkce ve veřejné sféře, kterou § 4 odst. 5 výslovně neuvádí: posoudí pracovník',
        en: 'A function in the public sphere that § 4 odst. 5 does not name: a person decides',
      }),
      say({
        cs: `"${p.function}": zmiňuje „${read.reason}“; k posouzení`,
        en: `"${p.function}": names "${read.reason}"; to be reviewed`,
      }),
    )
  return {
    result: {
      function: p.function,
      category: null,
      pep_until: until,
      counts: false,
      status: 'not_public',
    } as const,
    rule: {
      rule: say({ cs: 'Není významná veřejná funkce', en: 'Not a prominent public function' }),
      ...cite(today, ...PEP_LAW, 'policy-pep-review'),
      outcome: say({
        cs: `"${p.function}": nezmiňuje veřejný orgán, úřad ani státem ovládanou společnost`,
        en: `"${p.function}": names no public body, office or state-controlled company`,
      }),
    } satisfies AppliedRule,
  }
}

function afterOfficeRule(ref: PepRef, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: `status PEP trvá nejméně ${ref.months_after_office} měsíců po odchodu z funkce`,
      en: `PEP status lasts at least ${ref.months_after_office} months after leaving office`,
    }),
    ...cite(today, ...PEP_LAW),
  }
}

/** The relations the table names: a family member or a close associate of the office holder. */
const RELATION_CS: Record<string, string> = {
  spouse: 'manžel nebo manželka',
  partner: 'partner',
  child: 'dítě',
  child_spouse: 'manžel nebo manželka dítěte',
  parent: 'rodič',
  sibling: 'sourozenec',
  joint_beneficial_owner: 'společný skutečný majitel',
  business_partner: 'obchodní partner',
  sole_owner_for_pep: 'jediný vlastník ve prospěch PEP',
}

function relationRule(
  ref: PepRef,
  relation: string,
  holder: string,
  covered: boolean,
  today: string,
  say: Say,
): AppliedRule {
  const family = ref.family.includes(relation)
  const cs = RELATION_CS[relation] ?? relation
  const en = relation.replaceAll('_', ' ')
  return {
    rule: family
      ? say({
          cs: `Rodinný příslušník PEP (${cs}, ${holder}) se považuje za PEP`,
          en: `Family member of a PEP (${en} of ${holder}) is treated as a PEP`,
        })
      : say({
          cs: `Blízký spolupracovník PEP (${cs}, ${holder}) se považuje za PEP`,
          en: `Close associate of a PEP (${en} of ${holder}) is treated as a PEP`,
        }),
    ...cite(today, ...PEP_LAW),
    outcome: covered
      ? say({ cs: 'vztahuje se', en: 'covered' })
      : say({ cs: 'držitel funkce není PEP', en: 'the office holder is not a PEP' }),
  }
}

function eddRule(pep: boolean, review: boolean, today: string, say: Say): AppliedRule {
  return {
    rule: say({ cs: 'Zesílená kontrola politicky exponované osoby', en: 'Enhanced due diligence for a PEP' }),
    ...cite(today, 'cz-253-2008-s9a'),
    outcome: pep
      ? say({ cs: 'vyžadována', en: 'required' })
      : review
        ? say({ cs: 'podle posouzení funkce', en: 'depends on the review of the function' })
        : say({ cs: 'z tohoto důvodu nevyžadována', en: 'not required on this ground' }),
  }
}
