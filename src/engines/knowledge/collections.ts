/**
 * The ten collections of the knowledge base. The first six are named by the platform's contract;
 * the last four hold what its users look up most besides: the public registers, sanctions and PEP
 * screening, due-diligence procedures, and a bilingual glossary.
 */
export interface CollectionDef {
  name: string
  description: string
}

export const COLLECTIONS: readonly CollectionDef[] = [
  {
    name: 'reality_scan_core',
    description:
      'Reality Scan: how the platform checks a property and the parties to a deal — data sources, checks, risk signals and scoring.',
  },
  {
    name: 'service_knowledge',
    description:
      'Guides to the Gatehouse services: discovery, agent gateway, AML screening, knowledge base, router and domain APIs — routes, limits, errors.',
  },
  {
    name: 'aml_regulations',
    description:
      'Anti-money-laundering obligations in plain language: Act No. 253/2008 Coll., the EU directives, the FAU supervisor — identification, due diligence, reporting, record keeping.',
  },
  {
    name: 'legal_documents',
    description:
      'Legal texts structured by § and odstavec: the platform terms of service, the privacy policy and model contract clauses.',
  },
  {
    name: 'real_estate',
    description:
      'Czech real-estate practice: the cadastre (katastr nemovitostí), purchase and escrow, leases, encumbrances and the duties of real-estate agents.',
  },
  {
    name: 'reality_reports',
    description:
      'How to read property and counterparty reports: their sections, risk levels, typical findings and recommended actions.',
  },
  {
    name: 'company_registry',
    description:
      'Czech public registers: ARES, the Commercial Register, the beneficial-owner register, the insolvency register and trade licences — what each holds and how to read it.',
  },
  {
    name: 'sanctions_pep',
    description:
      'Sanctions and politically exposed persons: EU, UN and Czech sanctions regimes, PEP definitions, screening and name matching.',
  },
  {
    name: 'due_diligence',
    description:
      'Client due-diligence checklists and procedures: onboarding, KYC and KYB, source of funds, risk assessment, enhanced due diligence.',
  },
  {
    name: 'glossary',
    description: 'Glossary of compliance, legal and real-estate terms in Czech and English.',
  },
]

export const COLLECTION_NAMES: readonly string[] = COLLECTIONS.map((c) => c.name)
