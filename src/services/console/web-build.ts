/**
 * Building the single-page app (src/services/console/web) with Vite into build/console, and
 * loading the result. The build is keyed by a hash of the sources (and package.json, which pins
 * the libraries): when build/console/.source-hash matches, nothing is built, so a start costs a
 * directory walk (about 10 ms). A build goes into a fresh folder that replaces the old one only
 * when complete, so a running console never serves half a build.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { extname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const ROOT = resolve(import.meta.dirname, '../../..')
const WEB_SOURCES = resolve(import.meta.dirname, 'web')
export const WEB_BUILD = join(ROOT, 'build', 'console')
const HASH_FILE = '.source-hash'

export interface WebFile {
  body: Buffer
  type: string
  etag: string
  /** The body brotli-compressed (quality 11) and gzip-compressed (level 9), when that is smaller. */
  br?: Buffer
  gzip?: Buffer
}

/** Text files are sent compressed; fonts and images are compressed already. */
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt'])

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(path))
    else out.push(path)
  }
  return out.sort()
}

/** The hash the build is keyed by: every source file's path and bytes, package.json and how it is built. */
export function sourceHash(sources = WEB_SOURCES): string {
  const hash = createHash('sha256')
  for (const file of [...filesUnder(sources), join(ROOT, 'package.json'), import.meta.filename]) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

export function isCurrent(out = WEB_BUILD, sources = WEB_SOURCES): boolean {
  const file = join(out, HASH_FILE)
  return existsSync(file) && readFileSync(file, 'utf8') === sourceHash(sources)
}

/** Builds when the build is missing or older than the sources; says whether it built. */
export async function ensureWebBuild(
  opts: { out?: string; force?: boolean } = {},
): Promise<{ built: boolean; ms: number }> {
  const out = opts.out ?? WEB_BUILD
  const started = performance.now()
  if (!existsSync(join(WEB_SOURCES, 'index.html'))) return { built: false, ms: 0 }
  const hash = sourceHash()
  if (!opts.force && existsSync(join(out, HASH_FILE)) && readFileSync(join(out, HASH_FILE), 'utf8') === hash)
    return { built: false, ms: Math.round(performance.now() - started) }
  const staging = `${out}.staging-${process.pid}-${Date.now()}`
  mkdirSync(staging, { recursive: true })
  try {
    // Loaded only when a build is needed: a console with a current build never loads Vite.
    const { build } = await import('vite')
    const react = (await import('@vitejs/plugin-react')).default
    // Vite builds for the NODE_ENV it finds: under a test runner (NODE_ENV=test) that was React's
    // development build and JSX runtime (445 KB of first script instead of 190 KB, three times
    // the script time), and the build, keyed by its sources only, was then served as it was.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({
        root: WEB_SOURCES,
        base: '/',
        mode: 'production',
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        build: { outDir: staging, emptyOutDir: true, assetsDir: 'assets', chunkSizeWarningLimit: 2000 },
      })
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    }
    // Compressed once here, so serving a file costs no compression (605 KB of script: 0.9 s of
    // brotli at quality 11 on this machine).
    for (const file of filesUnder(staging)) {
      if (!COMPRESSED.has(extname(file))) continue
      const body = readFileSync(file)
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
      const gz = gzipSync(body, { level: 9 })
      if (br.length < body.length) writeFileSync(`${file}.br`, br)
      if (gz.length < body.length) writeFileSync(`${file}.gz`, gz)
    }
    writeFileSync(join(staging, HASH_FILE), hash)
    rmSync(out, { recursive: true, force: true })
    renameSync(staging, out)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return { built: true, ms: Math.round(performance.now() - started) }
}

/** The built files in memory (a few hundred KiB), keyed by their path under the build folder. */
export function loadWebFiles(out = WEB_BUILD): Map<string, WebFile> {
  const files = new Map<string, WebFile>()
  if (!existsSync(join(out, 'index.html'))) return files
  for (const path of filesUnder(out)) {
    const name = relative(out, path).split('\\').join('/')
    if (name === HASH_FILE || name.endsWith('.br') || name.endsWith('.gz')) continue
    const body = readFileSync(path)
    files.set(name, {
      body,
      type: TYPES[extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      ...(existsSync(`${path}.br`) ? { br: readFileSync(`${path}.br`) } : {}),
      ...(existsSync(`${path}.gz`) ? { gzip: readFileSync(`${path}.gz`) } : {}),
    })
  }
  return files
}
