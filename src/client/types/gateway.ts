/* Generated — do not edit: the gateway service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */

export interface Paths {
  '/': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              name: string
              version: string
              description: string
              agents: number
              services: number
              /**
               * in-process, or forwarding to AGENTS_URL
               */
              mode: string
              authentication: {
                [k: string]: unknown
              }
              links: {
                [k: string]: string
              }
            }
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
              status: 'ok' | 'degraded' | 'down'
              checked_at: string
              services: {
                [k: string]: {
                  status: 'up' | 'down'
                  required: boolean
                  latency_ms: number
                  error?: string
                  [k: string]: unknown
                }
              }
            }
          }
        }
        503: {
          content: {
            'application/json': {
              status: 'ok' | 'degraded' | 'down'
              checked_at: string
              services: {
                [k: string]: {
                  status: 'up' | 'down'
                  required: boolean
                  latency_ms: number
                  error?: string
                  [k: string]: unknown
                }
              }
            }
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
  '/api/services': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              count: number
              total_agents: number
              services: {
                name: string
                /**
                 * Number of agents
                 */
                agents: number
                agent_names: string[]
                /**
                 * Call as POST {path}/{agent}
                 */
                path: string
              }[]
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
        404: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': {
              error: 'Rate limit exceeded'
              code: 'rate_limited'
              request_id: string
              /**
               * The limit that was reached
               */
              limit: number
              window: '1 minute' | '1 day'
              retry_after_seconds: number
              [k: string]: unknown
            }
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
  '/api/agents': {
    get: {
      parameters: {
        query?: {
          service?:
            | 'banking'
            | 'legal-aml'
            | 'real-estate'
            | 'insurance'
            | 'compliance'
            | 'risk'
            | 'aml'
            | 'legal'
            | 'data'
            | 'contact'
            | 'orchestrator'
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              count: number
              agents: {
                name: string
                service: string
                description: string
                path: string
                /**
                 * JSON Schema (2020-12)
                 */
                input_schema: {
                  [k: string]: unknown
                }
                /**
                 * JSON Schema (2020-12)
                 */
                output_schema: {
                  [k: string]: unknown
                }
              }[]
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
        404: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': {
              error: 'Rate limit exceeded'
              code: 'rate_limited'
              request_id: string
              /**
               * The limit that was reached
               */
              limit: number
              window: '1 minute' | '1 day'
              retry_after_seconds: number
              [k: string]: unknown
            }
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
  '/api/{service}/{agent}': {
    post: {
      parameters: {
        path: {
          /**
           * One of banking, legal-aml, real-estate, insurance, compliance, risk, aml, legal, data, contact, orchestrator
           */
          service: string
          /**
           * Agent name, see GET /api/agents
           */
          agent: string
        }
      }
      requestBody: {
        content: {
          /**
           * The agent’s input (see its input_schema)
           */
          'application/json': {
            [k: string]: unknown
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              service: string
              agent: string
              /**
               * The agent’s output: the result contract every agent shares, and its own fields (see its output_schema)
               */
              result: {
                /**
                 * the shared verdict: clear — checked, and nothing stands in the way (approve, proceed, low risk, valid, no match); review — checked, and a person should look before going on (refer, medium risk, conditions, a possible match); adverse — checked, and the answer is against going on (decline, high risk, invalid, a match, a stop); incomplete — could not be decided: a source failed or the input does not allow a judgement; informational — a computation or a look-up that judges nothing (a payment schedule, a conversion, a parse)
                 */
                verdict: 'clear' | 'review' | 'adverse' | 'incomplete' | 'informational'
                /**
                 * true when a source failed and the answer holds only what the other sources gave
                 */
                partial: boolean
                /**
                 * each outside source consulted
                 */
                sources: {
                  /**
                   * the source consulted, e.g. ares, isir, cnb, dns, llm, data/ares_lookup
                   */
                  name: string
                  /**
                   * ok; cached (a stored answer, the source failed); failed; skipped (not asked, the reason in error)
                   */
                  status: 'ok' | 'cached' | 'failed' | 'skipped'
                  /**
                   * why the source failed or was skipped
                   */
                  error?: string
                }[]
                /**
                 * every rule evaluated, with its source, the date it took effect and what it concluded
                 */
                rules_applied: {
                  rule: string
                  /**
                   * ids of the entries the rule rests on in the register of law (data/reference/legal-basis.json; docs/agents.md lists each agent’s)
                   */
                  basis?: string[]
                  /**
                   * law, regulation, standard or document
                   */
                  source?: string
                  /**
                   * date the rule took effect (YYYY-MM-DD), not the start of the data on file
                   */
                  since?: string
                  /**
                   * what the rule concluded for this input
                   */
                  outcome?: string
                }[]
                /**
                 * inputs the caller did not give and the agent assumed, each with its basis
                 */
                assumptions: {
                  /**
                   * the input field that was not given
                   */
                  field: string
                  /**
                   * the value assumed
                   */
                  value: string | number | boolean
                  /**
                   * where the value comes from (data on file with its date, a rule)
                   */
                  basis: string
                }[]
                [k: string]: unknown
              }
              /**
               * Time the agent ran, milliseconds
               */
              execution_time_ms: number
              request_id: string
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
        404: {
          content: {
            'application/json': Error
          }
        }
        429: {
          content: {
            'application/json': {
              error: 'Rate limit exceeded'
              code: 'rate_limited'
              request_id: string
              /**
               * The limit that was reached
               */
              limit: number
              window: '1 minute' | '1 day'
              retry_after_seconds: number
              [k: string]: unknown
            }
          }
        }
        502: {
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
  '/admin/keys/generate': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * Required: who or what uses the key
             */
            name: string
            description?: string
            /**
             * Contact e-mail of the owner
             */
            owner?: string
            /**
             * free, basic, pro or enterprise: copies the tier’s limits
             */
            tier?: string
            /**
             * Days until expiry (default 365)
             */
            expires_days?: number
            /**
             * Requests per day (default 10000, or the tier’s); -1 = unlimited (0 is refused)
             */
            rate_limit?: number
            /**
             * Requests per minute (default 100, or the tier’s); -1 = unlimited (0 is refused)
             */
            requests_per_minute?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: boolean
              key_data: {
                /**
                 * The full key: shown in this response only
                 */
                key: string
                id: number
                /**
                 * First 12 characters of the key
                 */
                prefix: string
                name: string
                created_at: string
                expires_at: string
                /**
                 * Requests per day; -1 = unlimited
                 */
                rate_limit: number
                /**
                 * -1 = unlimited
                 */
                requests_per_minute: number
                tier: string | null
              }
              warning: string
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
        404: {
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
  '/admin/keys/list': {
    get: {
      parameters: {
        query?: {
          /**
           * Only keys whose name or prefix contains this text (case ignored)
           */
          search?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              count: number
              keys: {
                id: number
                prefix: string
                name: string
                description: string | null
                owner: string | null
                created_at: string
                expires_at: string
                is_active: boolean
                tier: string | null
                /**
                 * Requests per day; -1 = unlimited
                 */
                rate_limit: number
                /**
                 * -1 = unlimited
                 */
                requests_per_minute: number
                revoked_at: string | null
                /**
                 * active; rotating: replaced by another key, valid until expires_at (the grace period’s end); expired; revoked
                 */
                status: 'active' | 'rotating' | 'expired' | 'revoked'
                /**
                 * The last request made with the key (counted within about USAGE_FLUSH_MS); null: never used
                 */
                last_used_at: string | null
                /**
                 * The id of the key that replaced this one on rotation
                 */
                replaced_by: number | null
              }[]
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
        404: {
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
  '/admin/keys/rotate/{id}': {
    post: {
      parameters: {
        path: {
          id: number
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * Hours the old key stays valid (default 24; 0 = stops at once)
             */
            grace_hours?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: boolean
              key_data: {
                /**
                 * The full key: shown in this response only
                 */
                key: string
                id: number
                /**
                 * First 12 characters of the key
                 */
                prefix: string
                name: string
                created_at: string
                expires_at: string
                /**
                 * Requests per day; -1 = unlimited
                 */
                rate_limit: number
                /**
                 * -1 = unlimited
                 */
                requests_per_minute: number
                tier: string | null
              }
              old_key: {
                id: number
                prefix: string
                name: string
                description: string | null
                owner: string | null
                created_at: string
                expires_at: string
                is_active: boolean
                tier: string | null
                /**
                 * Requests per day; -1 = unlimited
                 */
                rate_limit: number
                /**
                 * -1 = unlimited
                 */
                requests_per_minute: number
                revoked_at: string | null
                /**
                 * active; rotating: replaced by another key, valid until expires_at (the grace period’s end); expired; revoked
                 */
                status: 'active' | 'rotating' | 'expired' | 'revoked'
                /**
                 * The last request made with the key (counted within about USAGE_FLUSH_MS); null: never used
                 */
                last_used_at: string | null
                /**
                 * The id of the key that replaced this one on rotation
                 */
                replaced_by: number | null
              }
              warning: string
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
        404: {
          content: {
            'application/json': Error
          }
        }
        409: {
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
  '/admin/keys/usage/{id}': {
    get: {
      parameters: {
        query?: {
          /**
           * Days covered, counted back from now (default 30)
           */
          days?: number
        }
        path: {
          id: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              key_id: number
              stats: {
                total_requests: number
                by_endpoint: {
                  endpoint: string
                  count: number
                }[]
                /**
                 * Status code → count
                 */
                by_status: {
                  [k: string]: number
                }
                period_days: number
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
        404: {
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
  '/admin/keys/usage/{id}/daily': {
    get: {
      parameters: {
        query?: {
          /**
           * UTC days covered, today included (default 30; usage is kept 400 days at most)
           */
          days?: number
        }
        path: {
          id: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              key_id: number
              /**
               * One entry per day, oldest first; a day without requests has 0
               */
              days: {
                /**
                 * UTC day
                 */
                day: string
                requests: number
                /**
                 * of them answered 4xx or 5xx
                 */
                errors: number
              }[]
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
        404: {
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
  '/admin/keys/revoke/{id}': {
    post: {
      parameters: {
        path: {
          id: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: boolean
              message: string
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
        404: {
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
  '/admin/keys/{id}': {
    patch: {
      parameters: {
        path: {
          id: number
        }
      }
      requestBody: {
        content: {
          'application/json': {
            name?: string
            description?: string
            owner?: string
            /**
             * Sets both limits from the tier (numbers given too win)
             */
            tier?: string
            /**
             * New expiry, counted from now
             */
            expires_days?: number
            /**
             * Requests per day; -1 = unlimited (0 is refused)
             */
            rate_limit?: number
            /**
             * Requests per minute; -1 = unlimited (0 is refused)
             */
            requests_per_minute?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: boolean
              key: {
                id: number
                prefix: string
                name: string
                description: string | null
                owner: string | null
                created_at: string
                expires_at: string
                is_active: boolean
                tier: string | null
                /**
                 * Requests per day; -1 = unlimited
                 */
                rate_limit: number
                /**
                 * -1 = unlimited
                 */
                requests_per_minute: number
                revoked_at: string | null
                /**
                 * active; rotating: replaced by another key, valid until expires_at (the grace period’s end); expired; revoked
                 */
                status: 'active' | 'rotating' | 'expired' | 'revoked'
                /**
                 * The last request made with the key (counted within about USAGE_FLUSH_MS); null: never used
                 */
                last_used_at: string | null
                /**
                 * The id of the key that replaced this one on rotation
                 */
                replaced_by: number | null
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
        404: {
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
/**
 * Gateway error envelope; the details (field, rule, limit, window …) sit beside.
 */
export interface Error {
  /**
   * What went wrong, in words.
   */
  error: string
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
    | 'egress_invalid_url'
    | 'egress_scheme'
    | 'egress_credentials'
    | 'egress_private_address'
    | 'egress_unresolvable'
    | 'egress_too_large'
    | 'egress_too_many_redirects'
    | 'egress_upstream'
    | 'egress_timeout'
  /**
   * Also sent as X-Request-Id.
   */
  request_id: string
  [k: string]: unknown
}
