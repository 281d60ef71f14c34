/**
 * The Czech VAT register's public SOAP service (Ministerstvo financí, ADIS "Registr plátců DPH",
 * interface rozhraniCRPDPH): whether a VAT payer is unreliable ("nespolehlivý plátce", § 106a
 * zákona 235/2004 Sb.) and which bank accounts it has published (§ 96 and § 109 odst. 2 písm. c:
 * paying above 2 × the cash limit to an unpublished account makes the buyer liable for the VAT).
 *
 * Operation getStatusNespolehlivyPlatce, document/literal, namespace
 * http://adis.mfcr.cz/rozhraniCRPDPH/, up to 100 DIČ (digits only, no "CZ") per request. The answer:
 *   <StatusNespolehlivyPlatceResponse>
 *     <status odpovedGenerovana="2026-11-20" statusCode="0" statusText="OK"/>
 *     <statusPlatceDPH dic="27074358" nespolehlivyPlatce="NE|ANO|NENALEZEN"
 *                      datumZverejneniNespolehlivosti="…" cisloFu="…">
 *       <zverejneneUcty><ucet datumZverejneni="…">
 *         <standardniUcet predcisli="…" cislo="…" kodBanky="…"/> | <nestandardniUcet cislo="IBAN"/>
 *       </ucet></zverejneneUcty>
 *     </statusPlatceDPH>
 * statusCode: 0 OK, 1 too many DIČ, 2 maintenance window (00:00–00:10), 3 service unavailable.
 * The service is a POST, so answers are cached here (HttpClient caches GETs only).
 */
import { XMLParser } from 'fast-xml-parser'
import type { HttpClient } from '../../kit/http.ts'
import { UpstreamError } from '../../kit/http.ts'
import { cached, TtlCache } from './cache.ts'

const VAT_NS = 'http://adis.mfcr.cz/rozhraniCRPDPH/'
const MAX_DIC_PER_REQUEST = 100

interface PublishedAccount {
  /** "[prefix-]number/bank" for a Czech account, the IBAN for a non-standard one. */
  account: string
  kind: 'standard' | 'non_standard'
  published_since?: string
}

export interface VatPayerStatus {
  /** DIČ digits as the register echoes them (no "CZ"). */
  dic: string
  /** ANO = unreliable, NE = reliable payer, NENALEZEN = not in the register (not a VAT payer). */
  unreliable: 'ANO' | 'NE' | 'NENALEZEN'
  unreliable_since?: string
  tax_office?: string
  accounts: PublishedAccount[]
}

export interface VatRegisterAnswer {
  generated: string
  payers: VatPayerStatus[]
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => ['statusPlatceDPH', 'ucet'].includes(name),
})

type Attrs = Record<string, string | undefined>
interface RawAccount extends Attrs {}
interface RawUcet {
  datumZverejneni?: string
  standardniUcet?: RawAccount
  nestandardniUcet?: RawAccount
}
interface RawPayer extends Attrs {}

function envelope(dics: string[]): string {
  const items = dics.map((d) => `<roz:dic>${d.replace(/\D/g, '')}</roz:dic>`).join('')
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:roz="${VAT_NS}">` +
    `<soapenv:Body><roz:StatusNespolehlivyPlatceRequest>${items}</roz:StatusNespolehlivyPlatceRequest>` +
    '</soapenv:Body></soapenv:Envelope>'
  )
}

function parseVatStatus(xml: string, source = 'vat_register'): VatRegisterAnswer {
  let tree: { Envelope?: { Body?: Record<string, unknown> } }
  try {
    tree = parser.parse(xml)
  } catch {
    throw new UpstreamError(source, 'invalid_response', 'answered with invalid XML')
  }
  const body = tree.Envelope?.Body
  if (!body) throw new UpstreamError(source, 'invalid_response', 'no SOAP Body in the answer')
  const fault = body.Fault as { faultstring?: string } | undefined
  if (fault)
    throw new UpstreamError(source, 'invalid_response', `SOAP fault: ${fault.faultstring ?? 'unknown'}`)
  const response = body.StatusNespolehlivyPlatceResponse as
    | { status?: Attrs; statusPlatceDPH?: (RawPayer & { zverejneneUcty?: { ucet?: RawUcet[] } })[] }
    | undefined
  if (!response) throw new UpstreamError(source, 'invalid_response', 'no StatusNespolehlivyPlatceResponse')
  const code = Number(response.status?.statusCode ?? Number.NaN)
  if (code !== 0) {
    const text = response.status?.statusText ?? 'unknown status'
    throw new UpstreamError(source, 'status', `service status ${code}: ${text}`)
  }
  const payers = (response.statusPlatceDPH ?? []).map((p): VatPayerStatus => {
    const flag = p.nespolehlivyPlatce
    if (flag !== 'ANO' && flag !== 'NE' && flag !== 'NENALEZEN') {
      throw new UpstreamError(source, 'invalid_response', `unknown nespolehlivyPlatce "${flag}"`)
    }
    const accounts: PublishedAccount[] = []
    for (const u of p.zverejneneUcty?.ucet ?? []) {
      const since = u.datumZverejneni ? { published_since: u.datumZverejneni } : {}
      if (u.standardniUcet) {
        const a = u.standardniUcet
        const prefix = a.predcisli ? `${a.predcisli}-` : ''
        accounts.push({ account: `${prefix}${a.cislo}/${a.kodBanky}`, kind: 'standard', ...since })
      } else if (u.nestandardniUcet) {
        accounts.push({ account: String(u.nestandardniUcet.cislo), kind: 'non_standard', ...since })
      }
    }
    return {
      dic: String(p.dic ?? ''),
      unreliable: flag,
      ...(p.datumZverejneniNespolehlivosti ? { unreliable_since: p.datumZverejneniNespolehlivosti } : {}),
      ...(p.cisloFu ? { tax_office: p.cisloFu } : {}),
      accounts,
    }
  })
  return { generated: response.status?.odpovedGenerovana ?? '', payers }
}

export class VatRegisterClient {
  readonly source = 'vat_register'
  private readonly http: HttpClient
  private readonly endpoint: string
  private readonly cache: TtlCache<VatRegisterAnswer>

  /** `endpoint` is the full SOAP URL (VAT_REGISTER_URL). */
  constructor(http: HttpClient, endpoint: string, cacheTtlMs: number) {
    this.http = http
    this.endpoint = endpoint
    this.cache = new TtlCache(cacheTtlMs)
  }

  /** Status of up to 100 DIČ (with or without "CZ"). */
  async status(dics: string[]): Promise<VatRegisterAnswer & { cached: boolean }> {
    const digits = dics.map((d) => d.replace(/^CZ/i, '').replace(/\D/g, ''))
    if (digits.length === 0 || digits.length > MAX_DIC_PER_REQUEST) {
      throw new RangeError(`between 1 and ${MAX_DIC_PER_REQUEST} DIČ per request`)
    }
    const { value, cached: hit } = await cached(this.cache, digits.join(','), async () => {
      const result = await this.http.request<string>(this.endpoint, {
        method: 'POST',
        idempotent: true, // a SOAP query
        // Axis answers SOAP faults with HTTP 500: read them as answers so the fault text is kept.
        acceptStatus: [500],
        body: envelope(digits),
        responseType: 'text',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          accept: 'text/xml',
          soapaction: `${VAT_NS}getStatusNespolehlivyPlatce`,
        },
      })
      return parseVatStatus(result.data, this.source)
    })
    return { ...value, cached: hit }
  }
}
