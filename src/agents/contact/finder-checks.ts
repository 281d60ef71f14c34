/**
 * The checks of email_finder, each a named function that returns the rules it applied (with
 * their sources), what it found and the warnings it raised. The agent runs them in order: the
 * company and its domain, the mail lists, the pattern order, the mail domain, then the candidates.
 */
import {
  candidateLocals,
  checkEmailSyntax,
  DEFAULT_PATTERN_ORDER,
  disposableMatch,
  EMAIL_RULES,
  isFreeMail,
} from '../../engines/contacts/email.ts'
import { requireIco } from '../../engines/reference/inputs.ts'
import { lookupCompany } from '../compliance/registry.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { type MailStatus, mailDomainCheck } from './email-checks.ts'
import { type Inference, inferPatterns, type KnownAddress } from './patterns.ts'
import { lawRule, today } from './shared.ts'

/** The company's registered name in ARES, standing in for the name the caller did not give. */
export async function registeredName(
  ctx: AgentContext,
  ico: string,
  say: Say,
): Promise<{ company: string | undefined; source: SourceStatus }> {
  const found = await lookupCompany(ctx, requireIco(ico))
  const company = found.facts?.name ?? undefined
  return {
    company,
    source: {
      name: found.source.name,
      status: found.source.status === 'failed' ? 'failed' : 'ok',
      error:
        found.source.status === 'failed'
          ? (found.source.error ?? 'ARES did not answer')
          : company
            ? say({ cs: `zapsaný název ${company}`, en: `registered name ${company}` })
            : say({ cs: `žádná společnost s IČO ${ico}`, en: `no company with IČO ${ico}` }),
    },
  }
}

/** Why there are no candidates when ARES gave no company name. */
export function noCompanyWarning(ico: string | undefined, say: Say): string {
  return say({
    cs: `společnost s IČO ${ico} nebylo možné načíst z ARES: zadejte doménu, abyste dostali kandidáty`,
    en: `the company of IČO ${ico} could not be read from ARES: give the domain to get candidates`,
  })
}

/** The company's domain: the first domain contact/domain_guesser finds that exists in DNS. */
export async function companyDomain(
  ctx: AgentContext,
  company: string,
  checkMx: boolean | undefined,
  say: Say,
): Promise<{
  domain: string | null
  partial: boolean
  source: SourceStatus
  rule: AppliedRule
  warnings: string[]
}> {
  const guessed = (await ctx.call('contact', 'domain_guesser', {
    name: company,
    check_dns: checkMx !== false,
  })) as { best: string | null; partial: boolean; candidates: { domain: string }[] }
  return {
    domain: guessed.best,
    partial: guessed.partial,
    source: {
      name: 'contact/domain_guesser',
      status: guessed.partial ? 'failed' : 'ok',
      ...(guessed.partial ? { error: 'answered partially: a DNS lookup failed' } : {}),
    },
    rule: lawRule(
      say({
        cs: 'doménou společnosti je první odhadnutá doména, která v DNS existuje',
        en: 'the company domain is the first guessed domain that exists in DNS',
      }),
      cite(today(ctx), 'rfc-5321'),
      guessed.best ?? say({ cs: 'nic nenalezeno', en: 'none found' }),
    ),
    warnings: guessed.best
      ? []
      : [
          say({
            cs: `žádnou doménu ${company} nebylo možné v DNS potvrdit: zadejte doménu, abyste dostali kandidáty`,
            en: `no domain of ${company} could be confirmed in DNS: give the domain to get candidates`,
          }),
        ],
  }
}

/** A free-mail or throw-away domain: its users pick their own addresses, so no candidates. */
export function mailLists(
  domain: string,
  say: Say,
): { free: boolean; disposable: string | undefined; warnings: string[] } {
  const free = isFreeMail(domain)
  const disposable = disposableMatch(domain)
  const warnings: string[] = []
  if (free)
    warnings.push(
      say({
        cs: `${domain} je bezplatná poštovní služba: uživatelé si volí vlastní adresy, firemní vzor se tedy neuplatní a kandidáti se nenavrhují`,
        en: `${domain} is a free-mail provider: its users pick their own addresses, so no company pattern applies and no candidates are suggested`,
      }),
    )
  if (disposable)
    warnings.push(
      say({
        cs: `${disposable} je služba jednorázové pošty: kandidáti se nenavrhují`,
        en: `${disposable} is a throw-away mail service: no candidates are suggested`,
      }),
    )
  return { free, disposable, warnings }
}

