import { Type } from 'typebox'
import {
  checkEmailSyntax,
  DISPOSABLE_LIST_SIZE,
  disposableMatch,
  isFreeMail,
  roleOfMailbox,
} from '../../engines/contacts/email.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { lawRule, NO_SMTP_PROBE, today } from './shared.ts'

const MailStatus = Type.Enum(['mx', 'implicit_mx', 'null_mx', 'no_mail', 'nxdomain', 'failed', 'unchecked'])

export const emailVerifier = defineAgent({
  service: 'contact',
  name: 'email_verifier',
  description:
    'Checks an e-mail address without sending mail: RFC 5321/5322 syntax, throw-away (disposable) domains, free-mail and role mailboxes, and whether the domain receives mail (MX, implicit MX, null MX). Says what it verified and what it could not; it never probes the mailbox over SMTP.',
  input: Type.Object(
    {
      email: Type.String({ minLength: 1, maxLength: 320, description: 'the address to check' }),
      check_mx: Type.Optional(
        Type.Boolean({
          default: true,
          description: 'look up the domain in DNS (false: offline checks only)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    email: Type.String(),
    result: Type.Union([
      Type.Literal('invalid'),
      Type.Literal('disposable'),
      Type.Literal('domain_accepts_mail'),
      Type.Literal('unknown'),
    ]),
    reason: Type.String(),
    normalized: Type.Union([Type.String(), Type.Null()]),
    checks: Type.Object({
      syntax: Type.Boolean(),
      disposable: Type.Boolean(),
      free_mail: Type.Boolean(),
      role_mailbox: Type.Union([Type.String(), Type.Null()]),
      mail_domain: MailStatus,
      mx: Type.Array(Type.Object({ exchange: Type.String(), priority: Type.Integer() })),
    }),
    verified: Type.Array(Type.String()),
    not_verified: Type.Array(Type.String()),
  }),
  verdict: {
    field: 'result',
    map: { domain_accepts_mail: 'clear', unknown: 'incomplete', invalid: 'adverse', disposable: 'adverse' },
  },
  law: ['rfc-5321', 'rfc-5322', 'rfc-7505', 'rfc-2142', 'list-mailchecker', 'method-email-rules'],
  examples: [
    {
      title: 'A role mailbox at a throw-away domain (offline checks only)',
      input: { email: 'info@mailinator.com', check_mx: false },
    },
    {
      title: 'An address whose local part breaks RFC 5322',
      input: { email: 'jan..novak@firma.cz', check_mx: false },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const rules: AppliedRule[] = []
    const sources: SourceStatus[] = []
    const syntax = checkEmailSyntax(input.email)
    rules.push(
      lawRule(
        say({
          cs: 'syntaxe adresy (místní část dot-atom ≤ 64, doména LDH, celkem ≤ 254)',
          en: 'address syntax (dot-atom local part ≤ 64, LDH domain, total ≤ 254)',
        }),
        cite(today(ctx), 'rfc-5321', 'rfc-5322'),
        syntax.valid
          ? say({ cs: 'vyhovuje', en: 'pass' })
          : say({ cs: `nevyhovuje: ${syntax.reason_cs}`, en: `fail: ${syntax.reason}` }),
      ),
    )
    const base = {
      email: input.email,
      verified: [] as string[],
      not_verified: [] as string[],
      sources,
      rules_applied: rules,
    }
    if (!syntax.valid) {
      return {
        ...base,
        result: 'invalid' as const,
        reason: say({ cs: `syntaxe: ${syntax.reason_cs}`, en: `syntax: ${syntax.reason}` }),
        normalized: null,
        checks: {
          syntax: false,
          disposable: false,
          free_mail: false,
          role_mailbox: null,
          mail_domain: 'unchecked' as const,
          mx: [],
        },
        verified: [say({ cs: 'syntaxe', en: 'syntax' })],
        not_verified: [
          say({ cs: 'jednorázová doména', en: 'disposable domain' }),
          say({ cs: 'poštovní doména (MX)', en: 'mail domain (MX)' }),
          say(NO_SMTP_PROBE),
        ],
        partial: false,
      }
    }
    const disposable = disposableMatch(syntax.ascii_domain)
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
    const free = isFreeMail(syntax.ascii_domain)
    rules.push(
      lawRule(
        say({ cs: 'poskytovatel bezplatné pošty', en: 'free-mail provider' }),
        cite(today(ctx), 'method-email-rules'),
        free ? say({ cs: 'ano', en: 'yes' }) : say({ cs: 'ne', en: 'no' }),
      ),
    )
    const role = roleOfMailbox(syntax.local) ?? null
    rules.push(
      lawRule(
        say({ cs: 'funkční schránka (funkce, ne osoba)', en: 'role mailbox (a function, not a person)' }),
        cite(today(ctx), 'rfc-2142'),
        role ?? say({ cs: 'osobní', en: 'personal' }),
      ),
    )
    const verified = [
      say({ cs: 'syntaxe', en: 'syntax' }),
      say({ cs: 'seznam jednorázových domén', en: 'disposable domain list' }),
      say({ cs: 'seznam bezplatných poštovních služeb', en: 'free-mail list' }),
      say({ cs: 'funkční schránka', en: 'role mailbox' }),
    ]
    const notVerified = [say(NO_SMTP_PROBE)]
    let mailStatus: 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail' | 'nxdomain' | 'failed' | 'unchecked' =
      'unchecked'
    let mx: { exchange: string; priority: number }[] = []
    let partial = false
    if (input.check_mx !== false) {
      const answer = await ctx.deps.dns.mailDomain(syntax.ascii_domain)
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
        verified.push(say({ cs: 'poštovní doména (MX)', en: 'mail domain (MX)' }))
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
    let result: 'invalid' | 'disposable' | 'domain_accepts_mail' | 'unknown'
    let reason: string
    if (mailStatus === 'nxdomain' || mailStatus === 'null_mx' || mailStatus === 'no_mail') {
      result = 'invalid'
      reason =
        mailStatus === 'nxdomain'
          ? say({
              cs: `doména ${syntax.ascii_domain} neexistuje`,
              en: `domain ${syntax.ascii_domain} does not exist`,
            })
          : mailStatus === 'null_mx'
            ? say({
                cs: `doména ${syntax.ascii_domain} zveřejňuje null MX: nepřijímá poštu`,
                en: `domain ${syntax.ascii_domain} publishes a null MX: it accepts no mail`,
              })
            : say({
                cs: `doména ${syntax.ascii_domain} nemá záznamy MX ani adresy`,
                en: `domain ${syntax.ascii_domain} has neither MX nor address records`,
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
        cs: `syntaxe je platná a ${syntax.ascii_domain} přijímá poštu${mailStatus === 'implicit_mx' ? ' na své adrese A/AAAA' : ''}; samotná schránka se neověřuje`,
        en: `syntax is valid and ${syntax.ascii_domain} receives mail${mailStatus === 'implicit_mx' ? ' at its A/AAAA address' : ''}; the mailbox itself is not verified`,
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
    return {
      ...base,
      result,
      reason,
      normalized: syntax.address,
      checks: {
        syntax: true,
        disposable: Boolean(disposable),
        free_mail: free,
        role_mailbox: role,
        mail_domain: mailStatus,
        mx,
      },
      verified,
      not_verified: notVerified,
      partial,
    }
  },
})
