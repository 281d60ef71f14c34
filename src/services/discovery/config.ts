/** The discovery service's variables (beside the common ones and DISCOVERY_PORT), and the public identity they give. */
import { fileURLToPath } from 'node:url'
import { checkOrigin, DEFAULT_ORIGIN } from '../../engines/discovery/dataset.ts'
import { ConfigError, env } from '../../kit/config.ts'

export const SHIPPED_DATASET = fileURLToPath(
  new URL('../../../data/discovery/snapshot.json', import.meta.url),
)

export const discoverySpec = {
  DISCOVERY_DATASET: env.string({
    default: SHIPPED_DATASET,
    doc: 'dataset file (JSON); default the shipped data/discovery/snapshot.json',
  }),
  DISCOVERY_ORIGIN: env.url({
    protocols: ['https'],
    doc: `public https origin: canonical_url = origin + record path; also the declared server (default ${DEFAULT_ORIGIN})`,
  }),
  DISCOVERY_RATE_LIMIT_PER_MINUTE: env.int({
    default: 120,
    min: 1,
    max: 10_000_000,
    doc: 'requests per client IP per sliding minute',
  }),
  DISCOVERY_SECURITY_CONTACT: env.optionalString({
    doc: 'security.txt Contact URI (mailto: or https:); default mailto:security@<origin host>',
  }),
}

/**
 * The public origin (canonical URLs, the declared server) and the security.txt contact, or a
 * ConfigError naming every problem.
 */
export function publicIdentity(config: {
  DISCOVERY_ORIGIN?: string | undefined
  DISCOVERY_SECURITY_CONTACT?: string | undefined
}): { origin: string; contact: string } {
  const origin = config.DISCOVERY_ORIGIN ?? DEFAULT_ORIGIN
  const problems: string[] = []
  const originProblem = checkOrigin(origin)
  if (originProblem) problems.push(`DISCOVERY_ORIGIN ${originProblem}`)
  const contact = config.DISCOVERY_SECURITY_CONTACT ?? `mailto:security@${new URL(origin).hostname}`
  if (!/^(mailto:[^\s@]+@\S+|https:\/\/\S+)$/.test(contact))
    problems.push(`DISCOVERY_SECURITY_CONTACT must be a mailto: or https: URI, got "${contact}"`)
  if (problems.length > 0) throw new ConfigError(problems)
  return { origin, contact }
}
