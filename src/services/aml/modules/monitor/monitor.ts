/**
 * Ongoing monitoring: every enrolled subject keeps the sanctions hits of its last screening and
 * the list versions that screening used. When the current versions change (`gatehouse aml import`,
 * `aml update`, the service's own import at start), a monitoring pass re-screens the subjects
 * against the lists that changed and records an alert for every hit that is new, whose listed
 * entry changed, or that went away, with the cause (see `classify` in alerts.ts); an optional
 * webhook posts each alert.
 *
 * A pass runs under one lock in the database (one process at a time, wherever it runs: a service
 * instance or the CLI), in chunks; each chunk's new hits and alerts are written in one transaction.
 * Subjects move from the versions they were screened against to the current ones, so a pass that
 * stops (a crash, a stop) is taken up by the next one where it stopped, and an alert is never
 * raised twice for the same re-screening. Only a process whose engine holds the store's current
 * versions re-screens; one with older lists (a service not yet restarted after an import) only
 * screens new enrolments (their baseline), recording the versions it used.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import {
  activeEntitiesAsync,
  changesSince,
  diffEntities,
  type EntityDiff,
  entityView,
  fingerprintOf,
  LIST_TITLES,
  type ListVersionInfo,
  type ScreeningEngine,
  type Subject,
  screenSubject,
  sourceUrl,
  subjectKey,
  subjectLabel,
} from '../../../../engines/aml/index.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { AmlStore } from '../../store.ts'
import type { ChangedListing, NewCase, Remembered } from '../cases/records.ts'
import { CaseStore } from '../cases/store.ts'
import { currentVersions } from '../lists/load.ts'
import { alertView, classify, entrySummary, parseKey, short, type VersionRef, versionsKey } from './alerts.ts'
import {
  type Alert,
  type AlertKind,
  LockLost,
  type Monitored,
  type MonitorStore,
  type NewAlert,
} from './store.ts'
import type { AlertWebhook } from './webhook.ts'

/** Hits kept per subject: enough that no hit falls off the end when another list entry appears. */
const MONITOR_HIT_LIMIT = 100
/** Subjects per transaction. */
const MONITOR_CHUNK = 500
/** A lock not renewed for this long is taken over (ms). */
const MONITOR_LOCK_MS = 60_000
/** Webhook attempts per alert before it is marked failed. */
const WEBHOOK_MAX_ATTEMPTS = 5

/** What a pass screens with: an engine and the versions it was built from (with store ids). */
export interface MonitorTarget {
  engine: ScreeningEngine
  versions: ListVersionInfo[]
}

export interface MonitorOptions {
  monitors: MonitorStore
  store: AmlStore
  /** Cases of new and changed hits, remembered false positives; made over `store`'s database when not given. */
  cases?: CaseStore
  logger: Logger
  target: () => MonitorTarget | undefined
  webhook?: AlertWebhook | undefined
  owner?: string
  /** Yield to the event loop every 10 ms (a service answering requests meanwhile). */
  cooperative?: boolean
  pollMs?: number
  now?: () => Date
  /** Progress of a re-screening (the CLI's bar). */
  onProgress?: (done: number, total: number, what: string) => void
}

