import { contactDedup } from './contact_dedup.ts'
import { contactEnrichment } from './contact_enrichment.ts'
import { contactSearch } from './contact_search.ts'
import { disposableEmailCheck } from './disposable_email_check.ts'
import { domainGuesser } from './domain_guesser.ts'
import { emailFinder } from './email_finder.ts'
import { emailPatternInference } from './email_pattern_inference.ts'
import { emailVerifier } from './email_verifier.ts'
import { nameParser } from './name_parser.ts'
import { phoneClassifier } from './phone_classifier.ts'
import { phoneNormalizer } from './phone_normalizer.ts'
import { roleClassifier } from './role_classifier.ts'
import { vcardExport } from './vcard_export.ts'

/** The contact agents, one file each. */
export const contactAgents = [
  emailFinder,
  emailPatternInference,
  emailVerifier,
  disposableEmailCheck,
  phoneNormalizer,
  phoneClassifier,
  contactSearch,
  contactDedup,
  nameParser,
  domainGuesser,
  roleClassifier,
  vcardExport,
  contactEnrichment,
]
