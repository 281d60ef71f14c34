/**
 * A stored screening record as one self-contained HTML document, for the router to print to PDF
 * (docs/adr/0005-pdf-of-supplied-html.md). The same content as the app's print view (web/pages/
 * ScreeningResult.tsx) in the same words (web/texts.ts): the id, time, subject, level, score and
 * completeness, what could not be checked, each module, each sanctions hit explained, the list
 * versions, who screened (when the console knows) and who printed it. Every value is escaped;
 * there is no script and no reference to anything outside the document (the style sheet is in a
 * <style> element).
 */
import { RISK_LEVELS } from '../../engines/aml/risk-levels.ts'
import { casesCs, casesEn } from './web/case-texts.ts'
import { cs, en } from './web/texts.ts'

export type RecordLanguage = 'cs' | 'en'

interface Risk {
  score?: number
  level?: string
  review_required?: boolean
  /** Why a person must review (absent in records written before it was given). */
  review_reasons?: { module: string; reason: string }[]
  missing?: { module: string; status: string; reason: string }[]
}

interface Module {
  status?: string
  source?: string
  execution_time_ms?: number
  data?: Record<string, unknown>
}

interface Hit {
  list: string
  list_id: string
  matched_name: string
  score: number
  explanation?: {
    entry?: { programmes?: string[]; birth_dates?: string[] }
    features?: {
      tokens?: { query: string; list: string; how: string }[]
      unmatched_query?: string[]
      unmatched_list?: string[]
      birth_date?: { query: string; list: string[]; result: string }
    }
  }
}

/** The case of the record's hits, as the AML service gives it with the record. */
interface RecordCase {
  case_id: string
  status: string
  outcome: string | null
  hits: {
    hit_no: number
    matched_name: string
    level: string
    decision: { decision: string; comment: string; by: string; at: string } | null
  }[]
  closed: { outcome: string; by: string; at: string; approved_by: string | null } | null
  trail: {
    seq: number
    at: string
    actor: string
    action: string
    hit_no: number | null
    comment: string | null
    detail: Record<string, unknown>
  }[]
}

export interface StoredRecord {
  screening_id: string
  created_at: string
  input?: unknown
  list_versions?: unknown
  result?: unknown
  case?: RecordCase | null
}

/** The case: each hit's decision, how it closed, and every step of its trail (who, when, what, why). */
function caseHtml(c: RecordCase, lang: RecordLanguage, when: (at: string) => string): string {
  const x = lang === 'cs' ? casesCs : casesEn
  const fill = (template: string, values: Record<string, string | number>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''))
  const status = x.caseStatus[c.status as keyof typeof x.caseStatus] ?? c.status
  const label = (group: Record<string, string>, key: unknown) =>
    typeof key === 'string' ? (group[key] ?? key) : ''
  const out = [`<h2>${escapeHtml(`${x.cases.case} ${c.case_id}`)}</h2><p>${escapeHtml(status)}</p>`]
  if (c.closed)
    out.push(
      `<p>${escapeHtml(fill(x.cases.closed, { outcome: label(x.outcome, c.closed.outcome), by: c.closed.by, at: when(c.closed.at) }))}${c.closed.approved_by ? escapeHtml(`, ${fill(x.cases.approvedBy, { by: c.closed.approved_by })}`) : ''}</p>`,
    )
  if (c.hits.length > 0)
    out.push(
      `<ul>${c.hits
        .map(
          (h) =>
            `<li>${escapeHtml(`${fill(x.cases.hit, { n: h.hit_no })} (${h.level}) ${h.matched_name}: `)}${
              h.decision
                ? escapeHtml(
                    `${label(x.decision, h.decision.decision)} — ${h.decision.by}, ${when(h.decision.at)}: ${h.decision.comment}`,
                  )
                : escapeHtml(x.cases.noDecision)
            }</li>`,
        )
        .join('')}</ul>`,
    )
  out.push(
    `<h2>${escapeHtml(x.cases.trail)}</h2><table><thead><tr><th scope="col">${escapeHtml(x.cases.when)}</th><th scope="col">${escapeHtml(x.cases.who)}</th><th scope="col">${escapeHtml(x.cases.what)}</th><th scope="col">${escapeHtml(x.cases.comment)}</th></tr></thead><tbody>${c.trail
      .map((e) => {
        const what = [
          label(x.action, e.action),
          e.hit_no ? fill(x.cases.hit, { n: e.hit_no }) : '',
          label(x.decision, e.detail.decision),
          label(x.outcome, e.detail.outcome),
        ]
          .filter(Boolean)
          .join(' · ')
        return `<tr><td>${escapeHtml(when(e.at))}</td><td>${escapeHtml(e.actor)}</td><td>${escapeHtml(what)}</td><td>${escapeHtml(e.comment ?? '')}</td></tr>`
      })
      .join('')}</tbody></table>`,
  )
  return out.join('\n')
}

