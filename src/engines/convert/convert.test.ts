import { describe, expect, it } from 'vitest'
import { makeDocx, makePdf, samplePdf, zip } from '../../../test/support/documents.ts'
import { ConvertError, convertToMarkdown, detectFormat } from './index.ts'

async function failure(bytes: Uint8Array, opts = {}): Promise<ConvertError> {
  try {
    await convertToMarkdown(bytes, opts)
  } catch (error) {
    if (error instanceof ConvertError) return error
    throw error
  }
  throw new Error('expected a ConvertError')
}

describe('convertToMarkdown: PDF', () => {
  it('recovers headings by font size, lists, a table, wrapped and hyphenated lines, and pages', async () => {
    const result = await convertToMarkdown(samplePdf(), { filename: 'policy.pdf' })
    expect(result.format).toBe('pdf')
    expect(result.title).toBe('Client Due Diligence Policy')
    expect(result.pages).toBe(2)
    const md = result.markdown
    expect(md).toContain('# Client Due Diligence Policy')
    expect(md).toContain('## Scope')
    expect(md).toContain('## Record Keeping')
    expect(md).toContain(
      'This policy applies to every client of the agency and to every transaction above the identification threshold set by the law.',
    )
    expect(md).toContain('- Verify the identity document\n- Record the beneficial owner')
    expect(md).toContain(
      '| Risk factor | Weight |\n| --- | --- |\n| Cash payment | High |\n| Foreign client | Medium |',
    )
    expect(result.pageOffsets).toHaveLength(2)
    expect(md.slice(result.pageOffsets![1]!)).toMatch(/^## Record Keeping/)
  })

  it('refuses a corrupt PDF as corrupt', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('this is not a pdf body at all')])
    const error = await failure(broken, { filename: 'x.pdf' })
    expect(error.reason).toBe('corrupt')
  })

  it('refuses a PDF without a text layer as empty', async () => {
    const error = await failure(makePdf([[]]), { filename: 'scan.pdf' })
    expect(error.reason).toBe('empty')
    expect(error.message).toMatch(/no text layer/)
  })
})

describe('convertToMarkdown: DOCX', () => {
  it('keeps headings, bullet lists and tables (first row as header)', async () => {
    const docx = makeDocx([
      { heading: 1, text: 'Smlouva o úschově' },
      { paragraph: 'Úvodní ustanovení.' },
      { heading: 2, text: 'Povinnosti schovatele' },
      { bullets: ['ověřit totožnost', 'zjistit původ peněz'] },
      {
        table: [
          ['Položka', 'Částka'],
          ['Kupní cena', '5 000 000 Kč'],
        ],
      },
    ])
    const result = await convertToMarkdown(docx, { filename: 'uschova.docx' })
    expect(result.format).toBe('docx')
    expect(result.title).toBe('Smlouva o úschově')
    expect(result.markdown).toBe(
      [
        '# Smlouva o úschově',
        'Úvodní ustanovení.',
        '## Povinnosti schovatele',
        '- ověřit totožnost\n- zjistit původ peněz',
        '| Položka | Částka |\n| --- | --- |\n| Kupní cena | 5 000 000 Kč |',
      ].join('\n\n'),
    )
  })

  it('refuses a ZIP named .docx that is not a Word document as unsupported', async () => {
    const error = await failure(zip({ 'readme.txt': 'hello' }), { filename: 'x.docx' })
    expect(error.reason).toBe('unsupported')
  })

  it('refuses a Word package whose document part is broken as corrupt', async () => {
    const error = await failure(zip({ 'word/document.xml': '<w:document' }), { filename: 'x.docx' })
    expect(error.reason).toBe('corrupt')
  })
})

describe('convertToMarkdown: HTML, Markdown, text', () => {
  it('converts HTML with its title, headings, emphasis, lists and tables, dropping scripts and styles', async () => {
    const html = `<!doctype html><html><head><title>Ceník služeb</title><style>p{}</style></head><body>
      <h1>Ceník</h1><p>Ceny jsou <strong>bez DPH</strong>.</p><ul><li>prověrka</li><li>zpráva</li></ul>
      <table><tr><td>Služba</td><td>Cena</td></tr><tr><td>AML</td><td>90 Kč</td></tr></table>
      <script>alert('x')</script></body></html>`
    const result = await convertToMarkdown(Buffer.from(html), { contentType: 'text/html; charset=utf-8' })
    expect(result.format).toBe('html')
    expect(result.title).toBe('Ceník služeb')
    expect(result.markdown).toContain('# Ceník')
    expect(result.markdown).toContain('Ceny jsou **bez DPH**.')
    expect(result.markdown).toContain('- prověrka\n- zpráva')
    expect(result.markdown).toContain('| Služba | Cena |\n| --- | --- |\n| AML | 90 Kč |')
    expect(result.markdown).not.toContain('alert')
    expect(result.markdown).not.toContain('p{}')
  })

  it('passes Markdown through, taking the title from front matter', async () => {
    const result = await convertToMarkdown(Buffer.from('---\ntitle: "Průvodce"\n---\n# Nadpis\n\nText.\n'), {
      filename: 'a.md',
    })
    expect(result).toMatchObject({ format: 'markdown', title: 'Průvodce', markdown: '# Nadpis\n\nText.' })
  })

  it('keeps plain text and reads Windows-1250 when the bytes are not UTF-8', async () => {
    const cp1250 = Buffer.from([
      0x50, 0xf8, 0xed, 0x6c, 0x69, 0x9a, 0x20, 0x9e, 0x6c, 0x75, 0x9d, 0x6f, 0x75, 0xe8, 0x6b, 0xfd,
    ])
    const result = await convertToMarkdown(cp1250, { filename: 'legacy.txt' })
    expect(result.format).toBe('text')
    expect(result.markdown).toBe('Příliš žluťoučký')
  })

  it('refuses images, legacy Office files and binary data as unsupported', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    expect((await failure(png, { filename: 'a.md' })).message).toMatch(/PNG image/)
    expect(
      (await failure(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), { filename: 'a.doc' })).message,
    ).toMatch(/save it as DOCX/)
    expect((await failure(Buffer.from([1, 2, 0, 3]), { filename: 'a.bin' })).reason).toBe('unsupported')
  })

  it('refuses empty files and whitespace-only documents as empty', async () => {
    expect((await failure(Buffer.alloc(0))).reason).toBe('empty')
    expect((await failure(Buffer.from('   \n\n  '), { filename: 'a.txt' })).reason).toBe('empty')
  })

  it('trusts content over names: a PDF named .txt is a PDF, HTML without a name is HTML', () => {
    expect(detectFormat(samplePdf(), { filename: 'a.txt' })).toBe('pdf')
    expect(detectFormat(Buffer.from('<!DOCTYPE html><p>x</p>'))).toBe('html')
    expect(detectFormat(Buffer.from('# x'), { filename: 'notes.markdown' })).toBe('markdown')
  })
})
