/**
 * Sessions, roles and the browser's safety rules of the console.
 *
 * - The session is an httpOnly cookie (SameSite=Strict; Secure when the request came over TLS,
 *   directly or through a trusted proxy's X-Forwarded-Proto), expiring with the session row.
 * - Every change (POST, PATCH, DELETE under /api/ other than signing in) must carry the session's
 *   CSRF token in X-CSRF-Token: a page of another site can neither read the token nor set the
 *   header without a CORS preflight this service never grants. Signing in takes JSON only, which a
 *   form of another site cannot send.
 * - Security headers on every answer: a CSP without inline scripts and with frame-ancestors 'none'.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../kit/errors.ts'
import { sameSecret } from '../../kit/secrets.ts'
import type { App } from '../../kit/server.ts'
import type { ConsoleStore, Role, Session } from './store.ts'

const COOKIE = 'gatehouse_console'
const CSRF_HEADER = 'x-csrf-token'

/**
 * Scripts only from this origin (no inline, no eval); styles may be inline because the component
 * library sets CSS variables and positions in style attributes; nothing may frame the console.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: Session | undefined
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === COOKIE) {
      const value = part.slice(eq + 1).trim()
      return value.length > 0 && value.length <= 100 ? value : undefined
    }
  }
  return undefined
}

function isTls(request: FastifyRequest): boolean {
  return request.protocol === 'https'
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlMs: number) {
  const attributes = [
    `${COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.floor(ttlMs / 1000)}`,
  ]
  if (isTls(request)) attributes.push('Secure')
  reply.header('set-cookie', attributes.join('; '))
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const attributes = [`${COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0']
  if (isTls(request)) attributes.push('Secure')
  reply.header('set-cookie', attributes.join('; '))
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return tokenOf(request)
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Resolves the session of every /api/ request and enforces the CSRF token on changes. */
export function registerSessions(app: App, store: ConsoleStore): void {
  app.decorateRequest('consoleSession', undefined)
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!
    if (!path.startsWith('/api/')) return
    const token = tokenOf(request)
    request.consoleSession = token ? await store.session(token) : undefined
    const signingIn = request.method === 'POST' && path === '/api/session'
    if (!CHANGES.has(request.method) || signingIn) return
    if (!request.consoleSession) return // the route's role check answers 401
    const given = request.headers[CSRF_HEADER]
    if (!sameSecret(typeof given === 'string' ? given : undefined, request.consoleSession.csrf))
      throw new AppError('forbidden', 'Changes need the session’s token in X-CSRF-Token', {
        header: 'X-CSRF-Token',
        rule: 'csrf',
      })
  })
}

/** Marks a route guard made by `requireRole`, so the API document can declare the session. */
const ROLE_GUARD = Symbol('console role guard')

/**
 * The credentials a console route checks, for its API document: a route guarded by
 * `requireRole` needs the session cookie, and a change (POST, PUT, PATCH, DELETE) its CSRF token
 * too; any other route needs neither.
 */
export function consoleSecurityOf(route: {
  method: string | string[]
  onRequest?: unknown
}): Array<Record<string, string[]>> | undefined {
  const hooks = Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]
  if (!hooks.some((h) => typeof h === 'function' && ROLE_GUARD in h)) return undefined
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.some((m) => CHANGES.has(m.toUpperCase())) ? [{ session: [], csrf: [] }] : [{ session: [] }]
}

/** The console's credentials as OpenAPI security schemes. */
export const CONSOLE_SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: COOKIE,
    description: 'The session cookie POST /api/session sets (HttpOnly, SameSite=Strict)',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The session’s token (csrf_token of POST /api/session), on every change',
  },
} as const

/** A route's guard: a signed-in user (401) with at least `role` (403; admin ⊇ analyst). */
export function requireRole(role: Role) {
  return Object.assign(
    async (request: FastifyRequest): Promise<void> => {
      const session = request.consoleSession
      if (!session) throw new AppError('unauthorized', 'Sign in first', { cookie: COOKIE })
      if (role === 'admin' && session.user.role !== 'admin')
        throw new AppError('forbidden', 'Only an admin may do this', {
          role: session.user.role,
          needs: 'admin',
        })
    },
    { [ROLE_GUARD]: role },
  )
}

export function signedIn(request: FastifyRequest): Session {
  const session = request.consoleSession
  if (!session) throw new AppError('unauthorized', 'Sign in first', { cookie: COOKIE })
  return session
}

/** The security headers of every answer; a page that set its own CSP (the API docs) keeps it. */
export function registerSecurityHeaders(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'no-referrer')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('cross-origin-resource-policy', 'same-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (isTls(request)) reply.header('strict-transport-security', 'max-age=31536000')
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
    return payload
  })
}