const STYLE = `
@page { size: A4; margin: 16mm 14mm; }
body { font: 10.5pt/1.45 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #212529; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4pt; }
h2 { font-size: 12pt; margin: 14pt 0 6pt; border-bottom: 1px solid #ced4da; padding-bottom: 2pt; }
h3 { font-size: 11pt; margin: 0 0 4pt; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0; }
th, td { border: 1px solid #ced4da; padding: 3pt 5pt; text-align: left; vertical-align: top; }
th { background: #f1f3f5; font-weight: 600; }
.meta td, .meta th { border: none; padding: 1pt 8pt 1pt 0; background: none; }
.level { display: inline-block; padding: 2pt 10pt; border-radius: 10pt; font-weight: 700; font-size: 13pt; color: #fff; background: #343a40; }
/* The app's badge colours: white text at 4.5:1, yellow with dark text. */
.level-LOW { background: #087f5b; } .level-MEDIUM { background: #ffd43b; color: #212529; }
.level-HIGH { background: #d9480f; } .level-CRITICAL { background: #c92a2a; }
.hit { border: 1px solid #ced4da; border-radius: 4pt; padding: 6pt 8pt; margin: 6pt 0; page-break-inside: avoid; }
.review { border: 1px solid #d9480f; background: #fff4e6; padding: 4pt 8pt; margin: 6pt 0; }
.small { color: #495057; font-size: 9pt; }
`

