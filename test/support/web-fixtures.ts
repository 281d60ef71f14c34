/**
 * Local sites for the web tools' tests, served by the test itself (no external network):
 * - `site`: an article with boilerplate and a table, a paginated blog with robots.txt, a slow page,
 *   challenge pages (403 and 200), redirect chains that end at the internal server, a page that
 *   embeds internal images, iframes and fetches, a PDF and a DOCX;
 * - `internal`: stands for an internal service the guard must protect; it counts every request,
 *   and a test passes only if it saw none.
 */
import { createServer, type Server } from 'node:http'
import { makeDocx, samplePdf } from './documents.ts'

export interface FixtureServer {
  url: string
  port: number
  requests: string[]
  close(): Promise<void>
}

async function listen(server: Server): Promise<{ url: string; port: number }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}`, port }
}

export async function startInternal(): Promise<FixtureServer> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    res.setHeader('content-type', 'text/plain')
    res.end('internal secret: db password hunter2')
  })
  const { url, port } = await listen(server)
  return { url, port, requests, close: () => close(server) }
}

export const ARTICLE_TITLE = 'Nové povinnosti pro povinné osoby podle AML zákona'

function article(): string {
  const paragraph =
    'Povinné osoby podle zákona č. 253/2008 Sb. musí identifikovat skutečného majitele klienta a ověřit jej v evidenci skutečných majitelů. '
  return `<!doctype html><html lang="cs"><head><title>${ARTICLE_TITLE}</title>
<meta name="description" content="Přehled změn AML zákona pro banky a realitní kanceláře.">
<link rel="canonical" href="/clanky/aml-2026"></head><body>
<header><nav><a href="/">Domů</a> <a href="/kontakt">Kontakt</a> <a href="/login">Přihlášení</a></nav></header>
<aside><h3>Reklama</h3><p>Kupte si naše školení!</p></aside>
<main><article><h1>${ARTICLE_TITLE}</h1>
<p>${paragraph.repeat(3)}</p>
<h2>Lhůty</h2>
<p>${paragraph.repeat(2)}</p>
<table><tr><td>Povinnost</td><td>Lhůta</td></tr><tr><td>Identifikace</td><td>před obchodem</td></tr><tr><td>Hlášení</td><td>5 dnů</td></tr></table>
<p>Více v <a href="/clanky/evidence">článku o evidenci</a>.</p>
</article></main>
<footer><p>© 2026 Vydavatel s.r.o. Všechna práva vyhrazena.</p><a href="/cookies">Cookies</a></footer>
</body></html>`
}

function blogPage(n: number, last: number): string {
  const next = n < last ? `<a href="/blog/${n + 1}">Další</a>` : ''
  return `<!doctype html><html><head><title>Blog ${n}</title></head><body><main><article>
<h1>Blog ${n}</h1><p>${'Text příspěvku číslo '.repeat(30)}${n}.</p>
${next} <a href="/private/admin">Admin</a> <a href="https://elsewhere.example/">jinde</a>
</article></main></body></html>`
}

export async function startSite(internal: FixtureServer): Promise<FixtureServer> {
  const requests: string[] = []
  const docx = makeDocx([
    { heading: 1, text: 'Smlouva o dílo' },
    { paragraph: 'Zhotovitel se zavazuje provést dílo.' },
    {
      table: [
        ['Položka', 'Cena'],
        ['Práce', '1000 Kč'],
      ],
    },
  ])
  const pdf = samplePdf()
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push(path)
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body)
    }
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('User-agent: *\nDisallow: /private/\n')
      return
    }
    if (path === '/article') return html(200, article())
    // Pages that navigate away as soon as they have loaded, and again after that (a refresh loop).
    if (path === '/meta-refresh')
      return html(
        200,
        '<!doctype html><html><head><meta http-equiv="refresh" content="0;url=/meta-refresh"><title>Obnovuje se</title></head><body><h1>Stránka, která se obnovuje</h1><p>Obsah před obnovením.</p></body></html>',
      )
    if (path === '/refresh-header') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', refresh: '0; url=/refresh-header' })
      res.end(
        '<!doctype html><html><head><title>Hlavička Refresh</title></head><body><h1>Stránka s hlavičkou Refresh</h1></body></html>',
      )
      return
    }
    const blog = /^\/blog\/(\d+)$/.exec(path)
    if (blog) return html(200, blogPage(Number(blog[1]), 5))
    if (path.startsWith('/private/')) return html(200, '<h1>private</h1>')
    if (path === '/slow') return // never answers
    if (path === '/challenge') {
      return html(
        403,
        '<!doctype html><html><head><title>Just a moment...</title></head><body><div id="cf-chl-widget">Checking your browser before accessing the site.</div></body></html>',
      )
    }
    if (path === '/challenge-200') {
      return html(
        200,
        '<!doctype html><html><head><title>Just a moment...</title></head><body><p>Enable JavaScript and cookies to continue</p><script src="https://challenges.cloudflare.com/x.js"></script></body></html>',
      )
    }
    if (path === '/redirect-internal') {
      res.writeHead(302, { location: `${internal.url}/secret` })
      res.end()
      return
    }
    if (path === '/redirect-chain') {
      res.writeHead(301, { location: '/redirect-internal' })
      res.end()
      return
    }
    if (path === '/redirect-localhost') {
      res.writeHead(302, { location: `http://localhost:${internal.port}/secret` })
      res.end()
      return
    }
    if (path === '/embeds-internal') {
      return html(
        200,
        `<!doctype html><html><head><title>Embeds</title><link rel="stylesheet" href="${internal.url}/style.css"></head><body>
<h1>Stránka s vloženým obsahem</h1><p>${'Obsah stránky. '.repeat(40)}</p>
<img src="${internal.url}/image.png"><iframe src="http://localhost:${internal.port}/frame"></iframe>
<script>fetch('${internal.url}/api').catch(() => {}); new WebSocket('ws://127.0.0.1:${internal.port}/ws')</script>
</body></html>`,
      )
    }
    if (path === '/js-only') {
      return html(
        200,
        `<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script>
document.getElementById('root').innerHTML = '<article><h1>Vykreslený obsah</h1><p>' + 'Tento text vznikl až v prohlížeči. '.repeat(20) + '</p></article>'
</script></body></html>`,
      )
    }
    if (path === '/doc.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.end(pdf)
      return
    }
    if (path === '/doc.docx') {
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      })
      res.end(docx)
      return
    }
    if (path === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      return
    }
    html(404, '<h1>Nenalezeno</h1>')
  })
  const { url, port } = await listen(server)
  return { url, port, requests, close: () => close(server) }
}

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
