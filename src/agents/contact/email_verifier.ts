import { Type } from 'typebox'
import { checkEmailSyntax } from '../../engines/contacts/email.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { listChecks, mailDomainCheck, verdictOf } from './email-checks.ts'
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
    const domain = syntax.ascii_domain
    const { disposable, free, role, rules: listRules } = listChecks(ctx, syntax.local, domain, say)
    const dom = await mailDomainCheck(ctx, domain, input.check_mx, say)
    rules.push(...listRules, ...dom.rules)
    sources.push(dom.source)
    const verified = [
      say({ cs: 'syntaxe', en: 'syntax' }),
      say({ cs: 'seznam jednorázových domén', en: 'disposable domain list' }),
      say({ cs: 'seznam bezplatných poštovních služeb', en: 'free-mail list' }),
      say({ cs: 'funkční schránka', en: 'role mailbox' }),
      ...dom.verified,
    ]
    const { result, reason } = verdictOf(dom.mailStatus, disposable, domain, say)
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
        mail_domain: dom.mailStatus,
        mx: dom.mx,
      },
      verified,
      not_verified: [...dom.notVerified, say(NO_SMTP_PROBE)],
      partial: dom.partial,
    }
  },
})
