import { Type } from 'typebox'
import {
  checkEmailSyntax,
  DISPOSABLE_LIST_SIZE,
  disposableMatch,
  isFreeMail,
  roleOfMailbox,
} from '../../engines/contacts/email.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { EMAIL_RFC, MX_RFC, NO_SMTP_PROBE, rule } from './shared.ts'

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
    const rules: AppliedRule[] = []
    const sources: SourceStatus[] = []
    const syntax = checkEmailSyntax(input.email)
    rules.push(
      rule(
        'address syntax (dot-atom local part ≤ 64, LDH domain, total ≤ 254)',
        EMAIL_RFC,
        undefined,
        syntax.valid ? 'pass' : `fail: ${syntax.reason}`,
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
        reason: `syntax: ${syntax.reason}`,
        normalized: null,
        checks: {
          syntax: false,
          disposable: false,
          free_mail: false,
          role_mailbox: null,
          mail_domain: 'unchecked' as const,
          mx: [],
        },
        verified: ['syntax'],
        not_verified: ['disposable domain', 'mail domain (MX)', `mailbox: ${NO_SMTP_PROBE}`],
        partial: false,
      }
    }
    const disposable = disposableMatch(syntax.ascii_domain)
    rules.push(
      rule(
        `domain on the throw-away mail list (${DISPOSABLE_LIST_SIZE} domains)`,
        'mailchecker 6.0.21',
        undefined,
        disposable ? `listed: ${disposable}` : 'not listed',
      ),
    )
    const free = isFreeMail(syntax.ascii_domain)
    rules.push(
      rule('free-mail provider', 'data/reference/contact-email-rules.json', undefined, free ? 'yes' : 'no'),
    )
    const role = roleOfMailbox(syntax.local) ?? null
    rules.push(rule('role mailbox (a function, not a person)', 'RFC 2142', '1997-05-01', role ?? 'personal'))
    const verified = ['syntax', 'disposable domain list', 'free-mail list', 'role mailbox']
    const notVerified = [`mailbox: ${NO_SMTP_PROBE}`]
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
        notVerified.unshift('mail domain (MX): the DNS lookup failed')
      } else {
        sources.push({ name: 'dns', status: 'ok' })
        verified.push('mail domain (MX)')
      }
      rules.push(
        rule(
          'domain receives mail: MX, else A/AAAA (implicit MX); a single "." MX refuses mail',
          MX_RFC,
          undefined,
          mailStatus,
        ),
      )
    } else {
      sources.push({ name: 'dns', status: 'skipped', error: 'check_mx is false' })
      notVerified.unshift('mail domain (MX): not looked up (check_mx is false)')
    }
    let result: 'invalid' | 'disposable' | 'domain_accepts_mail' | 'unknown'
    let reason: string
    if (mailStatus === 'nxdomain' || mailStatus === 'null_mx' || mailStatus === 'no_mail') {
      result = 'invalid'
      reason =
        mailStatus === 'nxdomain'
          ? `domain ${syntax.ascii_domain} does not exist`
          : mailStatus === 'null_mx'
            ? `domain ${syntax.ascii_domain} publishes a null MX: it accepts no mail`
            : `domain ${syntax.ascii_domain} has neither MX nor address records`
    } else if (disposable) {
      result = 'disposable'
      reason = `${disposable} is a throw-away mail service`
    } else if (mailStatus === 'mx' || mailStatus === 'implicit_mx') {
      result = 'domain_accepts_mail'
      reason = `syntax is valid and ${syntax.ascii_domain} receives mail${mailStatus === 'implicit_mx' ? ' at its A/AAAA address' : ''}; the mailbox itself is not verified`
    } else {
      result = 'unknown'
      reason =
        mailStatus === 'failed'
          ? 'syntax is valid; the DNS lookup failed, so the domain is unverified'
          : 'syntax is valid; the domain was not looked up'
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
