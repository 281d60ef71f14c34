/**
 * ČÚZK's public RÚIAN geocoder (ArcGIS GeocodeSOE over the RÚIAN address register):
 *   GET {base}/findAddressCandidates?SingleLine=…&maxLocations=N&outSR=4326&f=json
 *   → {spatialReference:{wkid}, candidates:[{address, location:{x,y}, score, attributes:{Type, …}}]}
 * Candidates of Type "AdresniMisto" are RÚIAN address points; others are streets, parts of
 * municipalities or municipalities (coarser). outSR=4326 asks for WGS84 (x = longitude, y =
 * latitude); an answer in any other reference system is refused rather than misplaced.
 */
import type { HttpClient } from '../../kit/http.ts'
import { UpstreamError } from '../../kit/http.ts'

export interface GeocodeCandidate {
  address: string
  /** RÚIAN element the candidate is (AdresniMisto, Ulice, CastObce, Obec …). */
  type: string
  /** 0–100, the geocoder's own match score. */
  score: number
  lat: number
  lon: number
}

interface RawCandidate {
  address?: string
  score?: number
  location?: { x?: number; y?: number }
  attributes?: { Type?: string; Addr_type?: string }
}

export class RuianGeocoder {
  readonly source = 'ruian'
  private readonly http: HttpClient

  constructor(http: HttpClient) {
    this.http = http
  }

  async find(
    address: string,
    maxLocations = 5,
  ): Promise<{ candidates: GeocodeCandidate[]; cached: boolean }> {
    const result = await this.http.getJson<{
      spatialReference?: { wkid?: number; latestWkid?: number }
      candidates?: RawCandidate[]
      error?: { message?: string }
    }>('/findAddressCandidates', {
      query: { SingleLine: address, maxLocations, outSR: 4326, f: 'json' },
    })
    const data = result.data
    if (data.error)
      throw new UpstreamError(this.source, 'invalid_response', data.error.message ?? 'geocoder error')
    if (!Array.isArray(data.candidates))
      throw new UpstreamError(this.source, 'invalid_response', 'no candidates array')
    const wkid = data.spatialReference?.latestWkid ?? data.spatialReference?.wkid
    if (data.candidates.length > 0 && wkid !== 4326) {
      throw new UpstreamError(this.source, 'invalid_response', `coordinates in EPSG:${wkid}, not WGS84`)
    }
    const candidates = data.candidates.map((c): GeocodeCandidate => {
      const lon = Number(c.location?.x)
      const lat = Number(c.location?.y)
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
        throw new UpstreamError(this.source, 'invalid_response', 'candidate without coordinates')
      }
      return {
        address: String(c.address ?? ''),
        type: String(c.attributes?.Type ?? c.attributes?.Addr_type ?? 'unknown'),
        score: Number(c.score ?? 0),
        lat,
        lon,
      }
    })
    return { candidates, cached: result.cached }
  }
}
