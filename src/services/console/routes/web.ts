/**
 * The single-page app: index.html at / and at each page's path (the app routes in the browser),
 * the built files under /assets/ (names carry a content hash, so they are cached for a year), each
 * sent brotli- or gzip-compressed when the browser takes it (compressed once, at build). A page
 * the app does not have is index.html with 404, and the app shows its own "not found" page.
 */

import { Type } from 'typebox'
import { Media } from '../../../kit/schemas.ts'
import type { App, FastifyReply, FastifyRequest } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import type { WebFile } from '../web-build.ts'

/** The app's pages: each path answers index.html, and the app shows the page. */
const PAGES = [
  '/',
  '/sign-in',
  '/screening',
  '/history',
  '/keys',
  '/users',
  '/platform',
  '/jobs',
  '/knowledge',
] as const

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse console</title></head>
<body><h1>The console is not built</h1><p>Run <code>npm run console:build</code> and restart the console service.</p></body></html>`

/** The encoding to send: brotli, else gzip, when the browser accepts it and the file has it. */
function encodingFor(request: FastifyRequest, file: WebFile): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  const takes = (name: string) =>
    accepted.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';')
      return token?.trim().toLowerCase() === name && !params.some((p) => /^\s*q=0(\.0{0,3})?\s*$/.test(p))
    })
  if (file.br && takes('br')) return 'br'
  if (file.gzip && takes('gzip')) return 'gzip'
  return undefined
}

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile, cacheControl: string) {
  const encoding = encodingFor(request, file)
  reply
    .header('content-type', file.type)
    .header('cache-control', cacheControl)
    .header('etag', encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag)
    .header('vary', 'accept-encoding')
  if (encoding) reply.header('content-encoding', encoding)
  return reply.send(encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.body)
}

/**
 * The app's answer to an unknown page: its index.html with 404 (the app shows its own page);
 * the API and the built files keep their JSON and text errors.
 */
export function webNotFound(deps: Pick<ConsoleDeps, 'web'>) {
  return (request: FastifyRequest, reply: FastifyReply): false | FastifyReply => {
    const path = request.url.split('?')[0] ?? '/'
    const index = deps.web.get('index.html')
    if (!index || path.startsWith('/api/') || path.startsWith('/assets/')) return false
    return send(request, reply.code(404), index, 'no-cache')
  }
}

export function registerWeb(app: App, deps: ConsoleDeps): void {
  for (const page of PAGES) {
    app.get(
      page,
      {
        schema: {
          tags: ['web'],
          summary: page === '/' ? 'The console (single-page app)' : `The console's ${page.slice(1)} page`,
          response: {
            200: Media('text/html', 'the single-page app'),
            503: Media('text/html', 'a page saying the app is not built'),
          },
        },
      },
      async (request, reply) => {
        const index = deps.web.get('index.html')
        if (!index) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT)
        return send(request, reply, index, 'no-cache')
      },
    )
  }

  app.get(
    '/assets/*',
    {
      schema: {
        tags: ['web'],
        summary: 'A built file of the app (script, style sheet, font)',
        params: Type.Object({ '*': Type.String({ maxLength: 200 }) }),
        response: {
          200: Media('application/octet-stream', 'the file'),
          304: { description: 'not modified (If-None-Match)' },
          404: Media('text/plain', 'no such file'),
        },
      },
    },
    async (request, reply) => {
      const file = deps.web.get(`assets/${request.params['*']}`)
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('not found')
      const tag = request.headers['if-none-match']
      if (tag && tag.replace(/-(br|gzip)"$/, '"') === file.etag) return reply.code(304).send()
      return send(request, reply, file, 'public, max-age=31536000, immutable')
    },
  )
}
