import { Type } from 'typebox'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { NotCoveredError } from '../../engines/reference/load.ts'
import {
  DateString,
  NullableBoolean,
  NullableNumber,
  NullableString,
} from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import {
  CurrencyPattern,
  HIGH_RISK_LAW,
  highRiskOn,
  highRiskRule,
  RateBook,
  requireCountry,
  THRESHOLD_LAW,
  thresholdRule,
  thresholdsOn,
} from '../aml/common.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { notScreened, SanctionsSchema, screenParty } from './sanctions.ts'

const round2 = (x: number) => Math.round(x * 100) / 100

export const amlCompliance = defineAgent({
  service: 'legal-aml',
  name: 'aml_compliance',
  description:
    'What the AML Act requires of an obliged person for a transaction or a new business relationship: identification (§ 7, from 1,000 EUR), client due diligence (§ 9, from 15,000 EUR or a new relationship), enhanced due diligence (§ 9a, PEPs and EU high-risk countries), the 270,000 CZK cash-payment limit, a suspicious-transaction report (§ 18) and a sanctions check of the client through the AML engine; EUR thresholds at the ČNB rate of the day. The client’s country and whether the client is a PEP decide § 9a: either left out is reviewed, never proceed. With no name the client is not screened against the sanctions lists: the answer says so and is reviewed, never proceed.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'transaction amount in `currency`' }),
      currency: Type.Optional(
        Type.String({ pattern: CurrencyPattern, description: 'ISO 4217, default CZK' }),
      ),
      transaction_date: Type.Optional(DateString('default: today')),
      cash: Type.Optional(Type.Boolean()),
      new_relationship: Type.Optional(
        Type.Boolean({ description: 'the transaction opens a business relationship' }),
      ),
      suspicious: Type.Optional(
        Type.Boolean({ description: 'the obliged person already finds it suspicious (§ 6)' }),
      ),
      pep: Type.Optional(
        Type.Boolean({
          description:
            'the client or its beneficial owner is a politically exposed person; not given: reviewed, since § 9a cannot be decided',
        }),
      ),
      country: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 60,
          description:
            'client residence or seat: ISO code or name; not given: reviewed, since the EU high-risk list (§ 9a) cannot be checked',
        }),
      ),
      obliged_person: Type.Optional(
        Type.Union([
          Type.Literal('credit_institution'),
          Type.Literal('real_estate'),
          Type.Literal('lawyer_notary'),
          Type.Literal('trader'),
          Type.Literal('other'),
        ]),
      ),
      name: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 300,
          description: 'client name, screened against sanctions lists; not given: not screened, and reviewed',
        }),
      ),
      client_type: Type.Optional(Type.Union([Type.Literal('person'), Type.Literal('company')])),
      birth_date: Type.Optional(
        DateString(
          'a person’s birth date: corroborates a sanctions hit, without which a hit is only possible',
        ),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    decision: Type.Union([
      Type.Literal('proceed'),
      Type.Literal('proceed_with_cdd'),
      Type.Literal('enhanced_review'),
      Type.Literal('stop_and_report'),
    ]),
    amount_eur: NullableNumber(),
    amount_czk: NullableNumber(),
    identification_required: NullableBoolean({
      description: 'true also when the amount could not be converted to EUR (the duty is then assumed)',
    }),
    due_diligence: Type.Unsafe<'none' | 'standard' | 'enhanced' | null>({
      type: ['string', 'null'],
      enum: ['none', 'standard', 'enhanced', null],
    }),
    cash_limit_exceeded: NullableBoolean(),
    report_to_fau: Type.Boolean({
      description: 'a suspicious-transaction report is due (for lawyers and notaries, through their chamber)',
    }),
    report_recipient: NullableString({
      description: 'where the report goes: FAÚ, or for an advokát/notář their chamber (§ 26–27)',
    }),
    report_deadline: NullableString({ description: 'last day for the § 18 report when one is due' }),
    sanctions: SanctionsSchema,
    obligations: Type.Array(Type.String()),
  }),
  law: [
    ...Object.values(THRESHOLD_LAW),
    ...HIGH_RISK_LAW,
    'cz-253-2008-s9a',
    'cz-69-2006',
    'cz-1-2023',
    'eu-269-2014',
    'eu-2580-2001',
    'method-sanctions-match',
    'method-foreign-sanctions',
    'cz-253-2008-s18',
    'cz-253-2008-s38',
    'cz-253-2008-s26',
  ],
  verdict: {
    field: 'decision',
    map: {
      proceed: 'clear',
      proceed_with_cdd: 'clear',
      enhanced_review: 'review',
      stop_and_report: 'adverse',
    },
  },
  examples: [
    {
      title: 'A 50 000 CZK payment by a Czech client: identification only',
      input: {
        amount: 50_000,
        currency: 'CZK',
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        client_type: 'person',
        transaction_date: '2026-11-20',
      },
    },
    {
      title: 'New client paying 400 000 CZK in cash: CDD and the cash limit breached',
      input: {
        amount: 400_000,
        cash: true,
        new_relationship: true,
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        client_type: 'person',
        transaction_date: '2026-11-20',
      },
    },
    {
      title: 'Client from a high-risk country named on a sanctions list: stop and report',
      input: {
        amount: 20_000,
        currency: 'EUR',
        country: 'Iran',
        name: 'Itziar Alberdi Uranga',
        client_type: 'person',
        birth_date: '1963-10-07',
        transaction_date: '2026-11-20',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const date = asOfDate(input.transaction_date, ctx.now)
    let t: Thresholds
    let hr: ReturnType<typeof highRiskOn>
    try {
      t = thresholdsOn(date)
      hr = highRiskOn(date)
    } catch (error) {
      if (error instanceof NotCoveredError)
        throw errors.invalid('transaction_date', `must be on or after ${error.first}`)
      throw error
    }
    const currency = (input.currency ?? 'CZK').toUpperCase()
    const country = input.country ? requireCountry(input.country, 'country') : undefined
    const book = new RateBook(ctx)
    const eur = await book.toEur(input.amount, currency, date)
    const czk = await book.toCzk(input.amount, currency, date)
    const sources = book.summary()
    const at = { t, date, say }

    const id = identificationCheck(input, eur, at)
    const dd = dueDiligenceCheck(input, eur, country, hr.version, at)
    const cash = cashCheck(input, czk, eur, at)
    // Sanctions (zákon 69/2006 Sb.), through the AML engine.
    const sanctions = input.name
      ? await screenParty(
          ctx,
          {
            name: input.name,
            type: input.client_type ?? 'person',
            ...(input.birth_date ? { birth_date: input.birth_date } : {}),
          },
          sources,
        )
      : notScreened()
    const report = reportCheck(input, sanctions.status === 'match', isoOf(ctx.now), at)
    const identification = id.required || cash.traderIdentifies
    // Screening that could not run is not a clear result: the client is screened before proceeding.
    const unscreened = input.name !== undefined && sanctions.status === 'not_checked'
    // No name: nobody was screened, and the answer says so rather than passing over the lists.
    const unnamed = input.name === undefined
    // What decides enhanced due diligence (§ 9a) and was not given: never read as "no trigger".
    const notGiven = eddUnknowns(input, country, date, say)
    const rules: AppliedRule[] = [
      id.rule,
      ...dd.rules,
      ...notGiven.rules,
      ...cash.rules,
      input.name ? sanctionsRule(sanctions.status, date, say) : unnamedRule(date, say),
      ...report.rules,
    ]
    const obligations = obligationsOf(
      {
        identification,
        dd: dd.level,
        cashExceeded: cash.exceeded === true,
        sanctions: sanctions.status,
        unconverted: eur === null,
        unscreened,
        unnamed,
        notGiven: notGiven.reasons,
        report: report.due,
        deadline: report.deadline,
        lawyer: input.obliged_person === 'lawyer_notary',
      },
      t,
      say,
    )
    const decision =
      sanctions.status === 'match' || report.due
        ? 'stop_and_report'
        : dd.level === 'enhanced' ||
            sanctions.status === 'possible_match' ||
            unscreened ||
            unnamed ||
            notGiven.reasons.length > 0 ||
            cash.exceeded !== false
          ? 'enhanced_review'
          : dd.level === 'standard'
            ? 'proceed_with_cdd'
            : 'proceed'
    return {
      decision: decision as 'proceed' | 'proceed_with_cdd' | 'enhanced_review' | 'stop_and_report',
      amount_eur: eur === null ? null : round2(eur),
      amount_czk: czk === null ? null : round2(czk),
      identification_required: identification,
      due_diligence: dd.level,
      cash_limit_exceeded: cash.exceeded,
      report_to_fau: report.due,
      report_recipient: report.recipient,
      report_deadline: report.deadline,
      sanctions,
      obligations,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})

type Thresholds = ReturnType<typeof thresholdsOn>
interface At {
  t: Thresholds
  date: string
  say: Say
}
interface Facts {
  new_relationship?: boolean | undefined
  suspicious?: boolean | undefined
  pep?: boolean | undefined
  cash?: boolean | undefined
  obliged_person?: string | undefined
}

/** § 7: identification, from 1,000 EUR, a new relationship or a suspicion; fail closed without a rate. */
function identificationCheck(input: Facts, eur: number | null, { t, date, say }: At) {
  const triggers: string[] = []
  if (input.new_relationship)
    triggers.push(say({ cs: 'navázání obchodního vztahu', en: 'new business relationship' }))
  if (input.suspicious) triggers.push(say({ cs: 'podezřelý obchod', en: 'suspicious transaction' }))
  if (eur !== null && eur >= t.identification_eur)
    triggers.push(
      say({
        cs: `částka ${round2(eur)} EUR ≥ ${t.identification_eur} EUR`,
        en: `amount ${round2(eur)} EUR ≥ ${t.identification_eur} EUR`,
      }),
    )
  // Without the ČNB rate the EUR threshold cannot be checked, so the duty applies.
  const required = triggers.length > 0 || eur === null
  const rule: AppliedRule = {
    ...thresholdRule(t, 'identification_eur', date, say),
    outcome:
      eur === null && triggers.length === 0
        ? say({
            cs: 'částku nelze převést na EUR (kurz ČNB nedostupný): identifikace je nutná, dokud se neprokáže, že částka je pod limitem',
            en: 'amount not converted to EUR (ČNB rate unavailable): identification required until the amount is shown to be below the threshold',
          })
        : required
          ? triggers.join('; ')
          : say({ cs: 'pod limitem', en: 'below the threshold' }),
  }
  return { required, rule }
}

/** § 9 due diligence (15,000 EUR, a new relationship, a suspicion) and § 9a enhanced (a PEP, a high-risk country). */
function dueDiligenceCheck(
  input: Facts,
  eur: number | null,
  country: string | undefined,
  version: ReturnType<typeof highRiskOn>['version'],
  { t, date, say }: At,
) {
  const listed = country !== undefined && version.countries.includes(country)
  const edd = [
    input.pep ? say({ cs: 'politicky exponovaná osoba', en: 'politically exposed person' }) : '',
    listed
      ? say({
          cs: `vysoce riziková třetí země podle EU ${country}`,
          en: `EU high-risk third country ${country}`,
        })
      : '',
  ].filter(Boolean)
  const cdd = [
    input.new_relationship ? say({ cs: 'nový vztah', en: 'new relationship' }) : '',
    input.suspicious ? say({ cs: 'podezření', en: 'suspicious' }) : '',
    eur !== null && eur >= t.due_diligence_eur
      ? say({ cs: `částka ≥ ${t.due_diligence_eur} EUR`, en: `amount ≥ ${t.due_diligence_eur} EUR` })
      : '',
  ].filter(Boolean)
  // Fail closed, as for identification: an amount that cannot be converted gets the standard CDD.
  const level: 'none' | 'standard' | 'enhanced' =
    edd.length > 0 ? 'enhanced' : cdd.length > 0 || eur === null ? 'standard' : 'none'
  const rules: AppliedRule[] = [
    highRiskRule(version, country, say, date),
    {
      ...thresholdRule(t, 'due_diligence_eur', date, say),
      outcome: cdd.length
        ? cdd.join('; ')
        : eur === null
          ? say({
              cs: 'částku nelze převést na EUR (kurz ČNB nedostupný): kontrola klienta platí, dokud se neprokáže, že částka je pod limitem',
              en: 'amount not converted to EUR (ČNB rate unavailable): due diligence applies until the amount is shown to be below the threshold',
            })
          : say({ cs: 'podle částky není vyžadována', en: 'not required by amount' }),
    },
    {
      rule: say({
        cs: 'zesílená kontrola u politicky exponované osoby nebo vysoce rizikové třetí země',
        en: 'enhanced due diligence for a PEP or a high-risk third country',
      }),
      ...cite(date, 'cz-253-2008-s9a'),
      outcome: edd.length ? edd.join('; ') : say({ cs: 'bez spouštěče', en: 'no trigger' }),
    },
  ]
  return { level, rules }
}

/**
 * The facts § 9a decides enhanced due diligence on that the caller did not give: the client's
 * country (is it an EU high-risk third country, Regulation (EU) 2016/1675?) and whether the client
 * or its beneficial owner is a politically exposed person. Left out, neither is "no trigger": each
 * is a reason naming the field to give, and the answer is reviewed, never proceed.
 */
function eddUnknowns(
  input: { pep?: boolean | undefined },
  country: string | undefined,
  date: string,
  say: Say,
): { reasons: string[]; rules: AppliedRule[] } {
  const reasons: string[] = []
  if (country === undefined)
    reasons.push(
      say({
        cs: 'země bydliště nebo sídla klienta neuvedena (country): nelze říci, zda jde o vysoce rizikovou třetí zemi podle EU, a tedy zda platí zesílená kontrola (§ 9a); uveďte ji',
        en: 'the client’s country of residence or seat is not given (country): whether it is an EU high-risk third country, and so whether enhanced due diligence applies (§ 9a), cannot be told; give it',
      }),
    )
  if (input.pep === undefined)
    reasons.push(
      say({
        cs: 'neuvedeno, zda je klient nebo jeho skutečný majitel politicky exponovanou osobou (pep): nelze říci, zda platí zesílená kontrola (§ 9a); uveďte pep (true, nebo false)',
        en: 'whether the client or its beneficial owner is a politically exposed person is not given (pep): whether enhanced due diligence applies (§ 9a) cannot be told; give pep (true or false)',
      }),
    )
  const rules: AppliedRule[] = reasons.length
    ? [
        {
          rule: say({
            cs: 'o zesílené kontrole rozhoduje země klienta a to, zda je politicky exponovanou osobou; co není uvedeno, nelze číst jako „bez spouštěče“',
            en: 'enhanced due diligence turns on the client’s country and on whether the client is a politically exposed person; what is not given cannot be read as "no trigger"',
          }),
          ...cite(date, 'cz-253-2008-s9a', 'eu-2016-1675'),
          outcome: say({
            cs: `neuvedeno: ${[country === undefined ? 'country' : '', input.pep === undefined ? 'pep' : ''].filter(Boolean).join(', ')}; k posouzení`,
            en: `not given: ${[country === undefined ? 'country' : '', input.pep === undefined ? 'pep' : ''].filter(Boolean).join(', ')}; to be reviewed`,
          }),
        },
      ]
    : []
  return { reasons, rules }
}

/** The cash-payment limit (zákon 254/2004 Sb., § 4) and the cash trader's identification (§ 2). */
function cashCheck(input: Facts, czk: number | null, eur: number | null, { t, date, say }: At) {
  if (!input.cash)
    return { exceeded: false as boolean | null, traderIdentifies: false, rules: [] as AppliedRule[] }
  const exceeded = czk === null ? null : czk > t.cash_payment_limit_czk
  const rules: AppliedRule[] = [
    {
      ...thresholdRule(t, 'cash_payment_limit_czk', date, say),
      outcome:
        czk === null
          ? say({ cs: 'částku nelze převést na Kč', en: 'amount not converted to CZK' })
          : exceeded
            ? say({
                cs: `${round2(czk)} Kč překračuje ${t.cash_payment_limit_czk} Kč`,
                en: `${round2(czk)} CZK exceeds ${t.cash_payment_limit_czk} CZK`,
              })
            : say({
                cs: `${round2(czk)} Kč v rámci ${t.cash_payment_limit_czk} Kč`,
                en: `${round2(czk)} CZK within ${t.cash_payment_limit_czk} CZK`,
              }),
    },
  ]
  const traderIdentifies = input.obliged_person === 'trader' && eur !== null && eur >= t.cash_trader_eur
  if (traderIdentifies)
    rules.push({
      ...thresholdRule(t, 'cash_trader_eur', date, say),
      outcome: say({ cs: 'platí', en: 'applies' }),
    })
  return { exceeded, traderIdentifies, rules }
}

function sanctionsRule(status: string, date: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Osoba na sankčním seznamu EU, OSN nebo ČR s ověřenou totožností: zmrazit majetek a oznámit Finančnímu analytickému úřadu; jiná shoda (jen jméno, jen OFAC nebo UK) se posoudí',
      en: 'A person on an EU, UN or Czech sanctions list with a corroborated identity: freeze and notify the Financial Analytical Office; any other hit (a name only, OFAC or UK only) is reviewed',
    }),
    ...cite(date, 'cz-69-2006', 'cz-1-2023', 'eu-269-2014', 'eu-2580-2001', 'method-sanctions-match'),
    outcome: status,
  }
}

