/**
 * The documents beside the API that agents and crawlers look for: the index at `/` (with Link
 * headers), the RFC 9727 API catalog, /llms.txt and the RFC 9116 security.txt. The OpenAPI document,
 * Swagger UI (/docs) and Redoc (/redoc) come from the kit (src/kit/api-docs.ts), served from npm
 * packages: no CDN.
 */

import { CACHE_DOCUMENT, conditional, entityTag } from '../../../kit/caching.ts'
import type { App } from '../../../kit/server.ts'
import { API_VERSION, type DiscoveryContext, errorResponses } from './common.ts'

const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1'

/** Relative links from `/`: they resolve against whatever host serves this instance. */
const INDEX_LINK_HEADER = [
  '</.well-known/api-catalog>; rel="api-catalog"',
  `</openapi.json>; rel="service-desc"; type="${OPENAPI_TYPE}"`,
  '</docs>; rel="service-doc"; type="text/html"',
  '</.well-known/capabilities.json>; rel="service-meta"; type="application/json"',
  '</healthz>; rel="status"; type="application/json"',
].join(', ')

/** security.txt stays valid this long after the day it is served (RFC 9116 asks for under a year). */
const SECURITY_TXT_VALID_DAYS = 180

export function registerDocuments(app: App, ctx: DiscoveryContext): void {
  const index = {
    name: 'Gatehouse discovery gateway',
    description:
      'Public, read-only discovery API of Gatehouse: search a curated public snapshot of its services, products and articles (Czech and English), and preview an inquiry without sending it.',
    api_version: API_VERSION,
    links: {
      openapi: '/openapi.json',
      swagger_ui: '/docs',
      redoc: '/redoc',
      capabilities: '/.well-known/capabilities.json',
      api_catalog: '/.well-known/api-catalog',
      llms_txt: '/llms.txt',
      security_txt: '/.well-known/security.txt',
      health: '/healthz',
      search: '/v1/search{?q,type*,limit}',
      services: '/v1/services',
      content: '/v1/content{?offset,limit}',
      content_record: '/v1/content/{id}',
      inquiry_preview: '/v1/inquiries/preview',
    },
  }
  const indexTag = entityTag(API_VERSION, JSON.stringify(index))
  app.get(
    '/',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Where everything is (also as Link headers)',
        response: {
          200: {
            $ref: 'Index#',
            description: 'Links to the API description, documentation and discovery documents.',
            headers: {
              Link: {
                type: 'string',
                description: 'api-catalog, service-desc, service-doc, service-meta, status',
              },
            },
          },
          304: { type: 'null', description: 'Not Modified.' },
          ...errorResponses(429, 500),
        },
      },
    },
    async (request, reply) => {
      reply.header('link', INDEX_LINK_HEADER)
      if (conditional(request, reply, indexTag, CACHE_DOCUMENT)) return reply
      return index
    },
  )

  const catalog = JSON.stringify({
    linkset: [
      {
        anchor: `${ctx.origin}/v1/`,
        'service-desc': [{ href: `${ctx.origin}/openapi.json`, type: OPENAPI_TYPE }],
        'service-doc': [
          { href: `${ctx.origin}/docs`, type: 'text/html', title: 'Swagger UI' },
          { href: `${ctx.origin}/redoc`, type: 'text/html', title: 'Redoc' },
          { href: `${ctx.origin}/llms.txt`, type: 'text/markdown', title: 'llms.txt' },
        ],
        'service-meta': [{ href: `${ctx.origin}/.well-known/capabilities.json`, type: 'application/json' }],
        status: [{ href: `${ctx.origin}/healthz`, type: 'application/json' }],
      },
    ],
  })
  const catalogTag = entityTag(catalog)
  app.get(
    '/.well-known/api-catalog',
    {
      schema: {
        tags: ['discovery'],
        summary: 'API catalog (RFC 9727, application/linkset+json)',
        description: `Links use the declared public origin (${ctx.origin}, DISCOVERY_ORIGIN).`,
        response: {
          200: {
            description: 'The linkset.',
            content: {
              [LINKSET_TYPE]: {
                schema: {
                  type: 'object',
                  required: ['linkset'],
                  properties: { linkset: { type: 'array', items: { type: 'object', required: ['anchor'] } } },
                },
              },
            },
          },
          304: { type: 'null', description: 'Not Modified.' },
          ...errorResponses(429, 500),
        },
      },
    },
    async (request, reply) => {
      reply.header('link', '</.well-known/api-catalog>; rel="api-catalog"')
      if (conditional(request, reply, catalogTag, CACHE_DOCUMENT)) return reply
      // Pre-serialized once: the linkset is not reshaped by the response serializer.
      return reply.type(LINKSET_TYPE).send(catalog as never)
    },
  )

  const llms = llmsTxt(ctx)
  const llmsTag = entityTag(llms)
  app.get(
    '/llms.txt',
    {
      schema: {
        tags: ['discovery'],
        summary: 'llms.txt: the service in Markdown for language models',
        response: {
          200: {
            description: 'Markdown (llmstxt.org).',
            content: { 'text/markdown': { schema: { type: 'string' } } },
          },
          304: { type: 'null', description: 'Not Modified.' },
          ...errorResponses(429, 500),
        },
      },
    },
    async (request, reply) => {
      if (conditional(request, reply, llmsTag, CACHE_DOCUMENT)) return reply
      return reply.type('text/markdown; charset=utf-8').send(llms)
    },
  )

  app.get(
    '/.well-known/security.txt',
    {
      schema: {
        tags: ['discovery'],
        summary: 'security.txt (RFC 9116)',
        response: {
          200: {
            description: `Contact and an Expires date ${SECURITY_TXT_VALID_DAYS} days after the current UTC day.`,
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          304: { type: 'null', description: 'Not Modified.' },
          ...errorResponses(429, 500),
        },
      },
    },
    async (request, reply) => {
      const text = securityTxt(ctx)
      if (conditional(request, reply, entityTag(text), 'public, max-age=86400')) return reply
      return reply.type('text/plain; charset=utf-8').send(text)
    },
  )
}

