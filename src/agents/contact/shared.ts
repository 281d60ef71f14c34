/**
 * Schema pieces the contact and orchestrator agents share: the rules applied (with source and
 * date), the status of each outside source consulted, and the sentence every e-mail result
 * carries about why mailboxes are not probed over SMTP.
 */
import { Type } from 'typebox'
import type { Texts } from '../lang.ts'
import type { AppliedRule } from '../types.ts'

export const NO_SMTP_PROBE: Texts = {
  cs: 'schránka: existence schránky se neověřuje: nezkouší se SMTP RCPT, protože odchozí port 25 je ve většině sítí blokován, mnohé domény přijmou každého adresáta (catch-all) nebo používají greylisting a zkoušení serveru bez odeslání pošty se považuje za sběr adres. Doména s funkčním MX může adresu i tak odmítnout.',
  en: 'mailbox: Mailbox existence is not verified: no SMTP RCPT probe is made, because outbound port 25 is blocked on most networks, many domains accept every recipient (catch-all) or greylist, and probing a server without sending mail is treated as directory harvesting. A domain with a working MX can still reject the address.',
}

export function rule(rule: string, source?: string, since?: string, outcome?: string): AppliedRule {
  const r: AppliedRule = { rule }
  if (source) r.source = source
  if (since) r.since = since
  if (outcome) r.outcome = outcome
  return r
}

export const EMAIL_RFC = 'RFC 5321 § 4.5.3.1, RFC 5322 § 3.4.1'
export const MX_RFC = 'RFC 5321 § 5.1, RFC 7505'

/** One contact as the list-taking agents (search, dedup, vCard) accept it. */
export const ContactSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'full name, titles allowed' })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    organization: Type.Optional(Type.String({ maxLength: 300 })),
    title: Type.Optional(Type.String({ maxLength: 200, description: 'job title' })),
    address: Type.Optional(Type.String({ maxLength: 300, description: 'postal address as written' })),
    ico: Type.Optional(Type.String({ maxLength: 12 })),
    url: Type.Optional(Type.String({ maxLength: 500 })),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
