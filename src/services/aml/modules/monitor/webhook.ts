/**
 * Monitoring alerts posted to the operator's webhook (AML_MONITOR_WEBHOOK_URL), each body signed
 * with HMAC-SHA256 under AML_MONITOR_WEBHOOK_SECRET:
 *
 *   POST <url>
 *   Content-Type: application/json
 *   Gatehouse-Event: aml.monitor.alert
 *   Gatehouse-Timestamp: 1764003600                  (Unix seconds when it was signed)
 *   Gatehouse-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>
 *   Idempotency-Key: AMLA-20261124-000001            (the alert id: a repeat is the same alert)
 *
 *   {"type":"aml.monitor.alert","alert":{…}}        (the alert as GET /api/aml/monitor/alerts gives it)
 *
 * A receiver recomputes the HMAC over the timestamp, a dot and the raw body, compares in constant
 * time, and refuses a timestamp more than five minutes old (a replay). Any 2xx is delivery.
 *
 * The URL is the operator's configuration, not something a caller of the API can set, so the call
 * goes through the kit's HTTP client (timeouts, retries with backoff, a body cap), not the egress
 * guard, which would refuse the internal addresses (a SIEM, a queue on the private network) such a
 * webhook usually has.
 */
import { createHmac } from 'node:crypto'
import { HttpClient } from '../../../../kit/http.ts'

const SIGNATURE_HEADER = 'gatehouse-signature'
const TIMESTAMP_HEADER = 'gatehouse-timestamp'

/** `v1=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` under the secret. */
function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

export interface AlertWebhookOptions {
  url: string
  secret: string
  /** Per attempt (ms). */
  timeoutMs?: number
  /** Extra attempts within one delivery (the kit's backoff). */
  retries?: number
  fetch?: typeof fetch
  now?: () => Date
}

export class AlertWebhook {
  readonly url: string
  private readonly secret: string
  private readonly http: HttpClient
  private readonly now: () => Date

  constructor(opts: AlertWebhookOptions) {
    this.url = opts.url
    this.secret = opts.secret
    this.now = opts.now ?? (() => new Date())
    this.http = new HttpClient({
      source: 'aml-monitor-webhook',
      baseUrl: opts.url,
      timeoutMs: opts.timeoutMs ?? 5000,
      retries: opts.retries ?? 2,
      backoffMs: 500,
      maxBytes: 64 * 1024,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    })
  }

  /** Posts one alert; throws the kit's UpstreamError when the receiver did not take it. */
  async send(alertId: string, alert: unknown): Promise<void> {
    const body = JSON.stringify({ type: 'aml.monitor.alert', alert })
    const timestamp = Math.floor(this.now().getTime() / 1000)
    await this.http.request(this.url, {
      method: 'POST',
      body,
      responseType: 'text',
      idempotencyKey: alertId,
      headers: {
        'content-type': 'application/json',
        'gatehouse-event': 'aml.monitor.alert',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signature(this.secret, timestamp, body),
      },
    })
  }
}
