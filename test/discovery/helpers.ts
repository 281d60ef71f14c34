/**
 * Shared by the discovery tests: an app over the shipped snapshot, and a contract checker that
 * validates every response a test receives against the app's own OpenAPI document with Ajv
 * (JSON Schema 2020-12, the dialect of an OpenAPI 3.1 Schema Object). `call` injects and checks in
 * one step, so no test can look at a response the document does not describe.
 */
import { Writable } from 'node:stream'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { pino } from 'pino'
import { DEFAULT_ORIGIN, loadDataset } from '../../src/engines/discovery/dataset.ts'
import { ERROR_CODES } from '../../src/kit/errors.ts'
import { MemoryRateLimiter } from '../../src/kit/ratelimit.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp, type DiscoveryDeps } from '../../src/services/discovery/app.ts'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { type DatasetState, prepareDataset } from '../../src/services/discovery/store.ts'

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let shipped: Promise<DatasetState> | undefined
/** The shipped snapshot, loaded once per test file. */
function shippedDataset(): Promise<DatasetState> {
  shipped ??= loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN).then(prepareDataset)
  return shipped
}

export interface TestApp {
  app: App
  contract: Contract
  /** Log lines the app wrote (JSON), for tests about what is and is not logged. */
  logs: string[]
  /** Injects, then checks the response against the OpenAPI document and the platform invariants. */
  call(options: InjectOptions | string): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export async function testApp(overrides: Partial<DiscoveryDeps> = {}): Promise<TestApp> {
  const logs: string[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const rateLimiter = overrides.rateLimiter ?? new MemoryRateLimiter()
  const app = await buildApp({
    logger: pino({ level: 'info' }, sink),
    dataset: overrides.dataset ?? (await shippedDataset()),
    origin: DEFAULT_ORIGIN,
    rateLimitPerMinute: 100_000,
    rateLimiter,
    securityContact: 'mailto:security@gatehouse.cz',
    logRequests: true,
    ...overrides,
  })
  await app.ready()
  const contract = new Contract(app.swagger() as unknown as OpenApiDocument)
  return {
    app,
    contract,
    logs,
    async call(options) {
      const opts: InjectOptions = typeof options === 'string' ? { url: options } : options
      const response = await app.inject(opts)
      contract.check(opts.method ?? 'GET', opts.url as string, response)
      return response
    },
    async close() {
      await app.close()
      await rateLimiter.close()
    },
  }
}

export interface OpenApiDocument {
  openapi: string
  info: { version: string }
  jsonSchemaDialect?: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Record<string, unknown>> }
  [key: string]: unknown
}

export interface Operation {
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }
  >
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>
  requestBody?: { content: Record<string, { schema: unknown }> }
  [key: string]: unknown
}

/** Paths served outside the OpenAPI document (documentation UIs and the document itself). */
const UNDOCUMENTED = [/^\/docs(\/|$)/, /^\/redoc(\/|$)/, /^\/openapi\.json$/]

export class Contract {
  readonly doc: OpenApiDocument
  private readonly ajv: Ajv2020
  private readonly templates: Array<{ template: string; pattern: RegExp }>
  /** Responses checked, by "METHOD template status", to show a test covered what it meant to. */
  readonly seen = new Set<string>()

  constructor(doc: OpenApiDocument) {
    this.doc = doc
    this.ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(this.ajv)
    this.ajv.addSchema(doc as object, 'openapi.json')
    this.templates = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
      ),
    }))
  }

  /** The documented operation for a concrete request, if any. */
  operation(method: string, url: string): { template: string; operation?: Operation } | undefined {
    const path = url.split('?')[0]!
    const found = this.templates.find((t) => t.pattern.test(path))
    if (!found) return undefined
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()
    return { template: found.template, operation: this.doc.paths[found.template]![verb] }
  }

  /** Throws, naming the violation, when the response is not what the document promises. */
  check(method: string, url: string, response: LightMyRequestResponse): void {
    const status = response.statusCode
    const where = `${method} ${url} → ${status}`
    const requestId = response.headers['x-request-id']
    if (typeof requestId !== 'string' || !UUID.test(requestId))
      throw new Error(`${where}: X-Request-Id missing`)
    if (!response.headers.ratelimit || !response.headers['ratelimit-policy'])
      throw new Error(`${where}: RateLimit headers missing`)

    const path = url.split('?')[0]!
    const found = this.operation(method, url)
    if (!found?.operation) {
      // Unknown routes (404), wrong methods (405) and the documentation pages.
      if (status >= 400) {
        this.checkError(where, response)
        return
      }
      if (UNDOCUMENTED.some((p) => p.test(path))) return
      throw new Error(`${where}: not in the OpenAPI document`)
    }
    const declared = found.operation.responses[String(status)]
    if (!declared) throw new Error(`${where}: status ${status} is not documented for ${found.template}`)
    this.seen.add(`${method.toUpperCase()} ${found.template} ${status}`)
    if (status >= 400) this.checkError(where, response)
    if (!declared.content) {
      if (response.body !== '' && method.toUpperCase() !== 'HEAD')
        throw new Error(`${where}: documented without a body, got one`)
      return
    }
    if (method.toUpperCase() === 'HEAD') return
    const type = String(response.headers['content-type'] ?? '')
    const mediaType = Object.keys(declared.content).find((m) => mediaTypeOf(m) === mediaTypeOf(type))
    if (!mediaType) throw new Error(`${where}: Content-Type ${type} is not documented`)
    const pointer = [
      'paths',
      found.template,
      verbOf(method),
      'responses',
      String(status),
      'content',
      mediaType,
      'schema',
    ]
    const validate = this.ajv.getSchema(`openapi.json#${pointer.map(escapePointer).join('')}`)
    if (!validate) throw new Error(`${where}: no schema`)
    const body = mediaTypeOf(mediaType).endsWith('json') ? JSON.parse(response.body) : response.body
    if (!validate(body))
      throw new Error(`${where}: body violates the document: ${this.ajv.errorsText(validate.errors)}`)
  }

  private checkError(where: string, response: LightMyRequestResponse): void {
    const validate = this.ajv.getSchema('openapi.json#/components/schemas/Error')!
    const body = JSON.parse(response.body)
    if (!validate(body))
      throw new Error(`${where}: not an Error body: ${this.ajv.errorsText(validate.errors)}`)
    if (body.request_id !== response.headers['x-request-id'])
      throw new Error(`${where}: request_id ≠ X-Request-Id`)
    if (!ERROR_CODES.includes(body.error.code)) throw new Error(`${where}: unknown code ${body.error.code}`)
    if (response.headers['cache-control'] !== 'no-store')
      throw new Error(`${where}: an error must be no-store`)
  }
}

function verbOf(method: string): string {
  const m = method.toLowerCase()
  return m === 'head' ? 'get' : m
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase()
}

function escapePointer(segment: string): string {
  return `/${encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`
}

/** A JSON body parsed (typed loosely for assertions). */
export function json(response: LightMyRequestResponse): any {
  return JSON.parse(response.body)
}
