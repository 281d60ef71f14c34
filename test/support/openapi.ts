/**
 * What every service's API description must hold, checked against the app itself: /openapi.json is
 * a valid OpenAPI document, and every route registered on the app (as the server factory saw them,
 * so a route registered before the description or in a scope of its own cannot slip past) is in it
 * with a response schema, with a schema for its path parameters and, where it takes a body, for
 * that body. The routes `registerApiDocs` adds (the description and its viewers) are the only ones
 * exempt. Nothing is documented that the app does not serve.
 *
 *   const doc = await documentedRoutes(app)   // throws listing every problem
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import type { RouteOptions } from 'fastify'
import { isDocumentationRoute } from '../../src/kit/api-docs.ts'
import { type App, registeredRoutes } from '../../src/kit/server.ts'

export interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>
  requestBody?: { required?: boolean; content: Record<string, { schema?: Record<string, unknown> }> }
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>
  security?: Array<Record<string, string[]>>
  [key: string]: unknown
}

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: {
    schemas?: Record<string, Record<string, unknown>>
    securitySchemes?: Record<string, unknown>
  }
  [key: string]: unknown
}

/** A route as the document names it: method (lower-case) and the path template (`{id}`). */
export interface DocumentedRoute {
  method: string
  path: string
  operation: OpenApiOperation
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']

/**
 * Fastify's `/a/:id` (or `:id(^\d+)`) as an OpenAPI template `/a/{id}`, and a trailing wildcard
 * (`/rag/*`, a proxy's or a page tree's rest of the path) as `{path}`, as the kit's API docs write it.
 */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{path}')
}

/** The app's /openapi.json, fetched as a client would. */
export async function fetchOpenApi(app: App): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}: ${res.body}`)
  return res.json() as OpenApiDocument
}

/** Every operation of a document. */
export function operationsOf(doc: OpenApiDocument): DocumentedRoute[] {
  const out: DocumentedRoute[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.includes(method)) out.push({ method, path, operation })
    }
  }
  return out
}

/** The 2xx/3xx responses of an operation that describe a body (a media type with a schema). */
function describedSuccess(operation: OpenApiOperation): string[] {
  return Object.entries(operation.responses)
    .filter(([status, response]) => /^[23]/.test(status) && hasSchema(response.content))
    .map(([status]) => status)
}

function hasSchema(content: Record<string, { schema?: unknown }> | undefined): boolean {
  return Object.values(content ?? {}).some((media) => media.schema !== undefined)
}

/**
 * Checks the description against the registered routes and returns it; throws an Error listing
 * every problem (one line each) when there is any.
 */
export async function documentedRoutes(app: App): Promise<OpenApiDocument> {
  await app.ready()
  const doc = await fetchOpenApi(app)
  const problems: string[] = []

  const validator = new Validator()
  const validation = await validator.validate(doc as never)
  if (!validation.valid) {
    problems.push(`/openapi.json is not a valid OpenAPI document: ${JSON.stringify(validation.errors)}`)
  }

  const served = new Set<string>()
  for (const route of registeredRoutes(app)) {
    if (isDocumentationRoute(route)) continue
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase())
    for (const method of methods) {
      const path = openApiPath(route.url)
      served.add(`${method} ${path}`)
      // Fastify adds HEAD beside every GET; the description names the GET.
      if (method === 'head' && routeHasGet(app, route)) continue
      const name = `${method.toUpperCase()} ${route.url}`
      if (route.url.slice(0, -1).includes('*')) {
        problems.push(`${name}: only a trailing wildcard can be described; give it a path template`)
        continue
      }
      const operation = doc.paths[path]?.[method]
      if (!operation) {
        problems.push(`${name} is not in /openapi.json (hidden, or registered before registerApiDocs)`)
        continue
      }
      if (describedSuccess(operation).length === 0) {
        problems.push(`${name} has no response schema for its success status (schema.response)`)
      }
      const schema = (route.schema ?? {}) as Record<string, unknown>
      if (/:[A-Za-z0-9_]/.test(route.url) && !schema.params) {
        problems.push(`${name} has path parameters but no schema.params`)
      }
      if ((schema.body || route.config?.documentedBody) && !hasSchema(operation.requestBody?.content)) {
        problems.push(`${name} takes a body the description does not show`)
      }
    }
  }
  for (const { method, path } of operationsOf(doc)) {
    if (!served.has(`${method} ${path}`)) {
      problems.push(`${method.toUpperCase()} ${path} is described but no such route is registered`)
    }
  }
  if (problems.length > 0) throw new Error(`API description problems:\n- ${problems.join('\n- ')}`)
  return doc
}

function routeHasGet(app: App, route: RouteOptions): boolean {
  return registeredRoutes(app).some(
    (r) => r.url === route.url && (Array.isArray(r.method) ? r.method.includes('GET') : r.method === 'GET'),
  )
}
