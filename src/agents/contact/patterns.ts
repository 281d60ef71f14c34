/**
 * Pattern inference shared by email_pattern_inference and email_finder: which of the usual
 * corporate patterns produce the known addresses of a domain from their owners' names.
 */
import {
  checkEmailSyntax,
  EMAIL_RULES,
  matchingPatterns,
  roleOfMailbox,
} from '../../engines/contacts/email.ts'
import { parseName } from '../../engines/contacts/names.ts'

export interface KnownAddress {
  name: string
  email: string
}

interface PatternCount {
  pattern: string
  template: string
  matches: number
  share: number
}

export interface Inference {
  patterns: PatternCount[]
  used: number
  unmatched: string[]
  ignored: { email: string; reason: string }[]
}

export function inferPatterns(domain: string, known: KnownAddress[]): Inference {
  const counts = new Map<string, number>()
  const unmatched: string[] = []
  const ignored: { email: string; reason: string }[] = []
  let used = 0
  for (const k of known) {
    const syntax = checkEmailSyntax(k.email)
    if (!syntax.valid) {
      ignored.push({ email: k.email, reason: `syntax: ${syntax.reason}` })
      continue
    }
    if (syntax.ascii_domain !== domain) {
      ignored.push({ email: k.email, reason: `another domain (${syntax.ascii_domain})` })
      continue
    }
    const role = roleOfMailbox(syntax.local)
    if (role) {
      ignored.push({ email: k.email, reason: `role mailbox (${role}), not a person's address` })
      continue
    }
    const name = parseName(k.name)
    if (!name.surname || name.given_names.length === 0) {
      ignored.push({ email: k.email, reason: 'the name needs a given name and a surname' })
      continue
    }
    used++
    const hits = matchingPatterns({ first: name.given_names[0]!, last: name.surname }, syntax.local)
    if (hits.length === 0) unmatched.push(k.email)
    for (const h of hits) counts.set(h, (counts.get(h) ?? 0) + 1)
  }
  const templates = new Map(EMAIL_RULES.patterns.map((p) => [p.id, p.template]))
  const order = EMAIL_RULES.patterns.map((p) => p.id)
  const patterns = [...counts.entries()]
    .map(([pattern, matches]) => ({
      pattern,
      template: templates.get(pattern)!,
      matches,
      share: used > 0 ? Math.round((matches / used) * 1000) / 1000 : 0,
    }))
    .sort((a, b) => b.matches - a.matches || order.indexOf(a.pattern) - order.indexOf(b.pattern))
  return { patterns, used, unmatched, ignored }
}
