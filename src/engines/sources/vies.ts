/**
 * VIES, the European Commission's VAT number validation (REST API):
 *   GET {base}/ms/{countryCode}/vat/{vatNumber}
 *   → {isValid, requestDate, userError, name, address, requestIdentifier, vatNumber, …}
 * `userError` is VALID or INVALID for a real answer; anything else (MS_UNAVAILABLE, TIMEOUT,
 * SERVICE_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, GLOBAL_MAX_CONCURRENT_REQ, INVALID_INPUT) means the
 * member state's register did not answer, so it is a failure of the source, never "invalid".
 * Member states that do not disclose names answer "---".
 */
import type { HttpClient } from '../../kit/http.ts'
import { UpstreamError } from '../../kit/http.ts'

/** Member-state codes VIES accepts (Greece is EL, Northern Ireland XI). */
export const VIES_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
] as const

export interface ViesAnswer {
  country_code: string
  vat_number: string
  valid: boolean
  /** When VIES answered (ISO timestamp as it gives it). */
  request_date: string
  name: string | null
  address: string | null
  cached: boolean
}

interface RawVies {
  isValid?: boolean
  requestDate?: string
  userError?: string
  name?: string
  address?: string
  vatNumber?: string
}

export class ViesClient {
  readonly source = 'vies'
  private readonly http: HttpClient

  constructor(http: HttpClient) {
    this.http = http
  }

  async check(countryCode: string, vatNumber: string): Promise<ViesAnswer> {
    const result = await this.http.getJson<RawVies>(
      `/ms/${encodeURIComponent(countryCode)}/vat/${encodeURIComponent(vatNumber)}`,
    )
    const raw = result.data
    const verdict =
      raw.userError ?? (raw.isValid === undefined ? undefined : raw.isValid ? 'VALID' : 'INVALID')
    if (verdict !== 'VALID' && verdict !== 'INVALID') {
      throw new UpstreamError(
        this.source,
        'status',
        `member state register did not answer (${verdict ?? 'no verdict'})`,
      )
    }
    const clean = (v: string | undefined) => {
      const t = (v ?? '').trim()
      return t === '' || t === '---' ? null : t.replace(/\n+/g, ', ')
    }
    return {
      country_code: countryCode,
      vat_number: raw.vatNumber ?? vatNumber,
      valid: verdict === 'VALID',
      request_date: raw.requestDate ?? '',
      name: clean(raw.name),
      address: clean(raw.address),
      cached: result.cached,
    }
  }
}
