/**
 * HTML pages served by the router, both public:
 * - `/web/*`: the static public pages, built from the discovery snapshot (DISCOVERY_DATASET): an
 *   index by type and language, and one page per record at its own path (`/web/sluzby/aml-proverka`).
 *   The snapshot is read once at start-up (the discovery service validates the same file).
 * - `/docs/*`: the project's documentation (README.md, ARCHITECTURE.md and docs/**.md) rendered
 *   with `marked`, read at request time so an edited document shows at once; links between
 *   Markdown files are rewritten to their /docs/ pages. Only `.md` files under those roots are
 *   served, whatever the path asks for.
 */

import { readdir, readFile } from 'node:fs/promises'
import { join, normalize, relative, resolve, sep } from 'node:path'
import { Marked } from 'marked'
import type { PublicRecord, Snapshot } from '../../../../engines/discovery/dataset.ts'
import type { App, FastifyReply } from '../../../../kit/server.ts'
import { PageResponses } from './schemas.ts'

const TYPE_TITLES: Record<string, string> = { service: 'Služby', content: 'Články', product: 'Produkty' }

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gatehouse</title>
<style>
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1d232a}
a{color:#0b5cad}header{border-bottom:1px solid #d8dee4;margin-bottom:1.5rem;padding-bottom:.5rem}
header a{font-weight:600;text-decoration:none;margin-right:1rem}pre{background:#f5f7f9;padding:.75rem;overflow:auto}
code{background:#f5f7f9;padding:0 .2rem}table{border-collapse:collapse}td,th{border:1px solid #d8dee4;padding:.25rem .5rem}
.meta{color:#57606a;font-size:.9rem}
</style>
</head>
<body>
<header><a href="/web">Gatehouse</a><a href="/docs">Documentation</a></header>
<main>
${body}
</main>
</body>
</html>
`
}

function html(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=60')
    .send(text)
}

function notFoundPage(reply: FastifyReply, what: string, back: string): FastifyReply {
  return html(
    reply,
    404,
    page(
      'Not found',
      `<h1>Not found</h1><p>${escapeHtml(what)} does not exist. <a href="${back}">Back to the index</a>.</p>`,
    ),
  )
}

/** A record's page path: the path of its canonical URL (the snapshot stores it that way). */
function pathOf(r: PublicRecord): string {
  return new URL(r.canonical_url).pathname
}

// ── /web ──────────────────────────────────────────────────────────────────────────────────────

function webIndex(snapshot: Snapshot): string {
  const sections: string[] = []
  for (const lang of ['cs', 'en'] as const) {
    for (const type of ['service', 'content', 'product'] as const) {
      const records = snapshot.records.filter((r) => r.lang === lang && r.type === type)
      if (records.length === 0) continue
      const title = lang === 'cs' ? (TYPE_TITLES[type] ?? type) : `${type[0]!.toUpperCase()}${type.slice(1)}s`
      sections.push(
        `<h2 lang="${lang}">${escapeHtml(title)}</h2><ul>${records
          .map(
            (r) =>
              `<li><a href="/web${pathOf(r)}">${escapeHtml(r.title)}</a> — ${escapeHtml(r.description)}</li>`,
          )
          .join('')}</ul>`,
      )
    }
  }
  return page(
    'Gatehouse',
    `<h1>Gatehouse</h1><p>Know who you deal with: AML screening, registries and due diligence for Czech businesses.</p>
<p class="meta">Data version ${escapeHtml(snapshot.dataVersion)} · ${snapshot.records.length} pages</p>${sections.join('\n')}`,
    'cs',
  )
}

function recordPage(r: PublicRecord): string {
  const paragraphs = r.excerpt
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
  return page(
    r.title,
    `<article lang="${r.lang}"><h1>${escapeHtml(r.title)}</h1>
<p><strong>${escapeHtml(r.description)}</strong></p>
${paragraphs}
<p class="meta">Updated ${escapeHtml(r.updated)} · <a href="${escapeHtml(r.canonical_url)}">${escapeHtml(r.canonical_url)}</a></p></article>`,
    r.lang,
  )
}

// ── /docs ─────────────────────────────────────────────────────────────────────────────────────

/** Rewrites relative links between Markdown files onto their /docs/ pages (`fromDir`: relative to the root). */
export function docLink(href: string, fromDir: string): string {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href
  const [path, hash] = href.split('#') as [string, string | undefined]
  if (!path.endsWith('.md')) return href
  const target = normalize(join(fromDir, path)).split(sep).join('/').replace(/\.md$/, '')
  const anchor = hash ? `#${hash}` : ''
  if (target === 'README' || target === 'ARCHITECTURE') return `/docs/${target}${anchor}`
  if (target.startsWith('docs/')) return `/docs/${target.slice('docs/'.length)}${anchor}`
  return href
}

async function listDocs(root: string): Promise<string[]> {
  const out = ['README', 'ARCHITECTURE']
  async function walk(dir: string): Promise<void> {
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name)
      if (e.isDirectory()) await walk(path)
      else if (e.name.endsWith('.md'))
        out.push(relative(root, path).replace(/\.md$/, '').split(sep).join('/'))
    }
  }
  await walk(join(root, 'docs'))
  return out
}

/** `/docs/<name>` → a Markdown file under the project root, or undefined when not servable. */
function docFile(root: string, name: string): string | undefined {
  if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.includes('..')) return undefined
  const candidates =
    name === 'README' || name === 'ARCHITECTURE'
      ? [`${name}.md`]
      : [`docs/${name}.md`, `docs/${name}/README.md`]
  for (const c of candidates) {
    const path = resolve(root, c)
    if (path.startsWith(resolve(root) + sep)) return path
  }
  return undefined
}

