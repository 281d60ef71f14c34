/**
 * What agents may use beyond their input: the LLM client, outside sources (registries, rates …)
 * and engines. Built once per process by `createAgentDeps(config)` from the variables in
 * `agentSpec`, which the gateway (and any service that runs agents in process) includes in its
 * own spec. Tests build deps pointing at local replay servers.
 */

import {
  activeEntitiesAsync,
  createScreeningEngineAsync,
  importPathsAsync,
  type ListVersionInfo,
  type PepSource,
  type ScreeningEngine,
  screenSubject,
  versionInfo,
} from '../engines/aml/index.ts'
import { createDnsLookup, type DnsLookup } from '../engines/contacts/dns.ts'
import { policySpec } from '../engines/reference/config.ts'
import { readPolicyDir } from '../engines/reference/load.ts'
import { registrySpec } from '../engines/registries/config.ts'
import {
  AresClient,
  IsirClient,
  MemoryRegistryCache,
  ARES_BASE_URL as PUBLIC_ARES_URL,
} from '../engines/registries/index.ts'
import { createSources, PUBLIC_ENDPOINTS, type Sources } from '../engines/sources/index.ts'
import { env, type Parsed } from '../kit/config.ts'
import { createEgress, type Egress, egressSettings, egressSpec } from '../kit/egress.ts'
import { LlmClient, llmSettings, llmSpec } from '../kit/llm.ts'

export const agentSpec = {
  ...llmSpec,
  DNS_SERVERS: env.optionalString({
    doc: 'comma-separated DNS servers (host or host:port) for MX checks; the system resolver when unset',
  }),
  DNS_TIMEOUT_MS: env.int({ default: 3000, min: 100, max: 30_000, doc: 'per DNS query attempt' }),
  REGISTRY_DATA_DIR: env.string({
    default: '../shared/data/registry',
    doc: 'folder holding psc-list.csv, the RÚIAN postcode gazetteer',
  }),
  ...egressSpec,
  CNB_BASE_URL: env.string({
    default: PUBLIC_ENDPOINTS.cnb,
    doc: 'ČNB, daily exchange rates (denni_kurz.txt)',
  }),
  VAT_REGISTER_URL: env.string({
    default: PUBLIC_ENDPOINTS.vatRegister,
    doc: 'MF ČR VAT register SOAP service (unreliable payers, published accounts)',
  }),
  VIES_BASE_URL: env.string({
    default: PUBLIC_ENDPOINTS.vies,
    doc: 'EU VIES VAT number validation REST API',
  }),
  RUIAN_GEOCODER_URL: env.string({
    default: PUBLIC_ENDPOINTS.ruian,
    doc: 'ČÚZK RÚIAN geocoder (GeocodeSOE)',
  }),
  CADASTRE_WFS_URL: env.string({
    default: PUBLIC_ENDPOINTS.cadastre,
    doc: 'ČÚZK INSPIRE cadastral parcels WFS',
  }),
  ...registrySpec,
  SOURCES_TIMEOUT_SECONDS: env.int({ default: 8, min: 1, max: 120, doc: 'per attempt, public sources' }),
  SOURCES_RETRIES: env.int({ default: 2, min: 0, max: 5, doc: 'extra attempts on timeouts, 429 and 5xx' }),
  SOURCES_CACHE_SECONDS: env.int({ default: 3600, min: 0, max: 604_800, doc: 'reuse of source answers' }),
  SANCTIONS_PATHS: env.string({
    default: '../shared/data/sanctions',
    doc: 'comma-separated files or folders of sanctions lists screened by the AML agents',
  }),
  ...policySpec,
  PEP_PATHS: env.optionalString({
    doc: 'comma-separated PEP list files or folders (any supported list format) the agents screen persons against; unset: PEP screening is reported as not configured',
  }),
  LISTINGS_FILE: env.string({
    default: '../shared/data/realestate/sreality_byty_prodej_20240412.csv',
    doc: 'apartment listings CSV (Sreality format) for listing queries',
  }),
}

export type AgentConfig = Parsed<typeof agentSpec>

export interface AgentDeps {
  llm: LlmClient
  /** MX and address lookups (contact agents). */
  dns: DnsLookup
  /** Folder of the postcode gazetteer (psc-list.csv). */
  registryDir: string
  /** Web pages fetched by agents: only through the egress guard (WEB_ALLOWED_HOSTS, limits). */
  web: Egress
  /** Public sources: ČNB rates, VAT register, VIES, RÚIAN geocoder, cadastre WFS. */
  sources: Sources
  /** Apartment listings CSV (Sreality format). */
  listingsFile: string
  /** ARES (company register) and ISIR (insolvency register) clients. */
  registries: { ares: AresClient; isir: IsirClient }
  /** The sanctions screening engine, built on first use from SANCTIONS_PATHS. */
  aml: AmlScreening
}

