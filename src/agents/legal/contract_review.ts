import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { defineAgent } from '../types.ts'
import {
  CLAUSE_LAW,
  clauseLaw,
  clauseReview,
  FLAT_LAW,
  flatPurchaseChecklist,
  language,
  type ReviewRules,
  riskLevelOf,
} from './contract-checks.ts'
import { ChecklistSchema, FlatFindingSchema, isFlatPurchase } from './flat-purchase.ts'

export const contractReview = defineAgent({
  service: 'legal',
  name: 'contract_review',
  description:
    'Reviews a contract (Czech or English): finds penalties, liability limits, arbitration and jurisdiction, termination, auto-renewal, GDPR, default interest, payment terms, unilateral changes …, rates each against the Czech rule behind it and lists recommended clauses that are missing. Recognises a Czech purchase contract for a flat (kupní smlouva o převodu bytové jednotky) and checks it as a lawyer does: the parties and their identification, the unit and its cadastral description, the price, its escrow and release condition, the cadastre deposit and who files it, encumbrances (lien, easement, pre-emption right, enforcement) and their removal, defects, handover and withdrawal — each missing or risky clause a finding with its reason and the section of the law. Uses the configured language model when LLM_BASE_URL is set, else the documented pattern method; `method` says which ran (the flat checklist always runs on the patterns).',
  input: Type.Object(
    {
      text: Type.String({ minLength: 20, maxLength: 200_000, description: 'the contract text' }),
      method: Type.Optional(
        Type.Union([Type.Literal('auto'), Type.Literal('rules'), Type.Literal('llm')], {
          description: 'auto (default): the model when configured, else rules',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    method: Type.Union([Type.Literal('llm'), Type.Literal('rules')]),
    contract_type: Type.Union([Type.Literal('flat_purchase'), Type.Literal('other')], {
      description: 'flat_purchase: a Czech purchase contract for a flat, checked against the checklist',
    }),
    flat_purchase: Type.Union(
      [Type.Null(), Type.Object({ findings: Type.Array(FlatFindingSchema), checklist: ChecklistSchema })],
      { description: 'the flat purchase checklist (null for other contracts)' },
    ),
    language: Type.Union([Type.Literal('cs'), Type.Literal('en')]),
    risk_level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    clauses: Type.Array(
      Type.Object({
        type: Type.String(),
        risk: Type.String(),
        excerpt: Type.String(),
        note: Type.String(),
        source: Type.Optional(Type.String()),
      }),
    ),
    missing: Type.Array(Type.String({ description: 'recommended clause types not found' })),
    recognised: Type.Boolean({
      description:
        'false when no clause of the checklist and no flat purchase was recognised: the text is not a contract the review knows, and a person reads it',
    }),
    llm_error: Type.Optional(Type.String({ description: 'why the model was not used, when it failed' })),
  }),
  verdict: {
    explain:
      'from `risk_level`: low → `clear`, medium → `review`, high → `adverse`; a text in which no clause is recognised (`recognised: false`) → `review`, never clear',
    of: (r) =>
      !r.recognised
        ? 'review'
        : r.risk_level === 'high'
          ? 'adverse'
          : r.risk_level === 'medium'
            ? 'review'
            : 'clear',
  },
  law: [
    ...new Set([
      ...Object.values(CLAUSE_LAW).flat(),
      ...Object.values(FLAT_LAW).flat(),
      'policy-contract-review',
    ]),
  ],
  examples: [
    {
      title: 'Czech service contract with a 1 % daily penalty and automatic renewal',
      input: {
        method: 'rules',
        text:
          'Smlouva o poskytování služeb. 1. Poskytovatel se zavazuje poskytovat služby podpory. ' +
          '2. Cena je splatná do 90 dnů od doručení faktury. ' +
          '3. Za každý den prodlení zaplatí objednatel smluvní pokutu 1 % z dlužné částky denně. ' +
          '4. Smlouva se uzavírá na jeden rok a automaticky se prodlužuje o další rok, nevypoví-li ji strana nejpozději měsíc před uplynutím. ' +
          '5. Smlouva se řídí právním řádem České republiky.',
      },
    },
    {
      title: 'English NDA with a liability cap and arbitration',
      input: {
        method: 'rules',
        text:
          'Mutual Non-Disclosure Agreement. The parties shall keep all Confidential Information secret for five years. ' +
          'Limitation of liability: neither party shall be liable for indirect damages. ' +
          'Any dispute shall be finally settled by arbitration in Prague. ' +
          'Either party may terminate this Agreement with 30 days written notice.',
      },
    },
    {
      title: 'Czech flat purchase contract paid straight to the seller, with no escrow and no deposit clause',
      input: {
        method: 'rules',
        text:
          'Kupní smlouva o převodu bytové jednotky. Prodávající: Petr Svoboda, nar. 12. 3. 1975, bytem Korunní 810/104, Praha 10. ' +
          'Kupující: Jana Dvořáková, nar. 5. 2. 1985, bytem Slezská 1200/45, Praha 2. ' +
          '1. Prodávající prodává kupující jednotku č. 1234/15 v budově č. p. 1234 na pozemku parc. č. 2150, katastrální území Vinohrady, list vlastnictví č. 5678, se spoluvlastnickým podílem 6512/185430 na společných částech domu. ' +
          '2. Kupní cena 6 450 000 Kč je splatná převodem na účet prodávajícího do 5 dnů od podpisu. ' +
          '3. Jednotka není zatížena zástavním právem ani věcným břemenem. ' +
          '4. Prodávající předá jednotku do 10 dnů od zápisu kupující do katastru, o předání strany sepíší protokol. ' +
          '5. Prodávající neodpovídá za vady, které kupující mohl zjistit prohlídkou. ' +
          '6. Kupující může od smlouvy odstoupit, ukáže-li se jednotka zatíženou právy třetích osob.',
      },
    },
  ],
  async run(input, ctx) {
    const today = asOfDate(undefined, ctx.now)
    const rules = covered(() => referenceAt<ReviewRules>('contract-review-rules', today))
    const review = await clauseReview(input.text, input.method ?? 'auto', rules, today, ctx)
    const { method, findings, llmError } = review
    const checklist = isFlatPurchase(input.text, rules.flat_purchase)
      ? flatPurchaseChecklist(input.text, rules, today, ctx)
      : null
    const flat = checklist?.flat ?? null
    const law = clauseLaw(findings, rules, today, ctx.say)
    const missing = law.missing
    const riskLevel = riskLevelOf([...findings, ...(flat?.findings ?? [])])
    return {
      method,
      contract_type: flat ? ('flat_purchase' as const) : ('other' as const),
      flat_purchase: flat,
      language: language(input.text),
      risk_level: riskLevel,
      clauses: findings,
      missing,
      recognised: findings.length > 0 || flat !== null,
      ...(llmError ? { llm_error: llmError } : {}),
      rules_applied: [...review.rules, ...(checklist?.rules ?? []), ...law.rules],
    }
  },
})
