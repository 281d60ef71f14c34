import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule, nullable } from './shared.ts'

const DOMAIN = /^(?=.{1,253}$)(?!-)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const mxLookup = defineAgent({
  service: 'data',
  name: 'mx_lookup',
  description:
    'Looks up where a domain receives e-mail (DNS MX records, lowest preference first), applying the RFC 5321 fallback to the domain’s own address and RFC 7505 null MX; says whether the domain accepts mail at all. A resolver that does not answer is reported as a failed source, not as "no mail".',
  input: Type.Object(
    {
      domain: Type.String({
        minLength: 3,
        maxLength: 253,
        description: 'e.g. seznam.cz (an e-mail address is accepted too)',
      }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    domain: Type.String(),
    accepts_mail: nullable(Type.Boolean()),
    status: Type.Union([
      Type.Literal('mx'),
      Type.Literal('implicit_mx'),
      Type.Literal('null_mx'),
      Type.Literal('no_mail'),
      Type.Literal('nxdomain'),
      Type.Literal('failed'),
    ]),
    mx: Type.Array(Type.Object({ exchange: Type.String(), priority: Type.Integer() })),
    addresses: Type.Array(Type.String()),
  }),
  verdict: 'informational',
  law: ['rfc-5321-s5', 'rfc-7505'],
  examples: [
    { title: 'A domain with MX records', input: { domain: 'example-shop.cz' } },
    { title: 'A domain that publishes a null MX', input: { domain: 'no-mail.example.cz' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const domain = input.domain.trim().toLowerCase().replace(/^.*@/, '').replace(/\.$/, '')
    if (!DOMAIN.test(domain)) throw errors.invalid('domain', 'must be a domain name like example.cz')
    const answer = await ctx.deps.dns.mailDomain(domain)
    const sources: SourceStatus[] = [
      answer.status === 'failed'
        ? { name: 'dns', status: 'failed', error: `resolver did not answer (${answer.error ?? 'unknown'})` }
        : { name: 'dns', status: answer.cached ? 'cached' : 'ok' },
    ]
    const accepts =
      answer.status === 'failed' ? null : answer.status === 'mx' || answer.status === 'implicit_mx'
    return {
      domain,
      accepts_mail: accepts,
      status: answer.status,
      mx: answer.mx,
      addresses: answer.addresses,
      rules_applied: [
        lawRule(
          say({
            cs: 'pošta jde na servery MX, nejnižší preference první',
            en: 'mail goes to the MX hosts, lowest preference first',
          }),
          cite(at, 'rfc-5321-s5'),
          answer.status === 'mx' ? answer.mx.map((m) => m.exchange).join(', ') : undefined,
        ),
        lawRule(
          say({
            cs: 'bez záznamů MX jde pošta na vlastní adresu A/AAAA domény (implicitní MX)',
            en: 'without MX records, mail goes to the domain’s own A/AAAA address (implicit MX)',
          }),
          cite(at, 'rfc-5321-s5'),
          answer.status === 'implicit_mx' ? say({ cs: 'uplatněno', en: 'applied' }) : undefined,
        ),
        lawRule(
          say({
            cs: 'jediný záznam MX „.“ (null MX) znamená, že doména nepřijímá poštu',
            en: 'a single MX "." (null MX) means the domain accepts no mail',
          }),
          cite(at, 'rfc-7505'),
          answer.status === 'null_mx' ? say({ cs: 'uplatněno', en: 'applied' }) : undefined,
        ),
      ],
      sources,
      partial: answer.status === 'failed',
    }
  },
})
