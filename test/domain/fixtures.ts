/**
 * Listings for the domain service's tests: a small synthetic file in the Sreality format (made
 * here, so results are exact), and the shared demo file when it is present (CI has it).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { SHARED_DATA } from '../support/shared-data.ts'

export const SHARED_LISTINGS = resolve(SHARED_DATA, 'realestate/sreality_byty_prodej_20240412.csv')
export const REGISTRY_DIR = resolve(SHARED_DATA, 'registry')
export const haveSharedData = existsSync(SHARED_LISTINGS) && existsSync(resolve(REGISTRY_DIR, 'psc-list.csv'))
if (!haveSharedData && process.env.CI === 'true')
  throw new Error(`shared listing data missing at ${SHARED_LISTINGS} or ${REGISTRY_DIR}`)

const HEADER =
  ';code;name;category_main_cb;category_type_cb;category_sub_cb;rooms;size_meters;locality;latitude;longitude;price;timestamp'

export interface Row {
  code: string
  rooms: string
  sub?: string
  area: number | '-'
  locality: string
  lat: number
  lon: number
  price: number
  type?: number
}

export function csv(rows: Row[]): string {
  return `${[
    HEADER,
    ...rows.map((r, i) =>
      [
        i,
        r.code,
        `Prodej bytu ${r.rooms} ${r.area} m²`,
        1,
        r.type ?? 1,
        r.sub ?? '4',
        r.rooms,
        r.area === '-' ? '-' : r.area.toFixed(1),
        r.locality,
        r.lat,
        r.lon,
        r.price,
        '2024-04-12 22:34:45',
      ].join(';'),
    ),
  ].join('\n')}\n`
}

/** Twelve flats: eight in Prague-Smíchov, three in Brno, one price on request in Ostrava. */
export const SAMPLE: Row[] = [
  {
    code: '1001',
    rooms: '2+kk',
    area: 55,
    locality: 'praha-smichov-ostrovskeho',
    lat: 50.0713,
    lon: 14.4035,
    price: 8_800_000,
  },
  {
    code: '1002',
    rooms: '2+kk',
    area: 60,
    locality: 'praha-smichov-nadrazni',
    lat: 50.0701,
    lon: 14.4042,
    price: 9_300_000,
  },
  {
    code: '1003',
    rooms: '3+kk',
    area: 80,
    locality: 'praha-smichov-stroupeznickeho',
    lat: 50.0722,
    lon: 14.4021,
    price: 12_400_000,
  },
  {
    code: '1004',
    rooms: '1+kk',
    area: 32,
    locality: 'praha-smichov-plzenska',
    lat: 50.0709,
    lon: 14.4003,
    price: 5_600_000,
  },
  {
    code: '1005',
    rooms: '2+kk',
    area: 52,
    locality: 'praha-smichov-kartouzska',
    lat: 50.0731,
    lon: 14.4051,
    price: 8_100_000,
  },
  {
    code: '1006',
    rooms: '3+1',
    area: 90,
    locality: 'praha-smichov-zborovska',
    lat: 50.0745,
    lon: 14.4062,
    price: 13_200_000,
  },
  {
    code: '1007',
    rooms: '2+kk',
    area: 58,
    locality: 'praha-smichov-radlicka',
    lat: 50.0689,
    lon: 14.4011,
    price: 9_000_000,
  },
  {
    code: '1008',
    rooms: '2+kk',
    area: 57,
    locality: 'praha-smichov-holeckova',
    lat: 50.0718,
    lon: 14.3991,
    price: 5_200_000,
  },
  {
    code: '2001',
    rooms: '2+kk',
    area: 60,
    locality: 'brno-veveri-kounicova',
    lat: 49.2041,
    lon: 16.5972,
    price: 6_900_000,
  },
  {
    code: '2002',
    rooms: '3+1',
    area: 75,
    locality: 'brno-zabovresky-minska',
    lat: 49.2102,
    lon: 16.5811,
    price: 7_400_000,
  },
  {
    code: '2003',
    rooms: '-',
    sub: '5',
    area: 62,
    locality: 'brno-veveri-grohova',
    lat: 49.2028,
    lon: 16.5985,
    price: 6_500_000,
  },
  {
    code: '3001',
    rooms: '2+1',
    area: 54,
    locality: 'ostrava-poruba-hlavni-trida',
    lat: 49.8257,
    lon: 18.1697,
    price: 1,
  },
]