export interface PagesDeps {
  /** /docs/* serves the Markdown under this folder. */
  projectRoot: string
  /** /web/* renders the discovery snapshot, loaded at start (or why it could not be). */
  snapshot?: Snapshot | undefined
  snapshotProblem?: string | undefined
}

export function registerPages(app: App, deps: PagesDeps): void {
  const pub = { auth: 'public' as const }
  const root = deps.projectRoot

  app.get(
    '/web',
    {
      config: pub,
      schema: {
        response: PageResponses,
      },
    },
    async (_request, reply) => {
      const snapshot = deps.snapshot
      if (!snapshot)
        return html(
          reply,
          503,
          page(
            'Unavailable',
            `<h1>Pages unavailable</h1><p>${escapeHtml(deps.snapshotProblem ?? 'no snapshot')}</p>`,
          ),
        )
      return html(reply, 200, webIndex(snapshot))
    },
  )

  app.get(
    '/web/*',
    {
      config: pub,
      schema: {
        response: PageResponses,
      },
    },
    async (request, reply) => {
      const snapshot = deps.snapshot
      if (!snapshot) return html(reply, 503, page('Unavailable', '<h1>Pages unavailable</h1>'))
      const path = `/${(request.params as { '*': string })['*']}`.replace(/\/+$/, '') || '/'
      const record = snapshot.records.find((r) => pathOf(r).replace(/\/+$/, '') === path)
      if (!record) return notFoundPage(reply, `The page ${path}`, '/web')
      return html(reply, 200, recordPage(record))
    },
  )

  app.get(
    '/docs',
    {
      config: pub,
      schema: {
        response: PageResponses,
      },
    },
    async (_request, reply) => {
      const docs = await listDocs(root)
      const items = docs.map((d) => `<li><a href="/docs/${d}">${escapeHtml(d)}</a></li>`).join('')
      return html(reply, 200, page('Documentation', `<h1>Documentation</h1><ul>${items}</ul>`))
    },
  )

  app.get(
    '/docs/*',
    {
      config: pub,
      schema: {
        response: PageResponses,
      },
    },
    async (request, reply) => {
      const name = (request.params as { '*': string })['*'].replace(/\.md$/, '').replace(/\/+$/, '')
      const file = docFile(root, name)
      let markdown: string | undefined
      let used: string | undefined
      if (file) {
        for (const candidate of [file, file.replace(/\.md$/, '/README.md')]) {
          try {
            markdown = await readFile(candidate, 'utf8')
            used = candidate
            break
          } catch {
            // try the next candidate
          }
        }
      }
      if (markdown === undefined || used === undefined)
        return notFoundPage(reply, `The document ${name}`, '/docs')
      const fromDir = relative(root, resolve(used, '..'))
      const marked = new Marked({
        gfm: true,
        walkTokens(token) {
          if (token.type === 'link') token.href = docLink(token.href, fromDir)
        },
      })
      const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? name
      return html(reply, 200, page(title, await marked.parse(markdown)))
    },
  )
}
