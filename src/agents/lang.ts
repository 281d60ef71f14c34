/**
 * The language of an agent's human-readable texts (reasons, outcomes, recommendations,
 * explanations, findings' messages): Czech or English. Codes, enum values and field names stay
 * English in both. Every agent accepts `lang` (defineAgent adds it to the input schema); the
 * gateway fills it from Accept-Language; the dispatcher hands it to the agent as `ctx.lang` and on
 * to nested calls. A text is written once with both languages side by side, `{ cs, en }`, so a
 * missing language is a type error (docs/adr/0003-agent-output-language.md).
 */
import { Type } from 'typebox'

const LANGS = ['cs', 'en'] as const
export type Lang = (typeof LANGS)[number]

/** The language used when neither the body nor Accept-Language names one we speak. */
export const DEFAULT_LANG: Lang = 'cs'

/** One text in both languages. */
export type Texts = { readonly [L in Lang]: string }

/** Picks the text in one language: `ctx.say({ cs: 'Zamítnuto', en: 'Declined' })`. */
export type Say = (texts: Texts) => string

export function sayIn(lang: Lang): Say {
  return (texts) => texts[lang]
}

/** The `lang` field every agent's input schema gets. */
export const LangSchema = Type.Optional(
  Type.Enum(LANGS, {
    description:
      'language of the human-readable texts (reasons, outcomes, recommendations); codes and field names stay English. Default: the Accept-Language header, then cs',
  }),
)

/**
 * The language an Accept-Language header asks for: the highest-q tag whose primary subtag is one
 * we speak (`cs`, `cs-CZ`, `en-GB`, `EN`); `*` and anything else fall through to the default.
 * Equal q keep the header's order (RFC 9110 § 12.5.4); q=0 means "not this one".
 */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG
  let best: Lang | undefined
  let bestQ = 0
  // Bounded: a header is at most a few hundred bytes, and we look at the first 32 entries only.
  for (const part of header.split(',', 32)) {
    const [tag = '', ...params] = part.split(';')
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (primary !== 'cs' && primary !== 'en') continue
    let q = 1
    for (const p of params) {
      const [k, v] = p.split('=')
      if (k?.trim().toLowerCase() === 'q') {
        const n = Number(v?.trim())
        q = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0
      }
    }
    if (q > bestQ) {
      best = primary
      bestQ = q
    }
  }
  return best ?? DEFAULT_LANG
}
