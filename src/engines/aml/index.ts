/**
 * The AML engine's public surface: list importers, the current-version merge, the screening engine
 * and the reference data (countries, EU high-risk third countries). No HTTP here.
 */
export { countryName, toCountryCode } from './countries.ts'
export {
  diffEntities,
  type EntityChange,
  type EntityDiff,
  entityKey,
  type FieldChange,
} from './diff.ts'
export {
  createScreeningEngine,
  createScreeningEngineAsync,
  DEFAULT_THRESHOLD,
  type EngineOptions,
  type Hit,
  type ScreeningEngine,
} from './engine.ts'
export {
  changesSince,
  type EntityFingerprint,
  type EntityView,
  entityView,
  type FingerprintChange,
  fingerprintOf,
  type Listing,
  sourceUrl,
  subjectKey,
} from './entities.ts'
export { isReviewOnly } from './explanation.ts'
export { loadHighRiskTable } from './high-risk.ts'
export {
  importPaths,
  importPathsAsync,
} from './importers/index.ts'
export {
  activeEntities,
  activeEntitiesAsync,
  type MergeReport,
  screenedVersions,
  versionRoles,
} from './merge.ts'
export { normalizeName } from './normalize.ts'
export {
  createScreener,
  LEVEL_BANDS,
  MODULE_WEIGHTS,
  type PepSource,
  type Screener,
  type ScreeningOutcome,
} from './screening.ts'
export {
  isPerson,
  type Subject,
  screenSubject,
  subjectLabel,
} from './subject.ts'
export * from './types.ts'
