/**
 * The checks of email_verifier, each a named function over the address that returns the rules it
 * applied (with their sources) and what it found. The agent runs them in order and reports them.
 */
import {
  DISPOSABLE_LIST_SIZE,
  disposableMatch,
  isFreeMail,
  roleOfMailbox,
} from '../../engines/contacts/email.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { lawRule, today } from './shared.ts'

export type MailStatus = 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail' | 'nxdomain' | 'failed' | 'unchecked'

/** The throw-away domain list, the free-mail list and role mailboxes. */
export function listChecks(
  ctx: AgentContext,
  local: string,
  domain: string,
  say: Say,
): { disposable: string | undefined; free: boolean; role: string | null; rules: AppliedRule[] } {
  const rules: AppliedRule[] = []
  const disposable = disposableMatch(domain)
  rules.push(
    lawRule(
      say({
        cs: `doména na seznamu jednorázových adres (${DISPOSABLE_LIST_SIZE} domén)`,
        en: `domain on the throw-away mail list (${DISPOSABLE_LIST_SIZE} domains)`,
      }),
      cite(today(ctx), 'list-mailchecker'),
      disposable
        ? say({ cs: `na seznamu: ${disposable}`, en: `listed: ${disposable}` })
        : say({ cs: 'není na seznamu', en: 'not listed' }),
    ),
  )
  const free = isFreeMail(domain)
  rules.push(
    lawRule(
      say({ cs: 'poskytovatel bezplatné pošty', en: 'free-mail provider' }),
      cite(today(ctx), 'method-email-rules'),
      free ? say({ cs: 'ano', en: 'yes' }) : say({ cs: 'ne', en: 'no' }),
    ),
  )
  const role = roleOfMailbox(local) ?? null
  rules.push(
    lawRule(
      say({ cs: 'funkční schránka (funkce, ne osoba)', en: 'role mailbox (a function, not a person)' }),
      cite(today(ctx), 'rfc-2142'),
      role ?? say({ cs: 'osobní', en: 'personal' }),
    ),
  )
  return { disposable, free, role, rules }
}

/** Whether the domain receives mail (MX, implicit MX, null MX), unless the lookup is switched off. */
export async function mailDomainCheck(
  ctx: AgentContext,
  domain: string,
  checkMx: boolean | undefined,
  say: Say,
): Promise<{
  mailStatus: MailStatus
  mx: { exchange: string; priority: number }[]
  partial: boolean
  source: SourceStatus
  verified: string[]
  notVerified: string[]
  rules: AppliedRule[]
}> {
  const rules: AppliedRule[] = []
  const verified: string[] = []
  const notVerified: string[] = []
  const sources: SourceStatus[] = []
  let mailStatus: MailStatus = 'unchecked'
  let mx: { exchange: string; priority: number }[] = []
  let partial = false
  if (checkMx !== false) {
    const answer = await ctx.deps.dns.mailDomain(domain)
    mailStatus = answer.status
    mx = answer.mx.filter((m) => m.exchange !== '' && m.exchange !== '.')
    if (answer.status === 'failed') {
      partial = true
      sources.push({
        name: 'dns',
        status: 'failed',
        error: `${answer.error ?? 'no answer'} from ${ctx.deps.dns.servers.join(', ')}`,
      })
      notVerified.unshift(
        say({
          cs: 'poštovní doména (MX): dotaz DNS selhal',
          en: 'mail domain (MX): the DNS lookup failed',
        }),
      )
    } else {
      sources.push({ name: 'dns', status: 'ok' })
      verified.push(say({ cs: `poštovní doména (MX): ${mailStatus}`, en: `mail domain (MX): ${mailStatus}` }))
    }
    rules.push(
      lawRule(
        say({
          cs: 'doména přijímá poštu: MX, jinak A/AAAA (implicitní MX); jediný MX „.“ poštu odmítá',
          en: 'domain receives mail: MX, else A/AAAA (implicit MX); a single "." MX refuses mail',
        }),
        cite(today(ctx), 'rfc-5321', 'rfc-7505'),
        mailStatus,
      ),
    )
  } else {
    sources.push({ name: 'dns', status: 'skipped', error: 'check_mx is false' })
    notVerified.unshift(
      say({
        cs: 'poštovní doména (MX): nezjišťováno (check_mx je false)',
        en: 'mail domain (MX): not looked up (check_mx is false)',
      }),
    )
  }
  return { mailStatus, mx, partial, source: sources[0]!, verified, notVerified, rules }
}

/** The answer: a domain that cannot receive mail is invalid, a throw-away one disposable. */
export function verdictOf(
  mailStatus: MailStatus,
  disposable: string | undefined,
  domain: string,
  say: Say,
): { result: 'invalid' | 'disposable' | 'domain_accepts_mail' | 'unknown'; reason: string } {
  let result: 'invalid' | 'disposable' | 'domain_accepts_mail' | 'unknown'
  let reason: string
  if (mailStatus === 'nxdomain' || mailStatus === 'null_mx' || mailStatus === 'no_mail') {
    result = 'invalid'
    reason =
      mailStatus === 'nxdomain'
        ? say({
            cs: `doména ${domain} neexistuje`,
            en: `domain ${domain} does not exist`,
          })
        : mailStatus === 'null_mx'
          ? say({
              cs: `doména ${domain} zveřejňuje null MX: nepřijímá poštu`,
              en: `domain ${domain} publishes a null MX: it accepts no mail`,
            })
          : say({
              cs: `doména ${domain} nemá záznamy MX ani adresy`,
              en: `domain ${domain} has neither MX nor address records`,
            })
  } else if (disposable) {
    result = 'disposable'
    reason = say({
      cs: `${disposable} je služba jednorázové pošty`,
      en: `${disposable} is a throw-away mail service`,
    })
  } else if (mailStatus === 'mx' || mailStatus === 'implicit_mx') {
    result = 'domain_accepts_mail'
    reason = say({
      cs: `syntaxe je platná a ${domain} přijímá poštu${mailStatus === 'implicit_mx' ? ' na své adrese A/AAAA' : ''}; samotná schránka se neověřuje`,
      en: `syntax is valid and ${domain} receives mail${mailStatus === 'implicit_mx' ? ' at its A/AAAA address' : ''}; the mailbox itself is not verified`,
    })
  } else {
    result = 'unknown'
    reason =
      mailStatus === 'failed'
        ? say({
            cs: 'syntaxe je platná; dotaz DNS selhal, doména tedy není ověřena',
            en: 'syntax is valid; the DNS lookup failed, so the domain is unverified',
          })
        : say({
            cs: 'syntaxe je platná; doména nebyla zjišťována',
            en: 'syntax is valid; the domain was not looked up',
          })
  }
  return { result, reason }
}
