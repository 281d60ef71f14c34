/**
 * Clients of the public sources the data and AML agents read beyond ARES and ISIR (those live in
 * engines/registries): ČNB exchange rates, the VAT register, VIES, the RÚIAN geocoder, the
 * cadastre's parcel WFS. Each is a real client with a timeout, retries and a cache; every
 * failure is an UpstreamError naming the source. Local files (gazetteer, listings) are read from
 * disk once. (DNS lookups live in engines/contacts/dns.ts; reference tables in engines/reference.)
 */
import { HttpClient } from '../../kit/http.ts'
import { AresSearchClient } from './ares-search.ts'
import { CadastreClient } from './cadastre.ts'
import { CnbClient } from './cnb.ts'
import { RuianGeocoder } from './ruian.ts'
import { VatRegisterClient } from './vat-register.ts'
import { ViesClient } from './vies.ts'

export { AresSearchClient } from './ares-search.ts'
export type { CadastralArea } from './cadastre.ts'
export type { CnbRates } from './cnb.ts'
export { czkPerUnit, parseCnbDaily } from './cnb.ts'
export type { Gazetteer, Place } from './gazetteer.ts'
export { loadGazetteer } from './gazetteer.ts'
export { loadListings } from './listings.ts'
export { fold } from './text.ts'
export type { VatPayerStatus } from './vat-register.ts'
export { VatRegisterClient } from './vat-register.ts'
export { VIES_COUNTRIES } from './vies.ts'

/** The real public endpoints (the defaults of the *_URL variables). */
export const PUBLIC_ENDPOINTS = {
  cnb: 'https://www.cnb.cz',
  vatRegister: 'https://adisrws.mfcr.cz/dpr/axis2/services/rozhraniCRPDPH.rozhraniCRPDPHSOAP',
  vies: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
  ruian:
    'https://ags.cuzk.gov.cz/arcgis/rest/services/RUIAN/Vyhledavaci_sluzba_nad_daty_RUIAN/MapServer/exts/GeocodeSOE',
  cadastre: 'https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp',
  ares: 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest',
} as const

export interface SourceSettings {
  cnbBaseUrl: string
  vatRegisterUrl: string
  viesBaseUrl: string
  ruianBaseUrl: string
  cadastreWfsUrl: string
  aresBaseUrl: string
  /** Per attempt, milliseconds. */
  timeoutMs: number
  retries: number
  /** How long answers are reused, milliseconds (0 = never). */
  cacheTtlMs: number
  backoffMs?: number
  fetch?: typeof fetch
}

export interface Sources {
  cnb: CnbClient
  vatRegister: VatRegisterClient
  vies: ViesClient
  ruian: RuianGeocoder
  cadastre: CadastreClient
  aresSearch: AresSearchClient
}

export function createSources(s: SourceSettings): Sources {
  const http = (source: string, baseUrl: string, cacheTtlMs = s.cacheTtlMs) =>
    new HttpClient({
      source,
      baseUrl,
      timeoutMs: s.timeoutMs,
      retries: s.retries,
      cacheTtlMs,
      ...(s.backoffMs !== undefined ? { backoffMs: s.backoffMs } : {}),
      ...(s.fetch ? { fetch: s.fetch } : {}),
    })
  return {
    cnb: new CnbClient(http('cnb', s.cnbBaseUrl)),
    vatRegister: new VatRegisterClient(
      http('vat_register', s.vatRegisterUrl, 0),
      s.vatRegisterUrl,
      s.cacheTtlMs,
    ),
    // VIES answers are evidence at a moment (the request date): never reuse them for long.
    vies: new ViesClient(http('vies', s.viesBaseUrl, Math.min(s.cacheTtlMs, 10 * 60_000))),
    ruian: new RuianGeocoder(http('ruian', s.ruianBaseUrl)),
    cadastre: new CadastreClient(http('cadastre', s.cadastreWfsUrl), s.cadastreWfsUrl),
    aresSearch: new AresSearchClient(http('ares', s.aresBaseUrl, 0), s.cacheTtlMs),
  }
}
