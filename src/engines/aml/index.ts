/**
 * The AML engine's public surface: list importers, the current-version merge, the screening engine
 * and the reference data (countries, EU high-risk third countries). No HTTP here.
 */
export { countryName, toCountryCode } from './countries.ts'
export {
  type ChangedField,
  diffEntities,
  type EntityChange,
  type EntityDiff,
  entityKey,
  type FieldChange,
} from './diff.ts'
export {
  type CompanyQuery,
  createScreeningEngine,
  createScreeningEngineAsync,
  DEFAULT_THRESHOLD,
  type EngineOptions,
  type EngineStats,
  type Explanation,
  type Hit,
  identifierKey,
  type PersonQuery,
  type ScreeningEngine,
  type ScreenOptions,
  WEIGHTS,
} from './engine.ts'
export {
  type CountryCheck,
  checkCountries,
  type HighRiskResult,
  type HighRiskTable,
  loadHighRiskTable,
  versionOn,
} from './high-risk.ts'
export {
  type ImportResult,
  importFile,
  importPaths,
  importPathsAsync,
  listFiles,
  type Skipped,
  UnsupportedListFile,
} from './importers/index.ts'
export { activeEntities, activeEntitiesAsync, activeEntitiesWithReport, type MergeReport } from './merge.ts'
export { normalizeName, tokenize } from './normalize.ts'
export {
  assess,
  createScreener,
  LEVEL_BANDS,
  levelOf,
  MODULE_WEIGHTS,
  type ModuleName,
  type ModuleResult,
  type ModuleSource,
  type ModuleStatus,
  type PepSource,
  type RiskLevel,
  type Screener,
  type ScreenerOptions,
  type ScreeningOutcome,
} from './screening.ts'
export {
  type CompanySubject,
  isPerson,
  type PersonSubject,
  type Subject,
  screenSubject,
  subjectLabel,
} from './subject.ts'
export * from './types.ts'
