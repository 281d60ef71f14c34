/**
 * Telephone numbers: parsing and E.164 formatting for any country through libphonenumber-js
 * (Google's metadata), Czech numbers (the closed 9-digit plan since 22 Sep 2002, no trunk 0)
 * classified in detail from data/reference/contact-phone-plan-cz.json: number type, historical
 * landline area and the operator a mobile block was first allocated to.
 */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import plan from '../../../data/reference/contact-phone-plan-cz.json' with { type: 'json' }

export const CZ_PLAN = plan

type PhoneType =
  | 'mobile'
  | 'landline'
  | 'toll_free'
  | 'shared_cost'
  | 'premium_rate'
  | 'voip'
  | 'personal'
  | 'pager'
  | 'uan'
  | 'voicemail'
  | 'mobile_or_landline'
  | 'unknown'

const LIB_TYPES: Record<string, PhoneType> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'mobile_or_landline',
  TOLL_FREE: 'toll_free',
  SHARED_COST: 'shared_cost',
  PREMIUM_RATE: 'premium_rate',
  VOIP: 'voip',
  PERSONAL_NUMBER: 'personal',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
}

export type PhoneParse =
  | {
      ok: true
      e164: string
      country: string | undefined
      country_calling_code: string
      national_number: string
      international: string
      national: string
      valid: boolean
      type: PhoneType
      extension?: string
    }
  | { ok: false; reason: string }

export function isCountry(code: string): boolean {
  return isSupportedCountry(code as CountryCode)
}

/** Parses a number as written ("602 123 456", "+420602123456", "00420 602 123 456"). */
export function parsePhone(input: string, defaultCountry = 'CZ'): PhoneParse {
  const raw = input.trim()
  if (!/\d/.test(raw)) return { ok: false, reason: 'contains no digits' }
  if (/[^\d\s()+./\-–extEXT#:;,]/.test(raw.replace(/(?:ext\.?|x|#)\s*\d+$/i, '')))
    return { ok: false, reason: 'contains characters that are not part of a telephone number' }
  // "00" is the international call prefix in Czechia and most of Europe.
  const normalised = raw.replace(/^00(?=[1-9])/, '+')
  const parsed = parsePhoneNumberFromString(normalised, defaultCountry as CountryCode)
  if (!parsed) return { ok: false, reason: 'is not a telephone number (too short, too long or no country)' }
  const libType = parsed.getType()
  const result: PhoneParse = {
    ok: true,
    e164: parsed.number,
    country: parsed.country,
    country_calling_code: parsed.countryCallingCode,
    national_number: parsed.nationalNumber,
    international: parsed.formatInternational(),
    national: parsed.formatNational(),
    valid: parsed.isValid(),
    type: libType ? (LIB_TYPES[libType] ?? 'unknown') : 'unknown',
  }
  if (parsed.ext) result.extension = parsed.ext
  return result
}

export interface CzechDetail {
  type: PhoneType
  area?: string
  region?: string
  original_operator?: string
  matched_prefix: string
}

function longest<T extends { prefix: string }>(list: T[], digits: string): T | undefined {
  let best: T | undefined
  for (const item of list)
    if (digits.startsWith(item.prefix) && (!best || item.prefix.length > best.prefix.length)) best = item
  return best
}

/** Type, area and original block holder of a Czech national number (9 digits). */
export function czechDetail(national: string): CzechDetail | undefined {
  if (!/^\d{9}$/.test(national)) return undefined
  const type = longest(plan.types, national)
  if (!type) return undefined
  const detail: CzechDetail = { type: type.type as PhoneType, matched_prefix: type.prefix }
  if (type.type === 'landline') {
    const area = longest(plan.landline_areas, national)
    if (area) {
      detail.area = area.area
      detail.region = area.region
      detail.matched_prefix = area.prefix
    }
  }
  if (type.type === 'mobile') {
    const block = longest(plan.mobile_blocks, national)
    if (block) {
      detail.original_operator = block.original_operator
      detail.matched_prefix = block.prefix
    }
  }
  return detail
}
