import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { defineAgent } from '../types.ts'
import { validIco } from './company_onboarding_flow.ts'
import { flowInput } from './fields.ts'
import {
  FLOW_VERDICT,
  FlowResultSchema,
  type FlowStep,
  needs,
  pick,
  type Request,
  runFlow,
  skip,
} from './flow.ts'

const withIco = (fields: string[]) => (r: Request, done: Record<string, unknown>) => {
  const bad = validIco(done)
  return bad ? skip(bad) : pick(r, fields)
}

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
        : { subject_type: 'person', ...pick(r, ['name', 'address', 'birth_number']) },
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
  {
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
          declared_owners: (r.beneficial_owners as string[]).map((name) => ({ name })),
        }
      )
    },
  },
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
      return { amount: r.amount, new_relationship: true, client_type, ...(name ? { name } : {}) }
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

export const dueDiligenceFlow = defineAgent({
  service: 'orchestrator',
  name: 'due_diligence_flow',
  description:
    'Due diligence before a deal. On a Czech company (by IČO): IČO checksum, ARES record, insolvency register, VAT register, AML screening, declared beneficial owners and company risk. On a person (a name and an address, no IČO): the KYC identification and the sanctions lists. Both with the AML duties for the deal amount, run in parallel where they can be, each timed, with a roll-up verdict that names any source that failed.',
  input: flowInput([], ['ico', 'name', 'address', 'birth_number', 'amount', 'beneficial_owners']),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  examples: [
    {
      title: 'A company, its declared owner and a 2 million CZK deal',
      input: { ico: '27074358', amount: 2_000_000, beneficial_owners: ['Jan Novák'] },
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
    return runFlow('due_diligence', DUE_DILIGENCE_STEPS, input, ctx)
  },
})
