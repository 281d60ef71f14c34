import { Type } from 'typebox'
import roles from '../../../data/reference/contact-roles.json' with { type: 'json' }
import { checkEmailSyntax, roleOfMailbox } from '../../engines/contacts/email.ts'
import { fold } from '../../engines/contacts/text.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

function findKeyword(text: string, keywords: string[]): string | undefined {
  const hay = ` ${fold(text).replace(/[^a-z0-9.]+/g, ' ')} `
  let best: string | undefined
  for (const k of keywords) if (hay.includes(` ${k} `) && (!best || k.length > best.length)) best = k
  return best
}

const MAILBOX_DEPARTMENT: Record<string, string> = {
  general: 'general',
  sales: 'sales',
  support: 'customer_service',
  finance: 'finance',
  hr: 'hr',
  marketing: 'marketing',
  technical: 'it',
  legal: 'legal_compliance',
}

export const roleClassifier = defineAgent({
  service: 'contact',
  name: 'role_classifier',
  description:
    'Classifies a contact by job title (Czech or English) and e-mail mailbox into a department (finance, legal & compliance, sales, IT …) and a seniority level, and flags statutory bodies and executives as decision makers (jednatel, představenstvo, prokurista under the Czech corporations act).',
  input: Type.Object(
    {
      title: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, description: 'job title as written' }),
      ),
      email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    department: Type.String(),
    seniority: Type.String(),
    decision_maker: Type.Boolean(),
    role_mailbox: Type.Boolean(),
    matched: Type.Array(Type.Object({ table: Type.String(), keyword: Type.String(), value: Type.String() })),
  }),
  verdict: {
    explain:
      '`informational` when the title or the mailbox was recognised; `incomplete` when neither matched anything in the tables (department and seniority unknown), never a guess',
    of: (r) => (r.department === 'unknown' && r.seniority === 'unknown' ? 'incomplete' : 'informational'),
  },
  law: ['method-role-keywords', 'rfc-2142', 'cz-90-2012-bodies', 'cz-89-2012-s450'],
  examples: [
    { title: 'A managing director of an s.r.o.', input: { title: 'Jednatel a obchodní ředitel' } },
    { title: 'An AML officer', input: { title: 'Compliance Officer (AML)', email: 'jana.mala@banka.cz' } },
    { title: 'A shared invoicing mailbox', input: { email: 'fakturace@firma.cz' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.title === undefined && input.email === undefined)
      throw errors.invalid('title', 'required (or give email)')
    const matched: { table: string; keyword: string; value: string }[] = []
    const rules: AppliedRule[] = []
    let department = 'unknown'
    let seniority = 'unknown'
    if (input.title !== undefined) {
      let bestDept: { keyword: string; value: string } | undefined
      for (const d of roles.departments) {
        const k = findKeyword(input.title, d.keywords)
        if (k && (!bestDept || k.length > bestDept.keyword.length))
          bestDept = { keyword: k, value: d.department }
      }
      // Seniority tables are ordered from the top: the first level with a keyword wins.
      for (const s of roles.seniority) {
        const k = findKeyword(input.title, s.keywords)
        if (k) {
          seniority = s.level
          matched.push({ table: 'seniority', keyword: k, value: s.level })
          break
        }
      }
      if (bestDept) {
        department = bestDept.value
        matched.push({ table: 'department', keyword: bestDept.keyword, value: bestDept.value })
      }
      rules.push(
        lawRule(
          say({
            cs: 'klíčová slova pracovní pozice → oddělení a seniorita',
            en: 'job-title keywords → department and seniority',
          }),
          cite(today(ctx), 'method-role-keywords'),
          `${department}, ${seniority}`,
        ),
      )
    }
    let roleMailbox = false
    if (input.email !== undefined) {
      const s = checkEmailSyntax(input.email)
      if (!s.valid) throw errors.invalid('email', s.reason)
      const role = roleOfMailbox(s.local)
      if (role) {
        roleMailbox = true
        matched.push({ table: 'mailbox', keyword: s.local.toLowerCase(), value: role })
        if (department === 'unknown') department = MAILBOX_DEPARTMENT[role] ?? role
      }
      rules.push(
        lawRule(
          say({
            cs: 'funkční schránka označuje funkci, ne osobu',
            en: 'role mailbox names a function, not a person',
          }),
          cite(today(ctx), 'rfc-2142'),
          role ?? say({ cs: 'osobní schránka', en: 'personal mailbox' }),
        ),
      )
    }
    const decisionMaker = seniority === 'owner_or_statutory' || seniority === 'executive'
    rules.push(
      lawRule(
        say({
          cs: 'rozhodují statutární orgány (jednatel, představenstvo), prokura a vrcholové vedení',
          en: 'statutory bodies (jednatel, představenstvo), prokura and executives decide',
        }),
        cite(today(ctx), 'cz-90-2012-bodies', 'cz-89-2012-s450'),
        decisionMaker
          ? say({ cs: 'rozhoduje', en: 'decision maker' })
          : say({ cs: 'nerozhoduje', en: 'not a decision maker' }),
      ),
    )
    return {
      department,
      seniority,
      decision_maker: decisionMaker,
      role_mailbox: roleMailbox,
      matched,
      rules_applied: rules,
    }
  },
})
