/**
 * Another platform service as a typed client: openapi-fetch over the callee's generated types
 * (src/client/types/<service>.ts, imported as types only), every request sent through the kit's
 * HttpClient — its timeout, its retries of what is safe to repeat, its body cap — so a failure is
 * still an UpstreamError naming the service. A service's field renamed, dropped or retyped in its
 * schemas is then a compile error in every service that calls it (`npm run client:generate`).
 */
import createClient, { type Client } from 'openapi-fetch'
import type { HttpClient, RequestOptions } from './http.ts'

/** What one call may change of the client's defaults. */
export type ServiceCallOptions = Pick<RequestOptions, 'acceptStatus' | 'idempotent' | 'timeoutMs'>

/** Statuses a Response must be made without a body for (RFC 9110 §15.3.5, §15.3.6, §15.4.5). */
const NULL_BODY = new Set([204, 205, 304])

/**
 * `http` as the `fetch` openapi-fetch calls: a status in `acceptStatus` (or any 2xx) comes back as
 * a Response for the caller to read; anything else is thrown as HttpClient throws it.
 */
function fetchThrough(
  http: HttpClient,
  options: ServiceCallOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.body === null ? undefined : await request.text()
    const result = await http.request<string>(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(body !== undefined ? { body } : {}),
      responseType: 'text',
      signal: request.signal,
      ...options,
    })
    const text = NULL_BODY.has(result.status) || result.data === '' ? null : result.data
    return new Response(text, { status: result.status, headers: result.headers })
  }
}

/** The typed client of one service, reached through `http` (base URL, timeout, retries). */
export function serviceClient<Paths extends {}>(
  http: HttpClient,
  options: ServiceCallOptions = {},
): Client<Paths> {
  return createClient<Paths>({ baseUrl: http.baseUrl, fetch: fetchThrough(http, options) })
}

/** The standard envelope's `data`, or the body as it is for a service that answers bare JSON. */
export type Unwrapped<T> = T extends { success: true; data: infer D } ? D : T

export function unwrapEnvelope<T>(body: T): Unwrapped<T> {
  if (body && typeof body === 'object' && 'success' in body && 'data' in body)
    return (body as { data: unknown }).data as Unwrapped<T>
  return body as Unwrapped<T>
}