function llmsTxt(ctx: DiscoveryContext): string {
  const lines = [
    '# Gatehouse discovery gateway',
    '',
    '> Public, read-only API of Gatehouse, an open API platform for Czech businesses that must know who they deal with (AML screening, company and insolvency checks, property valuation and due diligence, legal analysis, QR payments, a knowledge base, an API gateway for agents). This gateway searches a curated public snapshot and previews inquiries; it sends, stores and executes nothing.',
    '',
    '> Veřejné API platformy Gatehouse jen pro čtení: vyhledávání v kurátorovaném veřejném přehledu služeb, produktů a článků a náhled poptávky bez odeslání.',
    '',
    'No authentication. Every endpoint may answer 429 (per-IP limit, see the RateLimit headers). Errors are JSON `{error:{code,message,details?}, request_id}`. Search is deterministic local full-text search (no language model); results carry an integer `score` (BM25+).',
    '',
    '## API',
    '',
    '- [OpenAPI 3.1 description](/openapi.json): every endpoint, schema and error code',
    '- [Capabilities](/.well-known/capabilities.json): what is implemented and what is explicitly not (submission, AML, payments, e-mail, orders)',
    '- [Search](/v1/search?q=aml): `q` (2–160 chars), repeatable `type` (service, content, product), `limit` (1–20)',
    '- [Service guides](/v1/services): every service guide',
    '- [Content](/v1/content): every record, paged with `offset` and `limit`; `/v1/content/{id}` returns one with its excerpt',
    '- [Health](/healthz): 200 when the dataset is loaded',
  ]
  if (ctx.dataset.ok) {
    const services = ctx.dataset.snapshot.records.filter((r) => r.type === 'service')
    for (const lang of ['en', 'cs'] as const) {
      lines.push('', lang === 'en' ? '## Services' : '## Služby', '')
      for (const r of services.filter((s) => s.lang === lang)) {
        lines.push(`- [${r.title}](${r.canonical_url}): ${r.description}`)
      }
    }
  }
  lines.push(
    '',
    '## Optional',
    '',
    '- [Swagger UI](/docs): interactive documentation',
    '- [Redoc](/redoc): reference documentation',
    '- [API catalog](/.well-known/api-catalog): RFC 9727 linkset',
    '',
  )
  return lines.join('\n')
}

function securityTxt(ctx: DiscoveryContext): string {
  const today = new Date(ctx.now())
  today.setUTCHours(0, 0, 0, 0)
  const expires = new Date(today.getTime() + SECURITY_TXT_VALID_DAYS * 86_400_000)
  return [
    `Contact: ${ctx.securityContact}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: cs, en',
    `Canonical: ${ctx.origin}/.well-known/security.txt`,
    '',
  ].join('\n')
}
