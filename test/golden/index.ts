/** The golden-case files, one per agent service (see format.ts). */
import { aml } from './aml.ts'
import { banking } from './banking.ts'
import { compliance } from './compliance.ts'
import { contact } from './contact.ts'
import { data } from './data.ts'
import type { GoldenFile } from './format.ts'
import { insurance } from './insurance.ts'
import { legal } from './legal.ts'
import { legalAml } from './legal-aml.ts'
import { orchestrator } from './orchestrator.ts'
import { realEstate } from './real-estate.ts'
import { risk } from './risk.ts'

export const GOLDEN_FILES: GoldenFile[] = [
  banking,
  insurance,
  aml,
  risk,
  legalAml,
  legal,
  data,
  contact,
  orchestrator,
  realEstate,
  compliance,
]

/** The services whose every agent the catalogue checks hold to its golden cases. */
export const GOLDEN_SERVICES: string[] = GOLDEN_FILES.map((f) => f.service)
