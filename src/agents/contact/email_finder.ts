import { Type } from 'typebox'
import { checkDomain } from '../../engines/contacts/email.ts'
import { parseName } from '../../engines/contacts/names.ts'
import { errors } from '../../kit/errors.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import {
  candidatesOf,
  companyDomain,
  mailDomain,
  mailLists,
  noCompanyWarning,
  patternOrder,
  registeredName,
} from './finder-checks.ts'
import { NO_SMTP_PROBE } from './shared.ts'

export const emailFinder = defineAgent({
  service: 'contact',
  name: 'email_finder',
  description:
    "Suggests a person's likely work e-mail addresses at a company domain (given, or found from the company name through contact/domain_guesser) from their name and the usual patterns, ranking patterns seen in the company's known addresses first, and checks each candidate's syntax and the domain's mail servers (MX). It never invents a verified address: it says which checks passed and that the mailbox itself is not probed.",
  input: Type.Object(
    {
      name: Type.String({
        minLength: 3,
        maxLength: 200,
        description: 'full name, titles allowed: "Ing. Jan Novák"',
      }),
      domain: Type.Optional(
        Type.String({ minLength: 3, maxLength: 253, description: 'company domain or web address: firma.cz' }),
      ),
      ico: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 12,
          description:
            'IČO of the company: its registered name is read from ARES when neither domain nor company is given',
        }),
      ),
      company: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 300,
          description: 'company name: its domain is found by contact/domain_guesser when no domain is given',
        }),
      ),
      known_emails: Type.Optional(
        Type.Array(
          Type.Object(
            {
              name: Type.String({ minLength: 1, maxLength: 200 }),
              email: Type.String({ minLength: 3, maxLength: 320 }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, description: "other people's addresses at the domain, to learn its pattern" },
        ),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, default: 6 })),
      check_mx: Type.Optional(Type.Boolean({ default: true })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    name: Type.Object({ given: Type.String(), surname: Type.String() }),
    domain: Type.Union([Type.String(), Type.Null()]),
    domain_source: Type.Enum(['given', 'contact/domain_guesser']),
    mail_domain: Type.Enum(['mx', 'implicit_mx', 'null_mx', 'no_mail', 'nxdomain', 'failed', 'unchecked']),
    mx: Type.Array(Type.Object({ exchange: Type.String(), priority: Type.Integer() })),
    candidates: Type.Array(
      Type.Object({
        email: Type.String(),
        pattern: Type.String(),
        rank: Type.Integer(),
        basis: Type.String(),
        syntax_valid: Type.Boolean(),
        deliverable_domain: Type.Union([Type.Boolean(), Type.Null()]),
      }),
    ),
    verified: Type.Array(Type.String()),
    not_verified: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()),
  }),
  verdict: 'informational',
  law: ['method-email-rules', 'rfc-5321', 'rfc-5322', 'rfc-7505', 'eu-2016-679-art6', 'eu-2016-679-art14'],
  examples: [
    {
      title: 'Learns first.last from two colleagues (offline)',
      input: {
        name: 'Ing. Jiří Dvořák, Ph.D.',
        domain: 'https://www.firma.cz/kontakty',
        known_emails: [
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
          { name: 'Tomáš Svoboda', email: 'tomas.svoboda@firma.cz' },
        ],
        limit: 3,
        check_mx: false,
      },
    },
    {
      title: 'No known addresses: the common patterns in order',
      input: { name: 'Lucie Černá', domain: 'stavby-brno.cz', limit: 4, check_mx: false },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    let given: string | undefined
    let company = input.company
    const sources: SourceStatus[] = []
    if (input.domain !== undefined) {
      const d = checkDomain(input.domain)
      if (!d.valid) throw errors.invalid('domain', d.reason)
      given = d.domain
    } else if (company === undefined && input.ico !== undefined) {
      const registered = await registeredName(ctx, input.ico, say)
      company = registered.company
      sources.push(registered.source)
    } else if (company === undefined) throw errors.invalid('domain', 'required (or company, or ico)')
    const parsed = parseName(input.name)
    if (!parsed.surname || parsed.given_names.length === 0)
      throw errors.invalid(
        'name',
        say({ cs: 'vyžaduje jméno a příjmení', en: 'needs a given name and a surname' }),
        'name: give the given name and the surname, e.g. "Jan Novák"',
      )
    const person = { first: parsed.given_names[0]!, last: parsed.surname }
    const rules: AppliedRule[] = []
    /** The answer when no domain is known: no candidates, and why. */
    const none = (warning: string[], partial: boolean) => ({
      name: { given: person.first, surname: person.last },
      domain: null,
      domain_source: 'contact/domain_guesser' as const,
      mail_domain: 'unchecked' as const,
      mx: [],
      candidates: [],
      verified: [],
      not_verified: [say(NO_SMTP_PROBE)],
      warnings: warning,
      partial: partial || sources.some((x) => x.status === 'failed'),
      sources,
      rules_applied: rules,
    })
    if (given === undefined && company === undefined) return none([noCompanyWarning(input.ico, say)], false)
    if (given === undefined) {
      // No domain given: the company's domain must be found in DNS first; without one, no candidates.
      const found = await companyDomain(ctx, company!, input.check_mx, say)
      sources.push(found.source)
      rules.push(found.rule)
      if (!found.domain) return none(found.warnings, found.partial)
      given = found.domain
    }
    const domain = given
    const lists = mailLists(domain, say)
    const listed = lists.free || lists.disposable !== undefined
    const patterns = patternOrder(ctx, domain, input.known_emails ?? [], say)
    const mail = await mailDomain(ctx, domain, input.check_mx, listed, say)
    sources.push(mail.source)
    const found = candidatesOf(ctx, person, domain, patterns, mail.mailStatus, input.limit, listed, say)
    rules.push(patterns.rule, ...mail.rules, ...found.rules)
    return {
      name: { given: person.first, surname: person.last },
      domain,
      domain_source: input.domain !== undefined ? ('given' as const) : ('contact/domain_guesser' as const),
      mail_domain: mail.mailStatus,
      mx: mail.mx,
      candidates: found.candidates,
      verified: [...found.verified, ...mail.verified],
      not_verified: [...mail.notVerified, say(NO_SMTP_PROBE)],
      warnings: [...lists.warnings, ...mail.warnings],
      partial: mail.partial,
      sources,
      rules_applied: rules,
    }
  },
})
