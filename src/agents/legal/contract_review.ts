import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { thresholdsOn } from '../aml/common.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import {
  ChecklistSchema,
  FlatFindingSchema,
  type FlatPurchaseRules,
  isFlatPurchase,
  reviewFlatPurchase,
} from './flat-purchase.ts'

type Risk = 'low' | 'medium' | 'high'
interface ClauseRule {
  risk: Risk
  patterns: string[]
  law: string
  note: string
}
interface ReviewRules extends ReferenceVersion {
  clauses: Record<string, ClauseRule>
  recommended: string[]
  penalty_daily_pct_high: number
  payment_days_high: number
  flat_purchase: FlatPurchaseRules
}

interface Finding {
  type: string
  risk: Risk
  excerpt: string
  note: string
  source?: string
}

const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 }

type Ids = [string, ...string[]]
/** The register entries behind each clause type (the table's `law` text says the same in words). */
const CLAUSE_LAW: Record<string, Ids> = {
  penalty: ['cz-89-2012-s2048'],
  liability_limitation: ['cz-89-2012-s2898'],
  arbitration: ['cz-216-1994-s3'],
  jurisdiction: ['eu-1215-2012-art25', 'eu-593-2008-art3'],
  termination: ['cz-89-2012-s1998'],
  auto_renewal: ['cz-89-2012-s1998'],
  gdpr: ['eu-2016-679-art28'],
  default_interest: ['cz-89-2012-s1970'],
  payment_terms: ['cz-89-2012-s1963'],
  unilateral_change: ['cz-89-2012-s1752'],
  confidentiality: ['cz-89-2012-s1730'],
  force_majeure: ['cz-89-2012-s2913'],
}
/** The register entries behind each item of the flat purchase checklist. */
const FLAT_LAW: Record<string, Ids> = {
  parties: ['cz-89-2012-s2079', 'cz-256-2013'],
  unit: ['cz-89-2012-s1159', 'cz-256-2013'],
  price: ['cz-89-2012-s2079'],
  escrow: ['cz-89-2012-s2402', 'cz-85-1996-s56a', 'cz-358-1992-s84'],
  escrow_release: ['cz-89-2012-s1105', 'cz-85-1996-s56a', 'cz-358-1992-s84'],
  deposit: ['cz-89-2012-s1105', 'cz-256-2013'],
  deposit_who_when: ['cz-89-2012-s1105', 'cz-256-2013'],
  handover: ['cz-89-2012-s2079'],
  defects: ['cz-89-2012-s2099'],
  withdrawal: ['cz-89-2012-s2001'],
  association_debts: ['cz-89-2012-s1186'],
  lien: ['cz-89-2012-s1309'],
  easement: ['cz-89-2012-s1257'],
  pre_emption: ['cz-89-2012-s2140'],
  enforcement: ['cz-120-2001-s44a', 'cz-182-2006-s111'],
  ownership_on_signature: ['cz-89-2012-s1105'],
  arbitrator_one_party: ['cz-216-1994-s7', 'cz-216-1994-s3'],
  cash_payment: ['cz-254-2004-s4', 'cz-253-2008-s6'],
}
/** A recommended clause another clause stands in for: an arbitration clause settles where disputes go. */
const STANDS_IN: Record<string, string[]> = { jurisdiction: ['arbitration'] }
const MAX_EXCERPT = 300

/**
 * Sentences and numbered items (a clause rarely spans two), without their item numbers. A title or
 * an abbreviation ("JUDr. Marie Novotná", "ev. č. ČAK") does not end a sentence.
 */
