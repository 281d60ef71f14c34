import { describe, expect, it } from 'vitest'
import { extractFacts, findEmails } from './scout.ts'

const base = new URL('https://www.firma.cz/')
const MB = 1024 * 1024

describe('findEmails', () => {
  it.each([
    ['Pište na info@firma.cz nebo obchod@stavby-brno.cz.', ['info@firma.cz', 'obchod@stavby-brno.cz']],
    ['jan.novak+faktury@mail.example.com', ['jan.novak+faktury@mail.example.com']],
    ['a@b.cz5 tail', ['a@b.cz']],
    ['x@a.cz.5', ['x@a.cz']],
    ['logo@2x.png', ['logo@2x.png']],
    ['a@b.cz@c.cz', ['a@b.cz']],
    ['no address @ here, user@localhost, @firma.cz, user@.cz', []],
  ])('finds in %j what the address pattern finds', (text, expected) => {
    expect(findEmails(text)).toEqual(expected)
  })

  it('finds nothing in a local part longer than 64 characters', () => {
    expect(findEmails(`${'a'.repeat(65)}@firma.cz`)).toEqual([])
    expect(findEmails(`${'a'.repeat(64)}@firma.cz`)).toEqual([`${'a'.repeat(64)}@firma.cz`])
  })
})

describe('scout extraction on hostile pages (linear time)', () => {
  // Each page is 1 MiB built to make a backtracking pattern rescan the rest of the page from
  // every position; the quadratic e-mail pattern took 10.7 s on 100 KB of such input.
  const hostile: [string, string][] = [
    ['one long local-part run', 'a'.repeat(MB)],
    ['local-part characters with an @ at the end', `${'a.'.repeat(MB / 2)}@`],
    ['@ followed by a domain without a TLD, repeated', 'a@b-'.repeat(MB / 4)],
    ['@ with dotted digits after it', `a@${'1.'.repeat(MB / 2)}`],
    ['alternating letters and @', 'a@'.repeat(MB / 2)],
    ['unclosed tags', '<'.repeat(MB)],
    ['unclosed <title>', '<title>'.repeat(MB / 7)],
    ['unclosed <script>', '<script>'.repeat(MB / 8)],
    ['links without a closing </a>', '<a href="/kontakt">'.repeat(MB / 19)],
    ['many links closed only at the very end', `${'<a href="mailto:a@b.cz">x'.repeat(MB / 25)}</a>`],
    ['unterminated href quotes', '<a href="'.repeat(MB / 9)],
    ['numeric entities without semicolons', '&#1'.repeat(MB / 3)],
    ['IČO labels with spaces', 'IČO: '.repeat(MB / 5)],
    ['phone-like digits', '602 123 '.repeat(MB / 8)],
    [
      'distinct telephone numbers',
      Array.from(
        { length: MB / 12 },
        (_, i) =>
          `602 ${String(i)
            .padStart(6, '0')
            .replace(/(\d{3})(\d{3})/, '$1 $2')}`,
      ).join(' '),
    ],
    ['distinct e-mail addresses', Array.from({ length: MB / 16 }, (_, i) => `a${i}@firma.cz`).join(' ')],
    [
      'distinct IČO',
      Array.from({ length: MB / 14 }, (_, i) => `IČO: ${String(i).padStart(8, '0')}`).join(' '),
    ],
  ]

  it.each(hostile)('extracts from 1 MiB of %s in well under a second', (_name, html) => {
    // This thread's CPU time, not the wall clock, which a loaded machine stretches for the same
    // work: a pattern that backtracks costs the CPU all the same.
    const before = process.threadCpuUsage()
    extractFacts(html, base)
    const used = process.threadCpuUsage(before)
    expect((used.user + used.system) / 1000).toBeLessThan(500)
  })

  it('checks at most 200 distinct candidates of each kind', () => {
    const facts = extractFacts(
      Array.from(
        { length: 1000 },
        (_, i) => `<p>a${i}@firma.cz, IČO: ${String(i).padStart(8, '0')}</p>`,
      ).join(''),
      base,
    )
    expect(facts.emails).toHaveLength(200)
    expect(facts.icos).toHaveLength(200)
  })

  it('says why an IČO or DIČ on the page is invalid in the language asked for, English by default', () => {
    const html = '<p>IČO: 45274648, DIČ: CZ45274648</p>'
    expect(extractFacts(html, base).icos).toEqual([
      { ico: '45274648', valid: false, reason: 'checksum digit should be 9, not 8' },
    ])
    const cs = extractFacts(html, base, 'cs')
    expect(cs.icos).toEqual([{ ico: '45274648', valid: false, reason: 'kontrolní číslice má být 9, ne 8' }])
    expect(cs.dics).toEqual([
      { dic: 'CZ45274648', valid: false, reason: 'část IČO je neplatná: kontrolní číslice má být 9, ne 8' },
    ])
  })

  it('keeps out-of-range character references as written instead of failing', () => {
    const facts = extractFacts('<title>&#x110000; &#99999999; &#xFFFFFFFFF; ok</title>', base)
    expect(facts.title).toBe('&#x110000; &#99999999; &#xFFFFFFFFF; ok')
  })

  it('skips a mailto link with a malformed escape instead of failing', () => {
    const facts = extractFacts('<a href="mailto:%E0%A4%A">x</a> <a href="mailto:info@firma.cz">y</a>', base)
    expect(facts.emails).toEqual(['info@firma.cz'])
  })

  it('ignores scripts and styles, and reads the title, links and labels', () => {
    const facts = extractFacts(
      '<html><head><title>Kontakt</title><style>a{}</style><script>var x="skryty@firma.cz"</script></head>' +
        '<body><a class="k" href=\'/kontakt\'>Kontakty</a><a href="/o-firme">O nás</a>' +
        '<p>obchod&#64;firma.cz</p></body></html>',
      base,
    )
    expect(facts.title).toBe('Kontakt')
    expect(facts.emails).toEqual(['obchod@firma.cz'])
    expect(facts.contact_pages).toEqual(['https://www.firma.cz/kontakt'])
  })
})
