import { checkIco } from '../../engines/czech/identifiers.ts'
import type { Texts } from '../lang.ts'
import type { DeclaredOwner } from '../legal-aml/ubo-checks.ts'
import { defineAgent } from '../types.ts'
import type { Duty } from './duties.ts'
import { flowInput } from './fields.ts'
import {
  FLOW_VERDICT,
  FlowResultSchema,
  type FlowStep,
  flowLaw,
  needs,
  pick,
  type Request,
  runFlow,
  skip,
} from './flow.ts'

/** Steps that need a company: skipped with the reason when the IČO fails its checksum. */
export function validIco(done: Record<string, unknown>): Texts | undefined {
  const check = done.ico as { valid?: boolean; reason?: string | null } | undefined
  return check?.valid === false
    ? {
        cs: `IČO nesplňuje kontrolní součet (${check.reason})`,
        en: `IČO fails its checksum (${check.reason})`,
      }
    : undefined
}

/** A step's input picked from the request, skipped with the reason when the IČO fails its checksum. */
export const withIco = (fields: string[]) => (r: Request, done: Record<string, unknown>) => {
  const bad = validIco(done)
  return bad ? skip(bad) : pick(r, fields)
}

/**
 * A client whose IČO passes its checksum: only such a company can be onboarded, so only for it are
 * the owed duties below owed (a bad IČO is adverse by itself, its lookups skipped).
 */
const onboardable = (r: Request) => typeof r.ico === 'string' && checkIco(r.ico).valid

/**
 * The declared beneficial owners checked by ubo_verification (shared with due_diligence_flow): due
 * diligence on a legal person includes identifying its beneficial owner.
 */
export const UBO_VERIFICATION_STEP: FlowStep = {
  id: 'ubo',
  service: 'legal-aml',
  agent: 'ubo_verification',
  purpose: {
    cs: 'uvedení skuteční majitelé ověření v evidenci a proti sankcím (AML zákon § 9)',
    en: 'declared beneficial owners checked against the register and sanctions (AML Act § 9)',
  },
  after: ['ico'],
  input: (r, done) => {
    const bad = validIco(done)
    if (bad) return skip(bad)
    return (
      needs(r, ['beneficial_owners']) ?? {
        ico: r.ico,
        declared_owners: (r.beneficial_owners as (string | DeclaredOwner)[]).map((o) =>
          typeof o === 'string' ? { name: o } : o,
        ),
      }
    )
  },
}

