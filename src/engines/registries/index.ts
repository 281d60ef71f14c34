/** Clients of the Czech public registers, for services and agents alike (see README.md). */
export {
  ARES_BASE_URL,
  AresClient,
  type AresCompany,
  type PublicRegisterRecord,
  type Shareholder,
  type StatutoryMember,
} from './ares.ts'
export {
  MemoryRegistryCache,
  type RegistryAnswer,
} from './cache.ts'
export {
  type InsolvencyResult,
  IsirClient,
  openInUnknownState,
  type PersonQuery,
} from './isir.ts'
