import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { makeDocx, makePdf, zip } from '../../../test/support/documents.ts'
import { DocumentConverter } from './converter.ts'
import { ConvertError, convertToMarkdown, DEFAULT_LIMITS } from './index.ts'
import { checkZip } from './zip-budget.ts'

async function failure(promise: Promise<unknown>): Promise<ConvertError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ConvertError) return error
    throw error
  }
  throw new Error('expected a ConvertError')
}

const text = [{ paragraph: 'Smlouva o úschově peněz.' }]
/** A DOCX of a few kilobytes that inflates to `bytes`, declaring 1 KB for its padding. */
const bomb = (bytes: number) =>
  makeDocx(text, {
    deflate: true,
    declare: (name, size) => (name === 'word/media/pad.bin' ? 1024 : size),
    extra: { 'word/media/pad.bin': Buffer.alloc(bytes) },
  })

describe('document size limits', () => {
  it('refuses a DOCX that inflates past the budget, whatever its directory declares, before parsing it', async () => {
    const docx = bomb(DEFAULT_LIMITS.maxUnzippedBytes + 16 * 1024 * 1024)
    expect(docx.byteLength).toBeLessThan(200_000)
    const started = performance.now()
    const error = await failure(convertToMarkdown(docx))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'unzipped_bytes' })
    expect(error.message).toMatch(/inflates to more than 67108864 bytes/)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('reads a compressed DOCX within the budget as before', async () => {
    const docx = makeDocx([{ heading: 1, text: 'Úschova' }, ...text], { deflate: true })
    expect(checkZip(docx, { maxBytes: 1_000_000, maxEntries: 10 })).toMatchObject({ ok: true })
    expect((await convertToMarkdown(docx)).markdown).toContain('# Úschova')
  })

  it('refuses a package of too many files, and a damaged directory as corrupt', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 30; i++) files[`word/media/${i}.txt`] = 'x'
    const error = await failure(
      convertToMarkdown(makeDocx(text, { extra: files }), { limits: { maxZipEntries: 20 } }),
    )
    expect(error).toMatchObject({ reason: 'too_large', limit: 'zip_entries' })
    const damaged = Buffer.from(makeDocx(text))
    damaged.writeUInt32LE(0, damaged.length - 6) // the central directory's offset
    expect((await failure(convertToMarkdown(damaged))).reason).toBe('corrupt')
    expect(checkZip(zip({ a: 'b' }), { maxBytes: 10, maxEntries: 1 })).toMatchObject({ ok: true, bytes: 1 })
  })

  it('refuses a PDF of more pages than the limit before reading any', async () => {
    const page = [{ text: 'Strana', x: 72, y: 700, size: 12 }]
    const pdf = makePdf([page, page, page, page, page])
    const error = await failure(convertToMarkdown(pdf, { limits: { maxPages: 3 } }))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'pages' })
    expect(error.message).toMatch(/5 pages, more than 3/)
  })

  const html = (markup: string) => convertToMarkdown(Buffer.from(markup), { filename: 'page.html' })

  it('refuses HTML nested deeper than any reader would write as too complex, before building a DOM', async () => {
    const started = performance.now()
    const error = await failure(html(`${'<div>'.repeat(2000)}text${'</div>'.repeat(2000)}`))
    expect(error).toMatchObject({ reason: 'too_complex', limit: 'nesting' })
    expect(error.message).toMatch(/more than 1500 deep/)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('refuses HTML of more elements than the limit, stopping its scan there, before building a DOM', async () => {
    // 2 M flat elements (16 MB) took 4.7 GB to convert; the scan stops at the 200,001st element.
    const flat = `<p>${'<i>x</i>'.repeat(DEFAULT_LIMITS.maxElements + 1)}</p>`
    const started = performance.now()
    const error = await failure(html(flat))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'elements' })
    expect(error.message).toMatch(/more than 200000 elements/)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses a table of more cells than the limit, in HTML and in a DOCX', async () => {
    const row = `<tr>${'<td>1</td>'.repeat(10)}</tr>`
    const error = await failure(
      convertToMarkdown(Buffer.from(`<table>${row.repeat(20)}</table>`), {
        filename: 'table.html',
        limits: { maxTableCells: 100 },
      }),
    )
    expect(error).toMatchObject({ reason: 'too_large', limit: 'table_cells' })
    const table = Array.from({ length: 20 }, () => Array.from({ length: 10 }, () => '1'))
    const docx = await failure(convertToMarkdown(makeDocx([{ table }]), { limits: { maxTableCells: 100 } }))
    expect(docx).toMatchObject({ reason: 'too_large', limit: 'table_cells' })
    expect(docx.message).toMatch(/^The DOCX holds more than 100 table cells/)
  })

  it('refuses a PDF whose streams decode past the budget before pdf.js reads them, and reads one within it', async () => {
    const page = [{ text: 'Smlouva o dílo', x: 72, y: 700, size: 12 }]
    // 8 MiB of blank lines in a content stream of about 8 KB.
    const pdf = makePdf([page], { deflate: true, padding: 8 * 1024 * 1024 })
    expect(pdf.byteLength).toBeLessThan(20_000)
    const started = performance.now()
    const error = await failure(convertToMarkdown(pdf, { limits: { maxPdfStreamBytes: 1024 * 1024 } }))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'pdf_stream_bytes' })
    expect(error.message).toMatch(/decode to more than 1048576 bytes/)
    expect(performance.now() - started).toBeLessThan(1000)
    const small = makePdf([page], { deflate: true, padding: 1000 })
    expect((await convertToMarkdown(small, { limits: { maxPdfStreamBytes: 1024 * 1024 } })).markdown).toBe(
      'Smlouva o dílo',
    )
  })

  it("counts a PDF's runs of text as it reads them and stops at the limit", async () => {
    const runs = Array.from({ length: 500 }, (_, i) => ({
      text: `r${i}`,
      x: 72 + (i % 10) * 40,
      y: 700 - Math.floor(i / 10) * 12,
      size: 10,
    }))
    const pdf = makePdf([runs, runs])
    const error = await failure(convertToMarkdown(pdf, { limits: { maxTextRuns: 600 } }))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'text_runs' })
    const chars = await failure(convertToMarkdown(pdf, { limits: { maxMarkdownChars: 1000 } }))
    expect(chars).toMatchObject({ reason: 'too_large', limit: 'markdown_chars' })
    expect(chars.message).toMatch(/more than 1000 characters/)
  })

  it('refuses a DOCX whose XML holds more elements than the limit, counted while it is inflated', async () => {
    const paragraphs = Array.from({ length: 2000 }, (_, i) => ({ paragraph: `Odstavec ${i}` }))
    const error = await failure(
      convertToMarkdown(makeDocx(paragraphs, { deflate: true }), { limits: { maxXmlElements: 5000 } }),
    )
    expect(error).toMatchObject({ reason: 'too_large', limit: 'xml_elements' })
    expect(error.message).toMatch(/XML holds more than 5000 elements/)
  })

  it('refuses a document that converts to more text than the limit', async () => {
    const error = await failure(
      convertToMarkdown(Buffer.from('# Title\n\nText of the document.'), {
        filename: 'a.md',
        limits: { maxMarkdownChars: 10 },
      }),
    )
    expect(error).toMatchObject({ reason: 'too_large', limit: 'markdown_chars' })
  })
})

