/**
 * What the service screens against, and whether it can yet: the lists load in the background at
 * start-up (the service answers 503 with Retry-After meanwhile, as the spec says), then the engine
 * and the screener are swapped in at once.
 */
import type { ListVersionInfo, Screener, ScreeningEngine } from '../../../../engines/aml/index.ts'

export type ListsState =
  | { status: 'loading'; since: number; step: string }
  | {
      status: 'ready'
      engine: ScreeningEngine
      screener: Screener
      versions: ListVersionInfo[]
      loadedAt: string
      loadMs: number
    }
  | { status: 'failed'; reason: string }

export class ListsHolder {
  state: ListsState = { status: 'loading', since: Date.now(), step: 'starting' }
  private readonly listeners: (() => void)[] = []

  /** Called each time the lists become ready (at once when they are): background work starts. */
  onReady(listener: () => void): void {
    this.listeners.push(listener)
    if (this.state.status === 'ready') listener()
  }

  step(step: string): void {
    if (this.state.status === 'loading') this.state = { ...this.state, step }
  }

  ready(engine: ScreeningEngine, screener: Screener, versions: ListVersionInfo[], loadMs: number): void {
    this.state = { status: 'ready', engine, screener, versions, loadedAt: new Date().toISOString(), loadMs }
    for (const listener of this.listeners) listener()
  }

  fail(reason: string): void {
    this.state = { status: 'failed', reason }
  }
}
