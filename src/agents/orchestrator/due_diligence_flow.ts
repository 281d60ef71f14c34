import { checkIco } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { defineAgent } from '../types.ts'
import { UBO_VERIFICATION_STEP, withIco } from './company_onboarding_flow.ts'
import type { Duty } from './duties.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, flowLaw, pick, runFlow, skip } from './flow.ts'

/** The company checks do not apply to a person given by name and address. */
const PERSON: Texts = {
  cs: 'osoba bez IČO: kontroly společnosti se neuplatní',
  en: 'a person without an IČO: the company checks do not apply',
}
/** The person checks do not apply to a company given by its IČO. */
const COMPANY: Texts = {
  cs: 'společnost s IČO: kontroly osoby se neuplatní',
  en: 'a company with an IČO: the person checks do not apply',
}

const DUE_DILIGENCE_STEPS: FlowStep[] = [
  {
    id: 'ico',
    service: 'data',
    agent: 'ico_validator',
    purpose: { cs: 'kontrolní součet IČO', en: 'IČO checksum' },
    input: (r) => (r.ico === undefined ? skip(PERSON) : pick(r, ['ico'])),
  },
  {
    id: 'kyc',
    service: 'compliance',
    agent: 'kyc',
    purpose: {
      cs: 'identifikace a kontrola fyzické osoby (AML zákon § 7, § 9)',
      en: 'identification and due diligence of a natural person (AML Act § 7, § 9)',
    },
    input: (r) =>
      r.ico !== undefined
        ? skip(COMPANY)
        : { subject_type: 'person', ...pick(r, ['name', 'address', 'birth_number', 'pep']) },
  },
  {
    id: 'person_sanctions',
    service: 'legal-aml',
    agent: 'sanctions_screening',
    purpose: { cs: 'sankční seznamy: osoba', en: 'sanctions lists: the person' },
    input: (r) => (r.ico !== undefined ? skip(COMPANY) : { name: r.name, type: 'person' }),
  },
  {
    id: 'ares',
    service: 'data',
    agent: 'ares_lookup',
    purpose: {
      cs: 'záznam v ARES: stav, sídlo, právní forma, registrace',
      en: 'ARES record: status, seat, legal form, registrations',
    },
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'insolvency',
    service: 'data',
    agent: 'insolvency_check',
    purpose: { cs: 'insolvenční rejstřík (ISIR)', en: 'insolvency register (ISIR)' },
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'vat',
    service: 'data',
    agent: 'vat_payer_check',
    purpose: { cs: 'registr plátců DPH: nespolehlivý plátce', en: 'VAT register: unreliable payer status' },
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'screening',
    service: 'aml',
    agent: 'company_screening',
    purpose: { cs: 'souhrn sankcí a registrů', en: 'sanctions and register roll-up' },
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
  UBO_VERIFICATION_STEP,
  {
    id: 'aml',
    service: 'legal-aml',
    agent: 'aml_compliance',
    purpose: {
      cs: 'povinnosti podle AML zákona pro částku obchodu (identifikace § 7, kontrola klienta § 9)',
      en: 'AML Act duties for the deal amount (identification § 7, due diligence § 9)',
    },
    after: ['ares'],
    tolerant: true,
    input: (r, done) => {
      if (r.amount === undefined) return skip({ cs: 'chybí amount', en: 'needs amount' })
      const registered = (done.ares as { company?: { name?: string } | null } | undefined)?.company?.name
      const name = typeof r.name === 'string' && r.name.length >= 2 ? r.name : registered
      const client_type = r.ico === undefined ? 'person' : 'company'
      // An IČO is issued to subjects registered in Czechia: the seat's country is CZ (§ 9a),
      // unless the caller says where the client is.
      const country = r.country ?? (r.ico === undefined ? undefined : 'CZ')
      return {
        amount: r.amount,
        new_relationship: true,
        client_type,
        ...(country === undefined ? {} : { country }),
        ...pick(r, ['pep']),
        ...(name ? { name } : {}),
      }
    },
  },
  {
    id: 'risk',
    service: 'risk',
    agent: 'company_risk',
    purpose: { cs: 'rizikové příznaky společnosti', en: 'company risk flags' },
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
]

/** What due diligence on a counterparty asks, section by section, and the steps that do it. */
const DUE_DILIGENCE_DUTIES: Duty[] = [
  {
    name: 'identifier',
    text: { cs: 'IČO má kontrolní číslici podle ČSÚ', en: 'the IČO carries its ČSÚ check digit' },
    law: ['cz-111-2009-s24'],
    steps: ['ico'],
  },
  {
    name: 'register_record',
    text: {
      cs: 'společnost je zapsána: stav, sídlo a právní forma z veřejného rejstříku přes ARES',
      en: 'the company is registered: status, seat and legal form from the public register through ARES',
    },
    law: ['cz-304-2013', 'mf-ares'],
    steps: ['ares'],
  },
  {
    name: 'insolvency',
    text: {
      cs: 'insolvenční rejstřík je veřejný: běží-li proti dlužníkovi řízení',
      en: 'the insolvency register is public: whether proceedings against the debtor are running',
    },
    law: ['cz-182-2006-s419'],
    steps: ['insolvency'],
  },
  {
    name: 'vat_reliability',
    text: {
      cs: 'kdo platí nespolehlivému plátci nebo na nezveřejněný účet, ručí za jeho DPH',
      en: 'whoever pays an unreliable payer, or to an unpublished account, is liable for its VAT',
    },
    law: ['cz-235-2004-s106a'],
    steps: ['vat'],
  },
  {
    name: 'sanctions',
    text: {
      cs: 'protistrana prověřena proti sankčním seznamům (EU, OSN, vnitrostátní)',
      en: 'the counterparty screened against the sanctions lists (EU, UN, national)',
    },
    law: ['eu-269-2014', 'cz-69-2006', 'cz-1-2023'],
    steps: ['screening', 'person_sanctions'],
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
    // a company whose owner was not established is never clear.
    owed: {
      applies: (r) => r.ico !== undefined,
      given: (r) => Array.isArray(r.beneficial_owners) && r.beneficial_owners.length > 0,
      text: {
        cs: 'kontrola klienta-právnické osoby zahrnuje zjištění jejího skutečného majitele (AML zákon § 9 odst. 2 písm. b)); bez něj není výsledek bez výhrad',
        en: 'due diligence on a legal person includes identifying its beneficial owner (AML Act § 9(2)(b)); without it the answer is not clear',
      },
      absent: {
        cs: 'skutečný majitel nebyl uveden ani zjištěn',
        en: 'no beneficial owner declared or found',
      },
      undone: {
        cs: 'skutečného majitele nebylo možné zjistit',
        en: 'the beneficial owner could not be established',
      },
    },
  },
  {
    name: 'person_identification',
    text: {
      cs: 'fyzická osoba identifikována jejími identifikačními údaji',
      en: 'a natural person identified by their identification data',
    },
    law: ['cz-253-2008-s5', 'cz-253-2008-s7', 'cz-253-2008-s8'],
    steps: ['kyc'],
  },
  {
    name: 'aml_duties',
    text: {
      cs: 'identifikace od 1 000 EUR a při novém vztahu, kontrola klienta od 15 000 EUR',
      en: 'identification from 1,000 EUR and in a new relationship, due diligence from 15,000 EUR',
    },
    law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
    steps: ['aml'],
    // The deal is taken as a new relationship, which owes identification and due diligence
    // whatever its size; for a company the aml step, which needs the amount, decides them and § 9a
    // (a PEP, a high-risk country) — a person's kyc and screening are steps of their own.
    owed: {
      applies: (r) => typeof r.ico === 'string' && checkIco(r.ico).valid,
      given: (r) => r.amount !== undefined,
      text: {
        cs: 'obchod s novým klientem-společností: identifikace (AML zákon § 7) a kontrola klienta (§ 9) podle částky obchodu; bez jejich posouzení není výsledek bez výhrad',
        en: 'a deal with a new client, a company: identification (AML Act § 7) and due diligence (§ 9) by the deal amount; without deciding them the answer is not clear',
      },
      absent: {
        cs: 'amount není uvedena: povinnosti podle AML zákona pro obchod (identifikace, kontrola klienta, zesílená kontrola podle § 9a) se neposoudily — uveďte amount, hodnotu obchodu v Kč',
        en: 'amount not given: the AML Act duties for the deal (identification, due diligence, enhanced due diligence under § 9a) were not decided — give amount, the value of the deal in CZK',
      },
      undone: {
        cs: 'povinnosti podle AML zákona pro obchod nebylo možné posoudit',
        en: 'the AML Act duties for the deal could not be decided',
      },
    },
  },
  {
    name: 'company_risk',
    text: {
      cs: 'rizikové příznaky protistrany podle vah provozovatele',
      en: "the counterparty's risk flags by the operator's weights",
    },
    law: ['policy-company-risk-flags'],
    steps: ['risk'],
  },
]

export const dueDiligenceFlow = defineAgent({
  service: 'orchestrator',
  name: 'due_diligence_flow',
  description:
    'Due diligence before a deal. On a Czech company (by IČO): IČO checksum, ARES record, insolvency register, VAT register, AML screening, declared beneficial owners (each a name, or with its share, votes or control; an owner given by name alone is left to a person) and company risk. On a person (a name and an address, no IČO): the KYC identification and the sanctions lists. Both with the AML duties for the deal amount, run in parallel where they can be, each timed, with a roll-up verdict that names any source that failed. A company’s deal given with no amount is reviewed, naming amount: the AML duties for it were not decided.',
  input: flowInput(
    [],
    ['ico', 'name', 'address', 'birth_number', 'amount', 'beneficial_owners', 'pep', 'country'],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  law: flowLaw(DUE_DILIGENCE_DUTIES),
  examples: [
    {
      title: 'A company, its declared owner and a 2 million CZK deal',
      input: {
        ico: '27074358',
        amount: 2_000_000,
        beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
      },
    },
    { title: 'A seven-digit IČO (zero-padded)', input: { ico: '0064581' } },
    {
      title: 'A person by name and address',
      input: { name: 'Jana Nováková', address: 'Korunní 810/104, 101 00 Praha 10' },
    },
  ],
  async run(input, ctx) {
    if (input.ico === undefined && input.name === undefined)
      throw errors.invalid('ico', 'required, or the name (and address) of a person')
    return runFlow('due_diligence', DUE_DILIGENCE_STEPS, DUE_DILIGENCE_DUTIES, input, ctx)
  },
})