export interface BuiltScreening {
  engine: ScreeningEngine
  lists: ListVersionInfo[]
  /** The PEP lists (PEP_PATHS), or null when none is configured: there is no official Czech one. */
  pep: PepSource | null
}

interface AmlScreening {
  /** The lists the engine holds; rejects when no list could be read (agents then say so). */
  engine(): Promise<BuiltScreening>
}

/**
 * Imports the lists and builds the index once, on first use: about 12 s of CPU for the full shared
 * folder, in slices of a few milliseconds (between files, and while merging and indexing), so the
 * service keeps answering meanwhile, as the AML service does while it loads.
 */
function lazyAml(paths: string[], pepPaths: string[]): AmlScreening {
  let built: Promise<BuiltScreening> | undefined
  return {
    engine() {
      built ??= (async () => {
        const { versions } = await importPathsAsync(paths)
        if (versions.length === 0) throw new Error(`no sanctions list found in ${paths.join(', ')}`)
        let pep: PepSource | null = null
        if (pepPaths.length > 0) {
          const entities = (await importPathsAsync(pepPaths)).versions.flatMap((v) =>
            v.entities.map((e) => ({ ...e, list: 'pep' })),
          )
          if (entities.length === 0) throw new Error(`no PEP list found in ${pepPaths.join(', ')}`)
          const pepEngine = await createScreeningEngineAsync({ entities })
          pep = {
            description: `PEP lists: ${pepPaths.join(', ')} (${entities.length} persons)`,
            screenPerson: (subject) => screenSubject(pepEngine, subject),
          }
        }
        return {
          engine: await createScreeningEngineAsync({
            entities: (await activeEntitiesAsync(versions)).entities,
          }),
          lists: versions.map((v) => versionInfo(v)),
          pep,
        }
      })()
      // A failed build is retried on the next call (the folder may appear later).
      built.catch(() => {
        built = undefined
      })
      return built
    },
  }
}

const paths = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Registry answers stay usable as a fallback this long when the register fails (30 days, ms). */
const REGISTRY_STALE_MS = 30 * 24 * 3600_000

export function createAgentDeps(config: AgentConfig): AgentDeps {
  // The operator's policy files, checked now: a file that does not fit stops the start.
  readPolicyDir(config.POLICY_DIR)
  const registryCache = {
    cache: new MemoryRegistryCache(),
    freshMs: config.SOURCES_CACHE_SECONDS * 1000,
    staleMs: REGISTRY_STALE_MS,
  }
  const registryHttp = { timeoutMs: config.SOURCES_TIMEOUT_SECONDS * 1000, retries: config.SOURCES_RETRIES }
  return {
    llm: new LlmClient(llmSettings(config)),
    dns: createDnsLookup({
      servers: (config.DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      timeoutMs: config.DNS_TIMEOUT_MS,
    }),
    registryDir: config.REGISTRY_DATA_DIR,
    web: createEgress(egressSettings(config)),
    sources: createSources({
      cnbBaseUrl: config.CNB_BASE_URL,
      vatRegisterUrl: config.VAT_REGISTER_URL,
      viesBaseUrl: config.VIES_BASE_URL,
      ruianBaseUrl: config.RUIAN_GEOCODER_URL,
      cadastreWfsUrl: config.CADASTRE_WFS_URL,
      aresBaseUrl: config.ARES_BASE_URL ?? PUBLIC_ARES_URL,
      timeoutMs: config.SOURCES_TIMEOUT_SECONDS * 1000,
      retries: config.SOURCES_RETRIES,
      cacheTtlMs: config.SOURCES_CACHE_SECONDS * 1000,
    }),
    listingsFile: config.LISTINGS_FILE,
    registries: {
      ares: new AresClient({
        ...(config.ARES_BASE_URL ? { baseUrl: config.ARES_BASE_URL } : {}),
        ...registryHttp,
        cache: registryCache,
      }),
      isir: new IsirClient({
        ...(config.ISIR_URL ? { url: config.ISIR_URL } : {}),
        ...registryHttp,
        cache: registryCache,
      }),
    },
    aml: lazyAml(paths(config.SANCTIONS_PATHS), paths(config.PEP_PATHS ?? '')),
  }
}
