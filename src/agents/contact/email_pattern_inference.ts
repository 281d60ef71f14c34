import { Type } from 'typebox'
import { checkDomain } from '../../engines/contacts/email.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { inferPatterns } from './patterns.ts'
import { lawRule, today } from './shared.ts'

export const emailPatternInference = defineAgent({
  service: 'contact',
  name: 'email_pattern_inference',
  description:
    "Infers a company's e-mail address pattern (first.last, flast, …) from addresses it is known to use and their owners' names, with how many addresses support each pattern; role mailboxes and other domains are set aside with the reason.",
  input: Type.Object(
    {
      domain: Type.String({
        minLength: 3,
        maxLength: 253,
        description: 'the company mail domain, e.g. firma.cz',
      }),
      examples: Type.Array(
        Type.Object(
          {
            name: Type.String({
              minLength: 1,
              maxLength: 200,
              description: 'full name of the address owner',
            }),
            email: Type.String({ minLength: 3, maxLength: 320 }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 500 },
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    domain: Type.String(),
    best: Type.Union([Type.String(), Type.Null()]),
    confidence: Type.Union([
      Type.Literal('high'),
      Type.Literal('medium'),
      Type.Literal('low'),
      Type.Literal('none'),
    ]),
    patterns: Type.Array(
      Type.Object({
        pattern: Type.String(),
        template: Type.String(),
        matches: Type.Integer(),
        share: Type.Number(),
      }),
    ),
    examples_used: Type.Integer(),
    unmatched: Type.Array(Type.String()),
    ignored: Type.Array(Type.Object({ email: Type.String(), reason: Type.String() })),
  }),
  verdict: {
    explain:
      '`informational` when a pattern was learnt from the examples; `incomplete` when no example follows any known pattern (no best pattern), never a guess',
    of: (r) => (r.best === null ? 'incomplete' : 'informational'),
  },
  law: ['method-email-rules', 'rfc-2142'],
  examples: [
    {
      title: 'Two colleagues at one company: first.last',
      input: {
        domain: 'firma.cz',
        examples: [
          { name: 'Ing. Jiří Dvořák', email: 'jiri.dvorak@firma.cz' },
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
          { name: 'Recepce', email: 'info@firma.cz' },
        ],
      },
    },
    {
      title: 'Initial + surname, with one address that follows no pattern',
      input: {
        domain: 'stavby-brno.cz',
        examples: [
          { name: 'Tomáš Svoboda', email: 'tsvoboda@stavby-brno.cz' },
          { name: 'Lucie Černá', email: 'lcerna@stavby-brno.cz' },
          { name: 'Karel Malý', email: 'kaja@stavby-brno.cz' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const d = checkDomain(input.domain)
    if (!d.valid) throw errors.invalid('domain', d.reason)
    const inference = inferPatterns(d.domain, input.examples, say)
    const top = inference.patterns[0]
    // Several patterns can fit one address (Jan Jan …); the best is the one most addresses fit.
    const confidence: 'none' | 'high' | 'medium' | 'low' = !top
      ? 'none'
      : top.matches >= 3 && top.share >= 0.8
        ? 'high'
        : top.matches >= 2 && top.share >= 0.5
          ? 'medium'
          : 'low'
    return {
      domain: d.domain,
      best: top?.pattern ?? null,
      confidence,
      patterns: inference.patterns,
      examples_used: inference.used,
      unmatched: inference.unmatched,
      ignored: inference.ignored,
      rules_applied: [
        lawRule(
          say({
            cs: 'místní část porovnána s každým vzorem sestaveným ze jména vlastníka (bez diakritiky, malými písmeny)',
            en: "local part compared with each pattern built from the owner's name (diacritics removed, lower case)",
          }),
          cite(today(ctx), 'method-email-rules'),
          top
            ? say({
                cs: `${top.pattern} odpovídá ${top.matches} z ${inference.used}`,
                en: `${top.pattern} fits ${top.matches} of ${inference.used}`,
              })
            : say({ cs: 'žádný vzor neodpovídá', en: 'no pattern fits' }),
        ),
        lawRule(
          say({ cs: 'funkční schránky nejsou osobní vzory', en: 'role mailboxes are not personal patterns' }),
          cite(today(ctx), 'rfc-2142'),
          say({
            cs: `vyřazeno: ${inference.roles}`,
            en: `${inference.roles} set aside`,
          }),
        ),
        lawRule(
          say({
            cs: 'spolehlivost: high ≥ 3 adresy a ≥ 80 %, medium ≥ 2 a ≥ 50 %, jinak low',
            en: 'confidence: high ≥ 3 addresses and ≥ 80 %, medium ≥ 2 and ≥ 50 %, else low',
          }),
          cite(today(ctx), 'method-email-rules'),
          confidence,
        ),
      ],
    }
  },
})
