import { Type } from 'typebox'
import forms from '../../../data/reference/contact-company-forms.json' with { type: 'json' }
import { checkDomain } from '../../engines/contacts/email.ts'
import { fold, squish } from '../../engines/contacts/text.ts'
import { errors } from '../../kit/errors.ts'
import { trimOf, WHITESPACE } from '../../kit/text.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

// Longest first, so "spol. s r.o." is removed before "s.r.o." could split it.
const FORMS = [...forms.forms].sort((a, b) => b.length - a.length)

const FORM_PATTERNS = FORMS.map((form) => {
  const escaped = form
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\\\.\s*/g, '\\.\\s*')
    .replace(/ /g, '\\s*')
  // Upper-case forms (SE, AG) are matched as written so the Czech word "se" is never taken for one.
  return { form, re: new RegExp(`[\\s,]+${escaped}[\\s,]*$`, form === form.toUpperCase() ? 'u' : 'iu') }
})

/** Removes legal forms from the end of the name, repeatedly ("X s.r.o. v likvidaci"). */
function stripLegalForm(name: string): { core: string; removed: string[] } {
  let core = ` ${squish(name)}`
  const removed: string[] = []
  for (let changed = true; changed; ) {
    changed = false
    for (const { re } of FORM_PATTERNS) {
      const hit = re.exec(core)
      if (hit) {
        removed.push(trimOf(hit[0], `${WHITESPACE},`))
        core = core.slice(0, hit.index)
        changed = true
        break
      }
    }
  }
  return { core: squish(core), removed }
}

export const domainGuesser = defineAgent({
  service: 'contact',
  name: 'domain_guesser',
  description:
    "Guesses a company's web and mail domain from its registered name: removes the legal form (s.r.o., a.s. … per the Czech corporations act), strips diacritics, builds joined, hyphenated and first-word forms under .cz, .com and .eu, and (online) checks which exist in DNS and receive mail.",
  input: Type.Object(
    {
      name: Type.String({
        minLength: 2,
        maxLength: 300,
        description: 'company name, e.g. "Stavby Brno, s.r.o."',
      }),
      tlds: Type.Optional(
        Type.Array(Type.String({ pattern: '^[a-z]{2,24}$' }), {
          minItems: 1,
          maxItems: 5,
          default: ['cz', 'com', 'eu'],
        }),
      ),
      check_dns: Type.Optional(Type.Boolean({ default: true })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    name: Type.String(),
    core_name: Type.String(),
    removed_legal_forms: Type.Array(Type.String()),
    candidates: Type.Array(
      Type.Object({
        domain: Type.String(),
        basis: Type.String(),
        dns: Type.Enum(['exists', 'nxdomain', 'failed', 'unchecked']),
        receives_mail: Type.Union([Type.Boolean(), Type.Null()]),
      }),
    ),
    best: Type.Union([Type.String(), Type.Null()]),
  }),
  verdict: 'informational',
  law: ['cz-90-2012-names', 'rfc-1035', 'cznic-rules', 'rfc-5321'],
  examples: [
    {
      title: 'An s.r.o. with two words (offline)',
      input: { name: 'Stavby Brno, s.r.o.', tlds: ['cz'], check_dns: false },
    },
    {
      title: 'A joint-stock company with diacritics (offline)',
      input: { name: 'Pražská energetika a.s.', tlds: ['cz', 'eu'], check_dns: false },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const { core, removed } = stripLegalForm(input.name)
    const words = fold(core.replace(/&/g, ' a '))
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    if (words.length === 0) throw errors.invalid('name', 'has no letters or digits besides the legal form')
    const bases: { label: string; basis: string }[] = []
    const add = (label: string, basis: string) => {
      if (label.length >= 2 && label.length <= 63 && !bases.some((b) => b.label === label))
        bases.push({ label, basis })
    }
    add(words.join(''), say({ cs: 'všechna slova spojená', en: 'all words joined' }))
    if (words.length > 1)
      add(words.join('-'), say({ cs: 'slova spojená pomlčkami', en: 'words joined by hyphens' }))
    if (words.length > 1 && words[0]!.length >= 3)
      add(words[0]!, say({ cs: 'první slovo', en: 'first word' }))
    const candidates: {
      domain: string
      basis: string
      dns: 'exists' | 'nxdomain' | 'failed' | 'unchecked'
      receives_mail: boolean | null
    }[] = []
    for (const tld of input.tlds ?? ['cz', 'com', 'eu'])
      for (const b of bases) {
        const domain = `${b.label}.${tld}`
        if (checkDomain(domain).valid)
          candidates.push({ domain, basis: b.basis, dns: 'unchecked', receives_mail: null })
      }
    const sources: SourceStatus[] = []
    let partial = false
    if (input.check_dns !== false) {
      const answers = await Promise.all(candidates.map((c) => ctx.deps.dns.mailDomain(c.domain)))
      let failed = 0
      answers.forEach((a, i) => {
        const c = candidates[i]!
        c.dns = a.status === 'failed' ? 'failed' : a.status === 'nxdomain' ? 'nxdomain' : 'exists'
        c.receives_mail = a.status === 'failed' ? null : a.status === 'mx' || a.status === 'implicit_mx'
        if (a.status === 'failed') failed++
      })
      partial = failed > 0
      sources.push(
        failed > 0
          ? {
              name: 'dns',
              status: 'failed',
              error: `${failed} of ${candidates.length} lookups failed (${ctx.deps.dns.servers.join(', ')})`,
            }
          : { name: 'dns', status: 'ok' },
      )
    } else sources.push({ name: 'dns', status: 'skipped', error: 'check_dns is false' })
    const best =
      candidates.find((c) => c.receives_mail === true) ?? candidates.find((c) => c.dns === 'exists')
    return {
      name: input.name,
      core_name: core,
      removed_legal_forms: removed,
      candidates,
      best: best?.domain ?? null,
      partial,
      sources,
      rules_applied: [
        lawRule(
          say({
            cs: 'právní forma není součástí obchodního jména',
            en: 'legal form is not part of the trading name',
          }),
          cite(today(ctx), 'cz-90-2012-names'),
          removed.join(', ') || say({ cs: 'nic nenalezeno', en: 'none found' }),
        ),
        lawRule(
          say({
            cs: 'části domény jsou písmena ASCII, číslice a pomlčky (bez diakritiky)',
            en: 'domain labels are ASCII letters, digits and hyphens (diacritics removed)',
          }),
          cite(today(ctx), 'rfc-1035', 'cznic-rules'),
          bases.map((b) => b.label).join(', '),
        ),
        lawRule(
          say({
            cs: 'kandidát existuje, když pro něj DNS odpoví; poštu přijímá se záznamem MX nebo A',
            en: 'a candidate exists when DNS answers for it; it receives mail with an MX or A record',
          }),
          cite(today(ctx), 'rfc-5321'),
          input.check_dns !== false
            ? say({
                cs: `existuje: ${candidates.filter((c) => c.dns === 'exists').length}`,
                en: `${candidates.filter((c) => c.dns === 'exists').length} exist`,
              })
            : say({ cs: 'neověřeno', en: 'not checked' }),
        ),
      ],
    }
  },
})
