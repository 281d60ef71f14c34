/**
 * What counts as a credential in a URL. Credentials travel only in headers: a URL is written to
 * access logs, proxy logs and browser history, so a query parameter that carries one is refused
 * (the server answers 400 naming it) and its value never reaches a log line (the logger's request
 * serializer redacts it). A parameter is a credential by its name (key, api_key, token, secret,
 * password … in any case or spelling: `API-Key`, `apiKey`, `client_secret`) or by its value (an
 * issued key `<prefix>_<32 base62>`, a JWT, an `Authorization` scheme), whatever its name.
 *
 * Every pattern is anchored and has no nested or overlapping repetition: linear in the input.
 */

/** Names that are credentials on their own (lower-case, separators removed). */
const CREDENTIAL_NAMES = new Set([
  'key',
  'apikey',
  'xapikey',
  'adminkey',
  'xadminkey',
  'internalkey',
  'xinternalkey',
  'workerkey',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'apitoken',
  'sessiontoken',
  'bearer',
  'jwt',
  'auth',
  'authorization',
  'secret',
  'clientsecret',
  'secretkey',
  'privatekey',
  'accesskey',
  'password',
  'passwd',
  'pwd',
  'credential',
  'credentials',
])

/** A last word that makes any name a credential (`gh_token`, `db_password`). */
const CREDENTIAL_LAST_WORDS = new Set(['token', 'secret', 'password', 'passwd'])
/** Words that make a trailing `key` a credential (`my_api_key`, `service-auth-key`; not `sort_key`). */
const KEY_QUALIFIERS = new Set(['api', 'admin', 'internal', 'worker', 'secret', 'private', 'access', 'auth'])

/** Longest name or value inspected (chars); a URL's query is bounded by the header limit anyway. */
const MAX_INSPECTED = 8192

/** `apiKey` → api key, `API-Key` → api key, `client_secret` → client secret. */
function words(name: string): string[] {
  return name
    .slice(0, MAX_INSPECTED)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

/**
 * Verdicts on names already seen: a service's routes take a handful of parameter names, and
 * splitting one into words costs about 1 µs, on every parameter of every request. Bounded, since
 * names come from clients: past the bound, new names are judged each time.
 */
const NAME_VERDICTS = new Map<string, boolean>()
const MAX_REMEMBERED_NAMES = 1024
/** Longer names (chars) are judged each time rather than held. */
const MAX_REMEMBERED_NAME_LENGTH = 64

function isCredentialName(name: string): boolean {
  let verdict = NAME_VERDICTS.get(name)
  if (verdict === undefined) {
    verdict = judgeName(name)
    if (NAME_VERDICTS.size < MAX_REMEMBERED_NAMES && name.length <= MAX_REMEMBERED_NAME_LENGTH)
      NAME_VERDICTS.set(name, verdict)
  }
  return verdict
}

function judgeName(name: string): boolean {
  const parts = words(name)
  if (parts.length === 0) return false
  if (CREDENTIAL_NAMES.has(parts.join(''))) return true
  const last = parts[parts.length - 1]!
  if (CREDENTIAL_LAST_WORDS.has(last)) return true
  return last === 'key' && parts.length > 1 && KEY_QUALIFIERS.has(parts[parts.length - 2]!)
}

/** An issued API key: `<prefix>_<32 base62>` (prefix: 1 to 8 lower-case letters or digits). */
const ISSUED_KEY = /^[a-z][a-z0-9]{0,7}_[A-Za-z0-9]{32}$/
/** A JSON Web Token: two base64url JSON objects (`{"` encodes as `eyJ`) and a signature. */
const JWT = /^eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]*\./
/** An Authorization header value pasted into a URL. */
const AUTH_SCHEME = /^(Bearer|Basic|Token)\s/i

function isCredentialValue(value: string): boolean {
  if (value.length < 8 || value.length > MAX_INSPECTED) return false
  const v = value.trim()
  return ISSUED_KEY.test(v) || JWT.test(v) || AUTH_SCHEME.test(v)
}

/** The first query parameter (of a parsed query) that carries a credential, if any. */
export function credentialParameter(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined
  for (const name in query) {
    if (!Object.hasOwn(query, name)) continue
    if (isCredentialName(name)) return name
    const value = (query as Record<string, unknown>)[name]
    if (typeof value === 'string') {
      if (isCredentialValue(value)) return name
    } else if (Array.isArray(value)) {
      for (const v of value) if (typeof v === 'string' && isCredentialValue(v)) return name
    }
  }
  return undefined
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return part
  }
}

/** The URL with the value of every credential parameter replaced by `[redacted]` (for logs). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const parts = url.slice(q + 1).split('&')
  let changed = false
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const eq = part.indexOf('=')
    const name = eq === -1 ? part : part.slice(0, eq)
    const value = eq === -1 ? '' : part.slice(eq + 1)
    if (isCredentialName(decode(name)) || isCredentialValue(decode(value))) {
      parts[i] = `${name}=[redacted]`
      changed = true
    }
  }
  return changed ? `${url.slice(0, q)}?${parts.join('&')}` : url
}
