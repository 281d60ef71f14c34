/** The domain service's variables (beside the common ones and DOMAIN_PORT), read by the service and its CLI. */
import { policySpec } from '../../engines/reference/config.ts'
import { env } from '../../kit/config.ts'
import { llmSpec } from '../../kit/llm.ts'
import { operatorKeySpec } from '../../kit/operator-keys.ts'
import { CHAT_DEFAULTS } from './modules/chat/routes.ts'

export const domainSpec = {
  // The listing thresholds of the market map and chat are the operator's policy (docs/policy.md).
  ...policySpec,
  // GET /api/vs/next takes one of them (variable symbols are shared state).
  ...operatorKeySpec,
  LISTINGS_FILE: env.string({
    default: '../shared/data/realestate/sreality_byty_prodej_20240412.csv',
    doc: 'listings CSV (Sreality format) imported into an empty listings table at start-up ("none" to skip)',
  }),
  // POST /api/chat: the language model (without LLM_BASE_URL the route is a 503) and its limits.
  ...llmSpec,
  CHAT_MAX_ROUNDS: env.int({
    default: CHAT_DEFAULTS.maxRounds,
    min: 1,
    max: 10,
    doc: 'rounds of tool calls per question before the model must answer',
  }),
  CHAT_DEADLINE_SECONDS: env.int({
    default: CHAT_DEFAULTS.deadlineMs / 1000,
    min: 1,
    max: 600,
    doc: 'overall time for one question, all model calls and tools included (504 past it)',
  }),
  CHAT_HISTORY_MESSAGES: env.int({
    default: CHAT_DEFAULTS.historyMessages,
    min: 2,
    max: 200,
    doc: 'messages kept per conversation and sent back as history',
  }),
  REGISTRY_DATA_DIR: env.string({
    default: '../shared/data/registry',
    doc: 'folder holding psc-list.csv, the RÚIAN gazetteer (municipalities, parts, postcodes)',
  }),
}
