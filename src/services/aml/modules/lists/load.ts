/**
 * Getting the lists into the store and from the store into an engine. Shared by the service's
 * start-up and the `gatehouse aml` commands.
 */
import { existsSync } from 'node:fs'
import {
  activeEntitiesAsync,
  createScreeningEngineAsync,
  type EngineOptions,
  importPathsAsync,
  type ListVersion,
  type ListVersionInfo,
  type MergeReport,
  type ScreeningEngine,
  versionInfo,
  versionRoles,
} from '../../../../engines/aml/index.ts'
import type { Progress } from '../../../../kit/command.ts'
import type { AmlStore, ImportOutcome } from '../../store.ts'

/** Parses list files and folders and stores every version not stored yet. */
export async function importIntoStore(
  store: AmlStore,
  paths: string[],
  progress?: Progress,
): Promise<{ outcomes: ImportOutcome[]; skipped: { path: string; reason: string }[] }> {
  progress?.step(`reading ${paths.join(', ')}`)
  const { versions, skipped } = await importPathsAsync(paths, (done, total, path) =>
    progress?.tick(done, total, path),
  )
  const outcomes: ImportOutcome[] = []
  for (const v of versions) {
    progress?.step(`storing ${v.list} ${v.listDate} (${v.source})`)
    outcomes.push(await store.importVersion(v, (done, total) => progress?.tick(done, total, v.source)))
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
  const infos = currentVersions(await store.listVersions())
  if (infos.length === 0) {
    throw new Error(
      `the store holds no sanctions lists${opts.listsDir ? ` and ${opts.listsDir} does not exist` : ''}; run \`gatehouse aml import PATH\` or set AML_LISTS_DIR`,
    )
  }
  // Only the versions screened are read: superseded ones stay in the store for the audit trail.
  const stored = await store.loadVersionsById(infos.map((v) => v.id!))
  progress?.step('building the candidate index')
  return { ...(await buildEngine([...stored.values()], infos, opts.engine)), imported }
}

/**
 * Which of the stored versions an engine built now would use: the active version of each list
 * (its newest) and the superseded full versions a names-only active one takes details from.
 */
export function currentVersions<V extends ListVersionInfo>(infos: V[]): V[] {
  const roles = versionRoles(infos)
  return infos.filter((v) => {
    const role = roles.get(v.sha256)
    return role !== undefined && (role.status === 'active' || role.details)
  })
}

/**
 * The engine over stored versions: the active versions (with the details they take from
 * superseded ones) merged, then indexed. Both steps work in slices, so a service keeps answering
 * (503) while it builds.
 */
export async function buildEngine(
  versions: ListVersion[],
  infos: ListVersionInfo[],
  opts: Omit<EngineOptions, 'entities'> = {},
): Promise<Omit<LoadedLists, 'imported'>> {
  const { entities, report } = await activeEntitiesAsync(versions)
  const used = new Set(currentVersions(versions.map((v) => versionInfo(v))).map((v) => v.sha256))
  return {
    engine: await createScreeningEngineAsync({ ...opts, entities }),
    versions: infos.filter((v) => used.has(v.sha256)),
    report,
  }
}
