/**
 * The router's variables (beside the common ones and ROUTER_PORT). Parsed once at start-up;
 * `checkProductionKeys` refuses to start in production with the documented development keys.
 */

import { resolve } from 'node:path'
import { agentSpec } from '../../agents/deps.ts'
import { embeddingsSpec } from '../../engines/knowledge/embedders/config.ts'
import { env, type Parsed } from '../../kit/config.ts'
import { egressSpec } from '../../kit/egress.ts'

/** Development defaults, printed at start-up and refused when NODE_ENV=production. */
export { DEV_ADMIN_KEY, DEV_INTERNAL_KEY } from '../../kit/secrets.ts'

import { DEV_ADMIN_KEY, DEV_INTERNAL_KEY } from '../../kit/secrets.ts'

/** The repository root (for the shipped context folder and the documentation). */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..')

export const routerSpec = {
  ...agentSpec,
  LLM_FALLBACK_MODELS: env.string({
    default: '',
    doc: 'comma-separated models tried in order when the requested one fails (after its retries)',
  }),
  LLM_RETRIES: env.int({ default: 2, min: 0, max: 10, doc: 'extra attempts per model before falling back' }),
  LLM_STREAM_IDLE_SECONDS: env.int({
    default: 60,
    min: 1,
    max: 600,
    doc: 'longest silence between two streamed chunks before the stream is cut',
  }),
  CHAIN_CHAT_DEADLINE_SECONDS: env.int({
    default: 300,
    min: 1,
    max: 3600,
    doc: 'longest a /v1/chain/chat request may take, all its rounds of model and tool calls together',
  }),
  ADMIN_API_KEY: env.string({
    default: DEV_ADMIN_KEY,
    doc: 'X-Admin-Key for /v1/gpt/sync and /v1/context/sync',
  }),
  INTERNAL_API_KEY: env.string({ default: DEV_INTERNAL_KEY, doc: 'X-API-Key for /truth-log' }),
  ROUTER_REQUIRE_API_KEY: env.bool({
    default: false,
    doc: 'require a gateway-issued key (Bearer or X-API-Key) on every non-admin route',
  }),
  ROUTER_WORKERS: env.int({
    default: 4,
    min: 0,
    max: 256,
    doc: 'built-in workers (jobs run at once in process)',
  }),
  ROUTER_LEASE_SECONDS: env.int({ default: 30, min: 1, max: 3600, doc: 'default job lease' }),
  ROUTER_MAX_ATTEMPTS: env.int({ default: 3, min: 1, max: 100, doc: 'default attempts per job' }),
  ROUTER_REAP_SECONDS: env.int({ default: 2, min: 1, max: 600, doc: 'how often lapsed leases are requeued' }),
  ROUTER_WORKER_TTL_SECONDS: env.int({
    default: 60,
    min: 5,
    max: 86_400,
    doc: 'a worker unseen this long is offline',
  }),
  KNOWLEDGE_URL: env.string({
    default: 'http://127.0.0.1:8200',
    doc: 'knowledge service, for /rag/* and kb.search',
  }),
  AML_URL: env.string({ default: 'http://127.0.0.1:8300', doc: 'AML service, for /aml/* and aml.screen' }),
  DOMAIN_URL: env.string({
    default: 'http://127.0.0.1:8400',
    doc: 'domain service (valuation, contacts), for /api/v1/reality/analyze and /api/v1/contacts/search',
  }),
  DISCOVERY_URL: env.string({
    default: 'http://127.0.0.1:8080',
    doc: 'discovery service, for its MCP tools',
  }),
  // The discovery service's variable: /web/* is built from the same snapshot.
  DISCOVERY_DATASET: env.string({
    default: resolve(PROJECT_ROOT, 'data/discovery/snapshot.json'),
    doc: 'dataset file (JSON); default the shipped data/discovery/snapshot.json',
  }),
  DISCOVERY_ORIGIN: env.url({
    protocols: ['https'],
    doc: 'public https origin of the pages (canonical URLs); default https://gatehouse.cz',
  }),
  ROUTER_PROXY_TIMEOUT_SECONDS: env.int({ default: 30, min: 1, max: 600, doc: 'per proxied request' }),
  SCOUT_SOURCE_TIMEOUT_SECONDS: env.int({
    default: 30,
    min: 1,
    max: 600,
    doc: 'longest one dossier source (a register, the AML service, the website) may take before it is failed',
  }),
  CONTEXT_DIR: env.string({
    default: resolve(PROJECT_ROOT, 'data/context'),
    doc: 'source folder of context files',
  }),
  CONTEXT_TARGET_DIR: env.string({ default: '.', doc: 'folder whose AI-tool files /v1/context/sync writes' }),
  MEMORY_EMBEDDER: env.oneOf(['hash', 'transformers', 'openai'], {
    default: 'hash',
    doc: 'embedder of memories: hash (offline), transformers (EMBEDDINGS_MODEL_DIR), openai (EMBEDDINGS_BASE_URL)',
  }),
  // The same variables the knowledge service reads, so one setting serves both.
  ...embeddingsSpec,
  MEMORY_DEDUP_THRESHOLD: env.int({
    default: 85,
    min: 50,
    max: 100,
    doc: 'percent cosine similarity at which an added fact updates an existing memory',
  }),
  MCP_SSE_SESSIONS_PER_CLIENT: env.int({
    default: 8,
    min: 1,
    max: 1000,
    doc: 'MCP SSE sessions one client may hold',
  }),
  MCP_SSE_MAX_SESSIONS: env.int({ default: 500, min: 1, max: 100_000, doc: 'MCP SSE sessions per instance' }),
  MCP_SSE_IDLE_SECONDS: env.int({
    default: 300,
    min: 1,
    max: 86_400,
    doc: 'an MCP SSE session silent this long is closed',
  }),
  // The web tools: the egress guard (WEB_ALLOWED_HOSTS, fetch limits), the parsers and Chromium.
  ...egressSpec,
  CHROMIUM_PATH: env.string({ default: '/usr/bin/chromium', doc: 'Chromium binary for the browser tools' }),
  WEB_BROWSER_PAGES: env.int({ default: 2, min: 1, max: 32, doc: 'browser pages open at once' }),
  WEB_PARSE_TIMEOUT_SECONDS: env.int({
    default: 20,
    min: 1,
    max: 300,
    doc: 'longest one page or document parse',
  }),
  WEB_PARSE_MEMORY_MB: env.int({
    default: 1024,
    min: 128,
    max: 65_536,
    doc: 'resident memory one page or document parse may reach (MiB): past it the parsing process is killed and the request answered 413',
  }),
  WEB_MAX_UPLOAD_BYTES: env.int({
    default: 20 * 1024 * 1024,
    min: 1024,
    max: 512 * 1024 * 1024,
    doc: 'largest upload to /v1/convert/markdown',
  }),
  WEB_CRAWL_DELAY_MS: env.int({
    default: 500,
    min: 0,
    max: 60_000,
    doc: 'default delay between crawl requests to one host',
  }),
  WEB_USER_AGENT: env.string({
    default: 'GatehouseBot/0.1 (+https://gatehouse.cz/bot)',
    doc: 'User-Agent of the web tools (its first word is matched against robots.txt)',
  }),
}

export type RouterConfig = Parsed<typeof routerSpec> & { NODE_ENV: string }

/** Keys are required when asked for, and always in production (an open router spends money). */
export function requiresApiKey(config: Pick<RouterConfig, 'ROUTER_REQUIRE_API_KEY' | 'NODE_ENV'>): boolean {
  return config.ROUTER_REQUIRE_API_KEY || config.NODE_ENV === 'production'
}

/** The development keys must not reach production (the kit's one rule for operator keys). */
export { refuseDevKeysInProduction as checkProductionKeys } from '../../kit/operator-keys.ts'

export function fallbackModels(config: Pick<RouterConfig, 'LLM_FALLBACK_MODELS'>): string[] {
  return config.LLM_FALLBACK_MODELS.split(',')
    .map((m) => m.trim())
    .filter(Boolean)
}