/** The patterns seen in the domain's known addresses first, then the common corporate order. */
export function patternOrder(
  ctx: AgentContext,
  domain: string,
  known: KnownAddress[],
  say: Say,
): { inference: Inference; order: string[]; rule: AppliedRule } {
  const inference = inferPatterns(domain, known, say)
  const observed = inference.patterns.map((p) => p.pattern)
  const order = [...observed, ...DEFAULT_PATTERN_ORDER.filter((p) => !observed.includes(p))]
  return {
    inference,
    order,
    rule: lawRule(
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
  }
}

/**
 * Whether the domain receives mail (email_verifier's check); not looked up for a free-mail or
 * throw-away domain, whose mail says nothing of the company. A domain that receives none is a
 * warning: none of the candidates can be delivered.
 */
export async function mailDomain(
  ctx: AgentContext,
  domain: string,
  checkMx: boolean | undefined,
  listed: boolean,
  say: Say,
): Promise<Awaited<ReturnType<typeof mailDomainCheck>> & { warnings: string[] }> {
  if (listed)
    return {
      mailStatus: 'unchecked',
      mx: [],
      partial: false,
      source: {
        name: 'dns',
        status: 'skipped',
        error: checkMx !== false ? 'free-mail or throw-away domain' : 'check_mx is false',
      },
      verified: [],
      notVerified: [],
      warnings: [],
      rules: [],
    }
  const check = await mailDomainCheck(ctx, domain, checkMx, say)
  const warnings = ['nxdomain', 'null_mx', 'no_mail'].includes(check.mailStatus)
    ? [
        say({
          cs: `${domain} nepřijímá poštu (${check.mailStatus}): žádnému z kandidátů nelze doručit`,
          en: `${domain} receives no mail (${check.mailStatus}): none of the candidates can be delivered`,
        }),
      ]
    : []
  return { ...check, warnings }
}

/**
 * The candidate addresses in pattern order, each with its basis, its syntax and whether its
 * domain receives mail (null when not known); with the rules on personal data, syntax and folding.
 */
export function candidatesOf(
  ctx: AgentContext,
  person: { first: string; last: string },
  domain: string,
  patterns: { inference: Inference; order: string[] },
  mailStatus: MailStatus,
  limit: number | undefined,
  listed: boolean,
  say: Say,
): {
  candidates: {
    email: string
    pattern: string
    rank: number
    basis: string
    syntax_valid: boolean
    deliverable_domain: boolean | null
  }[]
  verified: string[]
  rules: AppliedRule[]
} {
  const { inference, order } = patterns
  const deliverable =
    mailStatus === 'mx' || mailStatus === 'implicit_mx'
      ? true
      : mailStatus === 'unchecked' || mailStatus === 'failed'
        ? null
        : false
  const locals = listed ? [] : candidateLocals(person, order).slice(0, limit ?? 6)
  const counts = new Map(inference.patterns.map((p) => [p.pattern, p.matches]))
  const candidates = locals.map((c, i) => {
    const email = `${c.local}@${domain}`
    const n = counts.get(c.pattern)
    return {
      email,
      pattern: c.pattern,
      rank: i + 1,
      basis: n
        ? say({
            cs: `vzor ${n} z ${inference.used} známých adres na ${domain}`,
            en: `pattern of ${n} of ${inference.used} known addresses at ${domain}`,
          })
        : say({
            cs: 'obvyklý firemní vzor (na této doméně nezjištěn)',
            en: 'common corporate pattern (not observed at this domain)',
          }),
      syntax_valid: checkEmailSyntax(email).valid,
      deliverable_domain: deliverable,
    }
  })
  const rules = [
    lawRule(
      say({
        cs: 'pracovní e-mail jmenované osoby je osobní údaj: jeho použití potřebuje právní základ (obvykle oprávněný zájem) a kdo jej použije, osobě do měsíce sdělí, odkud jej má',
        en: "a named person's work e-mail is personal data: using it needs a lawful basis (usually legitimate interests), and whoever uses it tells the person where it came from within a month",
      }),
      cite(today(ctx), 'eu-2016-679-art6', 'eu-2016-679-art14'),
      say({ cs: `${candidates.length} odhadů`, en: `${candidates.length} guesses` }),
    ),
    lawRule(
      say({ cs: 'syntaxe kandidátů', en: 'candidate syntax' }),
      cite(today(ctx), 'rfc-5321', 'rfc-5322'),
      say({
        cs: `platných ${candidates.filter((c) => c.syntax_valid).length} z ${candidates.length}`,
        en: `${candidates.filter((c) => c.syntax_valid).length} of ${candidates.length} valid`,
      }),
    ),
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
  ]
  const verified =
    candidates.length > 0 ? [say({ cs: 'syntaxe každého kandidáta', en: 'syntax of each candidate' })] : []
  return { candidates, verified, rules }
}
