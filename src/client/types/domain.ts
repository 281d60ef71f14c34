/* Generated — do not edit: the domain service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */
import type { Error } from './common.ts'

export interface Paths {
  '/metrics': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/plain': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/health': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                status: 'ready'
                listings: number
                /**
                 * listings usable for valuation (sale, price, area)
                 */
                sales: number
                as_of: string
                /**
                 * null: too few sales to fit a model (valuations answer 503)
                 */
                model: {
                  fitted_on: number
                  held_out: number
                  features: number
                  trees: number
                  fit_ms: number
                  calibration: {
                    [k: string]: {
                      count: number
                      p10: number
                      p90: number
                      within10: number
                      within20: number
                      mdape: number
                    }
                  }
                } | null
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/reality/ads': {
    get: {
      parameters: {
        query?: {
          /**
           * municipality or its part, e.g. "Praha", "praha-smichov", "Brno"
           */
          locality?: string
          /**
           * kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"
           */
          region?: string
          /**
           * repeat for several
           *
           * @maxItems 12
           *
           * Items: room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition?: (
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
          )[]
          /**
           * CZK
           */
          price_min?: number
          /**
           * CZK
           */
          price_max?: number
          /**
           * usable floor area, m²
           */
          area_min?: number
          /**
           * usable floor area, m²
           */
          area_max?: number
          /**
           * minLon,minLat,maxLon,maxLat (WGS84 degrees)
           */
          bbox?: string
          /**
           * a leading "-" sorts descending; default price_per_m2
           */
          sort?:
            | 'price'
            | '-price'
            | 'area'
            | '-area'
            | 'price_per_m2'
            | '-price_per_m2'
            | 'scraped_at'
            | '-scraped_at'
          limit?: number
          offset?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * ads matching the filters, before limit/offset
                 */
                total: number
                limit: number
                offset: number
                items: {
                  code: string
                  title: string
                  disposition: string
                  area_m2: number | null
                  price: number | null
                  price_per_m2: number | null
                  latitude: number
                  longitude: number
                  locality: string
                  municipality: string | null
                  region: string | null
                  scraped_at: string
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/reality/stats': {
    get: {
      parameters: {
        query?: {
          /**
           * kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"
           */
          region?: string
          /**
           * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition?:
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * date of the newest listing
                 */
                as_of: string
                /**
                 * all listings held
                 */
                listings: number
                country: {
                  /**
                   * sale listings with a price and an area
                   */
                  count: number
                  median_price_per_m2: number
                  q1_price_per_m2: number
                  q3_price_per_m2: number
                  median_price: number
                  median_area_m2: number
                } | null
                regions: {
                  region: string
                  /**
                   * sale listings with a price and an area
                   */
                  count: number
                  median_price_per_m2: number
                  q1_price_per_m2: number
                  q3_price_per_m2: number
                  median_price: number
                  median_area_m2: number
                  dispositions: {
                    disposition: string
                    /**
                     * sale listings with a price and an area
                     */
                    count: number
                    median_price_per_m2: number
                    q1_price_per_m2: number
                    q3_price_per_m2: number
                    median_price: number
                    median_area_m2: number
                  }[]
                }[]
                /**
                 * sale listings whose kraj could not be resolved
                 */
                unplaced: number
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/estimate': {
    get: {
      parameters: {
        query: {
          /**
           * WGS84 degrees
           */
          latitude?: number
          /**
           * WGS84 degrees
           */
          longitude?: number
          /**
           * placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"
           */
          address?: string
          /**
           * usable floor area, m²
           */
          area_m2: number
          /**
           * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition:
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
          /**
           * an asking or agreed price to judge, CZK
           */
          property_value?: number
          /**
           * YYYY-MM-DD, not in the future; default today. The estimate is moved from the listings’ date to it with the ČSÚ flat-price index (see indexation)
           */
          valuation_date?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * CZK, rounded to thousands
                 */
                estimate: number
                range: {
                  low: number
                  high: number
                }
                /**
                 * the model's CZK/m²
                 */
                price_per_m2: number
                currency: 'CZK'
                method: string
                confidence: 'high' | 'medium' | 'low'
                /**
                 * the comparables used, nearest first (up to 10)
                 */
                comparables: {
                  code: string
                  distance_km: number
                  disposition: string
                  area_m2: number
                  price: number
                  price_per_m2: number
                  locality: string
                }[]
                comparables_found: number
                comparables_median_price_per_m2: number | null
                radius_km: number
                location: {
                  latitude: number
                  longitude: number
                  source: 'coordinates' | 'gazetteer'
                  /**
                   * what the address was matched to
                   */
                  matched?: string
                  /**
                   * part (of a municipality) or municipality
                   */
                  precision?: string
                }
                property_value?: {
                  price: number
                  /**
                   * price / estimate
                   */
                  ratio: number
                  /**
                   * well below, below, in line with, above, well above the estimate
                   */
                  verdict: string
                  explanation: string
                }
                data_as_of: string
                /**
                 * the date the estimate is moved to (YYYY-MM-DD)
                 */
                valuation_date: string
                /**
                 * how the estimate was moved from the listings’ date to the valuation date
                 */
                indexation: {
                  /**
                   * the series: ČSÚ index of flat prices (realised prices, 2010 = 100)
                   */
                  index: string
                  /**
                   * the series’ region (ČR: the national one)
                   */
                  region: string
                  /**
                   * the day the listings were read
                   */
                  listings_date: string
                  /**
                   * a calendar quarter, e.g. 2024-Q2
                   */
                  listings_quarter: string
                  valuation_date: string
                  /**
                   * a calendar quarter, e.g. 2024-Q2
                   */
                  valuation_quarter: string
                  /**
                   * the quarters whose values were used: the nearest on file when a date’s is missing
                   */
                  used: {
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    from: string
                    from_value: number
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    to: string
                    to_value: number
                  }
                  /**
                   * the quarters the series on file covers
                   */
                  covers: {
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    first: string
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    last: string
                  }
                  /**
                   * false when the series does not reach the listings’ or the valuation quarter (the factor is then partial, or 1)
                   */
                  reaches: boolean
                  /**
                   * to_value / from_value: what the listings-date estimate was multiplied by
                   */
                  factor: number
                  source: string
                }
                rules_applied: {
                  rule: string
                  /**
                   * ids of the register of law the rule rests on (data/reference/legal-basis.json)
                   */
                  basis?: string[]
                  source?: string
                  outcome?: string
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * WGS84 degrees
             */
            latitude?: number
            /**
             * WGS84 degrees
             */
            longitude?: number
            /**
             * placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"
             */
            address?: string
            /**
             * usable floor area, m²
             */
            area_m2: number
            /**
             * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
             */
            disposition:
              | '1+kk'
              | '1+1'
              | '2+kk'
              | '2+1'
              | '3+kk'
              | '3+1'
              | '4+kk'
              | '4+1'
              | '5+kk'
              | '5+1'
              | '6+'
              | 'atypické'
            /**
             * an asking or agreed price to judge, CZK
             */
            property_value?: number
            /**
             * YYYY-MM-DD, not in the future; default today. The estimate is moved from the listings’ date to it with the ČSÚ flat-price index (see indexation)
             */
            valuation_date?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * CZK, rounded to thousands
                 */
                estimate: number
                range: {
                  low: number
                  high: number
                }
                /**
                 * the model's CZK/m²
                 */
                price_per_m2: number
                currency: 'CZK'
                method: string
                confidence: 'high' | 'medium' | 'low'
                /**
                 * the comparables used, nearest first (up to 10)
                 */
                comparables: {
                  code: string
                  distance_km: number
                  disposition: string
                  area_m2: number
                  price: number
                  price_per_m2: number
                  locality: string
                }[]
                comparables_found: number
                comparables_median_price_per_m2: number | null
                radius_km: number
                location: {
                  latitude: number
                  longitude: number
                  source: 'coordinates' | 'gazetteer'
                  /**
                   * what the address was matched to
                   */
                  matched?: string
                  /**
                   * part (of a municipality) or municipality
                   */
                  precision?: string
                }
                property_value?: {
                  price: number
                  /**
                   * price / estimate
                   */
                  ratio: number
                  /**
                   * well below, below, in line with, above, well above the estimate
                   */
                  verdict: string
                  explanation: string
                }
                data_as_of: string
                /**
                 * the date the estimate is moved to (YYYY-MM-DD)
                 */
                valuation_date: string
                /**
                 * how the estimate was moved from the listings’ date to the valuation date
                 */
                indexation: {
                  /**
                   * the series: ČSÚ index of flat prices (realised prices, 2010 = 100)
                   */
                  index: string
                  /**
                   * the series’ region (ČR: the national one)
                   */
                  region: string
                  /**
                   * the day the listings were read
                   */
                  listings_date: string
                  /**
                   * a calendar quarter, e.g. 2024-Q2
                   */
                  listings_quarter: string
                  valuation_date: string
                  /**
                   * a calendar quarter, e.g. 2024-Q2
                   */
                  valuation_quarter: string
                  /**
                   * the quarters whose values were used: the nearest on file when a date’s is missing
                   */
                  used: {
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    from: string
                    from_value: number
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    to: string
                    to_value: number
                  }
                  /**
                   * the quarters the series on file covers
                   */
                  covers: {
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    first: string
                    /**
                     * a calendar quarter, e.g. 2024-Q2
                     */
                    last: string
                  }
                  /**
                   * false when the series does not reach the listings’ or the valuation quarter (the factor is then partial, or 1)
                   */
                  reaches: boolean
                  /**
                   * to_value / from_value: what the listings-date estimate was multiplied by
                   */
                  factor: number
                  source: string
                }
                rules_applied: {
                  rule: string
                  /**
                   * ids of the register of law the rule rests on (data/reference/legal-basis.json)
                   */
                  basis?: string[]
                  source?: string
                  outcome?: string
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/trends': {
    get: {
      parameters: {
        query?: {
          /**
           * kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"
           */
          region?: string
          /**
           * municipality or its part, e.g. "Brno" or "praha-smichov"
           */
          locality?: string
          /**
           * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition?:
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                area: {
                  region: string | null
                  locality: string | null
                  disposition: string | null
                }
                index: {
                  region: string
                  base: string
                  year: number
                  quarters: number[]
                  annual_average: number
                  change_since_2010_pct: number
                  change_q1_to_q4_pct: number
                  source: string
                  effective_from: string
                } | null
                asking: {
                  points: {
                    month: string
                    listings: number
                    median_price_per_m2: number
                  }[]
                  change_pct: number | null
                  listings: number
                }
                data_as_of: string
                rules_applied: {
                  rule: string
                  /**
                   * ids of the register of law the rule rests on (data/reference/legal-basis.json)
                   */
                  basis?: string[]
                  source?: string
                  outcome?: string
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/reality/opportunities': {
    get: {
      parameters: {
        query?: {
          /**
           * default: both
           */
          level?: 'HIGH' | 'MEDIUM'
          /**
           * kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"
           */
          region?: string
          limit?: number
          offset?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                thresholds: {
                  high_below: number
                  medium_below: number
                  source: string
                  effective_from: string
                }
                total: number
                items: {
                  code: string
                  level: string
                  disposition: string
                  area_m2: number
                  price: number
                  price_per_m2: number
                  estimate: number
                  estimate_per_m2: number
                  /**
                   * asking CZK/m² / estimated CZK/m²
                   */
                  ratio: number
                  local_median_per_m2: number | null
                  comparables: number
                  reason: string
                  locality: string
                  region: string | null
                  latitude: number
                  longitude: number
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/compare': {
    get: {
      parameters: {
        query: {
          /**
           * WGS84 degrees
           */
          latitude?: number
          /**
           * WGS84 degrees
           */
          longitude?: number
          /**
           * placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"
           */
          address?: string
          /**
           * usable floor area, m²
           */
          area_m2: number
          /**
           * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition:
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
          /**
           * an asking or agreed price to judge, CZK
           */
          property_value?: number
          /**
           * CZK
           */
          price: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                flats: {
                  index: number
                  price: number
                  price_per_m2: number
                  estimate: number
                  range: {
                    low: number
                    high: number
                  }
                  confidence: string
                  ratio: number
                  verdict: string
                  explanation: string
                  location: {
                    latitude: number
                    longitude: number
                    source: 'coordinates' | 'gazetteer'
                    /**
                     * what the address was matched to
                     */
                    matched?: string
                    /**
                     * part (of a municipality) or municipality
                     */
                    precision?: string
                  }
                }[]
                /**
                 * index of the flat priced lowest against its estimate
                 */
                best_value: number
                summary: string
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * @minItems 1
             * @maxItems 10
             */
            flats: [
              {
                /**
                 * WGS84 degrees
                 */
                latitude?: number
                /**
                 * WGS84 degrees
                 */
                longitude?: number
                /**
                 * placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"
                 */
                address?: string
                /**
                 * usable floor area, m²
                 */
                area_m2: number
                /**
                 * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
                 */
                disposition:
                  | '1+kk'
                  | '1+1'
                  | '2+kk'
                  | '2+1'
                  | '3+kk'
                  | '3+1'
                  | '4+kk'
                  | '4+1'
                  | '5+kk'
                  | '5+1'
                  | '6+'
                  | 'atypické'
                /**
                 * an asking or agreed price to judge, CZK
                 */
                property_value?: number
                /**
                 * CZK
                 */
                price: number
              },
              ...{
                /**
                 * WGS84 degrees
                 */
                latitude?: number
                /**
                 * WGS84 degrees
                 */
                longitude?: number
                /**
                 * placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"
                 */
                address?: string
                /**
                 * usable floor area, m²
                 */
                area_m2: number
                /**
                 * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
                 */
                disposition:
                  | '1+kk'
                  | '1+1'
                  | '2+kk'
                  | '2+1'
                  | '3+kk'
                  | '3+1'
                  | '4+kk'
                  | '4+1'
                  | '5+kk'
                  | '5+1'
                  | '6+'
                  | 'atypické'
                /**
                 * an asking or agreed price to judge, CZK
                 */
                property_value?: number
                /**
                 * CZK
                 */
                price: number
              }[],
            ]
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                flats: {
                  index: number
                  price: number
                  price_per_m2: number
                  estimate: number
                  range: {
                    low: number
                    high: number
                  }
                  confidence: string
                  ratio: number
                  verdict: string
                  explanation: string
                  location: {
                    latitude: number
                    longitude: number
                    source: 'coordinates' | 'gazetteer'
                    /**
                     * what the address was matched to
                     */
                    matched?: string
                    /**
                     * part (of a municipality) or municipality
                     */
                    precision?: string
                  }
                }[]
                /**
                 * index of the flat priced lowest against its estimate
                 */
                best_value: number
                summary: string
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/analyze': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * WGS84 degrees
             */
            latitude?: number
            /**
             * WGS84 degrees
             */
            longitude?: number
            /**
             * with latitude/longitude
             */
            radius_km?: number
            /**
             * municipality or its part, e.g. "Praha", "praha-smichov", "Brno"
             */
            locality?: string
            /**
             * minLon,minLat,maxLon,maxLat (WGS84 degrees)
             */
            bbox?: string
            /**
             * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
             */
            disposition?:
              | '1+kk'
              | '1+1'
              | '2+kk'
              | '2+1'
              | '3+kk'
              | '3+1'
              | '4+kk'
              | '4+1'
              | '5+kk'
              | '5+1'
              | '6+'
              | 'atypické'
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * the area analysed, in words
                 */
                area: string
                stats: {
                  /**
                   * sale listings with a price and an area
                   */
                  count: number
                  median_price_per_m2: number
                  q1_price_per_m2: number
                  q3_price_per_m2: number
                  median_price: number
                  median_area_m2: number
                } | null
                by_disposition: {
                  disposition: string
                  /**
                   * sale listings with a price and an area
                   */
                  count: number
                  median_price_per_m2: number
                  q1_price_per_m2: number
                  q3_price_per_m2: number
                  median_price: number
                  median_area_m2: number
                }[]
                region: {
                  name: string
                  stats: {
                    /**
                     * sale listings with a price and an area
                     */
                    count: number
                    median_price_per_m2: number
                    q1_price_per_m2: number
                    q3_price_per_m2: number
                    median_price: number
                    median_area_m2: number
                  } | null
                  area_vs_region: number | null
                } | null
                country: {
                  stats: {
                    /**
                     * sale listings with a price and an area
                     */
                    count: number
                    median_price_per_m2: number
                    q1_price_per_m2: number
                    q3_price_per_m2: number
                    median_price: number
                    median_area_m2: number
                  } | null
                  area_vs_country: number | null
                }
                as_of: string
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/qr/payment': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * the payee’s IBAN (spaces allowed); or `account`
             */
            iban?: string
            /**
             * the payee’s Czech account "[prefix-]number/bank", e.g. 19-2000145399/0800; or `iban`
             */
            account?: string
            /**
             * in `currency`, at most two decimals
             */
            amount: number
            /**
             * a currency of ISO 4217 a payment can be made in (not the no-currency or testing codes, metals or funds)
             */
            currency?: string
            /**
             * variabilní symbol: 1 to 10 digits
             */
            vs?: string
            /**
             * specifický symbol: 1 to 10 digits
             */
            ss?: string
            /**
             * konstantní symbol: 1 to 10 digits
             */
            ks?: string
            /**
             * message for the payee (SPAYD MSG, ≤ 60 characters, an emoji is one; line breaks become spaces; no other control or bidirectional characters)
             */
            message?: string
            /**
             * YYYY-MM-DD
             */
            due_date?: string
            /**
             * payee’s name (SPAYD RN, ≤ 35 characters, an emoji is one)
             */
            recipient?: string
            /**
             * ask for an instant payment (SPAYD PT:IP)
             */
            instant?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * the SPAYD 1.0 string the QR code holds
                 */
                spayd: string
                iban: string
                account: string | null
                bank: {
                  code: string
                  name: string
                } | null
                /**
                 * as in the SPAYD string, two decimals
                 */
                amount: string
                currency: string
                qr: {
                  /**
                   * PNG image, base64
                   */
                  png: string
                  /**
                   * SVG image
                   */
                  svg: string
                  error_correction: 'M'
                }
                rules_applied: {
                  rule: string
                  /**
                   * ids of the register of law the rule rests on (data/reference/legal-basis.json)
                   */
                  basis?: string[]
                  source?: string
                  outcome?: string
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/vs/next': {
    get: {
      parameters: {
        query?: {
          /**
           * a named series (e.g. invoices, deposits); each counts from 1 on its own
           */
          series?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * the variable symbol: 1–10 digits, no leading zero
                 */
                vs: string
                series: string
                issued_at: string
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        401: {
          content: {
            'application/json': Error
          }
        }
        403: {
          content: {
            'application/json': Error
          }
        }
        409: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/layers': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                layers: {
                  name: 'listings' | 'opportunities' | 'municipalities' | 'contacts' | 'companies'
                  title: string
                  /**
                   * points the layer has: what its clusters add up to
                   */
                  count: number
                  /**
                   * the properties of the layer's point features
                   */
                  fields: string[]
                  /**
                   * where the points come from
                   */
                  source: string
                  note: string | null
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/dots': {
    get: {
      parameters: {
        query: {
          /**
           * which layer (see /api/layers)
           */
          layer: 'listings' | 'opportunities' | 'municipalities' | 'contacts' | 'companies'
          /**
           * minLon,minLat,maxLon,maxLat (WGS84 degrees)
           */
          bbox: string
          /**
           * map zoom (512 px tiles, as MapLibre); from 17 no point is clustered
           */
          zoom: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                type: 'FeatureCollection'
                features: {
                  type: 'Feature'
                  /**
                   * a point's id (listing code, RÚIAN municipality code) or a cluster's cluster_id
                   */
                  id: string | number
                  geometry: {
                    type: 'Point'
                    /**
                     * [longitude, latitude], WGS84 degrees
                     *
                     * @minItems 2
                     * @maxItems 2
                     */
                    coordinates: [number, number]
                  }
                  /**
                   * a point: the layer's fields (see /api/layers); a cluster: cluster (true), cluster_id, point_count, point_count_abbreviated and expansion_zoom (the zoom at which it splits)
                   */
                  properties: {
                    [k: string]: unknown
                  }
                }[]
                layer: 'listings' | 'opportunities' | 'municipalities' | 'contacts' | 'companies'
                zoom: number
                /**
                 * layer points in the box: the clusters' point_count plus one per lone point
                 */
                points: number
                /**
                 * features that are clusters
                 */
                clusters: number
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/search': {
    get: {
      parameters: {
        query: {
          /**
           * a municipality, part, street, contact or company; diacritics and case do not matter ("Plzen", "brno")
           */
          q: string
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                query: string
                /**
                 * places matching, before limit
                 */
                total: number
                items: {
                  kind: 'municipality' | 'locality' | 'street'
                  name: string
                  municipality: string
                  part: string | null
                  /**
                   * okres
                   */
                  district: string
                  /**
                   * kraj
                   */
                  region: string
                  /**
                   * slug prefix of its listings, for /api/reality/ads?locality=
                   */
                  locality: string
                  listings: number
                  latitude: number | null
                  longitude: number | null
                }[]
                /**
                 * people and companies of the contacts table whose name, company, IČO, e-mail or phone matches (as /api/contacts/search)
                 */
                contacts: {
                  /**
                   * people and companies matching, before limit
                   */
                  total: number
                  items: Contact[]
                }
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/stats': {
    get: {
      parameters: {
        query?: {
          /**
           * room layout: 1+kk, 1+1, 2+kk, 2+1, 3+kk, 3+1, 4+kk, 4+1, 5+kk, 5+1, 6+, atypické
           */
          disposition?:
            | '1+kk'
            | '1+1'
            | '2+kk'
            | '2+1'
            | '3+kk'
            | '3+1'
            | '4+kk'
            | '4+1'
            | '5+kk'
            | '5+1'
            | '6+'
            | 'atypické'
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * date of the newest listing
                 */
                as_of: string
                disposition: string | null
                country: {
                  /**
                   * listings held (sales, price on request, other categories)
                   */
                  listings: number
                  /**
                   * sale listings with a plausible price and area: what the figures are of
                   */
                  sales: number
                  price: {
                    mean: number
                    median: number
                    p25: number
                    p75: number
                  } | null
                  price_per_m2: {
                    mean: number
                    median: number
                    p25: number
                    p75: number
                  } | null
                }
                regions: {
                  /**
                   * kraj
                   */
                  region: string
                  /**
                   * municipalities of the kraj in the gazetteer
                   */
                  municipalities: number
                  /**
                   * listings held (sales, price on request, other categories)
                   */
                  listings: number
                  /**
                   * sale listings with a plausible price and area: what the figures are of
                   */
                  sales: number
                  price: {
                    mean: number
                    median: number
                    p25: number
                    p75: number
                  } | null
                  price_per_m2: {
                    mean: number
                    median: number
                    p25: number
                    p75: number
                  } | null
                }[]
                /**
                 * listings whose kraj could not be resolved
                 */
                unplaced: number
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/contacts': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * person or company; when left out, a record without a personal name, or whose name carries a legal form (s.r.o., a.s. …), is a company
             */
            kind?: 'person' | 'company'
            /**
             * the person’s name (titles allowed) or the company’s name
             */
            name?: string
            /**
             * the company a person works for, or the company itself when there is no name
             */
            company?: string
            /**
             * IČO, 8 digits with the mod-11 check digit (shorter forms are padded with zeros)
             */
            ico?: string
            /**
             * e-mail address (RFC 5321/5322 syntax; IDN domains allowed)
             */
            email?: string
            /**
             * telephone number as written; without a country code it is Czech; stored in E.164
             */
            phone?: string
            /**
             * postal address as one line
             */
            address?: string
            /**
             * WGS84 degrees
             */
            latitude?: number
            /**
             * WGS84 degrees
             */
            longitude?: number
            /**
             * up to 1000 contacts saved together (all or none); give either this or the fields of one contact
             *
             * @minItems 1
             * @maxItems 1000
             */
            contacts?: [
              {
                /**
                 * person or company; when left out, a record without a personal name, or whose name carries a legal form (s.r.o., a.s. …), is a company
                 */
                kind?: 'person' | 'company'
                /**
                 * the person’s name (titles allowed) or the company’s name
                 */
                name?: string
                /**
                 * the company a person works for, or the company itself when there is no name
                 */
                company?: string
                /**
                 * IČO, 8 digits with the mod-11 check digit (shorter forms are padded with zeros)
                 */
                ico?: string
                /**
                 * e-mail address (RFC 5321/5322 syntax; IDN domains allowed)
                 */
                email?: string
                /**
                 * telephone number as written; without a country code it is Czech; stored in E.164
                 */
                phone?: string
                /**
                 * postal address as one line
                 */
                address?: string
                /**
                 * WGS84 degrees
                 */
                latitude?: number
                /**
                 * WGS84 degrees
                 */
                longitude?: number
              },
              ...{
                /**
                 * person or company; when left out, a record without a personal name, or whose name carries a legal form (s.r.o., a.s. …), is a company
                 */
                kind?: 'person' | 'company'
                /**
                 * the person’s name (titles allowed) or the company’s name
                 */
                name?: string
                /**
                 * the company a person works for, or the company itself when there is no name
                 */
                company?: string
                /**
                 * IČO, 8 digits with the mod-11 check digit (shorter forms are padded with zeros)
                 */
                ico?: string
                /**
                 * e-mail address (RFC 5321/5322 syntax; IDN domains allowed)
                 */
                email?: string
                /**
                 * telephone number as written; without a country code it is Czech; stored in E.164
                 */
                phone?: string
                /**
                 * postal address as one line
                 */
                address?: string
                /**
                 * WGS84 degrees
                 */
                latitude?: number
                /**
                 * WGS84 degrees
                 */
                longitude?: number
              }[],
            ]
            /**
             * where the contacts come from (kept with new rows); default "api"
             */
            source?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                received: number
                /**
                 * new contacts
                 */
                added: number
                /**
                 * records that matched a contact and added to it (or joined two)
                 */
                merged: number
                /**
                 * records a contact already held entirely
                 */
                unchanged: number
                /**
                 * per record, in order: the contact it is now part of
                 */
                items: {
                  status: 'added' | 'merged' | 'unchanged'
                  contact: Contact
                }[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        401: {
          content: {
            'application/json': Error
          }
        }
        403: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    get: {
      parameters: {
        query?: {
          /**
           * minLon,minLat,maxLon,maxLat (WGS84 degrees)
           */
          bbox?: string
          limit?: number
          offset?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * all matches, not only this page
                 */
                total: number
                limit: number
                offset: number
                items: Contact[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/contacts/search': {
    get: {
      parameters: {
        query: {
          /**
           * words of a name, company, IČO, e-mail or phone number; diacritics and case aside
           */
          query: string
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                query: string
                /**
                 * all matches, not only those answered
                 */
                total: number
                items: Contact[]
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/chat': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * the question, e.g. "What does a 2+kk cost per m² in Brno-střed?"
             */
            message: string
            /**
             * continue this conversation (from an earlier answer)
             */
            conversation_id?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                conversation_id: string
                answer: string
                /**
                 * true when every number of the answer is a numeric value of the cited tool results, of the unit written with it, or a rounding of one within 5 %
                 */
                grounded: boolean
                /**
                 * numbers of the answer found in no tool result, as written
                 */
                ungrounded_numbers: string[]
                citations: {
                  /**
                   * round of the tool-calling loop (1-based)
                   */
                  round: number
                  /**
                   * listing_price_stats, search_listings, opportunities or estimate_value
                   */
                  tool: string
                  /**
                   * as the model gave them
                   */
                  arguments: {
                    [k: string]: unknown
                  }
                  /**
                   * false when the call was refused; result then holds {error}
                   */
                  ok: boolean
                  /**
                   * what the tool returned, exactly as the model was shown it
                   */
                  result: {
                    [k: string]: unknown
                  }
                }[]
                /**
                 * calls made to the language model
                 */
                rounds: number
                model: string
                usage: {
                  prompt_tokens: number
                  completion_tokens: number
                  total_tokens: number
                }
                /**
                 * earlier messages of the conversation sent with it
                 */
                history_messages: number
                /**
                 * date of the listings the tools read
                 */
                data_as_of: string
              }
              meta: {
                request_id: string
                /**
                 * Milliseconds since the request arrived.
                 */
                processing_time_ms: number
              }
            }
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        404: {
          content: {
            'application/json': Error
          }
        }
        502: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
        504: {
          content: {
            'application/json': Error
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
}
export interface Contact {
  id: string
  kind: 'person' | 'company'
  name: string
  company: string | null
  ico: string | null
  email: string | null
  phone: string | null
  /**
   * every address merged into this contact
   */
  emails: string[]
  /**
   * every number merged into this contact, E.164
   */
  phones: string[]
  address: string | null
  latitude: number | null
  longitude: number | null
  /**
   * where the contact first came from (file name, or the POST’s source)
   */
  source: string
  created_at: string
  updated_at: string
}
