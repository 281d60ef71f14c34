import { Type } from 'typebox'
import {
  candidateLocals,
  checkDomain,
  checkEmailSyntax,
  DEFAULT_PATTERN_ORDER,
  disposableMatch,
  EMAIL_RULES,
  isFreeMail,
} from '../../engines/contacts/email.ts'
import { parseName } from '../../engines/contacts/names.ts'
import { requireIco } from '../../engines/reference/inputs.ts'
import { errors } from '../../kit/errors.ts'
import { lookupCompany } from '../compliance/registry.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { inferPatterns } from './patterns.ts'
import { lawRule, NO_SMTP_PROBE, today } from './shared.ts'

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
      // The registered name from ARES stands in for the company name the caller did not give.
      const found = await lookupCompany(ctx, requireIco(input.ico))
      company = found.facts?.name ?? undefined
      sources.push({
        name: found.source.name,
        status: found.source.status === 'failed' ? 'failed' : 'ok',
        error:
          found.source.status === 'failed'
            ? (found.source.error ?? 'ARES did not answer')
            : company
              ? say({ cs: `zapsaný název ${company}`, en: `registered name ${company}` })
              : say({ cs: `žádná společnost s IČO ${input.ico}`, en: `no company with IČO ${input.ico}` }),
      })
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
    const warnings: string[] = []
    const verified: string[] = []
    const notVerified: string[] = [say(NO_SMTP_PROBE)]
    if (given === undefined && company === undefined) {
      warnings.push(
        say({
          cs: `společnost s IČO ${input.ico} nebylo možné načíst z ARES: zadejte doménu, abyste dostali kandidáty`,
          en: `the company of IČO ${input.ico} could not be read from ARES: give the domain to get candidates`,
        }),
      )
      return {
        name: { given: person.first, surname: person.last },
        domain: null,
        domain_source: 'contact/domain_guesser' as const,
        mail_domain: 'unchecked' as const,
        mx: [],
        candidates: [],
        verified,
        not_verified: notVerified,
        warnings,
        partial: sources.some((x) => x.status === 'failed'),
        sources,
        rules_applied: rules,
      }
    }
    if (given === undefined) {
      // No domain given: the company's domain must be found in DNS first; without one, no candidates.
      const guessed = (await ctx.call('contact', 'domain_guesser', {
        name: company,
        check_dns: input.check_mx !== false,
      })) as { best: string | null; partial: boolean; candidates: { domain: string }[] }
      sources.push({
        name: 'contact/domain_guesser',
        status: guessed.partial ? 'failed' : 'ok',
        ...(guessed.partial ? { error: 'answered partially: a DNS lookup failed' } : {}),
      })
      rules.push(
        lawRule(
          say({
            cs: 'doménou společnosti je první odhadnutá doména, která v DNS existuje',
            en: 'the company domain is the first guessed domain that exists in DNS',
          }),
          cite(today(ctx), 'rfc-5321'),
          guessed.best ?? say({ cs: 'nic nenalezeno', en: 'none found' }),
        ),
      )
      if (!guessed.best) {
        warnings.push(
          say({
            cs: `žádnou doménu ${company} nebylo možné v DNS potvrdit: zadejte doménu, abyste dostali kandidáty`,
            en: `no domain of ${company} could be confirmed in DNS: give the domain to get candidates`,
          }),
        )
        return {
          name: { given: person.first, surname: person.last },
          domain: null,
          domain_source: 'contact/domain_guesser' as const,
          mail_domain: 'unchecked' as const,
          mx: [],
          candidates: [],
          verified,
          not_verified: notVerified,
          warnings,
          partial: guessed.partial || sources.some((x) => x.status === 'failed'),
          sources,
          rules_applied: rules,
        }
      }
      given = guessed.best
    }
    const d = { domain: given }

    const free = isFreeMail(d.domain)
    const disposable = disposableMatch(d.domain)
    if (free)
      warnings.push(
        say({
          cs: `${d.domain} je bezplatná poštovní služba: uživatelé si volí vlastní adresy, firemní vzor se tedy neuplatní a kandidáti se nenavrhují`,
          en: `${d.domain} is a free-mail provider: its users pick their own addresses, so no company pattern applies and no candidates are suggested`,
        }),
      )
    if (disposable)
      warnings.push(
        say({
          cs: `${disposable} je služba jednorázové pošty: kandidáti se nenavrhují`,
          en: `${disposable} is a throw-away mail service: no candidates are suggested`,
        }),
      )

    const inference = inferPatterns(d.domain, input.known_emails ?? [], say)
    const observed = inference.patterns.map((p) => p.pattern)
    const order = [...observed, ...DEFAULT_PATTERN_ORDER.filter((p) => !observed.includes(p))]
    rules.push(
      lawRule(
        say({
          cs: 'vzory ze známých adres domény mají přednost, potom obvyklé firemní pořadí',
          en: "patterns seen in the domain's known addresses rank first, then the common corporate order",
        }),
        cite(today(ctx), 'method-email-rules'),
        observed.length > 0
          ? say({
              cs: `zjištěno: ${inference.patterns.map((p) => `${p.pattern} (${p.matches}/${inference.used})`).join(', ')}`,
              en: `observed: ${inference.patterns.map((p) => `${p.pattern} (${p.matches}/${inference.used})`).join(', ')}`,
            })
          : say({ cs: 'žádná známá adresa neodpovídá vzoru', en: 'no known addresses matched a pattern' }),
      ),
    )

    let mailStatus: 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail' | 'nxdomain' | 'failed' | 'unchecked' =
      'unchecked'
    let mx: { exchange: string; priority: number }[] = []
    let partial = false
    if (input.check_mx !== false && !free && !disposable) {
      const answer = await ctx.deps.dns.mailDomain(d.domain)
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
        verified.push(
          say({ cs: `poštovní doména (MX): ${mailStatus}`, en: `mail domain (MX): ${mailStatus}` }),
        )
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
      if (['nxdomain', 'null_mx', 'no_mail'].includes(mailStatus))
        warnings.push(
          say({
            cs: `${d.domain} nepřijímá poštu (${mailStatus}): žádnému z kandidátů nelze doručit`,
            en: `${d.domain} receives no mail (${mailStatus}): none of the candidates can be delivered`,
          }),
        )
    } else {
      sources.push({
        name: 'dns',
        status: 'skipped',
        error: input.check_mx !== false ? 'free-mail or throw-away domain' : 'check_mx is false',
      })
      if (!free && !disposable)
        notVerified.unshift(
          say({
            cs: 'poštovní doména (MX): nezjišťováno (check_mx je false)',
            en: 'mail domain (MX): not looked up (check_mx is false)',
          }),
        )
    }
    const deliverable =
      mailStatus === 'mx' || mailStatus === 'implicit_mx'
        ? true
        : mailStatus === 'unchecked' || mailStatus === 'failed'
          ? null
          : false

    const locals = free || disposable ? [] : candidateLocals(person, order).slice(0, input.limit ?? 6)
    const counts = new Map(inference.patterns.map((p) => [p.pattern, p.matches]))
    const candidates = locals.map((c, i) => {
      const email = `${c.local}@${d.domain}`
      const n = counts.get(c.pattern)
      return {
        email,
        pattern: c.pattern,
        rank: i + 1,
        basis: n
          ? say({
              cs: `vzor ${n} z ${inference.used} známých adres na ${d.domain}`,
              en: `pattern of ${n} of ${inference.used} known addresses at ${d.domain}`,
            })
          : say({
              cs: 'obvyklý firemní vzor (na této doméně nezjištěn)',
              en: 'common corporate pattern (not observed at this domain)',
            }),
        syntax_valid: checkEmailSyntax(email).valid,
        deliverable_domain: deliverable,
      }
    })
    if (candidates.length > 0)
      verified.unshift(say({ cs: 'syntaxe každého kandidáta', en: 'syntax of each candidate' }))
    rules.push(
      lawRule(
        say({
          cs: 'pracovní e-mail jmenované osoby je osobní údaj: jeho použití potřebuje právní základ (obvykle oprávněný zájem) a kdo jej použije, osobě do měsíce sdělí, odkud jej má',
          en: "a named person's work e-mail is personal data: using it needs a lawful basis (usually legitimate interests), and whoever uses it tells the person where it came from within a month",
        }),
        cite(today(ctx), 'eu-2016-679-art6', 'eu-2016-679-art14'),
        say({ cs: `${candidates.length} odhadů`, en: `${candidates.length} guesses` }),
      ),
    )
    rules.push(
      lawRule(
        say({ cs: 'syntaxe kandidátů', en: 'candidate syntax' }),
        cite(today(ctx), 'rfc-5321', 'rfc-5322'),
        say({
          cs: `platných ${candidates.filter((c) => c.syntax_valid).length} z ${candidates.length}`,
          en: `${candidates.filter((c) => c.syntax_valid).length} of ${candidates.length} valid`,
        }),
      ),
    )
    rules.push(
      lawRule(
        say({
          cs: 'v místních částech bez diakritiky a malými písmeny (Jiří Dvořák → jiri.dvorak)',
          en: 'diacritics removed and case folded in local parts (Jiří Dvořák → jiri.dvorak)',
        }),
        cite(today(ctx), 'rfc-5322'),
        say({
          cs: `známých vzorů: ${EMAIL_RULES.patterns.length}`,
          en: `${EMAIL_RULES.patterns.length} patterns known`,
        }),
      ),
    )
    return {
      name: { given: person.first, surname: person.last },
      domain: d.domain,
      domain_source: input.domain !== undefined ? ('given' as const) : ('contact/domain_guesser' as const),
      mail_domain: mailStatus,
      mx,
      candidates,
      verified,
      not_verified: notVerified,
      warnings,
      partial,
      sources,
      rules_applied: rules,
    }
  },
})
