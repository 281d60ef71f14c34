/**
 * What a screening says to the officer, in the UI's language, composed from its structure (the
 * modules' statuses, hits and findings) rather than from the service's English sentences: why the
 * level is what it is, why a person must review it, what was not screened, and a note on each
 * module that did not run. The codes themselves (levels, statuses, lists …) are labelled by label().
 */
import type { TFunction } from 'i18next'
import type { Hit, Screening } from './types.ts'

type Module = NonNullable<Screening['modules'][string]>

/** A code's label in the UI's language (codes.<kind>.<code>); an unknown code as it is. */
export function label(t: TFunction, kind: string, code: string): string {
  return t(`codes.${kind}.${code}`, { defaultValue: code })
}

const percent = (score: number) => `${Math.round(score * 100)} %`

export function hitsOf(m: Module | undefined): Hit[] {
  return ((m?.data.matches as Hit[] | undefined) ?? []).slice()
}

/** The hits at the module's threshold: the possible matches. */
function possibleMatches(m: Module | undefined): Hit[] {
  if (m?.status !== 'COMPLETED') return []
  const threshold = Number(m.data.threshold ?? 0)
  return hitsOf(m).filter((h) => h.score >= threshold)
}

/** A hit no birth date confirms on a partial name, or on generic company words only: review, not a finding. */
function reviewOnly(h: Hit): boolean {
  const f = h.explanation.features
  return (f.partial !== undefined && !f.partial.confirmed_by_birth_date) || f.generic_only === true
}

const best = (hits: Hit[]) => hits.reduce((a, h) => (h.score > a.score ? h : a))

function possibleMatchText(t: TFunction, module: 'sanctions' | 'pep', hits: Hit[]): string {
  const top = best(hits)
  const parts = [
    t(`reasons.possibleMatch.${module}`, {
      count: hits.length,
      name: top.matched_name,
      list: label(t, 'list', top.list),
      id: top.list_id,
      score: percent(top.score),
    }),
  ]
  const omitted = [
    ...new Set(
      hits.flatMap((h) =>
        h.explanation.features.partial?.confirmed_by_birth_date === false
          ? h.explanation.features.partial.omitted
          : [],
      ),
    ),
  ]
  if (omitted.length > 0) parts.push(t('reasons.partial', { omitted: omitted.join(', ') }))
  const generic = [
    ...new Set(hits.filter((h) => h.explanation.features.generic_only).map((h) => h.matched_name)),
  ]
  if (generic.length > 0) parts.push(t('reasons.generic', { names: generic.join(', ') }))
  return parts.join(' ')
}

/** Why a piece of evidence is missing. */
function missingText(t: TFunction, s: Screening, miss: { module: string; status: string }): string {
  const module = label(t, 'module', miss.module)
  if (miss.status === 'TIMEOUT') return t('reasons.timeout', { module })
  if (miss.status === 'FAILED') return t('reasons.failed', { module })
  // Completed without a name: a company given by IČO alone that the registry did not name.
  const registry = s.modules.registry
  return t(registry?.status === 'COMPLETED' ? 'reasons.noNameUnknown' : 'reasons.noNameNoRegistry', {
    module,
  })
}

/** Every reason a person must review the screening: each possible match, each missing piece. */
export function reviewReasons(t: TFunction, s: Screening): string[] {
  const out: string[] = []
  for (const name of ['sanctions', 'pep'] as const) {
    const hits = possibleMatches(s.modules[name])
    if (hits.length > 0) out.push(possibleMatchText(t, name, hits))
  }
  for (const miss of s.overall_risk.missing) out.push(missingText(t, s, miss))
  return out
}

/** Why the level is what it is: each finding that raised it, or that nothing did. */
export function levelReasons(t: TFunction, s: Screening): string[] {
  const out: string[] = []
  for (const name of ['sanctions', 'pep'] as const) {
    const hits = possibleMatches(s.modules[name])
    const firm = hits.filter((h) => !reviewOnly(h))
    if (firm.length > 0) {
      const top = best(firm)
      out.push(
        t(`reasons.why.${name}`, {
          name: top.matched_name,
          list: label(t, 'list', top.list),
          score: percent(top.score),
        }),
      )
    } else if (hits.length > 0) out.push(t('reasons.why.reviewOnly', { module: label(t, 'module', name) }))
  }
  const countries = s.modules.high_risk_country
  const risky = (countries?.data.high_risk as string[] | undefined) ?? []
  if (countries?.status === 'COMPLETED' && risky.length > 0)
    out.push(t('reasons.why.highRisk', { countries: risky.map((c) => label(t, 'country', c)).join(', ') }))
  const registry = s.modules.registry
  if (registry?.status === 'COMPLETED') {
    const company = registry.data.company as { status?: string } | null | undefined
    if (!company) out.push(t('reasons.why.notInRegistry'))
    else if (company.status === 'dissolved') out.push(t('reasons.why.dissolved'))
  }
  const insolvency = s.modules.insolvency
  if (insolvency?.status === 'COMPLETED') {
    if (insolvency.data.active === true) out.push(t('reasons.why.insolvent'))
    else if (((insolvency.data.proceedings as unknown[] | undefined) ?? []).length > 0)
      out.push(t('reasons.why.pastProceedings'))
  }
  if (s.overall_risk.level === 'INCOMPLETE') out.push(t('reasons.why.incomplete'))
  else if (out.length === 0) out.push(t('reasons.why.nothing'))
  return out
}

/** Why a module did not run (skipped, not configured), or what it says beside its status. */
export function moduleNote(t: TFunction, name: string, m: Module): string {
  if (m.status === 'SKIPPED' || m.status === 'NOT_CONFIGURED')
    return t(`reasons.note.${name}.${m.status}`, { defaultValue: t(`reasons.note.${m.status}`) })
  if (m.status === 'TIMEOUT' || m.status === 'FAILED')
    return t(`reasons.${m.status === 'TIMEOUT' ? 'timeout' : 'failed'}`, { module: label(t, 'module', name) })
  if (m.source === 'CACHE' || m.source === 'FALLBACK') return t(`reasons.note.${m.source}`)
  return ''
}
