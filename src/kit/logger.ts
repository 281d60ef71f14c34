import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino'
import pinoPretty from 'pino-pretty'
import { redactUrl } from './credentials.ts'

/**
 * Structured JSON logs. Credentials never reach a log line:
 * - requests are logged as method, URL, host and address only (no headers, never bodies), and the
 *   URL's credential parameters (by name or by value, see credentials.ts) are redacted — the server
 *   refuses such URLs, but the refusal itself is logged;
 * - the headers that carry credentials are redacted wherever an object carrying `headers` is
 *   logged (at the top, or one or two levels down: `req.headers`, `err.config.headers`).
 */
const CREDENTIAL_HEADERS = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-admin-key',
  'x-internal-key',
  'cookie',
  'set-cookie',
]

const REDACTED_PATHS = CREDENTIAL_HEADERS.flatMap((h) => [
  `headers["${h}"]`,
  `*.headers["${h}"]`,
  `*.*.headers["${h}"]`,
])

/** What a request looks like in a log line (a Fastify request or a raw IncomingMessage). */
interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  ip?: string
  headers?: Record<string, unknown>
  socket?: { remoteAddress?: string; remotePort?: number }
}

/** Fastify's request serializer, with the URL's credentials redacted and no headers at all. */
function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  }
}

/** A pino logger with the platform's redaction; `destination` (default stdout) lets tests read it. */
export function createLogger(
  opts: { level: string; name?: string; pretty?: boolean } & Partial<LoggerOptions>,
  destination?: DestinationStream,
): Logger {
  const { pretty, ...rest } = opts
  const options: LoggerOptions = {
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...rest,
    serializers: { req: serializeRequest, ...rest.serializers },
  }
  if (destination) return pino(options, destination)
  // A person at a terminal reads lines, a log collector JSON (LOG_FORMAT, see config.ts).
  if (pretty)
    return pino(
      options,
      pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }),
    )
  return pino(options)
}

/** Whether logs are for a person: LOG_FORMAT=pretty, or `auto` (the default) with a terminal on stdout. */
export function wantsPrettyLogs(format: 'auto' | 'json' | 'pretty', stdoutIsTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTty)
}

export type { Logger }
