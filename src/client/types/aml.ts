/* Generated — do not edit: the aml service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */
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
  '/api/aml/screen/complete': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * person: given name(s); may be left out or empty (a mononym has none)
             */
            first_name?: string
            /**
             * person: family name, or the one name of a person who has only one
             */
            last_name?: string
            /**
             * person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name
             */
            name?: string
            /**
             * person: ISO 8601 date (YYYY-MM-DD)
             */
            birth_date?: string
            /**
             * person: ISO code or name
             */
            nationality?: string
            /**
             * person: country of residence; company: country of seat
             */
            country?: string
            /**
             * company: IČO, 8 digits with a valid checksum
             */
            ico?: string
            /**
             * company: name (when known only by name)
             */
            company_name?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              /**
               * AML-<YYYYMMDD>-<number>
               */
              screening_id: string
              timestamp: string
              /**
               * the case opened for the hits to decide (GET /api/aml/cases/{case_id}); null when there is none (no hit, or only false positives cleared before). Absent in records written before cases.
               */
              case_id?: string | null
              processing_time_ms: number
              /**
               * share of modules that completed; 1.0 means complete
               */
              completeness: number
              overall_risk: {
                score: number
                /**
                 * LOW, MEDIUM, HIGH or CRITICAL by the score; INCOMPLETE when evidence is missing (see missing) and what completed found nothing above LOW. Never LOW on missing evidence.
                 */
                level: string
                weighted_total: number
                /**
                 * true when a person must look before anyone relies on the level: a possible match (any sanctions or PEP hit, partial names and generic company names included) or missing evidence
                 */
                review_required: boolean
                /**
                 * Why the level is what it is: the finding that set it, or for INCOMPLETE what was not screened. Absent in records written before it was added.
                 */
                level_reason?: string
                /**
                 * Why a person must look: each module with a possible match (how many, the best, what a partial or generic name lacks) and each piece of missing evidence. Absent in records written before it was added.
                 */
                review_reasons?: {
                  module: string
                  reason: string
                }[]
                /**
                 * What the screening could not check, and why (a failed or timed-out source, no name to match).
                 */
                missing: {
                  module: string
                  status: string
                  reason: string
                }[]
              }
              modules: {
                [k: string]: {
                  /**
                   * COMPLETED, FAILED, TIMEOUT, NOT_CONFIGURED or SKIPPED
                   */
                  status: string
                  /**
                   * PRIMARY, CACHE, FALLBACK or NONE
                   */
                  source: string
                  /**
                   * What the module found (matches with their explanation, the company, proceedings …).
                   */
                  data: {
                    [k: string]: unknown
                  }
                  execution_time_ms: number
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
  '/api/aml/screenings': {
    get: {
      parameters: {
        query?: {
          /**
           * any part of the subject as sent: a name, an IČO; case and diacritics do not matter
           */
          q?: string
          level?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | 'INCOMPLETE'
          /**
           * who screened: a console user’s name, or key:admin / key:internal
           */
          screened_by?: string
          /**
           * the status of the screening’s case
           */
          case_status?: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
          /**
           * first day (UTC), inclusive
           */
          from?: string
          /**
           * last day (UTC), inclusive
           */
          to?: string
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
                 * screenings matching the filter
                 */
                total: number
                screenings: {
                  screening_id: string
                  created_at: string
                  /**
                   * person or company
                   */
                  subject_type: string
                  risk_level: string
                  /**
                   * who was screened, as sent (names, IČO)
                   */
                  subject: string
                  /**
                   * who screened (a console user, or key:admin / key:internal); null before it was kept
                   */
                  screened_by: string | null
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
  '/api/aml/screenings/{screening_id}': {
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
              data: {
                screening_id: string
                created_at: string
                /**
                 * person or company
                 */
                subject_type: string
                risk_level: string
                /**
                 * The subject as it was sent
                 */
                input: {
                  [k: string]: unknown
                }
                /**
                 * The list versions screened against, one per list (the version active then), each with its status as of this reading. Records written before versions were shown this way list every version the engine was built from, the superseded ones it took details from included.
                 */
                list_versions: {
                  /**
                   * Store id
                   */
                  id?: number
                  list: string
                  source?: string
                  list_date?: string
                  sha256?: string
                  names_only?: boolean
                  /**
                   * The superseded full versions a names-only version took official ids, birth dates and identifiers from
                   */
                  details_from?: {
                    /**
                     * Store id
                     */
                    id?: number
                    source: string
                    list_date: string
                    sha256: string
                  }[]
                  /**
                   * As of this reading: still the active version of its list, or superseded since
                   */
                  status?: 'active' | 'superseded'
                  superseded_by?: {
                    /**
                     * Store id
                     */
                    id?: number
                    source: string
                    list_date: string
                  }
                  [k: string]: unknown
                }[]
                /**
                 * The screening response as it was sent
                 */
                result: {
                  /**
                   * AML-<YYYYMMDD>-<number>
                   */
                  screening_id: string
                  timestamp: string
                  /**
                   * the case opened for the hits to decide (GET /api/aml/cases/{case_id}); null when there is none (no hit, or only false positives cleared before). Absent in records written before cases.
                   */
                  case_id?: string | null
                  processing_time_ms: number
                  /**
                   * share of modules that completed; 1.0 means complete
                   */
                  completeness: number
                  overall_risk: {
                    score: number
                    /**
                     * LOW, MEDIUM, HIGH or CRITICAL by the score; INCOMPLETE when evidence is missing (see missing) and what completed found nothing above LOW. Never LOW on missing evidence.
                     */
                    level: string
                    weighted_total: number
                    /**
                     * true when a person must look before anyone relies on the level: a possible match (any sanctions or PEP hit, partial names and generic company names included) or missing evidence
                     */
                    review_required: boolean
                    /**
                     * Why the level is what it is: the finding that set it, or for INCOMPLETE what was not screened. Absent in records written before it was added.
                     */
                    level_reason?: string
                    /**
                     * Why a person must look: each module with a possible match (how many, the best, what a partial or generic name lacks) and each piece of missing evidence. Absent in records written before it was added.
                     */
                    review_reasons?: {
                      module: string
                      reason: string
                    }[]
                    /**
                     * What the screening could not check, and why (a failed or timed-out source, no name to match).
                     */
                    missing: {
                      module: string
                      status: string
                      reason: string
                    }[]
                  }
                  modules: {
                    [k: string]: {
                      /**
                       * COMPLETED, FAILED, TIMEOUT, NOT_CONFIGURED or SKIPPED
                       */
                      status: string
                      /**
                       * PRIMARY, CACHE, FALLBACK or NONE
                       */
                      source: string
                      /**
                       * What the module found (matches with their explanation, the company, proceedings …).
                       */
                      data: {
                        [k: string]: unknown
                      }
                      execution_time_ms: number
                    }
                  }
                  [k: string]: unknown
                }
                /**
                 * The case of its hits, with the decisions and the trail; null when it had none
                 */
                case: {
                  /**
                   * AMLC-<YYYYMMDD>-<number>
                   */
                  case_id: string
                  created_at: string
                  updated_at: string
                  source: 'screening' | 'alert'
                  screening_id: string | null
                  alert_id: string | null
                  reference: string | null
                  subject_label: string
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                   */
                  status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                  outcome: ('cleared' | 'confirmed' | 'escalated') | null
                  assignee: string | null
                  /**
                   * whole days since the case was opened
                   */
                  age_days: number
                  /**
                   * hits without a decision
                   */
                  undecided: number
                  /**
                   * bumped by every change
                   */
                  version: number
                  /**
                   * the subject as sent
                   */
                  subject: {
                    [k: string]: unknown
                  }
                  hits: {
                    hit_no: number
                    module: 'sanctions' | 'pep'
                    /**
                     * MEDIUM, HIGH or CRITICAL
                     */
                    level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                    /**
                     * why this level
                     */
                    level_reason: string
                    score: number
                    matched_name: string
                    /**
                     * the listed entity, its listings taken together
                     */
                    entity: {
                      type: string
                      names: string[]
                      aliases: string[]
                      birth_dates: string[]
                      nationalities: string[]
                      /**
                       * of addresses, birth places, registration
                       */
                      countries: string[]
                      identifiers: string[]
                      programmes: string[]
                      /**
                       * as listed, one line each (street, city, postal code, region, country)
                       */
                      addresses: string[]
                      remarks: string[]
                    }
                    listings: {
                      list: string
                      list_id: string
                      list_title: string
                      matched_name: string
                      score: number
                      list_date: string
                      source_url: string | null
                    }[]
                    decision: {
                      /**
                       * the decision on one hit
                       */
                      decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                      comment: string
                      by: string
                      at: string
                    } | null
                    changed_since_cleared:
                      | {
                          list: string
                          list_id: string
                          /**
                           * the case that cleared it
                           */
                          cleared_in: string
                          changes: {
                            /**
                             * names, birth_dates or programmes
                             */
                            field: string
                            added: string[]
                            removed: string[]
                          }[]
                        }[]
                      | null
                  }[]
                  pending_closure: {
                    /**
                     * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                     */
                    outcome: 'cleared' | 'confirmed' | 'escalated'
                    comment: string
                    requested_by: string
                    requested_at: string
                    /**
                     * why a second person must approve
                     */
                    reason: string
                  } | null
                  closed: {
                    /**
                     * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                     */
                    outcome: 'cleared' | 'confirmed' | 'escalated'
                    by: string
                    at: string
                    approved_by: string | null
                  } | null
                  /**
                   * every action, oldest first; append-only
                   */
                  trail: {
                    seq: number
                    at: string
                    /**
                     * a console user, or key:admin / key:internal
                     */
                    actor: string
                    /**
                     * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                     */
                    action: string
                    hit_no: number | null
                    comment: string | null
                    detail: {
                      [k: string]: unknown
                    }
                  }[]
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
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
  }
  '/api/aml/cases': {
    get: {
      parameters: {
        query?: {
          /**
           * one status, or active (every status but closed)
           */
          status?: 'open' | 'in_review' | 'awaiting_approval' | 'closed' | 'active'
          /**
           * a user name (or key:admin, key:internal); "-" for unassigned cases
           */
          assignee?: string
          /**
           * MEDIUM, HIGH or CRITICAL
           */
          level?: 'MEDIUM' | 'HIGH' | 'CRITICAL'
          /**
           * what opened the case
           */
          source?: 'screening' | 'alert'
          /**
           * at least this old
           */
          min_age_days?: number
          /**
           * at most this old
           */
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
                  /**
                   * AMLC-<YYYYMMDD>-<number>
                   */
                  case_id: string
                  created_at: string
                  updated_at: string
                  source: 'screening' | 'alert'
                  screening_id: string | null
                  alert_id: string | null
                  reference: string | null
                  subject_label: string
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                   */
                  status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                  outcome: ('cleared' | 'confirmed' | 'escalated') | null
                  assignee: string | null
                  /**
                   * whole days since the case was opened
                   */
                  age_days: number
                  /**
                   * hits without a decision
                   */
                  undecided: number
                  /**
                   * bumped by every change
                   */
                  version: number
                  /**
                   * hits to decide
                   */
                  hits: number
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
  '/api/aml/cases/{case_id}': {
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/assign': {
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/hits/{hit_no}/decision': {
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
            /**
             * the decision on one hit
             */
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/comment': {
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/close': {
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
             * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
             */
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/approve': {
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/cases/{case_id}/reject': {
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
              data: {
                /**
                 * AMLC-<YYYYMMDD>-<number>
                 */
                case_id: string
                created_at: string
                updated_at: string
                source: 'screening' | 'alert'
                screening_id: string | null
                alert_id: string | null
                reference: string | null
                subject_label: string
                /**
                 * MEDIUM, HIGH or CRITICAL
                 */
                level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                /**
                 * open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed
                 */
                status: 'open' | 'in_review' | 'awaiting_approval' | 'closed'
                outcome: ('cleared' | 'confirmed' | 'escalated') | null
                assignee: string | null
                /**
                 * whole days since the case was opened
                 */
                age_days: number
                /**
                 * hits without a decision
                 */
                undecided: number
                /**
                 * bumped by every change
                 */
                version: number
                /**
                 * the subject as sent
                 */
                subject: {
                  [k: string]: unknown
                }
                hits: {
                  hit_no: number
                  module: 'sanctions' | 'pep'
                  /**
                   * MEDIUM, HIGH or CRITICAL
                   */
                  level: 'MEDIUM' | 'HIGH' | 'CRITICAL'
                  /**
                   * why this level
                   */
                  level_reason: string
                  score: number
                  matched_name: string
                  /**
                   * the listed entity, its listings taken together
                   */
                  entity: {
                    type: string
                    names: string[]
                    aliases: string[]
                    birth_dates: string[]
                    nationalities: string[]
                    /**
                     * of addresses, birth places, registration
                     */
                    countries: string[]
                    identifiers: string[]
                    programmes: string[]
                    /**
                     * as listed, one line each (street, city, postal code, region, country)
                     */
                    addresses: string[]
                    remarks: string[]
                  }
                  listings: {
                    list: string
                    list_id: string
                    list_title: string
                    matched_name: string
                    score: number
                    list_date: string
                    source_url: string | null
                  }[]
                  decision: {
                    /**
                     * the decision on one hit
                     */
                    decision: 'confirmed_match' | 'false_positive' | 'needs_more_information'
                    comment: string
                    by: string
                    at: string
                  } | null
                  changed_since_cleared:
                    | {
                        list: string
                        list_id: string
                        /**
                         * the case that cleared it
                         */
                        cleared_in: string
                        changes: {
                          /**
                           * names, birth_dates or programmes
                           */
                          field: string
                          added: string[]
                          removed: string[]
                        }[]
                      }[]
                    | null
                }[]
                pending_closure: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  comment: string
                  requested_by: string
                  requested_at: string
                  /**
                   * why a second person must approve
                   */
                  reason: string
                } | null
                closed: {
                  /**
                   * cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)
                   */
                  outcome: 'cleared' | 'confirmed' | 'escalated'
                  by: string
                  at: string
                  approved_by: string | null
                } | null
                /**
                 * every action, oldest first; append-only
                 */
                trail: {
                  seq: number
                  at: string
                  /**
                   * a console user, or key:admin / key:internal
                   */
                  actor: string
                  /**
                   * opened, assigned, decided, commented, closure_requested, approved, rejected, closed
                   */
                  action: string
                  hit_no: number | null
                  comment: string | null
                  detail: {
                    [k: string]: unknown
                  }
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
  '/api/aml/screen/batch': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * Up to 100000 subjects, each a person or a company as in POST /api/aml/screen/complete, with an optional reference
             *
             * @minItems 1
             * @maxItems 100000
             */
            subjects: [
              {
                /**
                 * person: given name(s); may be left out or empty (a mononym has none)
                 */
                first_name?: string
                /**
                 * person: family name, or the one name of a person who has only one
                 */
                last_name?: string
                /**
                 * person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name
                 */
                name?: string
                /**
                 * person: ISO 8601 date (YYYY-MM-DD)
                 */
                birth_date?: string
                /**
                 * person: ISO code or name
                 */
                nationality?: string
                /**
                 * person: country of residence; company: country of seat
                 */
                country?: string
                /**
                 * company: IČO, 8 digits with a valid checksum
                 */
                ico?: string
                /**
                 * company: name (when known only by name)
                 */
                company_name?: string
                /**
                 * Your own reference of the subject (a client number), kept with its results and alerts
                 */
                reference?: string
              },
              ...{
                /**
                 * person: given name(s); may be left out or empty (a mononym has none)
                 */
                first_name?: string
                /**
                 * person: family name, or the one name of a person who has only one
                 */
                last_name?: string
                /**
                 * person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name
                 */
                name?: string
                /**
                 * person: ISO 8601 date (YYYY-MM-DD)
                 */
                birth_date?: string
                /**
                 * person: ISO code or name
                 */
                nationality?: string
                /**
                 * person: country of residence; company: country of seat
                 */
                country?: string
                /**
                 * company: IČO, 8 digits with a valid checksum
                 */
                ico?: string
                /**
                 * company: name (when known only by name)
                 */
                company_name?: string
                /**
                 * Your own reference of the subject (a client number), kept with its results and alerts
                 */
                reference?: string
              }[],
            ]
          }
          /**
           * A CSV client book
           */
          'multipart/form-data': {
            /**
             * A CSV client book (UTF-8 or Windows-1250, `,` or `;`): a header line naming the columns first_name, last_name, birth_date, nationality, country, ico, company_name, reference (or their Czech names: Jméno, Příjmení, Datum narození, Státní příslušnost, Země, IČO, Název, Číslo klienta); other columns are ignored
             */
            file: string
          }
        }
      }
      responses: {
        202: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * AMLB-<YYYYMMDD>-<number>
                 */
                batch_id: string
                /**
                 * queued, running, completed or failed
                 */
                status: string
                /**
                 * json, csv (an upload) or cli (gatehouse aml screen)
                 */
                source: string
                file_name: string | null
                created_at: string
                /**
                 * Subjects in the batch
                 */
                total: number
                /**
                 * CSV columns that are no subject field
                 */
                ignored_columns: string[]
                /**
                 * Where progress and results are: GET this path
                 */
                status_url: string
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
  '/api/aml/screen/batch/{batch_id}': {
    get: {
      parameters: {
        query?: {
          /**
           * Results to skip
           */
          offset?: number
          /**
           * Results in this page
           */
          limit?: number
          /**
           * Only subjects of this risk level (LOW, MEDIUM, HIGH, CRITICAL, INCOMPLETE …)
           */
          level?: string
          /**
           * true: only subjects with a sanctions hit
           */
          hits?: boolean
        }
        path: {
          /**
           * AMLB-<YYYYMMDD>-<number>
           */
          batch_id: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * AMLB-<YYYYMMDD>-<number>
                 */
                batch_id: string
                /**
                 * queued, running, completed or failed
                 */
                status: string
                /**
                 * json, csv (an upload) or cli (gatehouse aml screen)
                 */
                source: string
                file_name: string | null
                created_at: string
                /**
                 * Subjects in the batch
                 */
                total: number
                /**
                 * CSV columns that are no subject field
                 */
                ignored_columns: string[]
                /**
                 * admin or internal (the key), or cli
                 */
                created_by: string
                started_at: string | null
                finished_at: string | null
                error: string | null
                progress: {
                  /**
                   * Subjects screened and recorded
                   */
                  done: number
                  total: number
                  percent: number
                }
                summary: {
                  /**
                   * Subjects screened so far per risk level
                   */
                  levels: {
                    [k: string]: number
                  }
                  /**
                   * Subjects with at least one sanctions hit
                   */
                  with_sanctions_hits: number
                }
                results: {
                  offset: number
                  limit: number
                  /**
                   * Screened subjects matching the filter
                   */
                  total: number
                  /**
                   * Screened subjects in batch order; the full result of each is its screening record
                   */
                  items: {
                    /**
                     * Position in the batch, from 0 (subjects.<index>)
                     */
                    index: number
                    line: number | null
                    reference: string | null
                    /**
                     * The audit record: GET /api/aml/screenings/{id}
                     */
                    screening_id: string
                    level: string
                    score: number
                    completeness: number
                    review_required: boolean
                    /**
                     * Sanctions hits, best first
                     */
                    hits: {
                      list: string
                      list_id: string
                      matched_name: string
                      score: number
                    }[]
                  }[]
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
  '/api/aml/monitor': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * Up to 1000 subjects, each with your reference (unique: enrolling a reference again replaces its subject)
             *
             * @minItems 1
             * @maxItems 1000
             */
            subjects?: [
              {
                /**
                 * person: given name(s); may be left out or empty (a mononym has none)
                 */
                first_name?: string
                /**
                 * person: family name, or the one name of a person who has only one
                 */
                last_name?: string
                /**
                 * person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name
                 */
                name?: string
                /**
                 * person: ISO 8601 date (YYYY-MM-DD)
                 */
                birth_date?: string
                /**
                 * person: ISO code or name
                 */
                nationality?: string
                /**
                 * person: country of residence; company: country of seat
                 */
                country?: string
                /**
                 * company: IČO, 8 digits with a valid checksum
                 */
                ico?: string
                /**
                 * company: name (when known only by name)
                 */
                company_name?: string
                /**
                 * Your own reference of the subject (a client number), kept with its results and alerts
                 */
                reference: string
              },
              ...{
                /**
                 * person: given name(s); may be left out or empty (a mononym has none)
                 */
                first_name?: string
                /**
                 * person: family name, or the one name of a person who has only one
                 */
                last_name?: string
                /**
                 * person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name
                 */
                name?: string
                /**
                 * person: ISO 8601 date (YYYY-MM-DD)
                 */
                birth_date?: string
                /**
                 * person: ISO code or name
                 */
                nationality?: string
                /**
                 * person: country of residence; company: country of seat
                 */
                country?: string
                /**
                 * company: IČO, 8 digits with a valid checksum
                 */
                ico?: string
                /**
                 * company: name (when known only by name)
                 */
                company_name?: string
                /**
                 * Your own reference of the subject (a client number), kept with its results and alerts
                 */
                reference: string
              }[],
            ]
            /**
             * Enrol every subject of this completed batch that has a reference
             */
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
                /**
                 * References enrolled now
                 */
                enrolled: number
                /**
                 * References enrolled before, now with another subject (screened afresh)
                 */
                updated: number
                /**
                 * References enrolled before with the same subject
                 */
                unchanged: number
                /**
                 * Batch subjects without a reference (not enrolled)
                 */
                skipped_without_reference: number
                /**
                 * Subjects monitored in all
                 */
                monitored: number
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
          offset?: number
          limit?: number
          /**
           * Your own reference of the subject (a client number), kept with its results and alerts
           */
          reference?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                total: number
                /**
                 * Subjects not screened yet (their first screening sets the baseline)
                 */
                pending_baseline: number
                offset: number
                limit: number
                items: {
                  reference: string
                  /**
                   * The subject as monitored
                   */
                  subject: {
                    [k: string]: unknown
                  }
                  /**
                   * person or company
                   */
                  subject_type: string
                  enrolled_at: string
                  /**
                   * admin or internal (the key)
                   */
                  enrolled_by: string
                  batch_id: string | null
                  /**
                   * pending (not screened yet) or ready
                   */
                  baseline: string
                  screened_at: string | null
                  /**
                   * Sanctions hits of the last screening
                   */
                  hits: {
                    list: string
                    list_id: string
                    matched_name: string
                    score: number
                  }[]
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
  '/api/aml/monitor/{reference}': {
    delete: {
      parameters: {
        path: {
          /**
           * Your own reference of the subject (a client number), kept with its results and alerts
           */
          reference: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                reference: string
                /**
                 * Always true (404 when unknown)
                 */
                removed: boolean
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
  '/api/aml/monitor/alerts': {
    get: {
      parameters: {
        query?: {
          /**
           * open (not acknowledged; the default), acknowledged or all
           */
          status?: 'open' | 'acknowledged' | 'all'
          kind?: 'new_hit' | 'changed_hit' | 'removed_hit'
          /**
           * Your own reference of the subject (a client number), kept with its results and alerts
           */
          reference?: string
          offset?: number
          limit?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                total: number
                offset: number
                limit: number
                /**
                 * Newest first
                 */
                items: {
                  alert_id: string
                  created_at: string
                  reference: string
                  /**
                   * new_hit, changed_hit or removed_hit
                   */
                  kind: string
                  /**
                   * listed (a new entry), entry_changed (the listed entry changed), delisted (the entry was removed), rescored (the entry did not change; its match score crossed the threshold)
                   */
                  cause: string
                  list: string
                  list_id: string
                  matched_name: string
                  score: number | null
                  previous_score: number | null
                  /**
                   * What changed in the listed entry (entry_changed)
                   */
                  changes: {
                    field: string
                    removed: string[]
                    added: string[]
                  }[]
                  /**
                   * The listed entry (as it is now; as it was, for a delisting): list, list_id, type, names, birth dates, nationalities, programmes, list date
                   */
                  entry: {
                    [k: string]: unknown
                  }
                  subject: {
                    [k: string]: unknown
                  }
                  subject_label: string
                  /**
                   * Versions of the changed lists
                   */
                  from_versions: {
                    list: string
                    source: string
                    list_date: string
                  }[]
                  /**
                   * Versions of the changed lists
                   */
                  to_versions: {
                    list: string
                    source: string
                    list_date: string
                  }[]
                  acknowledged: {
                    at: string
                    by: string
                    reason: string
                  } | null
                  case_id?: string | null
                  /**
                   * A false positive cleared for this subject before, raised again because its names, birth dates or programmes changed since
                   */
                  changed_since_cleared?: {
                    list: string
                    list_id: string
                    cleared_in: string
                    changes: {
                      field: string
                      added: string[]
                      removed: string[]
                    }[]
                  }[]
                  webhook: {
                    /**
                     * none (no webhook configured), pending, delivered or failed
                     */
                    status: string
                    attempts: number
                    error: string | null
                  }
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
  '/api/aml/monitor/alerts/{alert_id}/ack': {
    post: {
      parameters: {
        path: {
          /**
           * AMLA-<YYYYMMDD>-<number>
           */
          alert_id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * Who reviewed the alert
             */
            by: string
            /**
             * Why it is closed (the outcome of the review)
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
                created_at: string
                reference: string
                /**
                 * new_hit, changed_hit or removed_hit
                 */
                kind: string
                /**
                 * listed (a new entry), entry_changed (the listed entry changed), delisted (the entry was removed), rescored (the entry did not change; its match score crossed the threshold)
                 */
                cause: string
                list: string
                list_id: string
                matched_name: string
                score: number | null
                previous_score: number | null
                /**
                 * What changed in the listed entry (entry_changed)
                 */
                changes: {
                  field: string
                  removed: string[]
                  added: string[]
                }[]
                /**
                 * The listed entry (as it is now; as it was, for a delisting): list, list_id, type, names, birth dates, nationalities, programmes, list date
                 */
                entry: {
                  [k: string]: unknown
                }
                subject: {
                  [k: string]: unknown
                }
                subject_label: string
                /**
                 * Versions of the changed lists
                 */
                from_versions: {
                  list: string
                  source: string
                  list_date: string
                }[]
                /**
                 * Versions of the changed lists
                 */
                to_versions: {
                  list: string
                  source: string
                  list_date: string
                }[]
                acknowledged: {
                  at: string
                  by: string
                  reason: string
                } | null
                case_id?: string | null
                /**
                 * A false positive cleared for this subject before, raised again because its names, birth dates or programmes changed since
                 */
                changed_since_cleared?: {
                  list: string
                  list_id: string
                  cleared_in: string
                  changes: {
                    field: string
                    added: string[]
                    removed: string[]
                  }[]
                }[]
                webhook: {
                  /**
                   * none (no webhook configured), pending, delivered or failed
                   */
                  status: string
                  attempts: number
                  error: string | null
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
                loaded_at: string
                /**
                 * Milliseconds the lists took to load
                 */
                load_ms: number
                entities: number
                names: number
                /**
                 * Lists screened against
                 */
                lists: string[]
                screenings_running: number
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
  '/api/aml/lists': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                status: 'loading' | 'ready' | 'failed'
                versions: {
                  /**
                   * Store id of the version
                   */
                  id?: number
                  list: string
                  title: string
                  /**
                   * The importer that read it (un-xml, eu-xml, ofac-csv …)
                   */
                  format: string
                  /**
                   * File name(s) or URL it was read from
                   */
                  source: string
                  list_date: string
                  names_only: boolean
                  entities: number
                  names: number
                  sha256: string
                  /**
                   * active: the newest version of its list, the one screened; superseded: an older one, kept for the audit trail and for reproducing old screenings
                   */
                  status: 'active' | 'superseded'
                  /**
                   * Store id of the active version of the list
                   */
                  superseded_by?: number
                  /**
                   * Store id of the names-only active version that takes official ids, birth dates and identifiers from this superseded full version
                   */
                  details_for?: number
                  /**
                   * Store ids of the superseded full versions this names-only active version takes details from
                   */
                  details_from?: number[]
                  /**
                   * This instance screens with the version now (the active ones and their details); false for superseded versions and, until it reloads, for a version another instance just imported
                   */
                  in_use: boolean
                }[]
                /**
                 * Present once the lists are loaded
                 */
                engine?: {
                  entities: number
                  names: number
                  tokens: number
                  buildMs: number
                  /**
                   * Match score (0..1) from which a name is a hit
                   */
                  threshold: number
                }
                loaded_at?: string
                module_weights: {
                  [k: string]: number
                }
                level_bands: {
                  level: string
                  from: number
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
  '/api/aml/screenings/{screening_id}/rescreen': {
    post: {
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
              data: {
                screening_id: string
                /**
                 * When the screening was made
                 */
                screened_at: string
                rescreened_at: string
                /**
                 * The versions the record names (screened against again), with their status now
                 */
                list_versions: {
                  [k: string]: unknown
                }[]
                /**
                 * in_use: the versions are the ones this instance screens with; rebuilt: an index was built from the store for them
                 */
                engine: 'in_use' | 'rebuilt'
                /**
                 * The threshold the record was screened at
                 */
                threshold: number
                /**
                 * The sanctions hits now, each explained as in a screening
                 */
                matches: {
                  [k: string]: unknown
                }[]
                /**
                 * The sanctions hits the record holds
                 */
                recorded_matches: {
                  list: string
                  list_id: string
                  matched_name: string
                  score: number
                }[]
                /**
                 * The same hits with the same scores (to 3 decimals) as recorded
                 */
                reproduced: boolean
                /**
                 * Hits gained (recorded_score null), lost (score null) or scored otherwise
                 */
                differences: {
                  list: string
                  list_id: string
                  matched_name: string
                  recorded_score: number | null
                  score: number | null
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
}
