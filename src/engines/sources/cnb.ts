/**
 * ČNB daily exchange rates ("kurzy devizového trhu"), the rates Czech law points to for converting
 * EUR thresholds (zákon 253/2008 Sb.) and foreign-currency amounts. The public text file
 * `denni_kurz.txt?date=DD.MM.YYYY` has this documented layout (UTF-8):
 *
 *   20.11.2026 #224
 *   země|měna|množství|kód|kurz
 *   EMU|euro|1|EUR|24,330
 *
 * The first line is the date the rates were declared and their serial number in the year; for a
 * weekend or holiday ČNB answers with the last declared rates, so the header date may be earlier
 * than the one asked for. `množství` is the amount of foreign currency the CZK `kurz` is for
 * (100 for HUF, JPY …).
 */
import { type HttpClient, UpstreamError } from '../../kit/http.ts'

export const CNB_DAILY_PATH =
  '/cs/financni-trhy/devizovy-trh/kurzy-devizoveho-trhu/kurzy-devizoveho-trhu/denni_kurz.txt'

interface CnbRate {
  country: string
  currency: string
  /** Units of the foreign currency the rate is quoted for (1, 100 or 1000). */
  amount: number
  code: string
  /** CZK for `amount` units. */
  rate: number
}

export interface CnbRates {
  /** Date the rates were declared (YYYY-MM-DD). */
  date: string
  /** Serial number of the declaration in its year. */
  serial: number
  rates: CnbRate[]
}

export function parseCnbDaily(text: string, source = 'cnb'): CnbRates {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  const head = /^(\d{2})\.(\d{2})\.(\d{4})\s+#(\d+)$/.exec(lines[0] ?? '')
  if (!head) throw new UpstreamError(source, 'invalid_response', 'first line is not "DD.MM.YYYY #N"')
  const [, dd, mm, yyyy, serial] = head
  if (!/^země\|měna\|množství\|kód\|kurz$/i.test(lines[1] ?? '')) {
    throw new UpstreamError(source, 'invalid_response', 'second line is not the column header')
  }
  const rates: CnbRate[] = []
  for (const line of lines.slice(2)) {
    const parts = line.split('|')
    if (parts.length !== 5) throw new UpstreamError(source, 'invalid_response', `bad row "${line}"`)
    const [country, currency, amount, code, rate] = parts as [string, string, string, string, string]
    const value = Number(rate.replace(/\s/g, '').replace(',', '.'))
    const units = Number(amount)
    if (!/^[A-Z]{3}$/.test(code) || !Number.isFinite(value) || value <= 0 || !Number.isInteger(units)) {
      throw new UpstreamError(source, 'invalid_response', `bad row "${line}"`)
    }
    rates.push({ country, currency, amount: units, code, rate: value })
  }
  if (rates.length === 0) throw new UpstreamError(source, 'invalid_response', 'no rates in the file')
  return { date: `${yyyy}-${mm}-${dd}`, serial: Number(serial), rates }
}

export class CnbClient {
  readonly source = 'cnb'
  private readonly http: HttpClient

  constructor(http: HttpClient) {
    this.http = http
  }

  /** Rates valid on `date` (YYYY-MM-DD): ČNB answers with the last declaration on or before it. */
  async daily(date: string): Promise<CnbRates & { cached: boolean }> {
    const [y, m, d] = date.split('-')
    const result = await this.http.request<string>(CNB_DAILY_PATH, {
      query: { date: `${d}.${m}.${y}` },
      responseType: 'text',
      headers: { accept: 'text/plain' },
    })
    return { ...parseCnbDaily(result.data, this.source), cached: result.cached }
  }
}

/** CZK per one unit of `code` (CZK itself is 1). Undefined when ČNB does not quote the currency. */
export function czkPerUnit(rates: CnbRates, code: string): number | undefined {
  if (code === 'CZK') return 1
  const r = rates.rates.find((x) => x.code === code)
  return r ? r.rate / r.amount : undefined
}
