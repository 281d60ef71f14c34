import { Type } from 'typebox'
import { AppError, errors } from '../../kit/errors.ts'
import { aresLookup } from '../data/ares_lookup.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AgentContext, type AppliedRule, defineAgent } from '../types.ts'
import { emailVerifier } from './email_verifier.ts'
import { nameParser } from './name_parser.ts'
import { phoneClassifier } from './phone_classifier.ts'
import { roleClassifier } from './role_classifier.ts'
import { lawRule, today } from './shared.ts'

const Anything = Type.Object({}, { additionalProperties: true })
const Maybe = Type.Union([Anything, Type.Null()])

type Source = SourceStatus

/** Calls another agent; a failure becomes a named failed source instead of failing the whole answer. */
async function consult(ctx: AgentContext, sources: Source[], service: string, agent: string, input: unknown) {
  try {
    const out = (await ctx.call(service, agent, input)) as Record<string, unknown>
    const partial = out.partial === true
    sources.push({
      name: `${service}/${agent}`,
      status: partial ? 'failed' : 'ok',
      ...(partial ? { error: 'answered partially' } : {}),
    })
    return out
  } catch (error) {
    const detail = error instanceof AppError ? `${error.code}: ${error.message}` : 'failed'
    sources.push({ name: `${service}/${agent}`, status: 'failed', error: detail })
    return null
  }
}

export const contactEnrichment = defineAgent({
  service: 'contact',
  name: 'contact_enrichment',
  description:
    'Completes a contact from what is known: parses the name (titles, gender), checks the e-mail (syntax, throw-away, MX), classifies the phone and the job title, places a Czech address in the RÚIAN gazetteer (data/address_normalizer) and, given an IČO, adds the company from ARES. Each part comes from the agent that owns it; a source that fails is named and the rest is still returned.',
  input: Type.Object(
    {
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
      phone: Type.Optional(Type.String({ minLength: 3, maxLength: 40 })),
      title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'job title' })),
      address: Type.Optional(Type.String({ minLength: 3, maxLength: 300 })),
      ico: Type.Optional(Type.String({ pattern: '^\\d{1,8}$', description: 'company IČO (ARES lookup)' })),
      check_mx: Type.Optional(Type.Boolean({ default: true })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    person: Maybe,
    email: Maybe,
    phone: Maybe,
    role: Maybe,
    address: Maybe,
    company: Maybe,
  }),
  verdict: {
    explain:
      '`review` when a part was checked and found wrong (an invalid or throw-away e-mail, a phone number not valid for its country, a plan the classifier does not know), else `informational`; `incomplete` when a source failed',
    of: (r) =>
      [r.email, r.phone].some((part) => {
        const v = (part as { verdict?: string } | null)?.verdict
        return v === 'adverse' || v === 'review'
      })
        ? 'review'
        : 'informational',
  },
  // The parts' rules are passed on with their citations, so the parts' law is this agent's too.
  law: [
    ...new Set([
      'eu-2016-679-art6',
      'eu-2016-679-art14',
      ...nameParser.law,
      ...emailVerifier.law,
      ...phoneClassifier.law,
      ...roleClassifier.law,
      ...aresLookup.law,
    ]),
  ],
  examples: [
    {
      title: 'Name, e-mail, phone and job title (offline)',
      input: {
        name: 'Mgr. Petra Nováková',
        email: 'petra.novakova@firma.cz',
        phone: '+420 731 234 567',
        title: 'Finanční ředitelka',
        check_mx: false,
      },
    },
    {
      title: 'A Brno address and a landline',
      input: {
        name: 'Tomáš Svoboda',
        phone: '541 123 456',
        address: 'Husova 5, 602 00 Brno',
        check_mx: false,
      },
    },
  ],
  async run(input, ctx) {
    const given = ['name', 'email', 'phone', 'title', 'address', 'ico'].filter(
      (k) => input[k as keyof typeof input] !== undefined,
    )
    if (given.length === 0) throw errors.invalid('name', 'required (or email, phone, title, address, ico)')
    const sources: Source[] = []
    const rules: AppliedRule[] = []
    const [person, email, phone, role, company, address] = await Promise.all([
      input.name ? consult(ctx, sources, 'contact', 'name_parser', { name: input.name }) : null,
      input.email
        ? consult(ctx, sources, 'contact', 'email_verifier', {
            email: input.email,
            check_mx: input.check_mx ?? true,
          })
        : null,
      input.phone ? consult(ctx, sources, 'contact', 'phone_classifier', { phone: input.phone }) : null,
      input.title || input.email
        ? consult(ctx, sources, 'contact', 'role_classifier', {
            ...(input.title ? { title: input.title } : {}),
            ...(input.email ? { email: input.email } : {}),
          })
        : null,
      input.ico ? consult(ctx, sources, 'data', 'ares_lookup', { ico: input.ico }) : null,
      input.address ? consult(ctx, sources, 'data', 'address_normalizer', { address: input.address }) : null,
    ])
    for (const [label, out] of [
      ['name', person],
      ['email', email],
      ['phone', phone],
      ['role', role],
      ['company', company],
    ] as const) {
      const applied = (out as { rules_applied?: AppliedRule[] } | null)?.rules_applied
      if (applied) for (const r of applied) rules.push({ ...r, rule: `${label}: ${r.rule}` })
    }
    rules.push(
      lawRule(
        ctx.say({
          cs: 'kontakt jmenované osoby jsou osobní údaje: zpracování potřebuje právní základ (obvykle oprávněný zájem) a osobu je třeba informovat o zdroji nejpozději do měsíce',
          en: "a named person's contact is personal data: processing it needs a lawful basis (usually legitimate interests) and the person is told of the source within a month at the latest",
        }),
        cite(today(ctx), 'eu-2016-679-art6', 'eu-2016-679-art14'),
        input.name
          ? ctx.say({ cs: 'jmenovaná osoba', en: 'a named person' })
          : ctx.say({ cs: 'bez jména', en: 'no name given' }),
      ),
    )
    return {
      person,
      email,
      phone,
      role,
      address,
      company,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
