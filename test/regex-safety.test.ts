/**
 * Every regular expression literal in src/ is checked for super-linear backtracking (ReDoS) with
 * recheck, the checker ESLint's regexp plugin uses. A pattern recheck calls vulnerable (or cannot
 * decide) fails this test unless it is listed below with the reason it is safe where it runs:
 * the input it sees is the operator's own (configuration, list files, local files) or bounded
 * in length. Patterns that see outside text of unbounded length are rewritten, not listed
 * (src/kit/text.ts trims in linear time; src/engines/convert/headings.ts reads headings).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseSync } from 'oxc-parser'
import { check } from 'recheck'
import { describe, expect, it } from 'vitest'
import { cpuMs } from './support/cpu-time.ts'

const root = resolve(import.meta.dirname, '..')

/** `file /pattern/flags` → why it is safe where it runs. */
const ALLOWED: Record<string, string> = {
  'src/agents/banking/loan-checks.ts /\\.?0+$/': 'bounded: the output of toFixed(2)',
  'src/agents/real-estate/investment_mortgage_check.ts /\\.?0+$/': 'bounded: the output of toFixed(2)',
  'src/agents/compliance/document-checks.ts /<+$/': 'bounded: a 9-character slice of an MRZ line',
  'src/agents/data/address-checks.ts /^(.*?)\\s*(?:č\\.\\s?p\\.\\s*|č\\.\\s?ev\\.\\s*)?(\\d{1,5})(?:\\s*\\/\\s*(\\d{1,4}[a-zA-Z]?))?$/':
    'bounded: one comma-separated segment of an address of at most 300 characters (schema)',
  'src/agents/legal/contract-checks.ts /^```(?:json)?\\s*|\\s*```$/g':
    'bounded: a language-model answer, capped by its max_tokens',
  'src/agents/real-estate/listing-checks.ts /^```(?:json)?\\s*|\\s*```$/g':
    'bounded: a language-model answer, capped by its max_tokens',
  'src/agents/real-estate/listing-checks.ts /\\s*[-–]\\s*/': 'bounded: a locality the pattern above matched',
  'src/engines/aml/countries.ts /\\(.*?\\)/g':
    'bounded: a country name or code of at most 60 characters (schema) or from a list file',
  'src/engines/aml/importers/json.ts /^([^,„“"]+),\\s*([^,]+),/':
    'trusted: sanctions list files the operator imports',
  'src/engines/aml/importers/ofac-csv.ts': 'trusted: OFAC remarks from list files the operator imports',
  'src/engines/context-sync/sync.ts': "trusted: the operator's own context files",
  'src/engines/knowledge/embedders/openai.ts /\\/+$/': 'trusted: a URL from configuration',
  'src/kit/http.ts /\\/+$/': 'trusted: a base URL from configuration',
  'src/services/gateway/health.ts /\\/+$/': 'trusted: a URL from configuration',
  'src/services/router/modules/llm/relay.ts /\\/+$/': 'trusted: a URL from configuration',
  'src/services/router/modules/pages/routes.ts /\\/+$/': 'trusted: service URLs from configuration',
  'src/services/router/modules/proxy/routes.ts /\\/+$/': 'trusted: a proxy target from configuration',
  'src/services/discovery/service.ts /^(mailto:\\S+@\\S+|https:\\/\\/\\S+)$/':
    'trusted: a contact address from configuration',
  'src/engines/realestate/market.ts /^-+|-+$/g': 'bounded: the slug of a district or municipality name',
  'src/engines/realestate/trends.ts /^-+|-+$/g': 'bounded: the slug of a district or municipality name',
  'src/kit/egress/body.ts /<meta[^>]{0,200}?charset\\s*=\\s*["\']?([A-Za-z0-9_.:-]{1,40})/i':
    'bounded: at most 200 characters inside the tag, in the first 2 KiB of a page',
  'src/engines/knowledge/chunker.ts /^(ČÁST|Část)\\s+([A-ZÁ-Ža-zá-ž0-9]+)\\b.*$/u':
    'linear: anchored at the start of one line, tried once (recheck counts the \\b backtrack over one run)',
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, out)
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts')) out.push(path)
  }
  return out
}

interface Literal {
  file: string
  line: number
  pattern: string
  flags: string
}

function regexLiterals(): Literal[] {
  const found: Literal[] = []
  for (const path of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8')
    const file = relative(root, path)
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return
      if (Array.isArray(node)) {
        for (const n of node) visit(n)
        return
      }
      const n = node as { type?: string; regex?: { pattern: string; flags: string }; start?: number }
      if (n.type === 'Literal' && n.regex)
        found.push({
          file,
          line: text.slice(0, n.start).split('\n').length,
          pattern: n.regex.pattern,
          flags: n.regex.flags,
        })
      for (const [key, value] of Object.entries(n)) if (key !== 'parent') visit(value)
    }
    visit(parseSync(path, text).program)
  }
  return found
}

/** recheck's verdict; "unknown" (out of time, which a busy machine causes) is asked again with 20 s. */
async function recheck(pattern: string, flags: string): Promise<string> {
  const first = await check(pattern, flags, { timeout: 2000 })
  if (first.status !== 'unknown') return first.status
  return (await check(pattern, flags, { timeout: 20_000 })).status
}

/** True when the pattern has a repetition without an upper bound (*, +, {n,}) outside a class. */
function unboundedRepetition(pattern: string): boolean {
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (c === ']') inClass = false
      continue
    }
    if (c === '[') inClass = true
    else if (c === '*' || c === '+') return true
    else if (c === '{' && /^\{\d{1,5},\}/.test(pattern.slice(i, i + 8))) return true
  }
  return false
}

