/**
 * Schema pieces the contact and orchestrator agents share: the rules applied (with source and
 * date), the status of each outside source consulted, and the sentence every e-mail result
 * carries about why mailboxes are not probed over SMTP.
 */
import { Type } from 'typebox'
import type { Texts } from '../lang.ts'
import type { Citation } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export const NO_SMTP_PROBE: Texts = {
  cs: 'schránka: existence schránky se neověřuje: nezkouší se SMTP RCPT, protože odchozí port 25 je ve většině sítí blokován, mnohé domény přijmou každého adresáta (catch-all) nebo používají greylisting a zkoušení serveru bez odeslání pošty se považuje za sběr adres. Doména s funkčním MX může adresu i tak odmítnout.',
  en: 'mailbox: Mailbox existence is not verified: no SMTP RCPT probe is made, because outbound port 25 is blocked on most networks, many domains accept every recipient (catch-all) or greylist, and probing a server without sending mail is treated as directory harvesting. A domain with a working MX can still reject the address.',
}

/** A rule resting on entries of the register of law: its basis, source and since come from `cite`. */
export function lawRule(rule: string, cited: Citation, outcome?: string): AppliedRule {
  return { rule, ...cited, ...(outcome ? { outcome } : {}) }
}

/** The day a rule is judged on (YYYY-MM-DD): the call's clock. */
export const today = (ctx: { now: Date }): string => ctx.now.toISOString().slice(0, 10)

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
