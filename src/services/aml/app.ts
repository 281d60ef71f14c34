/**
 * The aml service: screening of persons and companies against the sanctions lists and the risk
 * modules. `buildApp` wires routes to already built dependencies; it opens no file and no port
 * (service.ts does the loading), so tests drive it with `inject`.
 *
 * Envelopes: `POST /api/aml/screen/complete` answers 200 with the bare screening response, as the
 * spec's table fixes it; every other success uses the standard envelope {success, data, meta};
 * every failure uses the standard failure envelope {success:false, error:{code, message, details}}.
 */
import multipart from '@fastify/multipart'
import { registerApiDocs } from '../../kit/api-docs.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import { OPERATOR_SECURITY_SCHEMES } from '../../kit/operator-keys.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import type { Semaphore } from '../../kit/semaphore.ts'
import { type App, createServer } from '../../kit/server.ts'
import { registerBatch } from './modules/batch/routes.ts'
import { BatchRunner } from './modules/batch/runner.ts'
import { BatchStore } from './modules/batch/store.ts'
import { registerCases } from './modules/cases/routes.ts'
import { CaseStore } from './modules/cases/store.ts'
import type { ListsHolder } from './modules/lists/holder.ts'
import { registerLists } from './modules/lists/routes.ts'
import { Monitor } from './modules/monitor/monitor.ts'
import { registerMonitor } from './modules/monitor/routes.ts'
import { MonitorStore } from './modules/monitor/store.ts'
import { registerScreening } from './modules/screening/routes.ts'
import type { AmlStore } from './store.ts'

export interface AmlDeps {
  logger: Logger
  store: AmlStore
  lists: ListsHolder
  rateLimiter: RateLimiter
  /** Screening requests per client IP per sliding minute. */
  rateLimitPerMinute: number
  /** Screenings running at once (AML_MAX_CONCURRENT): per process, or across instances through Redis. */
  slots: Semaphore
  /** Seconds a client is told to wait while the lists load. */
  loadingRetryAfterSeconds?: number
  now?: () => Date
  logRequests?: boolean
  /** Reading the audit trail (GET /api/aml/screenings/{id}), batches and monitoring take one of these keys. */
  auditKeys: { adminKey: string; internalKey: string }
  /** Batches in the store; made over `store`'s database when not given. */
  batches?: BatchStore
  /**
   * Runs batches in the background. When not given, the app makes one that starts when the lists
   * are ready and stops when the app closes.
   */
  batchRunner?: Pick<BatchRunner, 'kick'>
  /** Largest batch body, JSON or CSV upload (AML_BATCH_MAX_BYTES). */
  batchMaxBytes?: number
  /** Batches one key may have queued or running at once (AML_BATCH_MAX_ACTIVE). */
  batchMaxActive?: number
  /** Cases, decisions and their trail; made over `store`'s database when not given. */
  cases?: CaseStore
  /** Monitored subjects and alerts; made over `store`'s database when not given. */
  monitors?: MonitorStore
  /**
   * Monitoring passes. When not given, the app makes one (without a webhook) that starts when the
   * lists are ready and stops when the app closes.
   */
  monitor?: Pick<Monitor, 'kick'>
}

export async function buildApp(deps: AmlDeps): Promise<App> {
  const app = createServer({
    name: 'aml',
    envelope: 'standard',
    logger: deps.logger,
    // Single screenings are small; a batch route sets its own limit (AML_BATCH_MAX_BYTES).
    bodyLimit: 256 * 1024,
    logRequests: deps.logRequests ?? true,
  })
  await registerApiDocs(app, {
    title: 'Gatehouse AML screening API',
    version: '0.1.0',
    description:
      'Screening of persons and companies against the EU, UN, OFAC, UK and Czech sanctions lists, with PEP, EU high-risk third country, ARES and ISIR modules. Every success is `{success, data, meta}` except `POST /api/aml/screen/complete`, which answers the bare screening response; every failure is `{success:false, error:{code, message, details}, meta}`. See src/services/aml/README.md.',
    tags: [
      { name: 'screening', description: 'Screen subjects; read the stored record of a screening' },
      { name: 'batch', description: 'Screen a client book (up to 100,000 subjects) as a job' },
      {
        name: 'monitoring',
        description: 'Ongoing monitoring: enrolled subjects re-screened on every list update, alerts',
      },
      {
        name: 'cases',
        description:
          'Cases: every screening or monitoring alert with a hit, its decisions (four eyes on clearing a HIGH or CRITICAL hit) and its append-only trail',
      },
      { name: 'lists', description: 'The sanctions list versions loaded' },
      { name: 'health' },
    ],
    securitySchemes: OPERATOR_SECURITY_SCHEMES,
    errorEnvelope: 'standard',
  })
  registerHttpMetrics(app, { service: 'aml' })
  const batchMaxBytes = deps.batchMaxBytes ?? 32 * 1024 * 1024
  // CSV client books arrive as multipart/form-data (one file part); the route sets the file limit.
  await app.register(multipart, { limits: { fileSize: batchMaxBytes, files: 1, fields: 0, parts: 1 } })
  const batches = deps.batches ?? new BatchStore(deps.store.database)
  let batchRunner = deps.batchRunner
  if (!batchRunner) {
    const runner = new BatchRunner({
      batches,
      store: deps.store,
      slots: deps.slots,
      logger: deps.logger,
      screening: () => (deps.lists.state.status === 'ready' ? deps.lists.state : undefined),
    })
    deps.lists.onReady(() => runner.kick())
    runner.start()
    app.addHook('onClose', () => runner.close())
    batchRunner = runner
  }
  const cases = deps.cases ?? new CaseStore(deps.store.database)
  const monitors = deps.monitors ?? new MonitorStore(deps.store.database)
  let monitor = deps.monitor
  if (!monitor) {
    const own = new Monitor({
      monitors,
      cases,
      store: deps.store,
      logger: deps.logger,
      cooperative: true,
      target: () => (deps.lists.state.status === 'ready' ? deps.lists.state : undefined),
    })
    deps.lists.onReady(() => own.start())
    app.addHook('onClose', () => own.close())
    monitor = own
  }
  registerScreening(app, { ...deps, cases })
  registerCases(app, { ...deps, cases })
  registerBatch(app, { ...deps, batches, batchRunner, batchMaxBytes })
  registerMonitor(app, { ...deps, monitors, monitor, batches, cases })
  registerLists(app, deps)
  return app
}
