/**
 * The console service: the operator console's single-page app and its backend-for-frontend on
 * the same origin. `buildApp` wires routes to built dependencies (no file, no port), so tests drive
 * it with `inject`. The backend calls the other services over HTTP (upstreams.ts) with the
 * operator keys, which never reach the browser. Envelope: {success, data, meta}.
 */
import { registerApiDocs } from '../../kit/api-docs.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { type App, createServer } from '../../kit/server.ts'
import {
  CONSOLE_SECURITY_SCHEMES,
  consoleSecurityOf,
  registerSecurityHeaders,
  registerSessions,
} from './auth.ts'
import { registerAdmin } from './routes/admin.ts'
import { registerCases } from './routes/cases.ts'
import { registerPlatform } from './routes/platform.ts'
import { registerScreening } from './routes/screening.ts'
import { registerSession, type SIGN_IN_LIMITS } from './routes/session.ts'
import { registerWeb, webNotFound } from './routes/web.ts'
import { registerWork } from './routes/work.ts'
import type { ConsoleStore } from './store.ts'
import type { Upstreams } from './upstreams.ts'
import type { WebFile } from './web-build.ts'

export interface ConsoleDeps {
  logger: Logger
  store: ConsoleStore
  upstreams: Upstreams
  /** Counts sign-in attempts (per address, per address and name). */
  rateLimiter: RateLimiter
  signInLimits?: typeof SIGN_IN_LIMITS
  /** How long a session lasts from sign-in (ms). */
  sessionTtlMs: number
  /** The built single-page app (empty: the pages say it is not built). */
  web: Map<string, WebFile>
  logRequests?: boolean
  trustProxy?: boolean
}

export async function buildApp(deps: ConsoleDeps): Promise<App> {
  const app = createServer({
    name: 'console',
    envelope: 'standard',
    logger: deps.logger,
    // Bodies are a sign-in, a subject or a key's settings: 16 KiB is ample.
    bodyLimit: 16 * 1024,
    logRequests: deps.logRequests ?? true,
    notFoundPage: webNotFound(deps),
    ...(deps.trustProxy !== undefined ? { trustProxy: deps.trustProxy } : {}),
  })
  registerSecurityHeaders(app)
  registerSessions(app, deps.store)
  await registerApiDocs(app, {
    securitySchemes: CONSOLE_SECURITY_SCHEMES,
    securityOf: consoleSecurityOf,
    title: 'Gatehouse console API',
    version: '0.1.0',
    description:
      'The operator console: a single-page app and its backend on the same origin. Sign in (session cookie, X-CSRF-Token on changes), screen people and companies, search the screening history, manage API keys and console users (admins), see the platform’s health. See src/services/console/README.md.',
    tags: [
      { name: 'health' },
      { name: 'session', description: 'Signing in and out' },
      { name: 'screening', description: 'AML screening and its history' },
      { name: 'cases', description: 'Case review (four eyes), monitoring alerts, client books' },
      { name: 'keys', description: 'API keys of the gateway (admins)' },
      { name: 'users', description: 'Console users (admins)' },
      { name: 'platform', description: 'Health of every service' },
      { name: 'web', description: 'The single-page app' },
    ],
    errorEnvelope: 'standard',
  })
  registerHttpMetrics(app, { service: 'console' })
  registerPlatform(app, deps)
  registerSession(app, deps)
  registerScreening(app, deps)
  registerCases(app, deps)
  registerAdmin(app, deps)
  registerWork(app, deps)
  registerWeb(app, deps)
  return app
}
