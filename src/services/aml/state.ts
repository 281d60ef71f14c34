/**
 * What the service screens against, and whether it can yet: the lists load in the background at
 * start-up (the service answers 503 with Retry-After meanwhile, as the spec says), then the engine
 * and the screener are swapped in at once.
 */
import type { ListVersionInfo, Screener, ScreeningEngine } from '../../engines/aml/index.ts'

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

  step(step: string): void {
    if (this.state.status === 'loading') this.state = { ...this.state, step }
  }

  ready(engine: ScreeningEngine, screener: Screener, versions: ListVersionInfo[], loadMs: number): void {
    this.state = { status: 'ready', engine, screener, versions, loadedAt: new Date().toISOString(), loadMs }
  }

  fail(reason: string): void {
    this.state = { status: 'failed', reason }
  }
}

/**
 * At most `max` screenings run at once; the next waits up to `waitMs` for a slot and is then
 * refused (the route answers 503 with Retry-After).
 */
export class Slots {
  private running = 0
  private readonly queue: (() => void)[] = []
  readonly max: number
  readonly waitMs: number

  constructor(max: number, waitMs: number) {
    this.max = max
    this.waitMs = waitMs
  }

  get inUse(): number {
    return this.running
  }

  /** Resolves with a release function, or with undefined when no slot freed up in time. */
  async acquire(): Promise<(() => void) | undefined> {
    if (this.running < this.max) {
      this.running++
      return this.releaser()
    }
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer)
        this.running++
        resolve(this.releaser())
      }
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(grant)
        if (i >= 0) this.queue.splice(i, 1)
        resolve(undefined)
      }, this.waitMs)
      this.queue.push(grant)
    })
  }

  private releaser(): () => void {
    let done = false
    return () => {
      if (done) return
      done = true
      this.running--
      const next = this.queue.shift()
      if (next) next()
    }
  }
}
