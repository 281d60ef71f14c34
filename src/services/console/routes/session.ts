/**
 * Signing in and out. A wrong name and a wrong password get the same 401 after the same work (an
 * unknown name is checked against a dummy hash), so the answer does not tell which names exist.
 * Failed attempts are limited per client address and per address and name (src/kit ratelimit);
 * successful ones are not counted.
 */
import { ok } from '../../../kit/envelope.ts'
import { AppError } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { clearSessionCookie, requireRole, sessionToken, setSessionCookie, signedIn } from '../auth.ts'
import { DUMMY_HASH_PROMISE, verifyPassword } from '../passwords.ts'
import { SessionResponse, SignedOutResponse, SignInBody } from '../schemas.ts'

/** Failed sign-in attempts allowed per window (15 min): per address, and per address and user name. */
export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, perAddress: 30, perName: 10 }

export function registerSession(app: App, deps: ConsoleDeps): void {
  const limits = deps.signInLimits ?? SIGN_IN_LIMITS
  app.post(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in: sets the session cookie and returns the CSRF token',
        body: SignInBody,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const { name, password } = request.body
      // Only failures count (an office behind one address signs in many times a day): the windows
      // are read before, and a refused attempt is counted in both after.
      const windows = [
        { key: `signin:${request.ip}`, limit: limits.perAddress, windowMs: limits.windowMs },
        {
          key: `signin:${request.ip}:${name.toLowerCase()}`,
          limit: limits.perName,
          windowMs: limits.windowMs,
        },
      ]
      const decisions = await Promise.all(
        windows.map((w) => deps.rateLimiter.peek(w.key, w.limit, w.windowMs)),
      )
      if (decisions.some((d) => !d.allowed)) {
        // The window that is full says how long; the others report 0.
        const wait = Math.max(1, ...decisions.map((d) => d.retryAfterSeconds))
        throw new AppError(
          'rate_limited',
          'Too many sign-in attempts; try again later',
          { retry_after_seconds: wait },
          { 'retry-after': String(wait) },
        )
      }
      const found = await deps.store.credentials(name)
      const good = await verifyPassword(password, found?.hash ?? (await DUMMY_HASH_PROMISE()))
      if (!found || !good) {
        await deps.rateLimiter.hitAll(windows)
        request.log.warn({ user: name }, 'console sign-in refused')
        throw new AppError('unauthorized', 'Wrong name or password')
      }
      const { token, session } = await deps.store.createSession(found.user, deps.sessionTtlMs)
      setSessionCookie(request, reply, token, deps.sessionTtlMs)
      request.log.info({ user: name, role: found.user.role }, 'console sign-in')
      return ok(reply, { user: session.user, csrf_token: session.csrf, expires_at: session.expires_at })
    },
  )

  app.get(
    '/api/session',
    {
      onRequest: requireRole('analyst'),
      schema: {
        tags: ['session'],
        summary: 'The signed-in user and the CSRF token (401 when signed out)',
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const session = signedIn(request)
      return ok(reply, { user: session.user, csrf_token: session.csrf, expires_at: session.expires_at })
    },
  )

  app.delete(
    '/api/session',
    {
      onRequest: requireRole('analyst'),
      schema: {
        tags: ['session'],
        summary: 'Sign out: ends the session (needs X-CSRF-Token)',
        response: { 200: SignedOutResponse },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request)
      if (token) await deps.store.endSession(token)
      clearSessionCookie(request, reply)
      return ok(reply, { signed_out: true })
    },
  )
}
