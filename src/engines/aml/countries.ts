/**
 * Country names as the lists and users write them ("Russian Federation", "Iran (Islamic Republic
 * of)", "Korea, North", "Rusko", "CZ") to ISO 3166-1 alpha-2. English and Czech names come from
 * i18n-iso-countries; the spellings the sanctions lists use on top of those are listed here.
 */
import { createRequire } from 'node:module'
import countries from 'i18n-iso-countries'

const require = createRequire(import.meta.url)
countries.registerLocale(require('i18n-iso-countries/langs/en.json'))
countries.registerLocale(require('i18n-iso-countries/langs/cs.json'))

/** Wordings found in OFAC, UN and EU files that the ISO name tables do not carry. */
const EXTRA: Record<string, string> = {
  'iran islamic republic of': 'IR',
  'democratic peoples republic of korea': 'KP',
  'korea north': 'KP',
  'north korea': 'KP',
  'korea south': 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  burma: 'MM',
  'syrian arab republic': 'SY',
  'lao peoples democratic republic': 'LA',
  'viet nam': 'VN',
  'united republic of tanzania': 'TZ',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'congo democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'congo republic of the': 'CG',
  'republic of the congo': 'CG',
  'czech republic': 'CZ',
  czechoslovakia: 'CZ',
  'ceska republika': 'CZ',
  ussr: 'RU',
  'soviet union': 'RU',
  palestinian: 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  'gaza strip': 'PS',
  'occupied palestinian territory': 'PS',
  kosovo: 'XK',
  turkey: 'TR',
  turkiye: 'TR',
  'ivory coast': 'CI',
  'cote divoire': 'CI',
  'the bahamas': 'BS',
  'the gambia': 'GM',
  'united kingdom of great britain and northern ireland': 'GB',
  'great britain': 'GB',
  'united states of america': 'US',
  usa: 'US',
  'republic of moldova': 'MD',
  'moldova republic of': 'MD',
  'russia federation': 'RU',
  crimea: 'UA',
  'region of crimea': 'UA',
  'the former yugoslav republic of macedonia': 'MK',
  'british virgin islands': 'VG',
  'virgin islands british': 'VG',
  'bosnia and herzegovina': 'BA',
  'sudan south': 'SS',
  'south sudan': 'SS',
  'myanmar burma': 'MM',
  macau: 'MO',
  'hong kong': 'HK',
  taiwan: 'TW',
  'holy see': 'VA',
  'sint maarten': 'SX',
  'saint kitts and nevis': 'KN',
  'st kitts and nevis': 'KN',
  'saint vincent and the grenadines': 'VC',
  'trinidad and tobago': 'TT',
  'antigua and barbuda': 'AG',
  'sao tome and principe': 'ST',
  'united arab emirates': 'AE',
  uae: 'AE',
}

function key(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`.]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

let table: Map<string, string> | undefined

function lookup(): Map<string, string> {
  if (table) return table
  table = new Map()
  for (const lang of ['en', 'cs']) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const n of names as string[]) table.set(key(n), code)
    }
  }
  for (const [n, code] of Object.entries(EXTRA)) table.set(key(n), code)
  return table
}

/** ISO alpha-2 of a country code (alpha-2 or alpha-3) or name; undefined when unknown. */
export function toCountryCode(input: string | undefined | null): string | undefined {
  if (!input) return undefined
  const raw = input.trim()
  if (/^[A-Za-z]{2}$/.test(raw)) {
    const code = raw.toUpperCase()
    if (code === 'XK' || code === 'UK') return code === 'UK' ? 'GB' : code
    return countries.isValid(code) ? code : undefined
  }
  if (/^[A-Za-z]{3}$/.test(raw)) {
    const two = countries.alpha3ToAlpha2(raw.toUpperCase())
    if (two) return two
  }
  const k = key(raw)
  const found = lookup().get(k)
  if (found) return found
  // "Iran (Islamic Republic of)" → "Iran"; "Russia (as of 2019)" → "Russia".
  const bare = key(raw.replace(/\(.*?\)/g, ''))
  return lookup().get(bare)
}

/** English name of an ISO alpha-2 code ("RU" → "Russia"). */
export function countryName(code: string): string {
  if (code === 'XK') return 'Kosovo'
  return countries.getName(code, 'en', { select: 'official' }) ?? code
}
