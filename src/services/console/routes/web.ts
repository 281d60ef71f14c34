/**
 * The single-page app: index.html at / and at each page's path (the app routes in the browser),
 * the built files under /assets/ (names carry a content hash, so they are cached for a year).
 */
import { Type } from 'typebox'
import type { App, FastifyReply } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { Media } from '../schemas.ts'
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

function send(reply: FastifyReply, file: WebFile, cacheControl: string) {
  return reply
    .header('content-type', file.type)
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .send(file.body)
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
      async (_request, reply) => {
        const index = deps.web.get('index.html')
        if (!index) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT)
        return send(reply, index, 'no-cache')
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
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
      return send(reply, file, 'public, max-age=31536000, immutable')
    },
  )
}
