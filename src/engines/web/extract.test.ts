import { describe, expect, it } from 'vitest'
import { cpuMs } from '../../../test/support/cpu-time.ts'
import { MarkupTooLarge, scanMarkup } from '../convert/dom.ts'
import { extractPage } from './extract.ts'

const page = `<!doctype html><html lang="cs"><head><title>Lhůty AML</title>
<meta name="description" content="Přehled lhůt."><meta name="robots" content="noindex, nofollow">
<link rel="canonical" href="/aml"></head><body>
<nav><a href="/">Domů</a><a href="/kontakt#form">Kontakt</a></nav>
<article><h1>Lhůty AML</h1><p>${'Povinné osoby musí identifikovat klienta před obchodem. '.repeat(12)}</p>
<table><tr><td>Povinnost</td><td>Lhůta</td></tr><tr><td>Hlášení</td><td>5 dnů</td></tr></table>
<p><a href="mailto:x@y.cz">mail</a> <a href="javascript:void 0">js</a> <a href="/kontakt">znovu</a></p></article>
<footer>© Vydavatel</footer></body></html>`

describe('page extraction', () => {
  const result = extractPage(page, 'https://example.cz/clanky/lhuty')

  it('keeps the article as Markdown with its table, without the navigation and footer', () => {
    expect(result.main_content).toBe('article')
    expect(result.markdown).toContain('| Povinnost | Lhůta |')
    expect(result.markdown).toContain('| Hlášení | 5 dnů |')
    expect(result.markdown).not.toContain('Vydavatel')
    expect(result.markdown).not.toContain('Domů')
  })

  it('reads title, description, language, canonical URL and robots directives', () => {
    expect(result.metadata).toMatchObject({
      title: 'Lhůty AML',
      description: 'Přehled lhůt.',
      language: 'cs',
      canonical_url: 'https://example.cz/aml',
      robots: ['noindex', 'nofollow'],
    })
  })

  it('resolves http(s) links against the page, without fragments or duplicates', () => {
    expect(result.links.map((l) => l.url)).toEqual(['https://example.cz/', 'https://example.cz/kontakt'])
  })

  it('refuses a page nested deeper than any reader would write, before parsing it', () => {
    const junk = `<div>${'<span><b>x</b>'.repeat(100_000)}</div>`
    // CPU time of this thread, not wall time (test/support/cpu-time.ts): the refusal takes under
    // a tick (4 ms) alone; parsing this markup first takes 11 s.
    expect(
      cpuMs(() => expect(() => extractPage(junk, 'https://example.cz/')).toThrow(MarkupTooLarge)),
    ).toBeLessThan(1000)
    expect(scanMarkup('<p>a<p>b<br><img src=x><div><span></span></div>')).toEqual({
      depth: 2,
      elements: 6,
      tableCells: 0,
    })
  })
})

describe('page extraction on nested markup', () => {
  const nested = (depth: number) =>
    `<html><head><title>t</title></head><body>${'<div>'.repeat(depth)}<p>${'Text of the page with some words. '.repeat(400)}</p>${'</div>'.repeat(depth)}</body></html>`

  it('takes about as long for 15 KB nested 1,000 deep as for 15 KB nested 10 deep (was 5.3 s)', () => {
    extractPage(nested(10), 'https://example.cz/') // warm
    // CPU time of this thread, not wall time (test/support/cpu-time.ts): alone, 4–25 ms nested 10
    // deep and 60–100 ms nested 1,000 deep, where the former code took 5.3 s.
    const time = (depth: number) =>
      cpuMs(() =>
        expect(extractPage(nested(depth), 'https://example.cz/').markdown).toContain('Text of the page'),
      )
    const shallow = time(10)
    const deep = time(1000)
    expect(deep).toBeLessThan(Math.max(1500, shallow * 15))
  })

  it('reads a page nested deeper than Readability can score in time as its whole body', () => {
    const page = extractPage(nested(300), 'https://example.cz/')
    expect(page.main_content).toBe('body')
    expect(page.markdown).toContain('Text of the page')
  })
})
