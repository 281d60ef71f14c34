import { Type } from 'typebox'
import {
  checkDomain,
  checkEmailSyntax,
  DISPOSABLE_LIST_SIZE,
  disposableMatch,
  isFreeMail,
} from '../../engines/contacts/email.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

export const disposableEmailCheck = defineAgent({
  service: 'contact',
  name: 'disposable_email_check',
  description:
    'Tells whether an e-mail address or domain belongs to a throw-away (disposable) mail service, matching the domain and its parent domains against the mailchecker list, and whether it is a free-mail provider (Seznam, Gmail …). Offline and instant.',
  input: Type.Object(
    {
      email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
      domain: Type.Optional(Type.String({ minLength: 3, maxLength: 253 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    domain: Type.String(),
    disposable: Type.Boolean(),
    matched_domain: Type.Union([Type.String(), Type.Null()]),
    free_mail: Type.Boolean(),
    list: Type.Object({ source: Type.String(), domains: Type.Integer() }),
  }),
  verdict: { field: 'disposable', map: { true: 'adverse', false: 'clear' } },
  law: ['list-mailchecker', 'method-email-rules'],
  examples: [
    { title: 'A subdomain of a throw-away service', input: { email: 'test@abc.mailinator.com' } },
    { title: 'A Czech free-mail provider is not disposable', input: { domain: 'seznam.cz' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    let domain: string
    if (input.email !== undefined) {
      const s = checkEmailSyntax(input.email)
      if (!s.valid) throw errors.invalid('email', s.reason)
      domain = s.ascii_domain
    } else if (input.domain !== undefined) {
      const d = checkDomain(input.domain)
      if (!d.valid) throw errors.invalid('domain', d.reason)
      domain = d.domain
    } else throw errors.invalid('email', 'required (or give domain)')
    const matched = disposableMatch(domain) ?? null
    const free = isFreeMail(domain)
    return {
      domain,
      disposable: matched !== null,
      matched_domain: matched,
      free_mail: free,
      list: { source: 'mailchecker 6.0.21', domains: DISPOSABLE_LIST_SIZE },
      rules_applied: [
        lawRule(
          say({
            cs: 'doména nebo nadřazená doména na seznamu jednorázových adres',
            en: 'domain or a parent domain on the throw-away list',
          }),
          cite(today(ctx), 'list-mailchecker'),
          matched
            ? say({ cs: `na seznamu jako ${matched}`, en: `listed as ${matched}` })
            : say({ cs: 'není na seznamu', en: 'not listed' }),
        ),
        lawRule(
          say({ cs: 'poskytovatel bezplatné pošty', en: 'free-mail provider' }),
          cite(today(ctx), 'method-email-rules'),
          free ? say({ cs: 'ano', en: 'yes' }) : say({ cs: 'ne', en: 'no' }),
        ),
      ],
    }
  },
})
