/**
 * robots.txt per RFC 9309: groups by user agent (the most specific matching product token, else
 * `*`; groups naming the same agent merge), `allow`/`disallow` with `*` and `$`, the longest
 * matching rule wins and `allow` wins a tie; `/robots.txt` itself is always allowed. `crawl-delay`
 * (not in the RFC, widely used) and `sitemap` lines are read too.
 *
 * Matching walks pattern and path with one backtrack point per `*` (O(path × pattern) at worst,
 * never exponential), and only the first 500 KiB of a file are parsed, as the RFC allows.
 */

interface RobotsRule {
  allow: boolean
  pattern: string
}

export interface Robots {
  /** Whether `path` (path + query) may be fetched. */
  isAllowed(path: string): boolean
  /** Seconds between requests the site asks for, if it does. */
  crawlDelay: number | undefined
  sitemaps: string[]
}

/** What the RFC requires crawlers to parse at least (bytes). */
export const ROBOTS_MAX_BYTES = 500 * 1024

export const ALLOW_ALL: Robots = { isAllowed: () => true, crawlDelay: undefined, sitemaps: [] }
export const DISALLOW_ALL: Robots = {
  isAllowed: (path) => path === '/robots.txt',
  crawlDelay: undefined,
  sitemaps: [],
}

interface Group {
  agents: string[]
  rules: RobotsRule[]
  crawlDelay: number | undefined
}

export function parseRobots(text: string, productToken: string): Robots {
  const groups: Group[] = []
  const sitemaps: string[] = []
  let current: Group | undefined
  let lastWasAgent = false
  for (const rawLine of text.slice(0, ROBOTS_MAX_BYTES).split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf('#')
    const line = (hash >= 0 ? rawLine.slice(0, hash) : rawLine).trim()
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: undefined }
        groups.push(current)
      }
      current.agents.push(value.toLowerCase())
      lastWasAgent = true
      continue
    }
    lastWasAgent = false
    if (key === 'sitemap') {
      if (value) sitemaps.push(value)
      continue
    }
    if (!current) continue
    if (key === 'allow' || key === 'disallow') {
      // An empty disallow allows everything: it is no rule at all.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value })
    } else if (key === 'crawl-delay') {
      const seconds = Number(value)
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds
    }
  }

  const token = productToken.toLowerCase()
  let chosen = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)))
  if (chosen.length === 0) chosen = groups.filter((g) => g.agents.includes('*'))
  const rules = chosen.flatMap((g) => g.rules)
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== undefined)
  return {
    isAllowed: (path) => isAllowed(rules, path),
    crawlDelay: delays.length > 0 ? Math.max(...delays) : undefined,
    sitemaps,
  }
}

function isAllowed(rules: readonly RobotsRule[], path: string): boolean {
  if (path === '/robots.txt') return true
  let best: RobotsRule | undefined
  let bestLength = -1
  for (const rule of rules) {
    if (!matches(rule.pattern, path)) continue
    const length = rule.pattern.length
    if (length > bestLength || (length === bestLength && rule.allow && !best?.allow)) {
      best = rule
      bestLength = length
    }
  }
  return best ? best.allow : true
}

/** `pattern` matches a prefix of `path`; `*` is any run of characters, a final `$` anchors the end. */
export function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$')
  const p = anchored ? pattern.slice(0, -1) : pattern
  let i = 0 // in path
  let j = 0 // in pattern
  let star = -1
  let resume = 0
  while (i < path.length) {
    if (j < p.length && p[j] === '*') {
      star = j++
      resume = i
    } else if (j < p.length && p[j] === path[i]) {
      i++
      j++
    } else if (j === p.length && !anchored) {
      return true
    } else if (star >= 0) {
      j = star + 1
      i = ++resume
    } else {
      return false
    }
  }
  while (j < p.length && p[j] === '*') j++
  return j === p.length
}
