/**
 * Is this answer the page, or a wall in front of it? Anti-bot and access walls answer with 401,
 * 403, 407, 429 or 503, or with a 200 challenge page (Cloudflare's "Just a moment…", Akamai,
 * Imperva/Incapsula, PerimeterX, DataDome, hCaptcha and reCAPTCHA interstitials). A scraper that
 * returns such a page as content bills the user for a captcha, so every tier checks this first.
 * Plain substring checks on a capped sample: linear, whatever the page.
 */

export interface BlockVerdict {
  blocked: boolean
  /** Why, in words a user can act on ("HTTP 403 with a Cloudflare challenge"). */
  reason?: string
  /** The wall's maker when recognised. */
  vendor?: string
}

const BLOCKING_STATUS: Record<number, string> = {
  401: 'HTTP 401: the page needs a login',
  403: 'HTTP 403: access denied',
  407: 'HTTP 407: a proxy wants credentials',
  429: 'HTTP 429: too many requests; the site is rate-limiting',
  503: 'HTTP 503: the site is unavailable or shows a challenge',
}

/** Lower-case markers in a page's title or text, each with the vendor it betrays. */
const MARKERS: [string, string][] = [
  ['just a moment...', 'Cloudflare'],
  ['just a moment…', 'Cloudflare'],
  ['attention required! | cloudflare', 'Cloudflare'],
  ['checking your browser before accessing', 'Cloudflare'],
  ['cf-chl-', 'Cloudflare'],
  ['challenges.cloudflare.com', 'Cloudflare'],
  ['enable javascript and cookies to continue', 'Cloudflare'],
  ['ddos protection by', 'DDoS protection'],
  ['pardon our interruption', 'Imperva'],
  ['request unsuccessful. incapsula incident', 'Imperva'],
  ['_incapsula_resource', 'Imperva'],
  ['px-captcha', 'PerimeterX'],
  ['press & hold to confirm you are', 'PerimeterX'],
  ['captcha-delivery.com', 'DataDome'],
  ['datadome', 'DataDome'],
  ["you don't have permission to access", 'Akamai'],
  ['reference #18.', 'Akamai'],
  ['hcaptcha.com', 'hCaptcha'],
  ['www.google.com/recaptcha', 'reCAPTCHA'],
  ['please verify you are a human', 'captcha'],
  ['verify you are human', 'captcha'],
  ['are you a robot', 'captcha'],
]

const SAMPLE_CHARS = 20_000

export function detectBlock(page: {
  status: number
  headers?: Record<string, string | undefined>
  title?: string | null
  /** Raw HTML or visible text; only the start is read. */
  body?: string
}): BlockVerdict {
  const mitigated = page.headers?.['cf-mitigated']
  if (mitigated)
    return { blocked: true, reason: `Cloudflare answered with a ${mitigated}`, vendor: 'Cloudflare' }
  const sample = `${page.title ?? ''}\n${(page.body ?? '').slice(0, SAMPLE_CHARS)}`.toLowerCase()
  const marker = MARKERS.find(([needle]) => sample.includes(needle))
  const status = BLOCKING_STATUS[page.status]
  if (status && marker)
    return { blocked: true, reason: `${status}, with a ${marker[1]} challenge`, vendor: marker[1] }
  if (status) return { blocked: true, reason: status }
  // A 200 challenge page is short; a long article that merely mentions "captcha" is not one.
  if (marker && (page.body ?? '').length < 200_000 && isShortPage(sample)) {
    return {
      blocked: true,
      reason: `a ${marker[1]} challenge page instead of the content`,
      vendor: marker[1],
    }
  }
  return { blocked: false }
}

/** Fewer than ~1,500 words of text once tags are stripped roughly (a linear scan, no regex). */
function isShortPage(sample: string): boolean {
  let words = 0
  let inTag = false
  let inWord = false
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i)
    if (c === 60 /* < */) inTag = true
    else if (c === 62 /* > */) inTag = false
    else if (!inTag) {
      const space = c === 32 || c === 10 || c === 9 || c === 13
      if (!space && !inWord) words++
      inWord = !space
    }
  }
  return words < 1500
}
