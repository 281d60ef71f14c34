/**
 * Where a property is: coordinates given by the caller, or its address geocoded by the data
 * service's `geocoder` agent (RÚIAN). A failed geocoder is reported as the failing source.
 */
import { Type } from 'typebox'
import { type Sale, saleListings } from '../../engines/realestate/comparables.ts'
import { AppError, errors } from '../../kit/errors.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

export const LocationFields = {
  latitude: Type.Optional(
    Type.Number({ minimum: 48.5, maximum: 51.1, description: 'WGS84, within Czechia' }),
  ),
  longitude: Type.Optional(Type.Number({ minimum: 12, maximum: 18.9, description: 'WGS84, within Czechia' })),
  address: Type.Optional(
    Type.String({ minLength: 3, maxLength: 300, description: 'geocoded when no coordinates are given' }),
  ),
}

export interface Located {
  point?: { lat: number; lon: number }
  source?: SourceStatus
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

export async function locate(
  input: { latitude?: number | undefined; longitude?: number | undefined; address?: string | undefined },
  ctx: AgentContext,
): Promise<Located> {
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    throw errors.invalid(
      input.latitude === undefined ? 'latitude' : 'longitude',
      'give both latitude and longitude',
    )
  }
  if (input.latitude !== undefined) return { point: { lat: input.latitude, lon: input.longitude! } }
  if (!input.address) throw errors.invalid('latitude', 'required (or an address to geocode)')
  try {
    // The geocoder answers {best: {lat, lon, …} | null, sources: [...]}; best is null when RÚIAN failed or found nothing.
    const raw = (await ctx.call('data', 'geocoder', { address: input.address })) as Record<string, unknown>
    const best = (raw.best ?? undefined) as Record<string, unknown> | undefined
    const lat = num(best?.lat)
    const lon = num(best?.lon)
    if (lat === undefined || lon === undefined) {
      const failed = Array.isArray(raw.sources)
        ? (raw.sources as { status?: string; error?: string }[]).find((x) => x.status === 'failed')
        : undefined
      return {
        source: {
          name: 'data/geocoder',
          status: 'failed',
          error: failed?.error ?? 'no position found for this address',
        },
      }
    }
    return { point: { lat, lon }, source: { name: 'data/geocoder', status: 'ok' } }
  } catch (error) {
    return {
      source: {
        name: 'data/geocoder',
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
      },
    }
  }
}

/** The sale listings, or a 501 that names the variable to set when the data file is missing. */
export function listings(file: string): Sale[] {
  try {
    return saleListings(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError(
        'not_configured',
        `Listing data not found at ${file}: set LISTINGS_FILE to the Sreality CSV`,
        {
          variable: 'LISTINGS_FILE',
        },
      )
    }
    throw error
  }
}
