import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino'

/**
 * Structured JSON logs. Credentials never reach a log line: the headers that carry keys are
 * redacted, and request bodies are never logged (Fastify logs method, URL and status only).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-admin-key"]',
  'req.headers.cookie',
]

/** A pino logger with the platform's redaction; `destination` (default stdout) lets tests read it. */
export function createLogger(
  opts: { level: string; name?: string } & Partial<LoggerOptions>,
  destination?: DestinationStream,
): Logger {
  const options = { redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...opts }
  return destination ? pino(options, destination) : pino(options)
}

export type { Logger }
