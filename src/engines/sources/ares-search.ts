/**
 * ARES company search (REST v3), the part the registry client (engines/registries, lookup by IČO)
 * does not cover: `POST {base}/ekonomicke-subjekty/vyhledat` with a body such as
 * `{"obchodniJmeno": "…", "sidlo": {"kodObce": …}, "pravniForma": ["112"], "start": 0, "pocet": 10}`
 * → `{"pocetCelkem": N, "ekonomickeSubjekty": [EkonomickySubjekt …]}`. Errors come back as
 * `{"kod", "popis", "subKod"}` (e.g. kod VSTUP_NEDOSTATECNY when the query is too broad).
 * Searches are POSTs, so answers are cached here.
 */
import type { HttpClient } from '../../kit/http.ts'
import { UpstreamError } from '../../kit/http.ts'
import { cached, TtlCache } from './cache.ts'

export interface AresSearchQuery {
  name?: string
  /** ARES pravniForma codes. */
  legalForms?: string[]
  /** CZ-NACE codes the subjects must have. */
  nace?: string[]
  /** RÚIAN municipality code of the seat. */
  municipalityCode?: number
  start?: number
  count?: number
}

export interface AresSearchHit {
  ico: string
  name: string
  legal_form_code: string | null
  address: string | null
  established: string | null
  dissolved: string | null
  vat_id: string | null
  nace: string[]
}

interface RawSubject {
  ico?: string
  obchodniJmeno?: string
  pravniForma?: string
  sidlo?: { textovaAdresa?: string }
  datumVzniku?: string
  datumZaniku?: string
  dic?: string
  czNace?: string[]
}

export class AresSearchClient {
  readonly source = 'ares'
  private readonly http: HttpClient
  private readonly cache: TtlCache<{ total: number; hits: AresSearchHit[] }>

  constructor(http: HttpClient, cacheTtlMs: number) {
    this.http = http
    this.cache = new TtlCache(cacheTtlMs)
  }

  async search(q: AresSearchQuery): Promise<{ total: number; hits: AresSearchHit[]; cached: boolean }> {
    const body: Record<string, unknown> = { start: q.start ?? 0, pocet: q.count ?? 10 }
    if (q.name) body.obchodniJmeno = q.name
    if (q.legalForms?.length) body.pravniForma = q.legalForms
    if (q.nace?.length) body.czNace = q.nace
    if (q.municipalityCode !== undefined) body.sidlo = { kodObce: q.municipalityCode }
    const key = JSON.stringify(body)
    const { value, cached: hit } = await cached(this.cache, key, async () => {
      const res = await this.http.postJson<{
        pocetCelkem?: number
        ekonomickeSubjekty?: RawSubject[]
        kod?: string
        popis?: string
      }>('/ekonomicke-subjekty/vyhledat', body, { acceptStatus: [400], idempotent: true })
      if (res.status === 400) {
        throw new UpstreamError(
          this.source,
          'status',
          `rejected the query: ${res.data?.kod ?? ''} ${res.data?.popis ?? ''}`.trim(),
          400,
        )
      }
      if (typeof res.data?.pocetCelkem !== 'number') {
        throw new UpstreamError(this.source, 'invalid_response', 'answer lacks pocetCelkem')
      }
      return {
        total: res.data.pocetCelkem,
        hits: (res.data.ekonomickeSubjekty ?? []).map((s) => ({
          ico: String(s.ico ?? ''),
          name: String(s.obchodniJmeno ?? ''),
          legal_form_code: s.pravniForma ?? null,
          address: s.sidlo?.textovaAdresa ?? null,
          established: s.datumVzniku ?? null,
          dissolved: s.datumZaniku ?? null,
          vat_id: s.dic ?? null,
          nace: s.czNace ?? [],
        })),
      }
    })
    return { ...value, cached: hit }
  }
}
