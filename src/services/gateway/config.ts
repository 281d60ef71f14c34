/**
 * The gateway's variables (beside the common ones and GATEWAY_PORT). `checkGatewayConfig` refuses
 * to start in production with the documented development admin key or a short one.
 */
import { agentSpec } from '../../agents/deps.ts'
import { KEY_PREFIX_PATTERN } from '../../engines/keys/format.ts'
import { ConfigError, env, type Parsed } from '../../kit/config.ts'

/** The documented development admin key (shared with the router: one ADMIN_API_KEY per platform). */
export const DEV_ADMIN_KEY = 'dev-admin-key-change-me'
/** Shortest admin key accepted in production (characters). */
const MIN_PRODUCTION_ADMIN_KEY_LENGTH = 24

export const gatewaySpec = {
  ...agentSpec,
  ADMIN_API_KEY: env.string({
    default: DEV_ADMIN_KEY,
    doc: 'X-Admin-Key for /admin/keys/*; the default is refused when NODE_ENV=production',
  }),
  API_KEY_PREFIX: env.string({ default: 'gk', doc: 'prefix of issued keys: <prefix>_<32 base62>' }),
  AGENTS_URL: env.url({
    protocols: ['http', 'https'],
    doc: 'agent runner to forward /api/{service}/{agent} to (another gateway); agents run in process when unset',
  }),
  AGENTS_API_KEY: env.optionalString({ doc: 'X-API-Key sent to AGENTS_URL' }),
  AGENTS_TIMEOUT_SECONDS: env.int({ default: 30, min: 1, max: 600, doc: 'per forwarded agent call' }),
  KNOWLEDGE_URL: env.string({ default: 'http://127.0.0.1:8200', doc: 'knowledge service (health)' }),
  AML_URL: env.string({ default: 'http://127.0.0.1:8300', doc: 'AML service (health)' }),
  ROUTER_URL: env.string({ default: 'http://127.0.0.1:8100', doc: 'router service (health)' }),
  HEALTH_TIMEOUT_MS: env.int({ default: 800, min: 50, max: 10_000, doc: 'per backing-service probe' }),
  USAGE_FLUSH_MS: env.int({
    default: 1000,
    min: 50,
    max: 60_000,
    doc: 'longest wait of a usage row before it is written',
  }),
  USAGE_RETENTION_DAYS: env.int({
    default: 400,
    min: 1,
    max: 3650,
    doc: 'usage rows older than this are deleted',
  }),
}

export type GatewayConfig = Parsed<typeof gatewaySpec> & { NODE_ENV: string }

export function checkGatewayConfig(config: GatewayConfig): void {
  const problems: string[] = []
  const prefix = keyPrefixProblem(config.API_KEY_PREFIX)
  if (prefix) problems.push(prefix)
  if (config.NODE_ENV === 'production') {
    if (config.ADMIN_API_KEY === DEV_ADMIN_KEY) {
      problems.push('ADMIN_API_KEY is the development default; set a secret (e.g. `openssl rand -base64 32`)')
    } else if (config.ADMIN_API_KEY.length < MIN_PRODUCTION_ADMIN_KEY_LENGTH) {
      problems.push(
        `ADMIN_API_KEY must be at least ${MIN_PRODUCTION_ADMIN_KEY_LENGTH} characters in production`,
      )
    }
  }
  if (problems.length > 0) throw new ConfigError(problems)
}

export function keyPrefixProblem(prefix: string): string | undefined {
  if (KEY_PREFIX_PATTERN.test(prefix)) return undefined
  return `API_KEY_PREFIX must be 1 to 8 lower-case letters or digits starting with a letter, got "${prefix}"`
}
