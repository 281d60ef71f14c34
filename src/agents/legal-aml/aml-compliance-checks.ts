/**
 * The checks of aml_compliance, each over the transaction's facts on its day: identification (§ 7),
 * due diligence and its enhanced triggers (§ 9, § 9a), the cash-payment limit (zákon 254/2004 Sb.),
 * the sanctions rule, the report (§ 18) and the obligations they add up to.
 */
import { addDays } from '../../engines/reference/calendar.ts'
import { type highRiskOn, highRiskRule, thresholdRule, type thresholdsOn } from '../aml/common.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export const round2 = (x: number) => Math.round(x * 100) / 100

export type Thresholds = ReturnType<typeof thresholdsOn>
export interface At {
  t: Thresholds
  date: string
  say: Say
}
export interface Facts {
  new_relationship?: boolean | undefined
  suspicious?: boolean | undefined
  pep?: boolean | undefined
  cash?: boolean | undefined
  obliged_person?: string | undefined
}

/** § 7: identification, from 1,000 EUR, a new relationship or a suspicion; fail closed without a rate. */
export function identificationCheck(input: Facts, eur: number | null, { t, date, say }: At) {
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
export function dueDiligenceCheck(
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
export function eddUnknowns(
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
export function cashCheck(input: Facts, czk: number | null, eur: number | null, { t, date, say }: At) {
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

export function sanctionsRule(status: string, date: string, say: Say): AppliedRule {
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
export function unnamedRule(date: string, say: Say): AppliedRule {
  return {
    ...sanctionsRule('not_checked', date, say),
    outcome: say({
      cs: 'neprověřeno: jméno neuvedeno; k posouzení',
      en: 'not screened: name not given; to be reviewed',
    }),
  }
}

/** § 18: a suspicious transaction (or a sanctions match) is reported within 5 days, through the chamber for lawyers and notaries (§ 26–27). */
export function reportCheck(input: Facts, match: boolean, today: string, { date, say }: At) {
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
  const deadline = due ? addDays(today, 5) : null
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
export function obligationsOf(
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
