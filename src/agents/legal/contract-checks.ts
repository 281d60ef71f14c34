/**
 * The checks of contract_review, each a named function over the contract text that returns the
 * rules it applied (with their register sources) and what it found: the clauses (by a language
 * model that must quote the text, else by patterns), the lawyer's checklist of a flat purchase,
 * and the law of each clause found with the recommended clauses missing.
 */
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { thresholdsOn } from '../aml/common.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { type FlatPurchaseRules, reviewFlatPurchase } from './flat-purchase.ts'

type Risk = 'low' | 'medium' | 'high'
interface ClauseRule {
  risk: Risk
  patterns: string[]
  law: string
  note: string
}
export interface ReviewRules extends ReferenceVersion {
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
export const CLAUSE_LAW: Record<string, Ids> = {
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
export const FLAT_LAW: Record<string, Ids> = {
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

export function language(text: string): 'cs' | 'en' {
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
        } else if (!days) {
          // A term in weeks, months or a number in words ("do tří měsíců", "do konce následujícího
          // měsíce") is a term the day count cannot compare with the limit: a person counts it.
          const term =
            /(?:\bdo|\bwithin|\bve\s{1,3}lhůtě|\bza|\bin)\s{1,3}(?:[\p{L}\d]{1,20}\s{1,3}){0,2}(?:týd\p{L}{0,4}|měsíc\p{L}{0,4}|dn[ůíy]|rok\p{L}{0,3}|let\b|weeks?\b|months?\b|days?\b|years?\b)/iu.exec(
              seg,
            )
          if (term) {
            risk = 'medium'
            note = say({
              cs: `lhůta splatnosti není dána počtem dnů: přepočtěte ji na dny a porovnejte s ${rules.payment_days_high} („${term[0]}“). ${base}`,
              en: `the payment term is not given in a number of days: count it in days and compare it with ${rules.payment_days_high} ("${term[0]}"). ${base}`,
            })
          }
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

/**
 * The clauses, by the language model when asked and configured (every excerpt quoted from the
 * text), else by the patterns; a model that fails or is missing leaves its reason in llmError.
 */
export async function clauseReview(
  text: string,
  wanted: 'auto' | 'llm' | 'rules',
  rules: ReviewRules,
  today: string,
  ctx: AgentContext,
): Promise<{
  method: 'llm' | 'rules'
  findings: Finding[]
  llmError: string | undefined
  rules: AppliedRule[]
}> {
  let method: 'llm' | 'rules' = 'rules'
  let findings: Finding[] | undefined
  let llmError: string | undefined
  const applied: AppliedRule[] = []
  if (wanted !== 'rules' && ctx.deps.llm.configured) {
    try {
      const r = await reviewByLlm(text, rules, ctx)
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
    findings = reviewByRules(text, rules, ctx.say)
    applied.push({
      rule: ctx.say({
        cs: 'Rozpoznání ustanovení podle vzorů (česky i anglicky)',
        en: 'Pattern-based clause detection (Czech and English)',
      }),
      ...cite(today, 'policy-contract-review'),
      outcome: ctx.say({ cs: `zjištění: ${findings.length}`, en: `${findings.length} finding(s)` }),
    })
  }
  return { method, findings, llmError, rules: applied }
}

/** A flat purchase contract against the lawyer's checklist: the whole, then each item found wanting. */
export function flatPurchaseChecklist(
  text: string,
  rules: ReviewRules,
  today: string,
  ctx: AgentContext,
): { flat: ReturnType<typeof reviewFlatPurchase>; rules: AppliedRule[] } {
  const flat = reviewFlatPurchase(
    text,
    segments(text),
    rules.flat_purchase,
    excerpt,
    ctx.lang,
    thresholdsOn(today).cash_payment_limit_czk,
  )
  const say = ctx.say
  const applied: AppliedRule[] = [
    {
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
    },
  ]
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
  return { flat, rules: applied }
}

/** The law of each clause type found, and the recommended clauses missing (one may stand in for another). */
export function clauseLaw(
  findings: Finding[],
  rules: ReviewRules,
  today: string,
  say: Say,
): { missing: string[]; rules: AppliedRule[] } {
  const applied: AppliedRule[] = []
  const found = new Set(findings.map((f) => f.type))
  for (const type of found) {
    const r = rules.clauses[type]!
    applied.push({
      rule: `${type}: ${clauseNote(type, r.note, say)}`,
      ...cite(today, ...(CLAUSE_LAW[type] ?? ['policy-contract-review'])),
    })
  }
  const missing = rules.recommended.filter(
    (t) => !found.has(t) && !(STANDS_IN[t] ?? []).some((other) => found.has(other)),
  )
  if (missing.length)
    applied.push({
      rule: say({ cs: 'Doporučená ustanovení', en: 'Recommended clauses' }),
      ...cite(today, 'policy-contract-review'),
      outcome: say({ cs: `chybí: ${missing.join(', ')}`, en: `missing: ${missing.join(', ')}` }),
    })
  return { missing, rules: applied }
}

/** The highest risk among the findings (low when none). */
export const riskLevelOf = (findings: { risk: Risk }[]) =>
  findings.reduce<Risk>((m, f) => (RISK_ORDER[f.risk] > RISK_ORDER[m] ? f.risk : m), 'low')