const ONBOARDING_STEPS: FlowStep[] = [
  {
    id: 'ico',
    service: 'data',
    agent: 'ico_validator',
    purpose: { cs: 'kontrolní součet IČO', en: 'IČO checksum' },
    input: (r) => pick(r, ['ico']),
  },
  {
    id: 'dic',
    service: 'data',
    agent: 'dic_validator',
    purpose: { cs: 'formát a kontrolní součet DIČ', en: 'DIČ format and checksum' },
    input: (r) => needs(r, ['dic']) ?? pick(r, ['dic']),
  },
  {
    id: 'ares',
    service: 'data',
    agent: 'ares_lookup',
    purpose: {
      cs: 'zapsaný název, sídlo, právní forma a stav v ARES',
      en: 'registered name, seat, legal form and status in ARES',
    },
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'screening',
    service: 'aml',
    agent: 'company_screening',
    purpose: {
      cs: 'sankce, insolvence a příznaky z registrů; každý člen statutárního orgánu a společník z veřejného rejstříku proti sankčním seznamům a seznamům PEP',
      en: 'sanctions, insolvency and register flags; every statutory-body member and shareholder from the public register against the sanctions and PEP lists',
    },
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
  {
    id: 'risk',
    service: 'risk',
    agent: 'company_risk',
    purpose: {
      cs: 'rizikové příznaky společnosti (stáří, stav, insolvence)',
      en: 'company risk flags (age, status, insolvency)',
    },
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
  UBO_VERIFICATION_STEP,
  {
    id: 'kyc',
    service: 'compliance',
    agent: 'kyc',
    purpose: {
      cs: 'úplnost identifikačních údajů (AML zákon §§ 5 a 7), statutární orgán ověřený ve veřejném rejstříku',
      en: 'identification data completeness (AML Act §§ 5 and 7), the statutory body checked against the public register',
    },
    after: ['ico'],
    input: (r, done) => {
      const bad = validIco(done)
      if (bad) return skip(bad)
      return (
        needs(r, ['name']) ?? {
          subject_type: 'company',
          ...pick(r, ['name', 'ico', 'dic', 'address']),
          ...(r.representative ? { statutory_body: [r.representative] } : {}),
        }
      )
    },
  },
  {
    id: 'cdd',
    service: 'compliance',
    agent: 'cdd_risk_scoring',
    purpose: {
      cs: 'riziko pro kontrolu klienta: země, produkt, kanál (AML zákon § 9, vyhl. 67/2018)',
      en: 'customer due diligence risk: country, product, channel (AML Act § 9, vyhl. 67/2018)',
    },
    after: ['ico'],
    input: (r, done) => {
      const bad = validIco(done)
      if (bad) return skip(bad)
      // An IČO is issued to subjects registered in Czechia: the registration country is CZ.
      return (
        needs(r, ['product', 'channel']) ?? {
          customer_type: 'company',
          countries: ['CZ'],
          ...pick(r, ['product', 'channel', 'pep']),
        }
      )
    },
  },
  {
    id: 'address',
    service: 'data',
    agent: 'address_normalizer',
    purpose: {
      cs: 'sídlo ověřené v místopisu RÚIAN',
      en: 'the registered seat checked against the RÚIAN gazetteer',
    },
    input: (r) => needs(r, ['address']) ?? pick(r, ['address']),
  },
  {
    id: 'contact',
    service: 'contact',
    agent: 'contact_enrichment',
    purpose: {
      cs: 'zástupce: ověřené jméno, e-mail a telefon',
      en: 'the representative: name, e-mail and phone checked',
    },
    input: (r) =>
      needs(r, ['representative']) ?? {
        name: r.representative,
        ...pick(r, ['email', 'phone']),
        check_mx: false,
      },
  },
]

/** What onboarding a business client asks, section by section, and the steps that do it. */
const ONBOARDING_DUTIES: Duty[] = [
  {
    name: 'identifiers',
    text: {
      cs: 'IČO má kontrolní číslici podle ČSÚ; DIČ je CZ a identifikátor přidělený správcem daně',
      en: 'the IČO carries its ČSÚ check digit; the DIČ is CZ and the identifier the tax administrator gave',
    },
    law: ['cz-111-2009-s24', 'cz-280-2009-s130'],
    steps: ['ico', 'dic'],
  },
  {
    name: 'identification',
    text: {
      cs: 'při navázání obchodního vztahu se klient identifikuje: obchodní firma, sídlo, IČO a osoby ve statutárním orgánu z veřejného rejstříku a fyzická osoba, která za něj jedná',
      en: 'entering a business relationship, the client is identified: business name, seat, IČO and the persons in its statutory body from the public register, and the natural person acting for it',
    },
    law: ['cz-253-2008-s7', 'cz-253-2008-s5', 'cz-253-2008-s8', 'cz-304-2013'],
    steps: ['ares', 'kyc'],
    // Entering a business relationship, the client is always identified (§ 7): the kyc step,
    // which needs the name, is not left out in silence.
    owed: {
      applies: onboardable,
      given: (r) => r.name !== undefined,
      text: {
        cs: 'při navázání obchodního vztahu se klient identifikuje vždy (AML zákon § 7, § 8); bez identifikace není výsledek bez výhrad',
        en: 'entering a business relationship, the client is always identified (AML Act § 7, § 8); without it the answer is not clear',
      },
      absent: {
        cs: 'name není uvedeno: úplnost identifikačních údajů klienta (kyc) se neověřila — uveďte name, obchodní firmu klienta, jak ji vede veřejný rejstřík',
        en: "name not given: the client's identification data (kyc) were not checked — give name, the client's business name as the public register holds it",
      },
      undone: {
        cs: 'identifikaci klienta nebylo možné dokončit',
        en: 'the client’s identification could not be completed',
      },
    },
  },
  {
    name: 'sanctions',
    text: {
      cs: 'klient, členové jeho statutárních orgánů a společníci prověření proti sankčním seznamům a seznamům politicky exponovaných osob',
      en: 'the client, the members of its statutory bodies and its shareholders screened against the sanctions and politically exposed persons lists',
    },
    law: ['eu-269-2014', 'cz-69-2006', 'cz-1-2023', 'cz-253-2008-s4-5'],
    steps: ['screening'],
  },
  {
    name: 'due_diligence',
    text: {
      cs: 'kontrola klienta: riziko podle země, produktu a kanálu, zesílená u vyššího rizika',
      en: 'customer due diligence: the risk by country, product and channel, enhanced for a higher risk',
    },
    law: ['cz-253-2008-s9', 'cz-cnb-67-2018-s9'],
    steps: ['cdd', 'risk'],
    // Due diligence is owed in every business relationship (§ 9): the risk score by product and
    // channel, which the cdd step needs, is not left out in silence.
    owed: {
      applies: onboardable,
      given: (r) => r.product !== undefined && r.channel !== undefined,
      text: {
        cs: 'v obchodním vztahu se provádí kontrola klienta (AML zákon § 9) a její rozsah se řídí rizikem klienta, produktu a kanálu; bez ní není výsledek bez výhrad',
        en: 'in a business relationship client due diligence is done (AML Act § 9), its extent set by the risk of the client, the product and the channel; without it the answer is not clear',
      },
      absent: {
        cs: 'product nebo channel není uveden: riziko klienta pro kontrolu (cdd) se neposoudilo — uveďte product (produkt, který klient dostane) a channel (jak byl klient identifikován)',
        en: 'product or channel not given: the due-diligence risk (cdd) was not assessed — give product (what the client is given) and channel (how the client was identified)',
      },
      undone: {
        cs: 'riziko klienta pro kontrolu nebylo možné posoudit',
        en: 'the due-diligence risk could not be assessed',
      },
    },
  },
  {
    name: 'beneficial_owners',
    text: {
      cs: 'skuteční majitelé zjištěni a ověřeni v evidenci skutečných majitelů',
      en: 'the beneficial owners identified and checked in the register of beneficial owners',
    },
    law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
    steps: ['ubo'],
    // Identifying the beneficial owner is part of customer due diligence (§ 9 odst. 2 písm. b)):
    // a company onboarded without it is never clear.
    owed: {
      applies: onboardable,
      given: (r) => Array.isArray(r.beneficial_owners) && r.beneficial_owners.length > 0,
      text: {
        cs: 'kontrola klienta-právnické osoby zahrnuje zjištění jejího skutečného majitele (AML zákon § 9 odst. 2 písm. b)); bez něj není výsledek bez výhrad',
        en: 'due diligence on a legal person includes identifying its beneficial owner (AML Act § 9(2)(b)); without it the answer is not clear',
      },
      absent: {
        cs: 'beneficial_owners nejsou uvedeni: skutečný majitel klienta nebyl zjištěn — uveďte beneficial_owners, skutečné majitele, jak je klient prohlásí (jméno, případně podíl, hlasy nebo kontrolu)',
        en: "beneficial_owners not given: the client's beneficial owner was not identified — give beneficial_owners, the owners the client declares (a name, or with its share, votes or control)",
      },
      undone: {
        cs: 'skutečného majitele nebylo možné zjistit',
        en: 'the beneficial owner could not be established',
      },
    },
  },
  {
    name: 'seat',
    text: {
      cs: 'sídlo je adresní místo základního registru RÚIAN',
      en: 'the seat is an address point of the RÚIAN basic register',
    },
    law: ['cz-111-2009-ruian'],
    steps: ['address'],
  },
  {
    name: 'representative_contact',
    text: {
      cs: 'e-mail a telefon jmenované osoby jsou osobní údaje: zpracují se jen s právním základem',
      en: "a named person's e-mail and phone are personal data: processed only on a lawful basis",
    },
    law: ['eu-2016-679-art6'],
    steps: ['contact'],
  },
]

export const companyOnboardingFlow = defineAgent({
  service: 'orchestrator',
  name: 'company_onboarding_flow',
  description:
    "Onboards a business client: IČO and DIČ checks, ARES record, AML company screening (with every member of the statutory bodies and every shareholder from the public register screened against the sanctions and PEP lists, each reported in the screening step), company risk, the declared beneficial owners checked against the register of beneficial owners and the sanctions lists, KYC completeness (the representative checked against the statutory body on record), CDD risk score, the registered seat in the RÚIAN gazetteer and the representative's contact details, each through its own agent and timed. A bad IČO checksum stops the company lookups and says why; an unreachable register makes the answer partial, never a pass; with no name (the identification), no product and channel (the due-diligence risk) or no beneficial_owners (the beneficial owner) the step that needs them cannot run and the answer is review, naming what to give, never clear. A natural person is onboarded by compliance/kyc with subject_type person.",
  input: flowInput(
    ['ico'],
    [
      'name',
      'dic',
      'address',
      'representative',
      'email',
      'phone',
      'product',
      'channel',
      'pep',
      'beneficial_owners',
    ],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  law: flowLaw(ONBOARDING_DUTIES),
  examples: [
    {
      title: 'A company with its representative',
      input: {
        ico: '27074358',
        name: 'Firma s.r.o.',
        dic: 'CZ27074358',
        address: 'Vinohradská 1511/230, 100 00 Praha 10',
        representative: 'Ing. Jan Novák',
        email: 'jan.novak@firma.cz',
        phone: '+420 602 123 456',
        product: 'current_account',
        channel: 'remote_verified',
        beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
      },
    },
    { title: 'An IČO with a wrong check digit: the company lookups are skipped', input: { ico: '27074357' } },
  ],
  async run(input, ctx) {
    return runFlow('company_onboarding', ONBOARDING_STEPS, ONBOARDING_DUTIES, input, ctx)
  },
})