/** No name given: the sanctions check (zákon 69/2006 Sb. and the EU regulations) was not made. */
function unnamedRule(date: string, say: Say): AppliedRule {
  return {
    ...sanctionsRule('not_checked', date, say),
    outcome: say({
      cs: 'neprověřeno: jméno neuvedeno; k posouzení',
      en: 'not screened: name not given; to be reviewed',
    }),
  }
}

/** § 18: a suspicious transaction (or a sanctions match) is reported within 5 days, through the chamber for lawyers and notaries (§ 26–27). */
function reportCheck(input: Facts, match: boolean, today: string, { date, say }: At) {
  const due = Boolean(input.suspicious) || match
  const lawyer = input.obliged_person === 'lawyer_notary'
  const recipient = !due
    ? null
    : lawyer
      ? say({
          cs: 'Česká advokátní komora (advokát) nebo Notářská komora ČR (notář)',
          en: 'Česká advokátní komora (advokát) or Notářská komora ČR (notář)',
        })
      : 'Finanční analytický úřad (FAÚ)'
  const deadline = due ? addDaysIso(today, 5) : null
  const rules: AppliedRule[] = []
  if (due) {
    rules.push({
      rule: say({
        cs: 'Podezřelý obchod oznámit Finančnímu analytickému úřadu bez zbytečného odkladu, nejpozději do 5 kalendářních dnů; klienta neinformovat',
        en: 'Report a suspicious transaction to the Financial Analytical Office without undue delay, at the latest within 5 calendar days; do not tell the client',
      }),
      ...cite(date, 'cz-253-2008-s18', 'cz-253-2008-s38'),
      outcome: say({ cs: `do ${deadline}`, en: `by ${deadline}` }),
    })
    if (lawyer)
      rules.push({
        rule: say({
          cs: 'Advokát oznamuje České advokátní komoře a notář Notářské komoře ČR, které oznámení předají FAÚ',
          en: 'An advokát reports to the Czech Bar Association and a notář to the Chamber of Notaries, which pass the report on to FAÚ',
        }),
        ...cite(date, 'cz-253-2008-s26'),
        outcome: recipient!,
      })
  }
  return { due, recipient, deadline, rules }
}