function segments(text: string): string[] {
  return text
    .split(
      /\n+|(?<=[.;!?])(?<![\s(](?:JUDr|Ing|Mgr|Bc|MUDr|PhDr|RNDr|Dr|doc|prof|č|odst|písm|parc|nar|ev|tzv|tj|resp|např|sp|zn)\.)\s+(?=(?:\d{1,2}[.)]\s+)?[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ(„"])/u,
    )
    .map((s) =>
      s
        .replace(/\s+/g, ' ')
        .replace(/^\s*(?:\d{1,2}[.)]|[a-z]\)|[-•*])\s+/u, '')
        .trim(),
    )
    .filter((s) => s.length > 0)
}

function excerpt(s: string): string {
  return s.length <= MAX_EXCERPT ? s : `${s.slice(0, MAX_EXCERPT - 1)}…`
}

function language(text: string): 'cs' | 'en' {
  const cs =
    (text.match(/[áčďéěíňóřšťúůýž]/gi) ?? []).length +
    (text.match(/\b(a|se|je|na|smlouv\w*)\b/gi) ?? []).length
  const en = (text.match(/\b(the|and|shall|of|agreement)\b/gi) ?? []).length
  return cs >= en ? 'cs' : 'en'
}

/**
 * The clause notes of contract-review-rules.json in both languages, by clause type; a note the
 * table rewords is shown in the table's words (never a stale translation).
 */
const CLAUSE_NOTES: Record<string, Texts> = {
  penalty: {
    cs: 'Smluvní pokuta se platí bez ohledu na zavinění či škodu; nepřiměřeně vysokou může soud snížit (§ 2051).',
    en: 'A contractual penalty is due regardless of fault or damage; a court may reduce a disproportionate one (§ 2051).',
  },
  liability_limitation: {
    cs: 'Odpovědnost za újmu na přirozených právech člověka nebo způsobenou úmyslně či z hrubé nedbalosti nelze předem vyloučit ani omezit.',
    en: "Liability for harm to a person's natural rights, or caused intentionally or by gross negligence, cannot be excluded or limited in advance.",
  },
  arbitration: {
    cs: 'Rozhodčí doložka je ve spotřebitelské smlouvě neplatná (od 1. prosince 2016).',
    en: 'An arbitration clause is void in a consumer contract (since 1 December 2016).',
  },
  jurisdiction: {
    cs: 'Volba soudu a práva: ověřte, že určuje soud a právní řád, které vám vyhovují.',
    en: 'Choice of court and of law: check it names a court and a legal order you can live with.',
  },
  termination: {
    cs: 'Ukončení: ověřte výpovědní dobu a důvody pro odstoupení.',
    en: 'Termination: check the notice period and the grounds for withdrawal.',
  },
  auto_renewal: {
    cs: 'Automatické prodloužení: hlídejte lhůtu pro výpověď před každým prodloužením.',
    en: 'Automatic renewal: note the window for giving notice before each renewal.',
  },
  gdpr: {
    cs: 'Zpracování osobních údajů pro druhou stranu vyžaduje smlouvu o zpracování (čl. 28 GDPR).',
    en: 'Processing personal data for the other party needs a processing agreement (čl. 28 GDPR).',
  },
  default_interest: {
    cs: 'Bez sjednané sazby činí úrok z prodlení repo sazbu ČNB + 8 procentních bodů.',
    en: 'Without an agreed rate, default interest is the ČNB repo rate + 8 p.p.',
  },
  payment_terms: {
    cs: 'Mezi podnikateli musí být splatnost delší než 60 dnů výslovně sjednána a nesmí být vůči věřiteli hrubě nespravedlivá.',
    en: 'Between businesses a payment term over 60 days must be expressly agreed and not grossly unfair to the creditor.',
  },
  unilateral_change: {
    cs: 'Jednostranná změna podmínek je platná jen ve smlouvách s mnoha stranami, s předem oznámenou změnou a právem vypovědět.',
    en: 'A unilateral right to change the terms is valid only in contracts with many parties, with the change announced in advance and a right to terminate.',
  },
  confidentiality: {
    cs: 'Mlčenlivost: ověřte její trvání a výjimky.',
    en: 'Confidentiality: check its duration and exceptions.',
  },
  force_majeure: {
    cs: 'Vyšší moc: mimořádná, nepředvídatelná a nepřekonatelná překážka zprošťuje povinnosti k náhradě škody.',
    en: 'Force majeure: an extraordinary, unforeseeable and insurmountable obstacle releases from damages.',
  },
}

function clauseNote(type: string, tableNote: string, say: Say): string {
  const texts = CLAUSE_NOTES[type]
  return texts && texts.en === tableNote ? say(texts) : tableNote
}

/** The documented rule-based method: patterns per clause type, then checks on the figures found. */
function reviewByRules(text: string, rules: ReviewRules, say: Say): Finding[] {
  const segs = segments(text)
  const findings: Finding[] = []
  for (const [type, rule] of Object.entries(rules.clauses)) {
    const res = rule.patterns.map((p) => new RegExp(p, 'iu'))
    for (const seg of segs) {
      if (!res.some((r) => r.test(seg))) continue
      let risk = rule.risk
      const base = clauseNote(type, rule.note, say)
      let note = base
      if (type === 'penalty') {
        // Bounded repetitions keep the pattern linear on a long clause (each start position
        // looks at most ~120 characters ahead).
        const daily =
          /(\d{1,6}(?:[.,]\d{1,4})?)\s{0,3}%\s{0,3}(?:z\s{1,3}(?:\S{1,30}\s{1,3}){1,3})?(?:(?:za\s{1,3})?(?:každý\s{1,3})?(?:den|dne|denně)|(?:per|a|for each)\s{1,3}day)/iu.exec(
            seg,
          )
        if (daily) {
          const pct = Number(daily[1]!.replace(',', '.'))
          if (pct >= rules.penalty_daily_pct_high) {
            risk = 'high'
            note = say({
              cs: `${pct} % denně dosahuje prahu ${rules.penalty_daily_pct_high} % denně nebo jej překračuje: pravděpodobně nepřiměřené. ${base}`,
              en: `${pct} % a day is at or above the ${rules.penalty_daily_pct_high} % a day threshold: likely disproportionate. ${base}`,
            })
          }
        }
      }
      if (type === 'payment_terms') {
        // A payment clause without a term in days ("zaplacena při podpisu") is still one.
        const days = /(\d{1,3})\s*(?:kalendářních\s+|pracovních\s+)?(?:dn[ůíy]|days?)/iu.exec(seg)
        if (days && Number(days[1]) > rules.payment_days_high) {
          risk = 'medium'
          note = say({
            cs: `${days[1]} dnů překračuje ${rules.payment_days_high}: ${base}`,
            en: `${days[1]} days exceeds ${rules.payment_days_high}: ${base}`,
          })
        }
      }
      findings.push({ type, risk, excerpt: excerpt(seg), note, source: rule.law })
    }
  }
  return findings
}

interface LlmFinding {
  type: string
  risk: Risk
  excerpt: string
  note: string
}

/** Asks the configured model for findings in the same vocabulary; keeps only excerpts found in the text. */
async function reviewByLlm(
  text: string,
  rules: ReviewRules,
  ctx: AgentContext,
): Promise<{ findings: Finding[]; dropped: number }> {
  const types = Object.keys(rules.clauses)
  const { text: answer } = await ctx.deps.llm.complete({
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      {
        role: 'system',
        content:
          'You review contracts under Czech law. Answer with JSON only: {"clauses":[{"type":"<one of: ' +
          types.join(', ') +
          '>","risk":"low|medium|high","excerpt":"<exact quote from the contract>","note":"<one sentence: why it matters>"}]}',
      },
      { role: 'user', content: text },
    ],
  })
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''))
  } catch {
    throw new Error('the model did not answer with JSON')
  }
  const list = (parsed as { clauses?: unknown }).clauses
  if (!Array.isArray(list)) throw new Error('the model answered without a "clauses" list')
  const flat = text.replace(/\s+/g, ' ')
  const findings: Finding[] = []
  let dropped = 0
  for (const item of list as Partial<LlmFinding>[]) {
    const ok =
      item &&
      typeof item.type === 'string' &&
      types.includes(item.type) &&
      (item.risk === 'low' || item.risk === 'medium' || item.risk === 'high') &&
      typeof item.excerpt === 'string' &&
      typeof item.note === 'string' &&
      item.excerpt.trim().length > 0 &&
      flat.includes(item.excerpt.replace(/\s+/g, ' ').trim())
    if (!ok) {
      dropped++
      continue
    }
    findings.push({
      type: item.type!,
      risk: item.risk!,
      excerpt: excerpt(item.excerpt!.replace(/\s+/g, ' ').trim()),
      note: item.note!,
      source: rules.clauses[item.type!]!.law,
    })
  }
  return { findings, dropped }
}

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
    const wanted = input.method ?? 'auto'
    let method: 'llm' | 'rules' = 'rules'
    let findings: Finding[] | undefined
    let llmError: string | undefined
    const applied: AppliedRule[] = []
    if (wanted !== 'rules' && ctx.deps.llm.configured) {
      try {
        const r = await reviewByLlm(input.text, rules, ctx)
        findings = r.findings
        method = 'llm'
        applied.push({
          rule: ctx.say({
            cs: 'Posouzení jazykovým modelem; každý úryvek musí být citován ze smlouvy',
            en: 'Language-model review; every excerpt must be quoted from the contract',
          }),
          ...cite(today, 'policy-contract-review'),
          outcome: ctx.say({
            cs: `zjištění: ${r.findings.length}${r.dropped ? `, vyřazeno ${r.dropped} (necitováno z textu nebo mimo slovník)` : ''}`,
            en: `${r.findings.length} finding(s)${r.dropped ? `, ${r.dropped} dropped (not quoted from the text or outside the vocabulary)` : ''}`,
          }),
        })
      } catch (error) {
        llmError = error instanceof Error ? error.message : String(error)
      }
    } else if (wanted === 'llm') {
      llmError = 'no language model is configured (set LLM_BASE_URL)'
    }
    if (!findings) {
      findings = reviewByRules(input.text, rules, ctx.say)
      applied.push({
        rule: ctx.say({
          cs: 'Rozpoznání ustanovení podle vzorů (česky i anglicky)',
          en: 'Pattern-based clause detection (Czech and English)',
        }),
        ...cite(today, 'policy-contract-review'),
        outcome: ctx.say({ cs: `zjištění: ${findings.length}`, en: `${findings.length} finding(s)` }),
      })
    }
    const flat = isFlatPurchase(input.text, rules.flat_purchase)
      ? reviewFlatPurchase(
          input.text,
          segments(input.text),
          rules.flat_purchase,
          excerpt,
          ctx.lang,
          thresholdsOn(today).cash_payment_limit_czk,
        )
      : null
    if (flat) {
      const say = ctx.say
      applied.push({
        rule: say({
          cs: 'Kupní smlouva o převodu jednotky: kontrolní seznam advokáta (strany, jednotka, kupní cena, úschova a její výplata, vklad do katastru, zatížení, vady, předání, odstoupení)',
          en: 'Purchase contract for a flat: the lawyer’s checklist (parties, unit, price, escrow and its release, cadastre deposit, encumbrances, defects, handover, withdrawal)',
        }),
        ...cite(today, 'cz-89-2012-s2079', 'cz-256-2013'),
        outcome: flat.findings.length
          ? say({
              cs: `${flat.findings.length} zjištění: ${flat.findings.map((f) => f.check).join(', ')}`,
              en: `${flat.findings.length} finding(s): ${flat.findings.map((f) => f.check).join(', ')}`,
            })
          : say({ cs: 'všechny body jsou ve smlouvě', en: 'every item present' }),
      })
      for (const f of flat.findings)
        applied.push({
          rule:
            f.status === 'missing'
              ? say({
                  cs: `${f.title}: chybí ${f.lacking.join(', ')}`,
                  en: `${f.title}: missing ${f.lacking.join(', ')}`,
                })
              : f.lacking.length
                ? say({ cs: `${f.title}: uvedeno bez výmazu`, en: `${f.title}: named without its removal` })
                : say({ cs: `${f.title}: ${f.reason}`, en: `${f.title}: ${f.reason}` }),
          ...cite(today, ...(FLAT_LAW[f.check] ?? ['cz-89-2012-s2079'])),
          outcome: f.risk,
        })
    }
    const found = new Set(findings.map((f) => f.type))
    for (const type of found) {
      const r = rules.clauses[type]!
      applied.push({
        rule: `${type}: ${clauseNote(type, r.note, ctx.say)}`,
        ...cite(today, ...(CLAUSE_LAW[type] ?? ['policy-contract-review'])),
      })
    }
    const missing = rules.recommended.filter(
      (t) => !found.has(t) && !(STANDS_IN[t] ?? []).some((other) => found.has(other)),
    )
    if (missing.length)
      applied.push({
        rule: ctx.say({ cs: 'Doporučená ustanovení', en: 'Recommended clauses' }),
        ...cite(today, 'policy-contract-review'),
        outcome: ctx.say({ cs: `chybí: ${missing.join(', ')}`, en: `missing: ${missing.join(', ')}` }),
      })
    const riskLevel = [...findings, ...(flat?.findings ?? [])].reduce<Risk>(
      (m, f) => (RISK_ORDER[f.risk] > RISK_ORDER[m] ? f.risk : m),
      'low',
    )
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
      rules_applied: applied,
    }
  },
})
