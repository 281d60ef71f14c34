/**
 * The console's backend, typed by its own OpenAPI document (src/client/types/console.ts, written
 * by `npm run client:generate`): a wrong path, a missing parameter or a misread answer is a
 * compile error. Every call is same-origin with the session cookie; changes carry the session's
 * CSRF token (X-CSRF-Token, handed out at sign-in). A non-2xx answer is thrown as an ApiError with
 * the envelope's code, message and details; errorMessage (errors.ts) says it in the UI's language.
 */
import type { Paths } from '../../../../client/types/console.ts'

type Method = 'get' | 'post' | 'delete'

/** The API paths that take `method`. */
export type PathOf<M extends Method> = {
  [P in keyof Paths]: Paths[P] extends Record<M, unknown> ? P : never
}[keyof Paths] &
  `/api/${string}`

type Operation<M extends Method, P extends keyof Paths> = Paths[P] extends Record<M, infer O> ? O : never

/** The `data` of an operation's 200 answer. */
export type Data<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } }
  }
    ? D
    : never

type Parameters<O> = O extends { parameters: infer X } ? X : never
type Empty = Record<never, never>
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? { body: B } : Empty

/** What a call sends: its path and query parameters ({path, query}) and its JSON body ({body}). */
type Init<M extends Method, P extends PathOf<M>> = Parameters<Operation<M, P>> & Body<Operation<M, P>>

/** The init is optional when nothing in it is required. */
export type InitArgument<M extends Method, P extends PathOf<M>> =
  Empty extends Init<M, P> ? [init?: Init<M, P>] : [init: Init<M, P>]

export class ApiError extends Error {
  readonly status: number
  /** The envelope's code: INVALID_REQUEST, RATE_LIMITED, UPSTREAM_ERROR … (NETWORK: no answer). */
  readonly code: string
  readonly details: Record<string, unknown>
  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
  }
  /** The request field at fault, when the backend named it. */
  get field(): string | undefined {
    return typeof this.details.field === 'string' ? this.details.field : undefined
  }
  /** The rule the field broke, when the backend named it. */
  get rule(): string | undefined {
    return typeof this.details.rule === 'string' ? this.details.rule : undefined
  }
}

let csrf = ''

export function rememberCsrf(token: string | undefined): void {
  csrf = token ?? ''
}

/** Called when the backend says the session is gone (401): the app shows the sign-in page. */
let onSignedOut: () => void = () => undefined
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

/** A query string of the set values only. */
function queryString(values: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The URL of a path with its parameters filled in ({screening_id} → the id, encoded). */
export function urlOf(
  path: string,
  init: { path?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(init.path?.[name])),
  )
  return filled + queryString(init.query)
}

/** One call to the backend: the answer's `data`, or an ApiError. */
export async function call<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...[init]: InitArgument<M, P>
): Promise<Data<M, P>> {
  const { body, ...params } = (init ?? {}) as {
    body?: unknown
    path?: Record<string, unknown>
    query?: Record<string, unknown>
  }
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'get' && csrf) headers['x-csrf-token'] = csrf
  let res: Response
  try {
    res = await fetch(urlOf(path, params), {
      method: method.toUpperCase(),
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message)
  }
  const json = (await res.json().catch(() => ({}))) as {
    data?: unknown
    error?: { code?: string; message?: string; details?: Record<string, unknown> }
  }
  if (!res.ok) {
    if (res.status === 401 && path !== '/api/session') onSignedOut()
    throw new ApiError(
      res.status,
      json.error?.code ?? `HTTP_${res.status}`,
      json.error?.message ?? res.statusText,
      json.error?.details,
    )
  }
  return json.data as Data<M, P>
}
