/**
 * Picking up list versions another process imported (`gatehouse aml import` or `aml update`, or
 * another instance's import at start) without a restart: every `intervalMs` the instance reads the
 * store's version table (a dozen rows), and when the versions it would screen with differ from
 * those it holds, it builds a new engine in the background — reading only the versions it needs —
 * and swaps it in at once. Screenings meanwhile go on against the old engine; each records the
 * versions it used. The store is the only channel, so this works the same on SQLite and
 * PostgreSQL and across any number of instances; an instance screens a new version at most one
 * interval plus one build (a few seconds for the full lists) after it was stored.
 */
import type {
  EngineOptions,
  ListVersionInfo,
  Screener,
  ScreeningEngine,
} from '../../../../engines/aml/index.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { AmlStore } from '../../store.ts'
import type { ListsHolder } from './holder.ts'
import { buildEngine, currentVersions } from './load.ts'

/** The screener of an engine: the service's modules (PEP, ARES, ISIR …) around it. */
export type ScreenerFor = (engine: ScreeningEngine, versions: ListVersionInfo[]) => Screener

export interface ReloaderOptions {
  store: Pick<AmlStore, 'listVersions' | 'loadVersionsById'>
  lists: ListsHolder
  screenerFor: ScreenerFor
  /** The engine's options (the threshold). */
  engine?: Omit<EngineOptions, 'entities'>
  logger: Logger
  /** How often the store is asked (ms); 0: never (the instance screens what it loaded at start). */
  intervalMs: number
}

const key = (versions: ListVersionInfo[]) =>
  versions
    .map((v) => v.sha256)
    .sort()
    .join(',')

export class ListsReloader {
  private readonly opts: ReloaderOptions
  private timer: NodeJS.Timeout | undefined
  private running: Promise<'unchanged' | 'reloaded' | 'loading'> | undefined

  constructor(opts: ReloaderOptions) {
    this.opts = opts
  }

  start(): void {
    if (this.opts.intervalMs <= 0 || this.timer) return
    this.timer = setInterval(() => {
      this.check().catch((error) =>
        this.opts.logger.warn({ err: error }, 'could not look for new list versions; tried again later'),
      )
    }, this.opts.intervalMs)
    this.timer.unref()
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.running?.catch(() => {})
  }

  /**
   * Compares the versions held with the store's current ones and, when they differ, builds and
   * swaps in a new engine. `loading`: the lists are still loading at start-up (nothing to compare).
   */
  check(): Promise<'unchanged' | 'reloaded' | 'loading'> {
    this.running ??= this.reload().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  private async reload(): Promise<'unchanged' | 'reloaded' | 'loading'> {
    const { lists, store, logger } = this.opts
    const held = lists.state
    if (held.status === 'loading') return 'loading'
    const current = currentVersions(await store.listVersions())
    if (current.length === 0) return 'unchanged'
    if (held.status === 'ready' && key(held.versions) === key(current)) return 'unchanged'
    const started = performance.now()
    const stored = await store.loadVersionsById(current.map((v) => v.id!))
    const built = await buildEngine([...stored.values()], current, this.opts.engine)
    // The store may have changed while building: the next check catches up.
    const screener = this.opts.screenerFor(built.engine, built.versions)
    const loadMs = Math.round(performance.now() - started)
    const before = held.status === 'ready' ? held.versions : []
    lists.ready(built.engine, screener, built.versions, loadMs)
    logger.info(
      {
        load_ms: loadMs,
        entities: built.engine.stats.entities,
        added: built.versions.filter((v) => !before.some((b) => b.sha256 === v.sha256)).map((v) => v.source),
        dropped: before
          .filter((b) => !built.versions.some((v) => v.sha256 === b.sha256))
          .map((v) => v.source),
      },
      'sanctions lists reloaded: new versions in the store',
    )
    return 'reloaded'
  }
}
