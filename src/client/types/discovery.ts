/* Generated — do not edit: the discovery service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */

export interface Paths {
  '/': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': Index
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/.well-known/api-catalog': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"': {
              linkset: {}[]
            }
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/llms.txt': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/markdown': string
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/.well-known/security.txt': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/plain': string
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/healthz': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': Health
          }
        }
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/.well-known/capabilities.json': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': Capabilities
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/v1/search': {
    get: {
      parameters: {
        query: {
          /**
           * Search text, 2 to 160 characters.
           */
          q: string
          /**
           * Keep only these record types; repeat the parameter for several (`type=service&type=product`).
           */
          type?: ('service' | 'content' | 'product')[]
          /**
           * Results to return (default 10).
           */
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': SearchResponse
          }
        }
        304: {}
        400: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/v1/services': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': ServicesResponse
          }
        }
        304: {}
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/v1/content': {
    get: {
      parameters: {
        query?: {
          /**
           * Records to skip (default 0).
           */
          offset?: number
          /**
           * Page size (default 20).
           */
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': ContentListResponse
          }
        }
        304: {}
        400: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/v1/content/{id}': {
    get: {
      parameters: {
        path: {
          /**
           * Record id. An id that cannot match this pattern gets 404, like any unknown id.
           */
          id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': ContentItem
          }
        }
        304: {}
        404: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
        503: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/v1/inquiries/preview': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            name: string
            email: string
            organization?: string
            message: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': InquiryPreview
          }
        }
        400: {
          content: {
            'application/json': Error
          }
        }
        413: {
          content: {
            'application/json': Error
          }
        }
        415: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': Error
          }
        }
        500: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
}
export interface Index {
  name: string
  description: string
  api_version: string
  links: {
    [k: string]: string
  }
}
/**
 * The body of every 4xx and 5xx response.
 */
export interface Error {
  error: {
    /**
     * One of a closed list; the HTTP status follows from the code.
     */
    code:
      | 'invalid_request'
      | 'unauthorized'
      | 'forbidden'
      | 'not_found'
      | 'method_not_allowed'
      | 'conflict'
      | 'payload_too_large'
      | 'unsupported_media_type'
      | 'unprocessable'
      | 'rate_limited'
      | 'internal_error'
      | 'not_configured'
      | 'upstream_error'
      | 'service_unavailable'
      | 'upstream_timeout'
    /**
     * What went wrong and what to do next, for a person.
     */
    message: string
    /**
     * Machine-readable context: for invalid input `location` (query, path, body, header), `field` and `rule`.
     */
    details?: {
      [k: string]: unknown
    }
  }
  /**
   * Also sent as the X-Request-Id header.
   */
  request_id: string
}
export interface Health {
  status: 'ok'
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version: string
}
/**
 * What this service does and, explicitly, what it does not. Specific to this service.
 */
export interface Capabilities {
  service: string
  api_version: string
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version: string
  /**
   * Link to the OpenAPI description.
   */
  openapi: string
  implemented: {
    capability: string
    method: string
    endpoint: string
    description: string
    [k: string]: unknown
  }[]
  unavailable: {
    capability: string
    reason: string
    [k: string]: unknown
  }[]
  boundaries: {
    [k: string]: unknown
  }
  [k: string]: unknown
}
export interface SearchResponse {
  /**
   * The query as searched: NFC, trimmed, inner whitespace collapsed.
   */
  query: string
  /**
   * Number of records that matched, before `limit`; `results` holds the best `limit`.
   */
  count: number
  results: SearchResult[]
  source: 'curated_public_snapshot'
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version: string
}
export interface SearchResult {
  id: string
  title: string
  description: string
  canonical_url: string
  updated: string
  type: 'service' | 'content' | 'product'
  /**
   * round(BM25+ × 100), at least 1; higher is better.
   */
  score: number
}
export interface ServicesResponse {
  /**
   * Number of service guides (all are returned).
   */
  count: number
  services: PublicRecord[]
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version: string
}
export interface PublicRecord {
  id: string
  title: string
  description: string
  canonical_url: string
  updated: string
}
export interface ContentListResponse {
  /**
   * Total number of records in the snapshot (not the page size); `items` is the page.
   */
  count: number
  offset: number
  limit: number
  items: PublicRecord[]
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version: string
  minItems?: 0
}
export interface ContentItem {
  id: string
  title: string
  description: string
  canonical_url: string
  updated: string
  excerpt: string
  /**
   * Identifies the dataset (the snapshot file declares it).
   */
  data_version?: string
}
export interface InquiryPreview {
  preview_id: string
  normalized: {
    name: string
    email_masked: string
    organization: string | null
    message_preview: string
    message_characters: number
  }
  /**
   * @maxItems 0
   */
  side_effects_performed: []
  retained: false
  submitted: false
  confirmation_required: true
  submission_available: false
  notice: string
}