/**
 * 200 000 characters (the agents' input limit) each of what makes a pattern backtrack: long runs of
 * letters, of spaces and of digits, and words with spaces, percent signs and terms repeated.
 */
const ADVERSARIAL = [
  'a'.repeat(200_000),
  ' '.repeat(200_000),
  '1'.repeat(200_000),
  'žádné práva omez náhrady prost zatížení '.repeat(5_000),
  'kupní smlouva jednotka č. 1 '.repeat(7_000),
  '1% z do tří měsíc v dobrém stavu Praha 1 - '.repeat(4_500),
]

/**
 * CPU milliseconds of this thread (test/support/cpu-time.ts, not wall time, which a loaded machine
 * stretches while this worker waits for a core) that the pattern takes over ADVERSARIAL. Alone, at
 * most a few ms for a pattern here, 0.78 s for /\s{0,30}\s{0,30}y/ (bounded, but 900 steps a
 * position), and ~75 s for a quadratic one (the former heading pattern: 0.75 s on 20,000 characters).
 */
function cpuOnAdversarialText(pattern: string, flags: string): number {
  const re = new RegExp(pattern, flags)
  return cpuMs(() => {
    for (const text of ADVERSARIAL) re.test(text)
  })
}

/** A pattern of bounded repetitions is linear when it takes under this on ADVERSARIAL (ms of CPU). */
const BOUNDED_CPU_MS = 200

describe('regular expressions', () => {
  it('are linear, or listed with the reason they are safe where they run', async () => {
    const literals = regexLiterals()
    expect(literals.length).toBeGreaterThan(400)
    const unsafe: string[] = []
    // A pattern written in several files is checked once (609 literals, 423 distinct).
    const verdicts = new Map<string, Promise<string>>()
    for (const r of literals) {
      const key = `${r.file} /${r.pattern}/${r.flags}`
      if (ALLOWED[key] || ALLOWED[r.file]) continue
      const flags = r.flags.replace(/[gy]/g, '')
      const id = `/${r.pattern}/${flags}`
      // recheck's answer depends on its time budget (wall clock), and for a pattern too large for
      // its automaton on a fuzzer: on a loaded machine it has called linear patterns "unknown" and
      // even "vulnerable". A pattern whose every repetition is bounded does bounded work per start
      // position, so the CPU it takes on long adversarial text decides it, whatever recheck says;
      // one with an unbounded repetition must be proved safe by recheck.
      const bounded = !unboundedRepetition(r.pattern)
      let verdict = verdicts.get(id)
      if (!verdict) {
        verdict = bounded
          ? check(r.pattern, flags, { timeout: 2000 }).then((x) => x.status)
          : recheck(r.pattern, flags)
        verdicts.set(id, verdict)
      }
      const status = await verdict
      if (status === 'safe') continue
      if (bounded) {
        const ms = cpuOnAdversarialText(r.pattern, flags)
        if (ms <= BOUNDED_CPU_MS) continue
        unsafe.push(`${r.file}:${r.line} /${r.pattern}/${r.flags} (${status}, ${Math.round(ms)} ms of CPU)`)
      } else unsafe.push(`${r.file}:${r.line} /${r.pattern}/${r.flags} (${status})`)
    }
    expect(unsafe).toEqual([])
  }, 180_000)

  it('in the contract review rules (data run on contract text) are linear', async () => {
    const rules = JSON.parse(
      readFileSync(join(root, 'data/reference/contract-review-rules.json'), 'utf8'),
    ) as {
      versions: Record<string, unknown>[]
    }
    // Every string under a key holding patterns, at any depth of each version.
    const patterns: string[] = []
    const collect = (node: unknown, key: string): void => {
      if (typeof node === 'string') {
        if (['patterns', 'detect', 'any', 'absent', 'present', 'resolved'].includes(key)) patterns.push(node)
      } else if (Array.isArray(node)) for (const n of node) collect(n, key)
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) collect(v, k)
    }
    for (const v of rules.versions) collect(v, '')
    expect(patterns.length).toBeGreaterThan(100)
    const unsafe: string[] = []
    for (const pattern of new Set(patterns)) {
      const bounded = !unboundedRepetition(pattern)
      // Given longer, recheck decides what a busy machine left "unknown"; a pattern of bounded
      // repetitions is decided by the timing below whatever recheck says, so it is not given
      // the 20 s (7 of these rules ran out of recheck's time even then: 140 s for nothing).
      const status = bounded
        ? (await check(pattern, 'iu', { timeout: 2000 })).status
        : await recheck(pattern, 'iu')
      if (status === 'safe') continue
      // recheck's fuzzer may call a pattern of bounded repetitions polynomial in its bounds: such a
      // pattern does bounded work per start position, which its CPU on long text confirms.
      const ms = cpuOnAdversarialText(pattern, 'iu')
      if (!bounded || ms > BOUNDED_CPU_MS)
        unsafe.push(`/${pattern}/iu (${status}, ${Math.round(ms)} ms of CPU)`)
    }
    expect(unsafe).toEqual([])
  }, 180_000)

  it('catches a quadratic pattern, so the check above can fail', async () => {
    expect((await check('^#{1,6}\\s+(.+?)\\s*#*$', 'm')).status).toBe('vulnerable')
    expect((await check('^[a-z]+$', '')).status).toBe('safe')
  })
})
