/**
 * The aml service's variables (beside the common ones and AML_PORT), read by the service and by
 * `gatehouse aml …`; `monitorWebhook` checks the webhook's and builds it.
 */
import { DEFAULT_THRESHOLD } from '../../engines/aml/index.ts'
import { registrySpec } from '../../engines/registries/config.ts'
import { ConfigError, env } from '../../kit/config.ts'
import { operatorKeySpec } from '../../kit/operator-keys.ts'
import { AlertWebhook } from './modules/monitor/webhook.ts'

export const amlSpec = {
  // The platform's keys (the gateway's and the router's variables): reading the audit trail takes one.
  ...operatorKeySpec,
  AML_LISTS_DIR: env.string({
    default: '../shared/data/sanctions',
    doc: 'folder of list files imported into an empty store at start-up ("none" to skip)',
  }),
  AML_LISTS_RELOAD_SECONDS: env.int({
    default: 60,
    min: 0,
    max: 86_400,
    doc: 'how often the store is asked for list versions another process imported; a new one is screened after a rebuild in the background (0: only on restart)',
  }),
  AML_RATE_LIMIT_PER_MINUTE: env.int({
    default: 10,
    min: 1,
    max: 1_000_000,
    doc: 'screening requests per client IP per sliding minute',
  }),
  AML_MAX_CONCURRENT: env.int({
    default: 10,
    min: 1,
    max: 1000,
    doc: 'screenings running at once (across every instance when REDIS_URL is set)',
  }),
  AML_QUEUE_WAIT_MS: env.int({
    default: 2000,
    min: 0,
    max: 60_000,
    doc: 'how long a screening waits for a slot before 503',
  }),
  AML_BATCH_MAX_BYTES: env.int({
    default: 32 * 1024 * 1024,
    min: 1024,
    max: 256 * 1024 * 1024,
    doc: 'largest batch (JSON body or CSV upload), bytes',
  }),
  AML_BATCH_MAX_ACTIVE: env.int({
    default: 2,
    min: 1,
    max: 100,
    doc: 'batches one key may have queued or running at once',
  }),
  AML_MONITOR_WEBHOOK_URL: env.url({
    protocols: ['https', 'http'],
    doc: 'where monitoring alerts are posted, each signed (unset: no webhook; https with NODE_ENV=production)',
  }),
  AML_MONITOR_WEBHOOK_SECRET: env.optionalString({
    doc: 'HMAC-SHA256 key of the webhook signature (at least 16 characters; required with the URL)',
  }),
  AML_MATCH_THRESHOLD: env.number({
    default: DEFAULT_THRESHOLD,
    min: 0.5,
    max: 1,
    doc: 'sanctions hit threshold on the 0..1 match score',
  }),
  AML_PEP_LISTS: env.optionalString({
    doc: 'comma-separated PEP list files or folders (any supported list format); unset: pep is NOT_CONFIGURED',
  }),
  AML_NETWORK_MODULES: env.bool({
    default: true,
    doc: 'call ARES and ISIR (false: registry and insolvency are NOT_CONFIGURED)',
  }),
  AML_REGISTRY_TIMEOUT_MS: env.int({
    default: 5000,
    min: 100,
    max: 60_000,
    doc: 'time budget of the registry (ARES) module',
  }),
  AML_INSOLVENCY_TIMEOUT_MS: env.int({
    default: 8000,
    min: 100,
    max: 60_000,
    doc: 'time budget of the insolvency (ISIR) module',
  }),
  AML_REGISTRY_CACHE_SECONDS: env.int({
    default: 86_400,
    min: 0,
    max: 2_592_000,
    doc: 'ARES/ISIR answers reused without a call',
  }),
  ...registrySpec,
}

/**
 * The monitoring webhook the configuration asks for, or undefined; a URL without a secret (alerts
 * name clients: unsigned posts are refused), a short secret, or plain http in production is a
 * configuration error.
 */
export function monitorWebhook(config: {
  NODE_ENV: string
  AML_MONITOR_WEBHOOK_URL?: string | undefined
  AML_MONITOR_WEBHOOK_SECRET?: string | undefined
}): AlertWebhook | undefined {
  const url = config.AML_MONITOR_WEBHOOK_URL
  const secret = config.AML_MONITOR_WEBHOOK_SECRET
  if (!url) {
    if (secret)
      throw new ConfigError(['AML_MONITOR_WEBHOOK_SECRET is set but AML_MONITOR_WEBHOOK_URL is not'])
    return undefined
  }
  const problems: string[] = []
  if (!secret)
    problems.push('AML_MONITOR_WEBHOOK_URL needs AML_MONITOR_WEBHOOK_SECRET (alerts are posted signed)')
  else if (secret.length < 16) problems.push('AML_MONITOR_WEBHOOK_SECRET must be at least 16 characters')
  if (config.NODE_ENV === 'production' && !url.startsWith('https:'))
    problems.push('AML_MONITOR_WEBHOOK_URL must be https with NODE_ENV=production (alerts name clients)')
  if (problems.length > 0) throw new ConfigError(problems)
  return new AlertWebhook({ url, secret: secret! })
}
