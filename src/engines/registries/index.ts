/** Clients of the Czech public registers, for services and agents alike (see README.md). */
export {
  ARES_BASE_URL,
  AresClient,
  type AresClientOptions,
  type AresCompany,
  InvalidIcoError,
  type StatutoryMember,
} from './ares.ts'
export {
  type CachedValue,
  type CachePolicy,
  cached,
  MemoryRegistryCache,
  RedisRegistryCache,
  type RegistryAnswer,
  type RegistryCache,
  type Source,
} from './cache.ts'
export {
  type InsolvencyProceeding,
  type InsolvencyResult,
  ISIR_URL,
  IsirClient,
  type IsirClientOptions,
  parseIsirResponse,
} from './isir.ts'
