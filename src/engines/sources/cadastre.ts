/**
 * The Czech cadastre's public INSPIRE Cadastral Parcels WFS 2.0 (ČÚZK, free, no key):
 *   GetFeature&STOREDQUERY_ID=GetParcel&UPPER_ZONING_ID=<KÚ code>&TEXT=<parcel number>
 *   GetFeature&STOREDQUERY_ID=GetZoningByName&ZONING_NAME=<KÚ name>
 * answered in GML 3.2: wfs:FeatureCollection(numberMatched, numberReturned) > wfs:member >
 * CP:CadastralParcel (CP:areaValue in m², CP:label = parcel number, CP:nationalCadastralReference,
 * CP:zoning xlink:href=".../CZ.<KÚ code>" xlink:title=<KÚ name>, CP:referencePoint,
 * CP:beginLifespanVersion = when this state of the parcel took effect). Owners and encumbrances
 * (LV parts A–E) are not public in this service: they come from the paid Nahlížení/API KN.
 */
import { XMLParser } from 'fast-xml-parser'
import type { HttpClient } from '../../kit/http.ts'
import { UpstreamError } from '../../kit/http.ts'

export interface Parcel {
  /** Parcel number as the cadastre writes it ("1234/5", "st. 56" for building plots). */
  label: string
  national_reference: string
  cadastral_area_code: string
  cadastral_area_name: string | null
  area_m2: number | null
  valid_since: string | null
  reference_point: { lat: number; lon: number } | null
}

export interface CadastralArea {
  code: string
  name: string
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => name === 'member',
})

type Node = Record<string, unknown>
const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null
  if (typeof v === 'object') return text((v as Node)['#text'])
  const s = String(v).trim()
  return s === '' ? null : s
}

function parse(xml: string, source: string): Node[] {
  let tree: Node
  try {
    tree = parser.parse(xml)
  } catch {
    throw new UpstreamError(source, 'invalid_response', 'answered with invalid XML')
  }
  const report = tree.ExceptionReport as Node | undefined
  if (report) {
    const ex = report.Exception as Node | undefined
    throw new UpstreamError(
      source,
      'invalid_response',
      `WFS exception: ${text(ex?.ExceptionText) ?? 'unknown'}`,
    )
  }
  const fc = tree.FeatureCollection as Node | undefined
  if (!fc) throw new UpstreamError(source, 'invalid_response', 'no wfs:FeatureCollection in the answer')
  return ((fc.member as Node[] | undefined) ?? []).filter((m) => typeof m === 'object')
}

function parseParcels(xml: string, source = 'cadastre'): Parcel[] {
  return parse(xml, source)
    .map((m) => m.CadastralParcel as Node | undefined)
    .filter((p): p is Node => !!p)
    .map((p) => {
      const zoning = (p.zoning ?? {}) as Node
      const href = String(zoning['@href'] ?? '')
      const ref = text(p.nationalCadastralReference) ?? ''
      const code = /(\d{6})\s*$/.exec(href)?.[1] ?? /^(\d{6})/.exec(ref)?.[1] ?? ''
      const area = text(p.areaValue)
      const pos = text(((p.referencePoint as Node | undefined)?.Point as Node | undefined)?.pos)
      const [lat, lon] = (pos ?? '').split(/\s+/).map(Number)
      return {
        label: text(p.label) ?? '',
        national_reference: ref,
        cadastral_area_code: code,
        cadastral_area_name: text(zoning['@title']),
        area_m2: area === null ? null : Number(area),
        valid_since: text(p.beginLifespanVersion)?.slice(0, 10) ?? null,
        reference_point:
          lat !== undefined && lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon)
            ? { lat, lon }
            : null,
      }
    })
}

function parseZonings(xml: string, source = 'cadastre'): CadastralArea[] {
  return parse(xml, source)
    .map((m) => m.CadastralZoning as Node | undefined)
    .filter((z): z is Node => !!z)
    .map((z) => {
      const id = String(z['@id'] ?? '')
      const code = /(\d{6})$/.exec(id)?.[1] ?? text(z.nationalCadastalZoningReference) ?? ''
      const names = z.name as Node | undefined
      const name =
        text(z.label) ??
        text(((names?.GeographicalName as Node | undefined)?.spelling as Node | undefined)?.SpellingOfName) ??
        ''
      return { code, name }
    })
}

export class CadastreClient {
  readonly source = 'cadastre'
  private readonly http: HttpClient
  private readonly endpoint: string

  /** `endpoint` is the full WFS URL (CADASTRE_WFS_URL). */
  constructor(http: HttpClient, endpoint: string) {
    this.http = http
    this.endpoint = endpoint
  }

  private async get(query: Record<string, string>): Promise<{ xml: string; cached: boolean }> {
    const result = await this.http.request<string>(this.endpoint, {
      query: { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', ...query },
      responseType: 'text',
      headers: { accept: 'application/xml, text/xml' },
    })
    return { xml: result.data, cached: result.cached }
  }

  async parcel(areaCode: string, number: string): Promise<{ parcels: Parcel[]; cached: boolean }> {
    const { xml, cached } = await this.get({
      STOREDQUERY_ID: 'GetParcel',
      UPPER_ZONING_ID: areaCode,
      TEXT: number,
      SRSNAME: 'urn:ogc:def:crs:EPSG::4326',
    })
    return { parcels: parseParcels(xml, this.source), cached }
  }

  async areasByName(name: string): Promise<{ areas: CadastralArea[]; cached: boolean }> {
    const { xml, cached } = await this.get({ STOREDQUERY_ID: 'GetZoningByName', ZONING_NAME: name })
    return { areas: parseZonings(xml, this.source), cached }
  }
}
