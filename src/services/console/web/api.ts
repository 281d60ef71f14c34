/**
 * The backend's answers: every call is same-origin with the session cookie; changes carry the
 * session's CSRF token (X-CSRF-Token), which the backend hands out at sign-in.
 */
export interface User {
  name: string
  role: 'admin' | 'analyst'
  created_at: string
}

export interface Session {
  user: User
  csrf_token: string
  expires_at: string
}

export class ApiError extends Error {
  readonly status: number
  readonly details: Record<string, unknown> | undefined
  constructor(status: number, message: string, details?: Record<string, unknown>) {
    super(message)
    this.status = status
    this.details = details
  }
}

let csrf = ''

export function rememberSession(session: Session | undefined): void {
  csrf = session?.csrf_token ?? ''
}

/** Called when the backend says the session is gone (401): the app shows the sign-in page. */
let onSignedOut: () => void = () => undefined
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const json = (await res.json().catch(() => ({}))) as {
    data?: T
    error?: { message?: string; details?: Record<string, unknown> }
  }
  if (!res.ok) {
    if (res.status === 401 && path !== '/api/session') onSignedOut()
    throw new ApiError(res.status, json.error?.message ?? res.statusText, json.error?.details)
  }
  return json.data as T
}

/** A query string of the set values only. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') params.set(k, String(v))
  const text = params.toString()
  return text ? `?${text}` : ''
}