describe('DocumentConverter', () => {
  const converter = new DocumentConverter({ timeoutMs: 30_000, maxWorkers: 1 })
  afterAll(() => converter.close())

  it('converts off the event loop: the loop keeps turning while a large document converts', async () => {
    const paragraphs = Array.from({ length: 40_000 }, (_, i) => ({
      paragraph: `Odstavec ${i}: kupující složí kupní cenu do úschovy advokáta před podpisem smlouvy.`,
    }))
    const docx = makeDocx(paragraphs, { deflate: true })
    await converter.convert(makeDocx(text)) // the thread is up
    // What a conversion on this thread would show: its CPU time here, and a loop that stops
    // turning. Not a fixed cap on the loop's longest delay: on a busy machine the scheduler and
    // this test worker's own garbage collector stop the loop for over a second (1,227 ms seen in
    // the full suite on two cores, against 21–30 ms alone) with no conversion involved.
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    let ticks = 0
    const ticker = setInterval(() => ticks++, 10)
    const cpu = process.cpuUsage()
    const started = performance.now()
    const result = await converter.convert(docx)
    const took = performance.now() - started
    const usedMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu))
    clearInterval(ticker)
    delay.disable()
    expect(result.markdown).toContain('Odstavec 39999')
    expect(took).toBeGreaterThan(200)
    // Alone: 191 ms of this process's CPU in a 3.7 s conversion (receiving 3.5 MB of Markdown),
    // 331 of 372 possible 10 ms ticks, and a longest delay of 21–30 ms.
    expect(usedMs).toBeLessThan(took / 4)
    expect(ticks).toBeGreaterThan(took / 10 / 4)
    expect(delay.max / 1e6).toBeLessThan(took / 2)
  }, 60_000)

  it('converts HTML nested as deep as the markup check lets through, in its worker process', async () => {
    const depth = DEFAULT_LIMITS.maxNesting - 10
    const html = `<html><body>${'<div>'.repeat(depth)}<p>Hluboko</p>${'</div>'.repeat(depth)}</body></html>`
    expect((await converter.convert(Buffer.from(html), { filename: 'deep.html' })).markdown).toBe('Hluboko')
  }, 30_000)

  it('brings the limit a document passed back across the process boundary', async () => {
    const error = await failure(converter.convert(bomb(DEFAULT_LIMITS.maxUnzippedBytes + 1024 * 1024)))
    expect(error).toMatchObject({ reason: 'too_large', limit: 'unzipped_bytes' })
  })
})