export interface PassReport {
  /** Why nothing was done: another process holds the lock, or there are no lists. */
  skipped?: 'locked' | 'no lists'
  baselines: number
  rescreened: number
  /** Lists whose current version changed, per re-screened group. */
  changedLists: string[]
  diff?: EntityDiff['counts']
  alerts: Record<AlertKind, number>
  /** New or changed hits not raised: a false positive cleared before, its entry unchanged since. */
  suppressed: number
  /** False when this process's lists are older than the store's: it did not re-screen. */
  current: boolean
  ms: number
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export class Monitor {
  readonly owner: string
  private readonly opts: MonitorOptions
  private readonly cases: CaseStore
  private loop: Promise<void> | undefined
  private again = false
  private closed = false
  private timer: NodeJS.Timeout | undefined
  private lastYield = performance.now()

  constructor(opts: MonitorOptions) {
    this.opts = opts
    this.cases = opts.cases ?? new CaseStore(opts.store.database)
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  }

  get hasWebhook(): boolean {
    return this.opts.webhook !== undefined
  }

  private now(): Date {
    return this.opts.now ? this.opts.now() : new Date()
  }

  /**
   * Runs a pass and delivers alerts now and then every `pollMs` (enrolments on other instances,
   * retries). Once closed, nothing: the lists' ready callback starts it, and lists that become
   * ready after the service closed (a load or reload finishing late) must not arm a poll.
   */
  start(): void {
    if (this.closed) return
    this.timer ??= setInterval(() => this.kick(), this.opts.pollMs ?? 60_000)
    this.timer.unref()
    this.kick()
  }

  kick(): void {
    if (this.closed) return
    if (this.loop) {
      this.again = true
      return
    }
    this.loop = (async () => {
      do {
        this.again = false
        await this.pass()
        await this.openAlertCases()
        await this.deliver()
      } while (this.again && !this.closed)
    })()
      .catch((error) =>
        this.opts.logger.error({ err: error }, 'monitoring pass failed; it retries on its next poll'),
      )
      .finally(() => {
        this.loop = undefined
      })
  }

  /** Waits for the pass in progress; a service's close. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    await this.loop
  }

  /** Resolves once the pass in progress (if any) is done; tests and the CLI wait on it. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop
  }

  private async breathe(): Promise<void> {
    if (!this.opts.cooperative) return
    if (performance.now() - this.lastYield > 10) {
      await yieldToLoop()
      this.lastYield = performance.now()
    }
  }

  /**
   * One monitoring pass under the lock: baselines for subjects not screened yet, then, when this
   * process holds the store's current versions, the re-screening of every subject screened
   * against older ones.
   */
  async pass(): Promise<PassReport> {
    const started = performance.now()
    const report: PassReport = {
      baselines: 0,
      rescreened: 0,
      changedLists: [],
      alerts: { new_hit: 0, changed_hit: 0, removed_hit: 0 },
      suppressed: 0,
      current: true,
      ms: 0,
    }
    const target = this.opts.target()
    if (!target) return { ...report, skipped: 'no lists', ms: 0 }
    const { monitors } = this.opts
    const lockUntil = () => new Date(this.now().getTime() + MONITOR_LOCK_MS)
    if (!(await monitors.lock(this.owner, this.now(), lockUntil())))
      return { ...report, skipped: 'locked', ms: 0 }
    try {
      const key = versionsKey(target.versions)
      report.baselines = await this.baselines(target, key, lockUntil)
      report.current = versionsKey(currentVersions(await this.opts.store.listVersions())) === key
      if (report.current) {
        for (const group of await monitors.otherKeys(key)) {
          await this.rescreen(target, group.key, key, group.subjects, lockUntil, report)
        }
      }
    } catch (error) {
      if (!(error instanceof LockLost)) throw error
      this.opts.logger.warn('monitoring lock taken over by another process; this pass stops')
    } finally {
      await monitors.unlock(this.owner)
    }
    report.ms = Math.round(performance.now() - started)
    if (report.baselines > 0 || report.rescreened > 0)
      this.opts.logger.info({ ...report }, 'monitoring pass done')
    return report
  }

  private async baselines(target: MonitorTarget, key: string, lockUntil: () => Date): Promise<number> {
    let done = 0
    for (;;) {
      const rows = await this.opts.monitors.withKey(null, undefined, MONITOR_CHUNK)
      if (rows.length === 0) return done
      const screened = []
      for (const row of rows) {
        const hits = screenSubject(target.engine, row.subject as Subject, { limit: MONITOR_HIT_LIMIT })
        screened.push({ reference: row.reference, subject: row.subject, hits: hits.map(short) })
        await this.breathe()
      }
      await this.opts.monitors.saveScreened(this.owner, lockUntil(), null, key, this.now(), screened, [])
      done += rows.length
      if (this.closed) return done
    }
  }

  /** Re-screens the subjects screened against `fromKey` (the versions of then) against `key`. */
  private async rescreen(
    target: MonitorTarget,
    fromKey: string,
    key: string,
    subjects: number,
    lockUntil: () => Date,
    report: PassReport,
  ): Promise<void> {
    const from = parseKey(fromKey)
    const to = parseKey(key)
    const changed = [...new Set([...from.keys(), ...to.keys()])]
      .filter((list) => (from.get(list) ?? []).join(',') !== (to.get(list) ?? []).join(','))
      .sort()
    report.changedLists = [...new Set([...report.changedLists, ...changed])].sort()
    // The entries of the changed lists before and after: why each hit changed.
    const ids = changed.flatMap((l) => [...(from.get(l) ?? []), ...(to.get(l) ?? [])])
    const stored = await this.opts.store.loadVersionsById(ids)
    const entities = async (by: Map<string, number[]>) =>
      (
        await activeEntitiesAsync(
          changed.flatMap((l) =>
            (by.get(l) ?? []).map((id) => stored.get(id)).filter((v) => v !== undefined),
          ),
        )
      ).entities
    const diff = diffEntities(await entities(from), await entities(to))
    report.diff = diff.counts
    const infos = await this.opts.store.listVersions()
    const versionsOf = (by: Map<string, number[]>) =>
      changed.flatMap((l) =>
        infos
          .filter((v) => (by.get(l) ?? []).includes(v.id!))
          .map((v) => ({ list: v.list, source: v.source, list_date: v.listDate })),
      )
    const fromVersions = versionsOf(from)
    const toVersions = versionsOf(to)
    const webhookStatus = this.opts.webhook ? 'pending' : 'none'
    const lists = new Set(changed)

    let after: string | undefined
    let done = 0
    for (;;) {
      const rows = await this.opts.monitors.withKey(fromKey, after, MONITOR_CHUNK)
      if (rows.length === 0) break
      after = rows[rows.length - 1]!.reference
      const screened = []
      const alerts: NewAlert[] = []
      const remembered = await this.cases.remembered(rows.map((r) => subjectKey(r.subject as Subject)))
      for (const row of rows) {
        const before = (row.hits ?? []).filter((h) => lists.has(h.list))
        const now = screenSubject(target.engine, row.subject as Subject, {
          lists: changed,
          limit: MONITOR_HIT_LIMIT,
        }).map(short)
        const cleared = remembered.get(subjectKey(row.subject as Subject)) ?? []
        for (const a of classify(before, now, diff)) {
          const alert = this.alert(row, a, fromVersions, toVersions)
          if (this.suppress(alert, a, cleared)) report.suppressed++
          else alerts.push(alert)
        }
        const kept = (row.hits ?? []).filter((h) => !lists.has(h.list))
        screened.push({
          reference: row.reference,
          subject: row.subject,
          hits: [...kept, ...now].sort((x, y) => y.score - x.score),
        })
        await this.breathe()
      }
      const at = this.now()
      const day = at.toISOString().slice(0, 10).replace(/-/g, '')
      const first = alerts.length > 0 ? await this.opts.store.reserve(`alert:${day}`, alerts.length) : 0
      await this.opts.monitors.saveScreened(
        this.owner,
        lockUntil(),
        fromKey,
        key,
        at,
        screened,
        alerts.map((a, i) => ({
          ...a,
          alert_id: `AMLA-${day}-${String(first + i).padStart(6, '0')}`,
          webhook_status: webhookStatus,
        })),
      )
      for (const a of alerts) report.alerts[a.kind]++
      done += rows.length
      report.rescreened += rows.length
      this.opts.onProgress?.(done, subjects, 'monitored subjects')
      if (this.closed) return
    }
  }

  /**
   * Whether a new or changed hit is a false positive cleared for this subject whose entry kept its
   * names, birth dates and programmes: not raised again. When one of them changed, the alert is
   * raised and says what changed since it was cleared.
   */
  private suppress(alert: NewAlert, a: ReturnType<typeof classify>[number], cleared: Remembered[]): boolean {
    if (alert.kind === 'removed_hit') return false
    const r = cleared.find((c) => c.list === alert.list && c.list_id === alert.list_id)
    if (!r) return false
    const entity =
      a.change?.kind === 'added' || a.change?.kind === 'changed'
        ? a.change.after
        : this.opts.target()?.engine.entity(alert.list, alert.list_id)
    const changes = entity ? changesSince(r.fingerprint, entity) : []
    if (changes.length === 0) return true
    const since: ChangedListing[] = [
      { list: alert.list, list_id: alert.list_id, cleared_in: r.case_id, changes },
    ]
    alert.body.changed_since_cleared = since
    return false
  }

  /**
   * Opens a case for every alert of a new or changed hit that has none yet (those just raised, and
   * any a stopped pass left without one).
   */
  async openAlertCases(): Promise<number> {
    let opened = 0
    for (;;) {
      const ids = await this.cases.alertsWithoutCase(200)
      if (ids.length === 0) return opened
      const at = this.now()
      const day = at.toISOString().slice(0, 10).replace(/-/g, '')
      const first = await this.opts.store.reserve(`case:${day}`, ids.length)
      const fresh: NewCase[] = []
      for (const [i, id] of ids.entries()) {
        const a = await this.opts.monitors.alert(id)
        if (a) fresh.push(this.caseOf(a, `AMLC-${day}-${String(first + i).padStart(6, '0')}`, at))
      }
      const n = await this.cases.openForAlerts(fresh)
      opened += n
      if (n === 0 || this.closed) return opened
    }
  }

  private caseOf(a: Alert, caseId: string, at: Date): NewCase {
    const v = alertView(a)
    const entity = this.opts.target()?.engine.entity(a.list, a.list_id)
    const entry = v.entry as {
      names?: string[]
      birth_dates?: string[]
      nationalities?: string[]
      programmes?: string[]
      list_date?: string
      type?: string
    }
    const score = v.score ?? 0
    const level = score >= 0.95 ? 'CRITICAL' : 'HIGH'
    const changed = (a.body.changed_since_cleared as ChangedListing[] | undefined) ?? null
    return {
      case_id: caseId,
      created_at: at.toISOString(),
      source: 'alert',
      alert_id: a.alert_id,
      reference: a.reference,
      subject: v.subject,
      subject_label: v.subject_label,
      subject_key: subjectKey(v.subject as Subject),
      actor: 'monitoring',
      opened: { alert_id: a.alert_id, kind: a.kind, cause: a.cause, changes: v.changes },
      hits: [
        {
          module: 'sanctions',
          level,
          level_reason: `${level}: monitoring found a ${a.kind === 'new_hit' ? 'new hit' : 'changed listed entry'} (${a.cause.replace('_', ' ')}): ${a.list} ${a.list_id} "${v.matched_name}" with score ${score}${score >= 0.95 ? ' (0.95 and above is a certain name match)' : ''}`,
          score,
          matched_name: v.matched_name,
          entity: entity
            ? entityView([entity])
            : {
                type: entry.type ?? 'unknown',
                names: entry.names?.slice(0, 1) ?? [v.matched_name],
                aliases: entry.names?.slice(1) ?? [],
                birth_dates: entry.birth_dates ?? [],
                nationalities: entry.nationalities ?? [],
                countries: [],
                identifiers: [],
                programmes: entry.programmes ?? [],
                addresses: [],
                remarks: [],
              },
          listings: [
            {
              list: a.list,
              list_id: a.list_id,
              list_title: LIST_TITLES[a.list] ?? a.list,
              matched_name: v.matched_name,
              score,
              list_date: entity?.listDate ?? entry.list_date ?? '',
              source_url: sourceUrl(a.list, a.list_id),
              fingerprint: entity
                ? fingerprintOf(entity)
                : {
                    names: entry.names ?? [],
                    birth_dates: entry.birth_dates ?? [],
                    programmes: entry.programmes ?? [],
                  },
            },
          ],
          changed_since_cleared: changed,
        },
      ],
    }
  }

  private alert(
    row: Monitored,
    a: ReturnType<typeof classify>[number],
    fromVersions: VersionRef[],
    toVersions: VersionRef[],
  ): NewAlert {
    const hit = (a.after ?? a.before)!
    const entity =
      a.change?.kind === 'removed'
        ? a.change.before
        : a.change?.kind === 'added' || a.change?.kind === 'changed'
          ? a.change.after
          : this.opts.target()?.engine.entity(hit.list, hit.list_id)
    return {
      reference: row.reference,
      kind: a.kind,
      cause: a.cause,
      list: hit.list,
      list_id: hit.list_id,
      body: {
        subject: row.subject,
        subject_label: subjectLabel(row.subject as Subject),
        matched_name: hit.matched_name,
        score: a.after?.score ?? null,
        previous_score: a.before?.score ?? null,
        changes: a.change?.kind === 'changed' ? a.change.changes : [],
        entry: entity ? entrySummary(entity) : { list: hit.list, list_id: hit.list_id },
        from_versions: fromVersions,
        to_versions: toVersions,
      },
    }
  }

  /**
   * Posts the alerts not yet delivered, oldest first; stops at the first the receiver does not
   * take (it is down: the next pass, a minute later, tries again).
   */
  async deliver(): Promise<{ delivered: number; failed: number }> {
    const webhook = this.opts.webhook
    const out = { delivered: 0, failed: 0 }
    if (!webhook) return out
    for (;;) {
      const due = await this.opts.monitors.undelivered(100)
      if (due.length === 0) return out
      for (const a of due) {
        if (this.closed) return out
        try {
          await webhook.send(a.alert_id, alertView(a))
          await this.opts.monitors.delivered(a.alert_id)
          out.delivered++
        } catch (error) {
          await this.opts.monitors.notDelivered(a.alert_id, (error as Error).message, WEBHOOK_MAX_ATTEMPTS)
          out.failed++
          this.opts.logger.warn(
            { alert_id: a.alert_id, err: (error as Error).message },
            'monitoring alert not delivered to the webhook; retried later',
          )
          return out
        }
      }
    }
  }
}
