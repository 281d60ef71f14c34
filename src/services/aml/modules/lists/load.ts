/**
 * Getting the lists into the store and from the store into an engine. Shared by the service's
 * start-up and the `gatehouse aml` commands.
 */
import { existsSync } from 'node:fs'
import {
  activeEntitiesAsync,
  activeEntitiesWithReport,
  createScreeningEngineAsync,
  type EngineOptions,
  importPathsAsync,
  type ListVersion,
  type ListVersionInfo,
  type MergeReport,
  type ScreeningEngine,
} from '../../../../engines/aml/index.ts'
import type { AmlStore, ImportOutcome } from '../../store.ts'

export interface Progress {
  step(text: string): void
  /** Progress inside a step (files, rows). */
  tick?(done: number, total: number, label: string): void
}

/** Parses list files and folders and stores every version not stored yet. */
export async function importIntoStore(
  store: AmlStore,
  paths: string[],
  progress?: Progress,
): Promise<{ outcomes: ImportOutcome[]; skipped: { path: string; reason: string }[] }> {
  progress?.step(`reading ${paths.join(', ')}`)
  const { versions, skipped } = await importPathsAsync(paths, (done, total, path) =>
    progress?.tick?.(done, total, path),
  )
  const outcomes: ImportOutcome[] = []
  for (const v of versions) {
    progress?.step(`storing ${v.list} ${v.listDate} (${v.source})`)
    outcomes.push(await store.importVersion(v, (done, total) => progress?.tick?.(done, total, v.source)))
  }
  return { outcomes, skipped }
}

export interface LoadedLists {
  engine: ScreeningEngine
  versions: ListVersionInfo[]
  report: MergeReport[]
  /** Versions imported from the folder on this start (first start with an empty store). */
  imported: ImportOutcome[]
}

/**
 * The engine over the store's lists. An empty store is first filled from `listsDir` when that
 * folder exists (the demo data beside the repository), so a fresh clone screens at once.
 */
export async function loadLists(
  store: AmlStore,
  opts: { listsDir?: string | undefined; engine?: Omit<EngineOptions, 'entities'> },
  progress?: Progress,
): Promise<LoadedLists> {
  let imported: ImportOutcome[] = []
  if ((await store.listVersions()).length === 0 && opts.listsDir && existsSync(opts.listsDir)) {
    imported = (await importIntoStore(store, [opts.listsDir], progress)).outcomes
  }
  progress?.step('reading list versions from the store')
  const { versions, infos } = await store.loadVersions()
  if (versions.length === 0) {
    throw new Error(
      `the store holds no sanctions lists${opts.listsDir ? ` and ${opts.listsDir} does not exist` : ''}; run \`gatehouse aml import PATH\` or set AML_LISTS_DIR`,
    )
  }
  progress?.step('building the candidate index')
  return { ...(await buildEngine(versions, infos, opts.engine)), imported }
}

/**
 * Which of the stored versions are current (the newest of each list, and the older full versions
 * a names-only newest one is joined to): the versions an engine built now would screen against.
 */
export function currentVersions(infos: ListVersionInfo[]): ListVersionInfo[] {
  const { report } = activeEntitiesWithReport(
    infos.map(({ id: _id, entityCount: _e, nameCount: _n, ...v }) => ({ ...v, entities: [] })),
  )
  const current = new Set(report.flatMap((r) => [r.current, ...r.enrichedFrom]))
  return infos.filter((v) => current.has(v.source))
}

/**
 * The engine over stored versions: current versions merged, then indexed. Both steps work in
 * slices, so a service keeps answering (503) while it builds.
 */
export async function buildEngine(
  versions: ListVersion[],
  infos: ListVersionInfo[],
  opts: Omit<EngineOptions, 'entities'> = {},
): Promise<Omit<LoadedLists, 'imported'>> {
  const { entities, report } = await activeEntitiesAsync(versions)
  const current = new Set(report.flatMap((r) => [r.current, ...r.enrichedFrom]))
  return {
    engine: await createScreeningEngineAsync({ ...opts, entities }),
    versions: infos.filter((v) => current.has(v.source)),
    report,
  }
}