function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A timestamp as `YYYY-MM-DD HH:MM:SS UTC` (the same in both languages, unambiguous on paper). */
function utc(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** Who or what was screened, as it was sent: a person's names and birth date, a company's IČO and name. */
function subjectOf(input: unknown): string {
  const i = (input ?? {}) as Record<string, unknown>
  const words = [i.first_name, i.last_name, i.name, i.company_name, i.ico ? `IČO ${i.ico}` : undefined]
  const name = words.filter((w) => typeof w === 'string' && w.length > 0).join(' ')
  return typeof i.birth_date === 'string' ? `${name} (${i.birth_date})` : name
}

function row(label: string, value: string, testid?: string): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td${testid ? ` data-field="${testid}"` : ''}>${value}</td></tr>`
}

/** Why a person must review: the reasons given, or (older records) the evidence that is missing. */
function reviewLines(risk: Risk): string[] {
  if (risk.review_reasons) return risk.review_reasons.map((r) => `${r.module}: ${r.reason}`)
  return (risk.missing ?? []).map((m) => `${m.module}: ${m.status} — ${m.reason}`)
}

export function recordHtml(
  record: StoredRecord,
  opts: {
    /** The console user who screened, when the screening came through the console. */
    screenedBy?: string | undefined
    printedBy: string
    printedAt: Date
    lang: RecordLanguage
  },
): string {
  const text = opts.lang === 'cs' ? cs : en
  const s = text.screening
  const result = (record.result ?? {}) as {
    timestamp?: string
    completeness?: number
    overall_risk?: Risk
    modules?: Record<string, Module>
  }
  const risk = result.overall_risk ?? {}
  const level = risk.level ?? 'INCOMPLETE'
  const subject = subjectOf(record.input)
  const modules = Object.entries(result.modules ?? {})
  const hits = ((result.modules?.sanctions?.data?.matches as Hit[] | undefined) ?? []).slice(0, 20)
  const versions = (Array.isArray(record.list_versions) ? record.list_versions : []) as Record<
    string,
    unknown
  >[]
  const none = text.common.none

  const parts: string[] = []
  parts.push(`<h1>Gatehouse — ${escapeHtml(s.record)}</h1>`)
  parts.push(
    `<table class="meta"><tbody>${[
      row(s.id, `<strong>${escapeHtml(record.screening_id)}</strong>`, 'id'),
      row(s.time, escapeHtml(utc(result.timestamp ?? record.created_at))),
      ...(subject ? [row(s.subject, escapeHtml(subject))] : []),
      ...(opts.screenedBy ? [row(s.by, escapeHtml(opts.screenedBy))] : []),
      row(s.printedBy, escapeHtml(opts.printedBy)),
      row(s.printedAt, escapeHtml(utc(opts.printedAt.toISOString()))),
    ].join('')}</tbody></table>`,
  )
  parts.push(
    `<h2>${escapeHtml(s.level)}</h2><p><span class="level${(RISK_LEVELS as readonly string[]).includes(level) ? ` level-${level}` : ''}">${escapeHtml(level)}</span>
 &nbsp; ${escapeHtml(s.score)}: ${escapeHtml(risk.score ?? '')} · ${escapeHtml(s.completeness)}: ${Math.round((result.completeness ?? 0) * 100)} %</p>`,
  )
  if (risk.review_required) {
    parts.push(
      `<div class="review"><strong>${escapeHtml(s.review)}</strong><ul>${reviewLines(risk)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul></div>`,
    )
  }
  parts.push(
    `<h2>${escapeHtml(s.modules)}</h2><table><thead><tr><th scope="col">${escapeHtml(s.module)}</th><th scope="col">${escapeHtml(s.status)}</th><th scope="col">${escapeHtml(s.source)}</th><th scope="col">${escapeHtml(s.ms)}</th></tr></thead><tbody>${modules
      .map(
        ([name, m]) =>
          `<tr><td>${escapeHtml(name)}</td><td>${escapeHtml(m.status)}</td><td>${escapeHtml(m.source)}</td><td>${escapeHtml(m.execution_time_ms)}</td></tr>`,
      )
      .join('')}</tbody></table>`,
  )
  parts.push(`<h2>${escapeHtml(s.hits)}</h2>`)
  if (hits.length === 0) parts.push(`<p>${escapeHtml(s.noHit)}</p>`)
  for (const hit of hits) {
    const f = hit.explanation?.features ?? {}
    const entry = hit.explanation?.entry ?? {}
    const unmatched = [...(f.unmatched_query ?? []), ...(f.unmatched_list ?? [])]
    const birth = f.birth_date
      ? `${f.birth_date.result} (${f.birth_date.query} / ${f.birth_date.list.join(', ')})`
      : `${s.birthNotCompared}${entry.birth_dates?.length ? ` (${entry.birth_dates.join(', ')})` : ''}`
    parts.push(
      `<div class="hit"><h3>${escapeHtml(hit.matched_name)} — ${escapeHtml(s.score)} ${Math.round(hit.score * 100)} %</h3><table><tbody>${[
        row(s.list, `${escapeHtml(hit.list)} (${escapeHtml(hit.list_id)})`),
        row(s.programme, escapeHtml(entry.programmes?.join(', ') || none)),
        row(
          s.matchedParts,
          escapeHtml((f.tokens ?? []).map((m) => `${m.query} → ${m.list} (${m.how})`).join(', ') || none),
        ),
        row(s.unmatchedParts, escapeHtml(unmatched.join(', ') || none)),
        row(s.birthDate2, escapeHtml(birth)),
      ].join('')}</tbody></table></div>`,
    )
  }
  if (versions.length > 0) {
    parts.push(
      `<h2>${escapeHtml(s.listVersions)}</h2><ul class="small">${versions
        .map(
          (v) =>
            `<li>${escapeHtml(v.list)} — ${escapeHtml(v.list_date ?? '')}${v.sha256 ? ` · sha256 ${escapeHtml(String(v.sha256).slice(0, 16))}…` : ''}</li>`,
        )
        .join('')}</ul>`,
    )
  }
  if (record.case)
    parts.push(
      caseHtml(
        record.case,
        opts.lang,
        (at) => new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
      ),
    )
  return `<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${s.record} ${record.screening_id}`)}</title>
<style>${STYLE}</style>
</head>
<body>
${parts.join('\n')}
</body>
</html>
`
}