/** The duties that follow, in the order they are done. */
function obligationsOf(
  o: {
    identification: boolean
    dd: 'none' | 'standard' | 'enhanced'
    cashExceeded: boolean
    sanctions: string
    unconverted: boolean
    unscreened: boolean
    unnamed: boolean
    notGiven: string[]
    report: boolean
    deadline: string | null
    lawyer: boolean
  },
  t: Thresholds,
  say: Say,
): string[] {
  const out: string[] = []
  if (o.identification)
    out.push(
      say({
        cs: 'identifikovat klienta a ověřit doklad totožnosti (§ 8)',
        en: 'identify the client and verify the identity document (§ 8)',
      }),
    )
  if (o.dd === 'standard' || o.dd === 'enhanced')
    out.push(
      say({
        cs: 'kontrola klienta: účel, skutečný majitel, původ prostředků (§ 9)',
        en: 'client due diligence: purpose, beneficial owner, source of funds (§ 9)',
      }),
    )
  if (o.dd === 'enhanced')
    out.push(
      say({
        cs: 'zesílená kontrola: souhlas vedoucího pracovníka, původ majetku, zesílené sledování (§ 9a)',
        en: 'enhanced due diligence: senior approval, source of wealth, enhanced monitoring (§ 9a)',
      }),
    )
  if (o.cashExceeded)
    out.push(
      say({
        cs: `část nad ${t.cash_payment_limit_czk} Kč musí být zaplacena přes bankovní účet (zákon 254/2004 Sb.)`,
        en: `the part above ${t.cash_payment_limit_czk} CZK must be paid through a bank account (zákon 254/2004 Sb.)`,
      }),
    )
  if (o.sanctions === 'match')
    out.push(
      say({
        cs: 'obchod neprovést; zmrazit majetek a oznámit FAÚ (zákon 69/2006 Sb.)',
        en: 'do not carry out the transaction; freeze the assets and notify FAÚ (zákon 69/2006 Sb.)',
      }),
    )
  if (o.sanctions === 'possible_match')
    out.push(
      say({
        cs: 'před pokračováním vyřešit možnou shodu se sankčním seznamem',
        en: 'resolve the possible sanctions match before proceeding',
      }),
    )
  if (o.unconverted)
    out.push(
      say({
        cs: 'kurz ČNB nebyl dostupný: povinnosti identifikace a kontroly klienta se uplatní, dokud se neprokáže, že částka v EUR je pod jejich limity',
        en: 'the ČNB rate was unavailable: the identification and due-diligence duties are applied until the amount is shown in EUR to be below their thresholds',
      }),
    )
  if (o.unscreened)
    out.push(
      say({
        cs: 'před pokračováním prověřit klienta proti sankčním seznamům (seznamy nebylo možné prohledat)',
        en: 'screen the client against the sanctions lists before proceeding (the lists could not be searched)',
      }),
    )
  if (o.unnamed)
    out.push(
      say({
        cs: 'jméno klienta neuvedeno (name): klient nebyl prověřen proti sankčním seznamům; uveďte jméno (a u fyzické osoby datum narození), aby mohl být',
        en: 'the client’s name is not given (name): the client was not screened against the sanctions lists; give the name (and for a person the birth date) so they can be',
      }),
    )
  out.push(...o.notGiven)
  if (o.report)
    out.push(
      o.lawyer
        ? say({
            cs: `oznámit prostřednictvím své komory (Česká advokátní komora nebo Notářská komora ČR, § 26–27) do ${o.deadline} a klienta neinformovat (§ 38)`,
            en: `report through your chamber (Česká advokátní komora or Notářská komora ČR, § 26–27) by ${o.deadline} and do not inform the client (§ 38)`,
          })
        : say({
            cs: `oznámit FAÚ do ${o.deadline} a klienta neinformovat (§ 18, § 38)`,
            en: `report to FAÚ by ${o.deadline} and do not inform the client (§ 18, § 38)`,
          }),
    )
  if (o.identification || o.dd !== 'none')
    out.push(say({ cs: 'uchovávat záznamy 10 let (§ 16)', en: 'keep the records for 10 years (§ 16)' }))
  return out
}

function isoOf(d: Date): string {
  return d.toISOString().slice(0, 10)
}
function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
