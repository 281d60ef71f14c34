/**
 * Redirects, which the guard follows itself, hop by hop (each hop is vetted like the first URL):
 * where an answer points, the hop budget, and which request headers may follow.
 */
import { EgressRefused, redact } from './refusal.ts'

type RawHeaders = Record<string, string | string[] | undefined>

/** The Location of a redirect answer (3xx other than 304, with a Location); undefined otherwise. */
export function redirectLocation(status: number, headers: RawHeaders): string | undefined {
  if (status < 300 || status >= 400 || status === 304) return undefined
  const value = headers.location
  return Array.isArray(value) ? value[0] : value
}

/**
 * The next hop's URL (Location resolved against the current URL); EGRESS_UPSTREAM for a Location
 * that is no URL, EGRESS_TOO_MANY_REDIRECTS once `hop` has used up `maxRedirects`.
 */
export function nextHop(location: string, url: URL, hop: number, maxRedirects: number): URL {
  let next: URL
  try {
    next = new URL(location, url)
  } catch {
    throw new EgressRefused('egress_upstream', `url: ${url.host} redirected to an invalid URL`, {
      url: redact(url),
      hop: hop + 1,
    })
  }
  if (hop >= maxRedirects)
    throw new EgressRefused('egress_too_many_redirects', `url: more than ${maxRedirects} redirects`, {
      url: redact(url),
      limit: maxRedirects,
    })
  return next
}

/** The request headers for the next hop: credentials set for one origin never follow to another. */
export function headersForHop(headers: Record<string, string>, from: URL, to: URL): Record<string, string> {
  if (to.origin === from.origin) return headers
  const { authorization: _a, cookie: _c, ...rest } = headers
  return rest
}
