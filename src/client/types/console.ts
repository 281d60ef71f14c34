/* Generated — do not edit: the console service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */
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
                /**
                 * whether the built single-page app is being served
                 */
                web: boolean
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/platform/health': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                services: {
                  service: string
                  url: string
                  up: boolean
                  status: number | null
                  latency_ms: number
                  error: string | null
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/session': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            name: string
            password: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                user: {
                  name: string
                  /**
                   * analyst: screens and searches; admin: also manages API keys and console users
                   */
                  role: 'admin' | 'analyst'
                  created_at: string
                }
                /**
                 * send it back in X-CSRF-Token with every change
                 */
                csrf_token: string
                expires_at: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                user: {
                  name: string
                  /**
                   * analyst: screens and searches; admin: also manages API keys and console users
                   */
                  role: 'admin' | 'analyst'
                  created_at: string
                }
                /**
                 * send it back in X-CSRF-Token with every change
                 */
                csrf_token: string
                expires_at: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    delete: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                signed_out: boolean
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/screenings': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          /**
           * The subject as the AML service takes it (POST /api/aml/screen/complete)
           */
          'application/json': {
            first_name?: string
            last_name?: string
            name?: string
            birth_date?: string
            nationality?: string
            country?: string
            ico?: string
            company_name?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * The AML screening response
               */
              data: {
                screening_id: string
                timestamp: string
                completeness: number
                /**
                 * score, level, review_required, review_reasons, missing
                 */
                overall_risk: {
                  [k: string]: unknown
                }
                modules: {
                  /**
                   * status, source, data, execution_time_ms
                   */
                  [k: string]: {
                    [k: string]: unknown
                  }
                }
                /**
                 * the console user who asked
                 */
                screened_by: string
                [k: string]: unknown
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
           * name or IČO, any part
           */
          q?: string
          level?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | 'INCOMPLETE'
          /**
           * first day (UTC), inclusive
           */
          from?: string
          /**
           * last day (UTC), inclusive
           */
          to?: string
          /**
           * the console user who screened
           */
          screened_by?: string
          /**
           * the status of the screening’s case
           */
          case_status?: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
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
                total: number
                screenings: {
                  screening_id: string
                  created_at: string
                  subject_type: string
                  risk_level: string
                  subject: string
                  /**
                   * who screened; null before it was kept
                   */
                  screened_by?: string | null
                  [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/screenings/export.csv': {
    get: {
      parameters: {
        query?: {
          /**
           * name or IČO, any part
           */
          q?: string
          level?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | 'INCOMPLETE'
          /**
           * first day (UTC), inclusive
           */
          from?: string
          /**
           * last day (UTC), inclusive
           */
          to?: string
          /**
           * the console user who screened
           */
          screened_by?: string
          /**
           * the status of the screening’s case
           */
          case_status?: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
        }
      }
      responses: {
        200: {
          content: {
            'text/csv': string
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
  '/api/screenings/{screening_id}': {
    get: {
      parameters: {
        path: {
          screening_id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * The stored screening record of the AML service
               */
              data: {
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/screenings/{screening_id}/pdf': {
    get: {
      parameters: {
        query?: {
          /**
           * the record’s language
           */
          lang?: 'cs' | 'en'
        }
        path: {
          screening_id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/pdf': string
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
  '/api/cases': {
    get: {
      parameters: {
        query?: {
          status?: 'open' | 'in_review' | 'awaiting_approval' | 'closed' | 'active'
          /**
           * "-": unassigned
           */
          assignee?: string
          level?: 'MEDIUM' | 'HIGH' | 'CRITICAL'
          source?: 'screening' | 'alert'
          min_age_days?: number
          max_age_days?: number
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
                total: number
                cases: {
                  case_id: string
                  created_at: string
                  updated_at: string
                  source: 'screening' | 'alert'
                  screening_id: string | null
                  alert_id: string | null
                  reference: string | null
                  subject_label: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                  outcome: ('cleared' | 'confirmed' | 'escalated') | null
                  assignee: string | null
                  age_days: number
                  undecided: number
                  version: number
                  hits: number
                  [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}': {
    get: {
      parameters: {
        path: {
          case_id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/assign': {
    post: {
      parameters: {
        path: {
          case_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            assignee: string | null
            comment?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/comment': {
    post: {
      parameters: {
        path: {
          case_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * mandatory: why
             */
            comment: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/close': {
    post: {
      parameters: {
        path: {
          case_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            outcome: 'cleared' | 'confirmed' | 'escalated'
            /**
             * mandatory: why
             */
            comment: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/approve': {
    post: {
      parameters: {
        path: {
          case_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * mandatory: why
             */
            comment: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/reject': {
    post: {
      parameters: {
        path: {
          case_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * mandatory: why
             */
            comment: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/cases/{case_id}/hits/{hit_no}/decision': {
    post: {
      parameters: {
        path: {
          case_id: string
          hit_no: number
        }
      }
      requestBody: {
        content: {
          'application/json': {
            decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
            /**
             * mandatory: why
             */
            comment: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * A case of the AML service
               */
              data: {
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                age_days: number
                undecided: number
                version: number
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: string
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  level_reason: string
                  score: number
                  matched_name: string
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    addresses: string[]
                    remarks: string[]
                    [k: string]: unknown
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                    [k: string]: unknown
                  }[]
                  decision: {
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        cleared_in: string
                        changes: {
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                  [k: string]: unknown
                }[]
                pending_closure: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  reason: string
                } | null
                closed: {
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                trail: {
                  seq: number
                  at: string
                  actor: string
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/alerts': {
    get: {
      parameters: {
        query?: {
          status?: 'open' | 'acknowledged' | 'all'
          kind?: 'new_hit' | 'changed_hit' | 'removed_hit'
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
                total: number
                items: {
                  alert_id: string
                  created_at: string
                  reference: string
                  kind: string
                  cause: string
                  list: string
                  list_id: string
                  matched_name: string
                  score: number | null
                  subject_label: string
                  changes: {
                    field: string
                    added: string[]
                    removed: string[]
                  }[]
                  case_id?: string | null
                  acknowledged: {
                    at: string
                    by: string
                    reason: string
                  } | null
                  [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/alerts/{alert_id}/ack': {
    post: {
      parameters: {
        path: {
          alert_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * mandatory: why
             */
            reason: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                alert_id: string
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/monitoring': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          /**
           * subjects with their client numbers, or a completed client book
           */
          'application/json': {
            /**
             * @minItems 1
             * @maxItems 100
             */
            subjects?: [
              {
                first_name?: string
                last_name?: string
                name?: string
                birth_date?: string
                nationality?: string
                country?: string
                ico?: string
                company_name?: string
                reference: string
              },
              ...{
                first_name?: string
                last_name?: string
                name?: string
                birth_date?: string
                nationality?: string
                country?: string
                ico?: string
                company_name?: string
                reference: string
              }[],
            ]
            batch_id?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                enrolled: number
                updated: number
                unchanged: number
                skipped_without_reference: number
                monitored: number
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/client-books/{batch_id}': {
    get: {
      parameters: {
        query?: {
          offset?: number
          limit?: number
        }
        path: {
          batch_id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                batch_id: string
                /**
                 * queued, running, completed or failed
                 */
                status: string
                progress: {
                  done: number
                  total: number
                  percent: number
                }
                summary: {
                  levels: {
                    [k: string]: number
                  }
                  with_sanctions_hits: number
                  [k: string]: unknown
                }
                results: {
                  offset: number
                  limit: number
                  total: number
                  items: {
                    index: number
                    line: number | null
                    reference: string | null
                    screening_id: string
                    level: string
                    score: number
                    review_required: boolean
                    hits: {
                      list: string
                      list_id: string
                      matched_name: string
                      score: number
                    }[]
                    [k: string]: unknown
                  }[]
                }
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/client-books/{batch_id}/results.csv': {
    get: {
      parameters: {
        path: {
          batch_id: string
        }
      }
      responses: {
        200: {
          content: {
            'text/csv': string
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
  '/api/keys': {
    get: {
      parameters: {
        query?: {
          /**
           * a part of the name or prefix
           */
          search?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
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
                   * requests per day; -1 = unlimited
                   */
                  rate_limit: number
                  /**
                   * -1 = unlimited
                   */
                  requests_per_minute: number
                  revoked_at: string | null
                  /**
                   * rotating: replaced by another key, valid until expires_at (the grace period’s end)
                   */
                  status: 'active' | 'rotating' | 'expired' | 'revoked'
                  last_used_at: string | null
                  replaced_by: number | null
                  [k: string]: unknown
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
          /**
           * As the gateway takes it (POST /admin/keys/generate)
           */
          'application/json': {
            name: string
            description?: string
            owner?: string
            tier?: string
            expires_days?: number
            rate_limit?: number
            requests_per_minute?: number
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
                 * the full key: shown in this answer only
                 */
                key: string
                id: number
                prefix: string
                name: string
                created_at: string
                expires_at: string
                rate_limit: number
                requests_per_minute: number
                tier: string | null
                warning: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/keys/{id}/rotate': {
    post: {
      parameters: {
        path: {
          id: number
        }
      }
      requestBody: {
        content: {
          /**
           * As the gateway takes it (POST /admin/keys/rotate/{id})
           */
          'application/json': {
            /**
             * hours the old key stays valid (default 24; 0: it stops at once)
             */
            grace_hours?: number
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
                 * the new key: shown in this answer only
                 */
                key: string
                id: number
                prefix: string
                name: string
                expires_at: string
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
                   * requests per day; -1 = unlimited
                   */
                  rate_limit: number
                  /**
                   * -1 = unlimited
                   */
                  requests_per_minute: number
                  revoked_at: string | null
                  /**
                   * rotating: replaced by another key, valid until expires_at (the grace period’s end)
                   */
                  status: 'active' | 'rotating' | 'expired' | 'revoked'
                  last_used_at: string | null
                  replaced_by: number | null
                  [k: string]: unknown
                }
                warning: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/keys/{id}/revoke': {
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
              success: true
              data: {
                message: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/keys/{id}/usage': {
    get: {
      parameters: {
        query?: {
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
              success: true
              data: {
                key_id: number
                stats: {
                  total_requests: number
                  by_endpoint: {
                    endpoint: string
                    count: number
                  }[]
                  by_status: {
                    [k: string]: number
                  }
                  period_days: number
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/keys/{id}/usage/daily': {
    get: {
      parameters: {
        query?: {
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
              success: true
              data: {
                key_id: number
                /**
                 * UTC days, oldest first; a day without requests has 0
                 */
                days: {
                  day: string
                  requests: number
                  /**
                   * of them answered 4xx or 5xx
                   */
                  errors: number
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                users: {
                  name: string
                  /**
                   * analyst: screens and searches; admin: also manages API keys and console users
                   */
                  role: 'admin' | 'analyst'
                  created_at: string
                  /**
                   * a disabled user cannot sign in
                   */
                  disabled: boolean
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
             * letters, digits, . _ @ -; at least 3 characters; unique without regard to case
             */
            name: string
            /**
             * analyst: screens and searches; admin: also manages API keys and console users
             */
            role: 'admin' | 'analyst'
            password: string
          }
        }
      }
      responses: {
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                name: string
                /**
                 * analyst: screens and searches; admin: also manages API keys and console users
                 */
                role: 'admin' | 'analyst'
                created_at: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/{name}': {
    delete: {
      parameters: {
        path: {
          /**
           * letters, digits, . _ @ -
           */
          name: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                removed: string
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/{name}/role': {
    post: {
      parameters: {
        path: {
          /**
           * letters, digits, . _ @ -
           */
          name: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * analyst: screens and searches; admin: also manages API keys and console users
             */
            role: 'admin' | 'analyst'
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                name: string
                action: 'role' | 'disable' | 'enable' | 'password'
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/{name}/disable': {
    post: {
      parameters: {
        path: {
          /**
           * letters, digits, . _ @ -
           */
          name: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                name: string
                action: 'role' | 'disable' | 'enable' | 'password'
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/{name}/enable': {
    post: {
      parameters: {
        path: {
          /**
           * letters, digits, . _ @ -
           */
          name: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                name: string
                action: 'role' | 'disable' | 'enable' | 'password'
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/{name}/password': {
    post: {
      parameters: {
        path: {
          /**
           * letters, digits, . _ @ -
           */
          name: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            password: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                name: string
                action: 'role' | 'disable' | 'enable' | 'password'
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/users/log': {
    get: {
      parameters: {
        query?: {
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * newest first
                 */
                entries: {
                  /**
                   * ascending in the order of the actions
                   */
                  id: number
                  at: string
                  /**
                   * the admin who acted
                   */
                  actor: string
                  action: 'add' | 'remove' | 'role' | 'disable' | 'enable' | 'password'
                  /**
                   * the user acted on
                   */
                  target: string
                  /**
                   * the new role for add and role; otherwise null (never a password)
                   */
                  detail: string | null
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/jobs': {
    get: {
      parameters: {
        query?: {
          status?: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
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
                 * Items: A job of the router
                 */
                items: {
                  id: string
                  kind: string
                  status: string
                  attempts: number
                  created_at: string
                  finished_at: string | null
                  /**
                   * what the handler last reported, or null
                   */
                  progress: {
                    [k: string]: unknown
                  }
                  /**
                   * what the worker returned (SUCCEEDED)
                   */
                  result: {
                    [k: string]: unknown
                  }
                  error: unknown
                  [k: string]: unknown
                }[]
                total: number
                limit: number
                offset: number
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/jobs/{id}': {
    get: {
      parameters: {
        path: {
          id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * A job of the router
                 */
                job: {
                  id: string
                  kind: string
                  status: string
                  attempts: number
                  created_at: string
                  finished_at: string | null
                  /**
                   * what the handler last reported, or null
                   */
                  progress: {
                    [k: string]: unknown
                  }
                  /**
                   * what the worker returned (SUCCEEDED)
                   */
                  result: {
                    [k: string]: unknown
                  }
                  error: unknown
                  [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/knowledge/search': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            query: string
            collection?: string
            limit?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              /**
               * The knowledge service’s search answer
               */
              data: {
                query: string
                count: number
                results: {
                  id: unknown
                  text: string
                  score: number
                  collection: string
                  /**
                   * id, title, source
                   */
                  document: {
                    [k: string]: unknown
                  }
                  section: unknown
                  /**
                   * how to cite the passage
                   */
                  citation: {
                    [k: string]: unknown
                  }
                  [k: string]: unknown
                }[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/sign-in': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/screening': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/history': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/keys': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/users': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/platform': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/jobs': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/knowledge': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        503: {
          content: {
            'text/html': string
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
  '/assets/{path}': {
    get: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        200: {
          content: {
            'application/octet-stream': string
          }
        }
        304: {
          content: {
            /**
             * not modified (If-None-Match)
             */
            'application/json': {
              [k: string]: unknown
            }
          }
        }
        404: {
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
  '/api/client-books': {
    post: {
      parameters: {
        query?: {
          /**
           * the file’s name
           */
          name?: string
        }
      }
      requestBody: {
        content: {
          /**
           * The client book: a CSV file (UTF-8 with or without BOM, or Windows-1250; `;` or `,`)
           */
          'text/csv': string
        }
      }
      responses: {
        202: {
          content: {
            'application/json': {
              success: true
              data: {
                batch_id: string
                status: string
                total: number
                ignored_columns: string[]
                [k: string]: unknown
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
}
