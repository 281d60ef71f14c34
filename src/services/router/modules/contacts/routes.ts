/**
 * Contact search: `GET /api/v1/contacts/search?query=&limit=` answered by the domain service's
 * contacts table (DOMAIN_URL, GET /api/contacts/search): by name, company, IČO, e-mail or phone,
 * diacritics and case aside. A domain service that does not answer is a 503 naming DOMAIN_URL.
 */
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import type { ServiceClients } from '../../service-clients.ts'
import { ContactSearchQuery, ContactSearchResponse } from './schemas.ts'

export interface ContactsDeps {
  platform: Pick<ServiceClients, 'domainContactSearch'>
  /** Where the domain service is (named in the 503 when it does not answer). */
  domainUrl: string
}

/** Seconds a client waits before asking again while the domain service is down (a restart). */
const RETRY_AFTER_SECONDS = 5

export function registerContacts(app: App, deps: ContactsDeps): void {
  app.get(
    '/api/v1/contacts/search',
    {
      schema: {
        summary:
          'Contacts by name, company, IČO, e-mail or phone (every word must match, diacritics and case aside), from the domain service',
        tags: ['contacts'],
        querystring: ContactSearchQuery,
        response: { 200: ContactSearchResponse },
      },
    },
    async (request, reply) => {
      const { query, limit } = request.query
      if (!/[\p{L}\p{N}]/u.test(query)) throw errors.invalid('query', 'at least one letter or digit')
      let answer: Awaited<ReturnType<ContactsDeps['platform']['domainContactSearch']>> | undefined
      try {
        answer = await deps.platform.domainContactSearch({ query, limit: limit ?? 10 })
      } catch (error) {
        throw unreachable(error, deps.domainUrl) ?? error
      }
      // The generated types say what the domain answers; a domain of another version may not.
      if (!answer || typeof answer.total !== 'number' || !Array.isArray(answer.items))
        throw new AppError('upstream_error', 'domain: the contact search answered in an unknown shape', {
          source: 'domain',
        })
      return ok(reply, { query, total: answer.total, items: answer.items })
    },
  )
}

/** A domain service that cannot be reached (refused, reset, no such host) as a 503 naming DOMAIN_URL. */
function unreachable(error: unknown, domainUrl: string): AppError | undefined {
  if (!(error instanceof AppError)) return undefined
  const details = error.details as { source?: string; kind?: string } | undefined
  if (details?.source !== 'domain' || details.kind !== 'network') return undefined
  return errors.unavailable(
    `The domain service does not answer at DOMAIN_URL=${domainUrl} (${error.message}); start it (gatehouse serve domain) or point DOMAIN_URL at it`,
    RETRY_AFTER_SECONDS,
    { variable: 'DOMAIN_URL', domain_url: domainUrl },
  )
}
