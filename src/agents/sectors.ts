/**
 * The higher-risk sectors of data/reference/cdd-risk-factors.json (`high_risk_sectors`, keyed by
 * NACE code) in both languages; a code the table adds later is shown by the table's own words.
 */
import type { Texts } from './lang.ts'

const SECTORS: Record<string, Texts> = {
  '92': { cs: 'hazardní hry a sázení', en: 'gambling and betting' },
  '68': { cs: 'činnosti v oblasti nemovitostí', en: 'real estate activities' },
  '45.1': { cs: 'obchod s motorovými vozidly', en: 'sale of motor vehicles' },
  '47.77': { cs: 'maloobchod s hodinami, hodinkami a klenoty', en: 'retail sale of watches and jewellery' },
  '46.48': { cs: 'velkoobchod s hodinami, hodinkami a klenoty', en: 'wholesale of watches and jewellery' },
  '64.99': { cs: 'ostatní finanční činnosti', en: 'other financial service activities' },
  '77.11': { cs: 'pronájem automobilů', en: 'renting of cars' },
  '93.29': { cs: 'ostatní zábavní a rekreační činnosti', en: 'other amusement and recreation' },
}

export function sectorName(code: string, tableName: string): Texts {
  return SECTORS[code] ?? { cs: tableName, en: tableName }
}
