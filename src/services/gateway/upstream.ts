/**
 * Forwarding agent calls to AGENTS_URL: an agent runner speaking the gateway's own agent route
 * (`POST /api/{service}/{agent}` answering `{result, …}`), typically a gateway instance on the
 * machines that run agents. The body was already validated here; the runner validates again.
 * Never retried: a call may be slow or costly (LLM), and the client decides whether to repeat it.
 */
import { AppError } from '../../kit/errors.ts'
import { HttpClient, UpstreamError } from '../../kit/http.ts'

interface UpstreamResult {
  result: unknown
  /** The runner's own measure when it gives one, else the round trip (ms). */
  executionMs: number
  status: number
}

export interface AgentUpstream {
  readonly url: string
  call(service: string, agent: string, input: unknown, requestId: string): Promise<UpstreamResult>
}

export function createAgentUpstream(opts: {
  url: string
  apiKey?: string
  timeoutMs: number
}): AgentUpstream {
  const client = new HttpClient({
    source: 'agents',
    baseUrl: opts.url,
    timeoutMs: opts.timeoutMs,
    retries: 0,
    headers: opts.apiKey ? { 'x-api-key': opts.apiKey } : {},
  })
  return {
    url: opts.url,
    async call(service, agent, input, requestId) {
      const started = performance.now()
      const answer = await client.postJson<Record<string, unknown>>(
        `/api/${encodeURIComponent(service)}/${encodeURIComponent(agent)}`,
        input,
        // An agent computes from its input and keeps nothing: a repeat is safe.
        { headers: { 'x-request-id': requestId }, acceptStatus: [400, 404], idempotent: true },
      )
      const body = answer.data
      if (answer.status === 400 || answer.status === 404) {
        // The runner refused the call itself: pass its verdict on, in our envelope.
        const message =
          typeof body?.error === 'string' ? body.error : `Agent runner answered HTTP ${answer.status}`
        const { error: _e, code: _c, request_id: _r, ...details } = body ?? {}
        throw new AppError(answer.status === 400 ? 'invalid_request' : 'not_found', message, details)
      }
      if (!body || typeof body !== 'object' || !('result' in body)) {
        throw new UpstreamError(
          'agents',
          'invalid_response',
          'answered without a "result" field',
          answer.status,
        )
      }
      const reported = body.execution_time_ms
      return {
        result: body.result,
        executionMs: typeof reported === 'number' ? reported : performance.now() - started,
        status: answer.status,
      }
    },
  }
}

/** How a failed forward reads to the client: 504 on a timeout, 502 otherwise; never the raw cause. */
export function upstreamFailure(error: UpstreamError, timeoutMs: number): AppError {
  if (error.kind === 'timeout') {
    return new AppError('upstream_timeout', `Agent runner did not answer within ${timeoutMs / 1000} s`, {
      upstream: 'agents',
    })
  }
  const why =
    error.kind === 'network'
      ? 'is unreachable'
      : error.kind === 'status'
        ? `answered HTTP ${error.status}`
        : 'answered with an invalid response'
  return new AppError('upstream_error', `Agent runner ${why}; retry later or check AGENTS_URL`, {
    upstream: 'agents',
  })
}
