/**
 * Small documents built in code for the converter and upload tests: a DOCX (a ZIP of WordprocessingML
 * with heading styles, a bulleted list and a table) and a PDF (text runs in Helvetica at different
 * sizes, a bold line, a bullet list, a column-aligned table, two pages). Built here so the tests do
 * not depend on binary files nobody can read in a diff.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib'

// ---------- ZIP ----------

/**
 * A ZIP package. `deflate` compresses the entries (method 8); `declare` replaces the uncompressed
 * size written in the headers (a zip bomb declares small sizes and inflates to gigabytes).
 */
export function zip(
  files: Record<string, string | Uint8Array>,
  opts: { deflate?: boolean; declare?: (name: string, size: number) => number } = {},
): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(files)) {
    const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content)
    const data = opts.deflate ? deflateRawSync(raw) : raw
    const size = opts.declare ? opts.declare(name, raw.length) : raw.length
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = crc32(raw)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(opts.deflate ? 8 : 0, 8) // deflated or stored
    local.writeUInt32LE(0, 10) // time, date
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, nameBytes, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(opts.deflate ? 8 : 0, 10)
    central.writeUInt32LE(0, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

// ---------- DOCX ----------

export type DocxBlock =
  | { heading: 1 | 2 | 3; text: string }
  | { paragraph: string; bold?: boolean }
  | { bullets: string[] }
  | { table: string[][] }

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function makeDocx(
  blocks: DocxBlock[],
  opts: {
    deflate?: boolean
    declare?: (name: string, size: number) => number
    /** Further files in the package (media, padding). */
    extra?: Record<string, string | Uint8Array>
  } = {},
): Buffer {
  const body = blocks
    .map((b) => {
      if ('heading' in b) {
        return `<w:p><w:pPr><w:pStyle w:val="Heading${b.heading}"/></w:pPr><w:r><w:t xml:space="preserve">${esc(b.text)}</w:t></w:r></w:p>`
      }
      if ('paragraph' in b) {
        const rPr = b.bold ? '<w:rPr><w:b/></w:rPr>' : ''
        return `<w:p><w:r>${rPr}<w:t xml:space="preserve">${esc(b.paragraph)}</w:t></w:r></w:p>`
      }
      if ('bullets' in b) {
        return b.bullets
          .map(
            (item) =>
              `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">${esc(item)}</w:t></w:r></w:p>`,
          )
          .join('')
      }
      const rows = b.table
        .map(
          (row) =>
            `<w:tr>${row.map((cell) => `<w:tc><w:p><w:r><w:t xml:space="preserve">${esc(cell)}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`,
        )
        .join('')
      return `<w:tbl>${rows}</w:tbl>`
    })
    .join('')
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
  const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
  const heading = (n: number) =>
    `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`
  return zip(
    {
      '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
      '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
      'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W} ${R}><w:body>${body}</w:body></w:document>`,
      'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${heading(1)}${heading(2)}${heading(3)}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style></w:styles>`,
      'word/numbering.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
      ...opts.extra,
    },
    opts,
  )
}

// ---------- PDF ----------

export interface PdfText {
  text: string
  x: number
  y: number
  size: number
  bold?: boolean
}

/**
 * A PDF whose pages hold the given text runs (Helvetica / Helvetica-Bold, WinAnsi encoding, so
 * Latin-1 letters such as á é í ó ú ý are fine; č ř ě are not in WinAnsi).
 */
export function makePdf(
  pages: PdfText[][],
  opts: {
    title?: string
    /** Compress the content streams (FlateDecode). */
    deflate?: boolean
    /** Blank lines appended to every content stream (a PDF bomb inflates to gigabytes of them). */
    padding?: number
  } = {},
): Buffer {
  const objects: string[] = []
  const add = (body: string) => {
    objects.push(body)
    return objects.length
  }
  const catalog = add('') // filled below
  const pagesObj = add('')
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  const pageIds: number[] = []
  for (const runs of pages) {
    const stream = runs
      .map((r) => {
        const escaped = r.text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')
        return `BT /${r.bold ? 'F2' : 'F1'} ${r.size} Tf ${r.x} ${r.y} Td (${escaped}) Tj ET`
      })
      .join('\n')
    const raw = Buffer.concat([Buffer.from(stream, 'latin1'), Buffer.alloc(opts.padding ?? 0, 0x0a)])
    const data = opts.deflate ? deflateSync(raw, { level: 9 }) : raw
    const content = add(
      `<< /Length ${data.byteLength}${opts.deflate ? ' /Filter /FlateDecode' : ''} >>\nstream\n${data.toString('latin1')}\nendstream`,
    )
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    )
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`
  const info = opts.title ? add(`<< /Title (${opts.title}) >>`) : undefined
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** A two-page policy document: title, sections, a bullet list, a table, a wrapped paragraph. */
export function samplePdf(): Buffer {
  return makePdf(
    [
      [
        { text: 'Client Due Diligence Policy', x: 72, y: 720, size: 20 },
        { text: 'Scope', x: 72, y: 680, size: 14 },
        { text: 'This policy applies to every client of the agency and to every', x: 72, y: 660, size: 11 },
        { text: 'transaction above the identifi-', x: 72, y: 646, size: 11 },
        { text: 'cation threshold set by the law.', x: 72, y: 632, size: 11 },
        { text: '- Verify the identity document', x: 72, y: 600, size: 11 },
        { text: '- Record the beneficial owner', x: 72, y: 586, size: 11 },
        { text: 'Risk factor', x: 72, y: 550, size: 11 },
        { text: 'Weight', x: 300, y: 550, size: 11 },
        { text: 'Cash payment', x: 72, y: 536, size: 11 },
        { text: 'High', x: 300, y: 536, size: 11 },
        { text: 'Foreign client', x: 72, y: 522, size: 11 },
        { text: 'Medium', x: 300, y: 522, size: 11 },
      ],
      [
        { text: 'Record Keeping', x: 72, y: 720, size: 14 },
        {
          text: 'Identification records are kept for ten years after the relationship ends.',
          x: 72,
          y: 700,
          size: 11,
        },
      ],
    ],
    { title: 'Client Due Diligence Policy' },
  )
}
