/**
 * `npm run bench:bombs`: documents that would explode, each converted the way the knowledge
 * service and /v1/convert/markdown convert (DocumentConverter: a worker process with the default
 * limits and memory ceiling), against a normal document of the same format and size:
 * - a 1 MB PDF whose content stream inflates to 1 GiB (baseline: a 1 MB PDF of text);
 * - a 16 MB HTML of 2 M flat elements, and an HTML table of 8,000 × 200 cells (baseline: a 16 MB
 *   HTML of paragraphs);
 * - a DOCX of about 200 KB holding 60 MiB of paragraphs (baseline: a DOCX of the same size of
 *   varied text);
 * and the HTML and DOCX bombs again with their element limits lifted, to show the memory ceiling
 * stopping what the limits no longer catch.
 *
 * Each document is made by this script and converted in a fresh process; it prints the outcome
 * (the limit named by the 413, or the Markdown's length), the time, the worker process's peak
 * resident memory (read from /proc every 10 ms) and the converting process's own peak (the
 * service's share, which the bombs must not move), each with its ratio to the baseline.
 *
 *   BENCH_MEMORY_MB  the worker's memory ceiling (default: the converter's, 1024)
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDeflate } from 'node:zlib'
import { DocumentConverter } from '../src/engines/convert/converter.ts'
import type { ConvertLimits } from '../src/engines/convert/index.ts'
import { makeDocx, makePdf } from '../test/support/documents.ts'

interface Case {
  name: string
  file: string
  baseline: string
  limits?: Partial<ConvertLimits>
}

interface Measured {
  outcome: string
  ms: number
  workerMb: number
  serviceMb: number
  bytes: number
}

const MiB = 1024 * 1024
const self = new URL(import.meta.url).pathname

if (process.argv[2] === '--one') {
  console.log(JSON.stringify(await measure(process.argv[3]!, JSON.parse(process.argv[4] ?? '{}'))))
  process.exit(0)
}

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bombs-'))
try {
  await make(dir)
  const cases: Case[] = [
    { name: 'PDF: 1 MB, content stream inflating to 1 GiB', file: 'bomb.pdf', baseline: 'normal.pdf' },
    { name: 'HTML: 16 MB of 2 M flat elements', file: 'flat.html', baseline: 'normal.html' },
    { name: 'HTML: table of 8,000 × 200 cells', file: 'table.html', baseline: 'normal.html' },
    { name: 'DOCX: ~200 KB of 60 MiB of paragraphs', file: 'bomb.docx', baseline: 'normal.docx' },
    {
      name: '… 2 M flat elements, element limit lifted',
      file: 'flat.html',
      baseline: 'normal.html',
      limits: { maxElements: 1e9 },
    },
    {
      name: '… 60 MiB of paragraphs, XML element limit lifted',
      file: 'bomb.docx',
      baseline: 'normal.docx',
      limits: { maxXmlElements: 1e9, maxElements: 1e9 },
    },
  ]
  const baselines = new Map<string, Measured>()
  for (const file of ['normal.pdf', 'normal.html', 'normal.docx']) baselines.set(file, run(join(dir, file)))
  console.log('| document | size | answer | time | worker peak RSS | service peak RSS |')
  console.log('|---|---|---|---|---|---|')
  for (const file of ['normal.pdf', 'normal.html', 'normal.docx']) {
    const m = baselines.get(file)!
    console.log(
      `| baseline ${file} | ${size(m.bytes)} | ${m.outcome} | ${m.ms} ms | ${m.workerMb} MB | ${m.serviceMb} MB |`,
    )
  }
  for (const c of cases) {
    const m = run(join(dir, c.file), c.limits)
    const b = baselines.get(c.baseline)!
    const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`
    console.log(
      `| ${c.name} | ${size(m.bytes)} | ${m.outcome} | ${m.ms} ms (${ratio(m.ms, b.ms)}) | ${m.workerMb} MB (${ratio(m.workerMb, b.workerMb)}) | ${m.serviceMb} MB (${ratio(m.serviceMb, b.serviceMb)}) |`,
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

function size(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`
}

/** Converts `file` in a fresh process (so no measurement carries another's heap). */
function run(file: string, limits: Partial<ConvertLimits> = {}): Measured {
  const out = spawnSync(process.execPath, [self, '--one', file, JSON.stringify(limits)], {
    encoding: 'utf8',
    maxBuffer: 16 * MiB,
  })
  if (out.status !== 0) throw new Error(`measuring ${file} failed: ${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Measured
}

async function measure(file: string, limits: Partial<ConvertLimits>): Promise<Measured> {
  const bytes = readFileSync(file)
  const converter = new DocumentConverter({
    maxWorkers: 1,
    limits,
    ...(process.env.BENCH_MEMORY_MB ? { memoryMb: Number(process.env.BENCH_MEMORY_MB) } : {}),
  })
  // The worker is started (and its modules loaded) before the clock starts.
  await converter.convert(Buffer.from('<p>warm</p>'), { filename: 'warm.html' })
  let workerPeak = 0
  const watch = setInterval(() => {
    for (const pid of children()) workerPeak = Math.max(workerPeak, residentMb(pid))
  }, 10)
  const started = performance.now()
  let outcome: string
  try {
    const result = await converter.convert(bytes, { filename: file.split('/').at(-1) })
    outcome = `200, ${result.markdown.length.toLocaleString('en')} chars`
  } catch (error) {
    const e = error as { code?: string; details?: { limit?: string }; limit?: string; message: string }
    // A ConvertError (a limit while parsing) is a 413; the pool's own answers carry their code.
    const status = { unprocessable: 422, service_unavailable: 503 }[e.code ?? ''] ?? 413
    outcome = `${status} ${e.limit ?? e.details?.limit ?? e.message}`
  }
  const ms = Math.round(performance.now() - started)
  clearInterval(watch)
  await converter.close()
  return {
    outcome,
    ms,
    workerMb: Math.round(workerPeak),
    serviceMb: Math.round(process.resourceUsage().maxRSS / 1024),
    bytes: bytes.byteLength,
  }
}

function children(): number[] {
  const pids: number[] = []
  for (const task of readdirSync('/proc/self/task')) {
    const listed = readFileSync(`/proc/self/task/${task}/children`, 'latin1').trim()
    if (listed) pids.push(...listed.split(' ').map(Number))
  }
  return pids
}

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1')
    const at = status.indexOf('VmRSS:')
    return at < 0 ? 0 : Number.parseInt(status.slice(at + 6).trimStart(), 10) / 1024
  } catch {
    return 0
  }
}

/** Writes the bombs and the baselines into `dir`. */
async function make(into: string): Promise<void> {
  const words = 'kupující složí kupní cenu do úschovy advokáta před podpisem smlouvy o převodu bytu'.split(
    ' ',
  )
  const sentence = (i: number) =>
    `${Array.from({ length: 12 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')} ${i}.`

  // PDF bomb: one page of text whose content stream goes on with 1 GiB of blank lines, deflated
  // from one 16 MiB piece written 64 times, so making it never holds the gigabyte.
  const deflate = createDeflate({ level: 9 })
  const compressed: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  deflate.write(Buffer.from('BT /F1 12 Tf 72 700 Td (Smlouva o dilo) Tj ET\n', 'latin1'))
  const blank = Buffer.alloc(16 * MiB, 0x0a)
  for (let i = 0; i < 64; i++) {
    if (!deflate.write(blank)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  writeFileSync(join(into, 'bomb.pdf'), pdfAround(Buffer.concat(compressed)))
  // A normal PDF of about 1 MB: pages of text lines.
  const pages = Array.from({ length: 180 }, (_, p) =>
    Array.from({ length: 45 }, (_, l) => ({ text: sentence(p * 45 + l), x: 72, y: 740 - l * 15, size: 11 })),
  )
  writeFileSync(join(into, 'normal.pdf'), makePdf(pages))

  writeFileSync(join(into, 'flat.html'), `<html><body><p>${'<i>x</i>'.repeat(2_000_000)}</p></body></html>`)
  writeFileSync(
    join(into, 'table.html'),
    `<html><body><table>${`<tr>${'<td>1</td>'.repeat(200)}</tr>`.repeat(8000)}</table></body></html>`,
  )
  const paragraphs: string[] = []
  let length = 0
  for (let i = 0; length < 16 * MiB; i++) {
    const p = `<p>${sentence(i)} ${sentence(i + 1)} ${sentence(i + 2)}</p>\n`
    paragraphs.push(p)
    length += Buffer.byteLength(p)
  }
  writeFileSync(join(into, 'normal.html'), `<html><body>${paragraphs.join('')}</body></html>`)

  // 60 MiB of paragraphs: about 1 M of them, compressing to a few hundred KB.
  const bomb = makeDocx(
    Array.from({ length: 1_050_000 }, () => ({ paragraph: 'x' })),
    { deflate: true },
  )
  writeFileSync(join(into, 'bomb.docx'), bomb)
  // A normal DOCX of the same size: varied text compresses far less.
  const normal: Array<{ paragraph: string }> = []
  for (let i = 0; ; i += 50) {
    normal.push(
      ...Array.from({ length: 50 }, (_, k) => ({
        paragraph: `${sentence(i + k)} ${Math.random().toString(36)}`,
      })),
    )
    if (normal.length % 1000 === 0 && makeDocx(normal, { deflate: true }).byteLength >= bomb.byteLength) break
  }
  writeFileSync(join(into, 'normal.docx'), makeDocx(normal, { deflate: true }))
}

/** A one-page PDF whose content stream is `deflated` (FlateDecode). */
function pdfAround(deflated: Buffer): Buffer {
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${deflated.byteLength} /Filter /FlateDecode >>\nstream\n`),
      deflated,
      Buffer.from('\nendstream'),
    ]),
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')]
  const offsets: number[] = []
  let at = parts[0]!.byteLength
  objects.forEach((body, i) => {
    offsets.push(at)
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')])
    parts.push(part)
    at += part.byteLength
  })
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`
  parts.push(Buffer.from(xref))
  return Buffer.concat(parts)
}
