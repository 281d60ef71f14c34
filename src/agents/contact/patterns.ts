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
import type { Say } from '../lang.ts'

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
  /** How many of the ignored addresses are role mailboxes (info@, sales@ …). */
  roles: number
}

/** The ignored addresses' reasons are in the call's language (`say`). */
export function inferPatterns(domain: string, known: KnownAddress[], say: Say): Inference {
  const counts = new Map<string, number>()
  const unmatched: string[] = []
  const ignored: { email: string; reason: string }[] = []
  let used = 0
  let roles = 0
  for (const k of known) {
    const syntax = checkEmailSyntax(k.email)
    if (!syntax.valid) {
      ignored.push({
        email: k.email,
        reason: say({ cs: `syntaxe: ${syntax.reason_cs}`, en: `syntax: ${syntax.reason}` }),
      })
      continue
    }
    if (syntax.ascii_domain !== domain) {
      ignored.push({
        email: k.email,
        reason: say({
          cs: `jiná doména (${syntax.ascii_domain})`,
          en: `another domain (${syntax.ascii_domain})`,
        }),
      })
      continue
    }
    const role = roleOfMailbox(syntax.local)
    if (role) {
      roles++
      ignored.push({
        email: k.email,
        reason: say({
          cs: `funkční schránka (${role}), ne adresa osoby`,
          en: `role mailbox (${role}), not a person's address`,
        }),
      })
      continue
    }
    const name = parseName(k.name)
    if (!name.surname || name.given_names.length === 0) {
      ignored.push({
        email: k.email,
        reason: say({
          cs: 'jméno potřebuje křestní jméno a příjmení',
          en: 'the name needs a given name and a surname',
        }),
      })
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
  return { patterns, used, unmatched, ignored, roles }
}
