/* Generated — do not edit: the router service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */
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
  '/': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                service: string
                description: string
                job_kinds: string[]
                llm_configured: boolean
                docs: string
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
                status: string
                jobs: {
                  [k: string]: number
                }
                llm_configured: boolean
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
  '/tasks': {
    post: {
      parameters: {
        header?: {
          'idempotency-key'?: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            /**
             * job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo
             */
            kind: string
            input?: unknown
            /**
             * higher runs first
             */
            priority?: number
            idempotency_key?: string
            max_attempts?: number
            backoff?: {
              type: 'fixed' | 'exponential'
              delay_ms: number
            }
            lease_seconds?: number
            timeout_seconds?: number
            delay_seconds?: number
            /**
             * append the outcome to the truth log when it finishes
             */
            truth_log?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                task: Task
                job: Job
                created: boolean
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
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                task: Task
                job: Job
                created: boolean
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
           * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
           */
          status?: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
          /**
           * job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo
           */
          kind?: string
          requested_by?: string
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
                items: Task[]
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
  '/tasks/{id}': {
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
                task: Task
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
  '/jobs': {
    get: {
      parameters: {
        query?: {
          /**
           * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
           */
          status?: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
          /**
           * job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo
           */
          kind?: string
          task_id?: string
          worker_id?: string
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
                items: Job[]
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
  '/jobs/{id}': {
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
                job: Job
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
  '/jobs/{id}/heartbeat': {
    post: {
      parameters: {
        path: {
          id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            lease_token: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                job_id: string
                /**
                 * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
                 */
                status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
                lease_expires_at: string | null
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
  '/jobs/{id}/complete': {
    post: {
      parameters: {
        path: {
          id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            lease_token: string
            result?: unknown
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                job: Job
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
  '/jobs/{id}/fail': {
    post: {
      parameters: {
        path: {
          id: string
        }
      }
      requestBody: {
        content: {
          'application/json': {
            lease_token: string
            error: {
              code?: string
              message: string
            }
            retryable?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                job: Job
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
  '/jobs/{id}/cancel': {
    post: {
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
                job: Job
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
  '/jobs/{id}/retry': {
    post: {
      parameters: {
        path: {
          id: string
        }
      }
      responses: {
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                task: Task
                job: Job
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
  '/workers': {
    get: {
      parameters: {
        query?: {
          /**
           * job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo
           */
          kind?: string
          type?: 'builtin' | 'external'
          online?: boolean
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
                items: {
                  id: string
                  name: string
                  type: 'builtin' | 'external'
                  kinds: string[]
                  capacity: number
                  version: string | null
                  meta: {
                    [k: string]: unknown
                  } | null
                  registered_at: string
                  last_seen_at: string
                  online: boolean
                  /**
                   * jobs it holds a lease on now
                   */
                  running: number
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
  '/gpt/register': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            name: string
            /**
             * @minItems 1
             * @maxItems 50
             *
             * Items: job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo
             */
            kinds: [string, ...string[]]
            capacity: number
            version?: string
            worker_id?: string
            meta?: {
              [k: string]: unknown
            }
          }
        }
      }
      responses: {
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                worker: {
                  id: string
                  name: string
                  type: 'builtin' | 'external'
                  kinds: string[]
                  capacity: number
                  version: string | null
                  meta: {
                    [k: string]: unknown
                  } | null
                  registered_at: string
                  last_seen_at: string
                  online: boolean
                  /**
                   * jobs it holds a lease on now
                   */
                  running: number
                }
                heartbeat_seconds: number
                lease_seconds: number
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
  '/gpt/heartbeat': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            worker_id: string
            version?: string
            /**
             * @maxItems 256
             */
            job_ids?: string[]
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                worker: {
                  id: string
                  name: string
                  type: 'builtin' | 'external'
                  kinds: string[]
                  capacity: number
                  version: string | null
                  meta: {
                    [k: string]: unknown
                  } | null
                  registered_at: string
                  last_seen_at: string
                  online: boolean
                  /**
                   * jobs it holds a lease on now
                   */
                  running: number
                }
                /**
                 * leases extended
                 */
                extended: number
                jobs: {
                  id: string
                  /**
                   * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
                   */
                  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
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
  '/gpt/jobs/claim': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            worker_id: string
            max?: number
            wait_seconds?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                jobs: {
                  id: string
                  task_id: string
                  kind: string
                  input: unknown
                  /**
                   * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
                   */
                  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
                  priority: number
                  attempts: number
                  max_attempts: number
                  backoff: {
                    type: string
                    delay_ms: number
                  }
                  lease_ms: number
                  timeout_ms: number
                  run_at: string
                  worker_id: string | null
                  lease_expires_at: string | null
                  /**
                   * what the worker returned (SUCCEEDED)
                   */
                  result: {
                    [k: string]: unknown
                  }
                  error: {
                    code: string
                    message: string
                    retryable?: boolean
                    [k: string]: unknown
                  } | null
                  truth_log: boolean
                  /**
                   * what the handler last reported, or null
                   */
                  progress: {
                    [k: string]: unknown
                  }
                  created_at: string
                  updated_at: string
                  started_at: string | null
                  finished_at: string | null
                  /**
                   * proves the lease; send it with heartbeat, complete and fail
                   */
                  lease_token: string
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
  '/workers/credentials': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * who runs the worker
             */
            name: string
          }
        }
      }
      responses: {
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                credential: {
                  id: string
                  name: string
                  created_at: string
                  revoked_at: string | null
                  /**
                   * the worker key, shown once
                   */
                  key: string
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
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                credentials: {
                  id: string
                  name: string
                  created_at: string
                  revoked_at: string | null
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
  '/workers/credentials/{id}': {
    delete: {
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
                credential: {
                  id: string
                  name: string
                  created_at: string
                  revoked_at: string | null
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
  '/truth-log': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            worker: string
            task: string
            content: string
            status: string
          }
        }
      }
      responses: {
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                entry: {
                  seq: number
                  id: string
                  worker: string
                  task: string
                  content: string
                  status: string
                  job_id: string | null
                  created_at: string
                  prev_hash: string
                  /**
                   * SHA-256 over the previous hash and this entry
                   */
                  hash: string
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
    get: {
      parameters: {
        query?: {
          worker?: string
          task?: string
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
                items: {
                  seq: number
                  id: string
                  worker: string
                  task: string
                  content: string
                  status: string
                  job_id: string | null
                  created_at: string
                  prev_hash: string
                  /**
                   * SHA-256 over the previous hash and this entry
                   */
                  hash: string
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
  '/truth-log/auto': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            job_id: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                entry: {
                  seq: number
                  id: string
                  worker: string
                  task: string
                  content: string
                  status: string
                  job_id: string | null
                  created_at: string
                  prev_hash: string
                  /**
                   * SHA-256 over the previous hash and this entry
                   */
                  hash: string
                }
                created: boolean
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
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                entry: {
                  seq: number
                  id: string
                  worker: string
                  task: string
                  content: string
                  status: string
                  job_id: string | null
                  created_at: string
                  prev_hash: string
                  /**
                   * SHA-256 over the previous hash and this entry
                   */
                  hash: string
                }
                created: boolean
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
  '/truth-log/verify': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                /**
                 * every entry links to the one before and hashes to its hash
                 */
                ok: boolean
                entries?: number
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
  '/v1/gpt/sync': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            instructions?: string
            note?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                changed: boolean
                version: number
                hash: string
                synced_at: string
                tools: number
                previous_version: number | null
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
        201: {
          content: {
            'application/json': {
              success: true
              data: {
                changed: boolean
                version: number
                hash: string
                synced_at: string
                tools: number
                previous_version: number | null
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
  '/v1/gpt/status': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                current: {
                  version: number
                  hash: string
                  synced_at: string
                  tools: number
                  note: string | null
                } | null
                workers: {
                  id: string
                  name: string
                  type: string
                  online: boolean
                  version: string | null
                  up_to_date: boolean
                  last_seen_at: string
                }[]
                workers_by_version: {
                  [k: string]: number
                }
                stale_workers: number
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
  '/v1/gpt/config': {
    get: {
      parameters: {
        query?: {
          version?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                version: number
                hash: string
                instructions: string
                tools: unknown[]
                note: string | null
                synced_at: string
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
  '/v1/llm/models': {
    get: {
      parameters: {}
      responses: {
        '2XX': {
          content: {
            'application/json': ModelList
          }
        }
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
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
  '/v1/models': {
    get: {
      parameters: {}
      responses: {
        '2XX': {
          content: {
            'application/json': ModelList
          }
        }
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
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
  '/v1/llm/embeddings': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            model?: string
            input: string | [string, ...string[]] | [number, ...number[]] | [number[], ...number[][]]
            [k: string]: unknown
          }
        }
      }
      responses: {
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
              [k: string]: unknown
            }
          }
        }
        '2XX': {
          content: {
            'application/json': EmbeddingList
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
  '/v1/embeddings': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            model?: string
            input: string | [string, ...string[]] | [number, ...number[]] | [number[], ...number[][]]
            [k: string]: unknown
          }
        }
      }
      responses: {
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
              [k: string]: unknown
            }
          }
        }
        '2XX': {
          content: {
            'application/json': EmbeddingList
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
  '/v1/llm/usage': {
    get: {
      parameters: {
        query?: {
          days?: number
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                period_days: number
                models: {
                  model: string
                  requests: number
                  errors: number
                  prompt_tokens: number
                  completion_tokens: number
                  total_tokens: number
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
  '/v1/llm/chat': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            model?: string
            /**
             * @minItems 1
             * @maxItems 2000
             */
            messages: [
              {
                role: string
                [k: string]: unknown
              },
              ...{
                role: string
                [k: string]: unknown
              }[],
            ]
            stream?: boolean
            [k: string]: unknown
          }
        }
      }
      responses: {
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
              [k: string]: unknown
            }
          }
        }
        '2XX': {
          content: {
            'application/json': ChatCompletion
            'text/event-stream': string
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
  '/v1/llm/chat/completions': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            model?: string
            /**
             * @minItems 1
             * @maxItems 2000
             */
            messages: [
              {
                role: string
                [k: string]: unknown
              },
              ...{
                role: string
                [k: string]: unknown
              }[],
            ]
            stream?: boolean
            [k: string]: unknown
          }
        }
      }
      responses: {
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
              [k: string]: unknown
            }
          }
        }
        '2XX': {
          content: {
            'application/json': ChatCompletion
            'text/event-stream': string
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
  '/v1/chat/completions': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            model?: string
            /**
             * @minItems 1
             * @maxItems 2000
             */
            messages: [
              {
                role: string
                [k: string]: unknown
              },
              ...{
                role: string
                [k: string]: unknown
              }[],
            ]
            stream?: boolean
            [k: string]: unknown
          }
        }
      }
      responses: {
        '4XX': {
          content: {
            /**
             * the upstream's error, relayed in OpenAI's format
             */
            'application/json': {
              error: unknown
              [k: string]: unknown
            }
          }
        }
        '2XX': {
          content: {
            'application/json': ChatCompletion
            'text/event-stream': string
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
  '/v1/memory/add': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * @minItems 1
             * @maxItems 100
             */
            messages?: [
              {
                role: 'user' | 'assistant' | 'system'
                content: string
              },
              ...{
                role: 'user' | 'assistant' | 'system'
                content: string
              }[],
            ]
            text?: string
            user_id?: string
            agent_id?: string
            run_id?: string
            metadata?: {
              [k: string]: unknown
            }
            infer?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                results: {
                  id: string
                  memory: string
                  event: 'ADD' | 'UPDATE' | 'NONE'
                  previous_memory?: string
                  similarity?: number
                }[]
                inferred: boolean
                dedup_threshold: number
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
  '/v1/memory/search': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            query: string
            user_id?: string
            agent_id?: string
            run_id?: string
            filters?: {
              [k: string]: unknown
            }
            top_k?: number
            threshold?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                results: {
                  id: string
                  memory: string
                  user_id: string | null
                  agent_id: string | null
                  run_id: string | null
                  metadata: {
                    [k: string]: unknown
                  }
                  created_at: string
                  updated_at: string
                  score: number
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
  '/v1/memory': {
    get: {
      parameters: {
        query?: {
          user_id?: string
          agent_id?: string
          run_id?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                results: {
                  id: string
                  memory: string
                  user_id: string | null
                  agent_id: string | null
                  run_id: string | null
                  metadata: {
                    [k: string]: unknown
                  }
                  created_at: string
                  updated_at: string
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
  '/v1/memory/{id}': {
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
                id: string
                memory: string
                user_id: string | null
                agent_id: string | null
                run_id: string | null
                metadata: {
                  [k: string]: unknown
                }
                created_at: string
                updated_at: string
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
                id: string
                deleted: boolean
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
  '/v1/memory/{id}/history': {
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
                history: {
                  event: string
                  old_memory: string | null
                  new_memory: string | null
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
  '/v1/mcp': {
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
                  streamable_http: string
                  sse: string
                  tools: string[]
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
  '/v1/mcp/{service}': {
    get: {
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
  '/mcp/{service}': {
    get: {
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
  '/v1/mcp/{service}/mcp': {
    get: {
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
  '/mcp/{service}/mcp': {
    get: {
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        '2XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
          }
        }
        '4XX': {
          content: {
            'application/json': {
              jsonrpc?: string
              [k: string]: unknown
            }
            'text/event-stream': string
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
  '/mcp/{service}/sse': {
    get: {
      parameters: {
        path: {
          service: string
        }
      }
      responses: {
        200: {
          content: {
            'text/event-stream': string
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
  '/mcp/{service}/messages': {
    post: {
      parameters: {
        query: {
          sessionId: string
        }
        path: {
          service: string
        }
      }
      responses: {
        202: {
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
  '/web': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        404: {
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
  '/web/{path}': {
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
            'text/html': string
          }
        }
        404: {
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
  '/docs': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'text/html': string
          }
        }
        404: {
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
  '/docs/{path}': {
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
            'text/html': string
          }
        }
        404: {
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
  '/v1/context/sync': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * @minItems 1
             */
            targets?: [
              (
                | 'agents'
                | 'claude'
                | 'gemini'
                | 'cursor'
                | 'copilot'
                | 'windsurf'
                | 'cline'
                | 'junie'
                | 'kiro'
                | 'warp'
              ),
              ...(
                | 'agents'
                | 'claude'
                | 'gemini'
                | 'cursor'
                | 'copilot'
                | 'windsurf'
                | 'cline'
                | 'junie'
                | 'kiro'
                | 'warp'
              )[],
            ]
            dry_run?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                dry_run: boolean
                source_sha256: string
                results: {
                  id: string
                  [k: string]: unknown
                }[]
                backup_dir: string | null
                target_dir: string
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
  '/v1/context/status': {
    get: {
      parameters: {
        query?: {
          /**
           * @minItems 1
           */
          targets?: [
            (
              | 'agents'
              | 'claude'
              | 'gemini'
              | 'cursor'
              | 'copilot'
              | 'windsurf'
              | 'cline'
              | 'junie'
              | 'kiro'
              | 'warp'
            ),
            ...(
              | 'agents'
              | 'claude'
              | 'gemini'
              | 'cursor'
              | 'copilot'
              | 'windsurf'
              | 'cline'
              | 'junie'
              | 'kiro'
              | 'warp'
            )[],
          ]
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                source: {
                  dir: string
                  files: string[]
                  sha256: string
                }
                targets: {
                  id: string
                  status: string
                  [k: string]: unknown
                }[]
                target_dir: string
                summary: {
                  in_sync: number
                  drifted: number
                  missing: number
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
  '/v1/chain/chat': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            message: string
            conversation_id?: string
            title?: string
            system?: string
            model?: string
            /**
             * @maxItems 64
             */
            tools?: string[]
            max_steps?: number
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
                message?: {
                  role: string
                  content: string | null
                  [k: string]: unknown
                }
                tools_called: {
                  name: string
                  arguments: unknown
                  ok: boolean
                  ms: number
                  [k: string]: unknown
                }[]
                steps: number
                model: string
                usage: unknown
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
  '/v1/chain/conversations/{id}': {
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
                conversation_id: string
                messages: {
                  seq: number
                  role: string
                  content: string | null
                  created_at: string
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
  '/v1/agents/registry': {
    get: {
      parameters: {
        query?: {
          service?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                count: number
                agents: {
                  service: string
                  name: string
                  [k: string]: unknown
                }[]
                services: {
                  name: string
                  agents: number
                  expected: number
                  [k: string]: unknown
                }[]
                job_kinds: string[]
                workers: {
                  id: string
                  name: string
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
  '/v1/agents/registry/stats': {
    get: {
      parameters: {
        query?: {
          days?: number
          service?: string
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                period_days: number
                totals: {
                  calls: number
                  errors: number
                  agents: number
                }
                agents: {
                  service: string
                  agent: string
                  calls: number
                  errors: number
                  error_rate: number
                  latency_ms: {
                    p50: number
                    p95: number
                    p99: number
                    max: number
                  }
                  last_called_at: string
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
  '/api/v1/reality/analyze': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                listing: {
                  url: string
                  title: string | null
                  price: number | null
                  area_m2: number | null
                  disposition: string | null
                  address: string | null
                  latitude: number | null
                  longitude: number | null
                  /**
                   * where each field came from: json-ld, microdata, text or llm
                   */
                  sources: {
                    [k: string]: string
                  }
                }
                estimate: {
                  estimate: number
                  range: {
                    low: number
                    high: number
                    [k: string]: unknown
                  }
                  [k: string]: unknown
                }
                verdict: {
                  verdict: string
                  ratio: number
                  explanation: string
                  [k: string]: unknown
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
  '/api/v1/contacts/search': {
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
                /**
                 * Items: a contact of the domain service, as it answers it
                 */
                items: {
                  id: string
                  /**
                   * person or company
                   */
                  kind: string
                  name: string
                  company: string | null
                  ico: string | null
                  email: string | null
                  phone: string | null
                  emails: string[]
                  phones: string[]
                  address: string | null
                  latitude: number | null
                  longitude: number | null
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
  '/scout': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * IČO: 8 digits (shorter historical forms are zero-padded), mod-11 checksum checked
             */
            ico?: string
            /**
             * registered name, searched in ARES when no ico is given
             */
            name?: string
            /**
             * the company’s web page, read through the egress guard
             */
            website?: string
          }
        }
      }
      responses: {
        202: {
          content: {
            'application/json': {
              success: true
              data: ScoutRun
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
  '/scout/quick': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * IČO: 8 digits (shorter historical forms are zero-padded), mod-11 checksum checked
             */
            ico?: string
            /**
             * registered name, searched in ARES when no ico is given
             */
            name?: string
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: Dossier
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
  '/scout/portal-failed': {
    get: {
      parameters: {
        query?: {
          source?: 'ares' | 'statutory_bodies' | 'sanctions' | 'pep' | 'insolvency' | 'vat' | 'website'
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
                items: {
                  id: string
                  task_id: string
                  ico: string | null
                  name: string | null
                  failed: {
                    source:
                      'ares' | 'statutory_bodies' | 'sanctions' | 'pep' | 'insolvency' | 'vat' | 'website'
                    reason: string
                  }[]
                  retry_of: string | null
                  finished_at: string
                  status_url: string
                  retry_url: string
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
  '/scout/portal-failed/{id}/retry': {
    post: {
      parameters: {
        path: {
          id: string
        }
      }
      responses: {
        202: {
          content: {
            'application/json': {
              success: true
              data: {
                id: string
                task_id: string
                status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
                status_url: string
                retry_of: string | null
                /**
                 * {done, total, sources: [{source, status, reason}]} as the run goes
                 */
                progress: {
                  [k: string]: unknown
                }
                dossier: Dossier | null
                error: {
                  code: string
                  message: string
                } | null
                created_at: string
                finished_at: string | null
                retrying: {
                  source: 'ares' | 'statutory_bodies' | 'sanctions' | 'pep' | 'insolvency' | 'vat' | 'website'
                  reason: string
                }[]
                created: boolean
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
  '/scout/{id}': {
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
              data: ScoutRun
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
  '/rag/{path}': {
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
        '2XX': {
          content: {
            '*/*': string
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
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    put: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    patch: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
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
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    head: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    options: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
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
  '/aml/{path}': {
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
        '2XX': {
          content: {
            '*/*': string
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
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    put: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    patch: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
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
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    head: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
          }
        }
        default: {
          content: {
            'application/json': Error
          }
        }
      }
    }
    options: {
      parameters: {
        path: {
          /**
           * The rest of the path, slashes included
           */
          path: string
        }
      }
      responses: {
        '2XX': {
          content: {
            '*/*': string
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
  '/v1/scrape': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
            /**
             * what to extract; the answer comes back as JSON in `json`
             */
            prompt?: string
            /**
             * JSON Schema the extraction should follow
             */
            schema?: {
              [k: string]: unknown
            }
            /**
             * default: markdown, metadata, links
             *
             * @minItems 1
             * @maxItems 4
             */
            formats?: [
              'markdown' | 'html' | 'links' | 'metadata',
              ...('markdown' | 'html' | 'links' | 'metadata')[],
            ]
            /**
             * Readability article (true) or whole body
             */
            only_main_content?: boolean
            timeout_ms?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: ScrapeResult
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
  '/v1/scrape/adaptive': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
            /**
             * what to extract; the answer comes back as JSON in `json`
             */
            prompt?: string
            /**
             * JSON Schema the extraction should follow
             */
            schema?: {
              [k: string]: unknown
            }
            /**
             * default: markdown, metadata, links
             *
             * @minItems 1
             * @maxItems 4
             */
            formats?: [
              'markdown' | 'html' | 'links' | 'metadata',
              ...('markdown' | 'html' | 'links' | 'metadata')[],
            ]
            /**
             * Readability article (true) or whole body
             */
            only_main_content?: boolean
            timeout_ms?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: ScrapeResult
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
  '/v1/scrape/batch': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * at most 10
             *
             * @minItems 1
             * @maxItems 10
             *
             * Items: http or https URL of a public page (internal addresses are refused)
             */
            urls: [string, ...string[]]
            /**
             * what to extract; the answer comes back as JSON in `json`
             */
            prompt?: string
            /**
             * JSON Schema the extraction should follow
             */
            schema?: {
              [k: string]: unknown
            }
            /**
             * default: markdown, metadata, links
             *
             * @minItems 1
             * @maxItems 4
             */
            formats?: [
              'markdown' | 'html' | 'links' | 'metadata',
              ...('markdown' | 'html' | 'links' | 'metadata')[],
            ]
            /**
             * Readability article (true) or whole body
             */
            only_main_content?: boolean
            timeout_ms?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                results: {
                  url: string
                  success: boolean
                  data?: ScrapeResult
                  error?: {
                    code: string
                    message: string
                    details?: unknown
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
  '/v1/crawler': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
            max_pages?: number
            max_depth?: number
            /**
             * path patterns (`*` wildcard, `$` end), e.g. /blog/*
             *
             * @maxItems 20
             */
            include?: string[]
            /**
             * @maxItems 20
             */
            exclude?: string[]
            same_site?: boolean
            /**
             * between requests to one host
             */
            delay_ms?: number
            time_limit_seconds?: number
            /**
             * answer with the finished crawl
             */
            wait?: boolean
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: CrawlJob
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
        202: {
          content: {
            'application/json': {
              success: true
              data: CrawlJob
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
  '/v1/crawler/{id}': {
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
              data: CrawlJob
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
  '/v1/convert/markdown': {
    post: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                format: string
                markdown: string
                title: string | null
                pages: number | null
                source: {
                  filename: string | null
                  url: string | null
                  bytes: number
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
  '/v1/browser/screenshot': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
            full_page?: boolean
            width?: number
            height?: number
            wait_until?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit'
            timeout_ms?: number
          }
        }
      }
      responses: {
        200: {
          content: {
            'image/png': string
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
  '/v1/browser/pdf': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * http or https URL of a public page (internal addresses are refused)
             */
            url: string
            full_page?: boolean
            width?: number
            height?: number
            wait_until?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit'
            timeout_ms?: number
          }
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
  '/v1/browser/pdf/html': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            /**
             * a whole HTML document, styles inline in <style>; scripts do not run and nothing it names (images, style sheets, fonts, frames) is fetched
             */
            html: string
            timeout_ms?: number
          }
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
}
export interface Task {
  id: string
  kind: string
  input: unknown
  priority: number
  idempotency_key: string | null
  requested_by: string | null
  created_at: string
  job_id: string
  /**
   * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
   */
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
  attempts: number
  result: unknown
  error: {
    code: string
    message: string
    retryable?: boolean
    [k: string]: unknown
  } | null
  finished_at: string | null
}
export interface Job {
  id: string
  task_id: string
  kind: string
  input: unknown
  /**
   * QUEUED, RUNNING, SUCCEEDED, FAILED, RETRYING, CANCELLED, DEAD
   */
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
  priority: number
  attempts: number
  max_attempts: number
  backoff: {
    type: string
    delay_ms: number
  }
  lease_ms: number
  timeout_ms: number
  run_at: string
  worker_id: string | null
  lease_expires_at: string | null
  /**
   * what the worker returned (SUCCEEDED)
   */
  result: {
    [k: string]: unknown
  }
  error: {
    code: string
    message: string
    retryable?: boolean
    [k: string]: unknown
  } | null
  truth_log: boolean
  /**
   * what the handler last reported, or null
   */
  progress: {
    [k: string]: unknown
  }
  created_at: string
  updated_at: string
  started_at: string | null
  finished_at: string | null
}
/**
 * the upstream's models, in OpenAI's format
 */
export interface ModelList {
  /**
   * the object's type, "list"
   */
  object?: string
  data: {
    id: string
    /**
     * the object's type, "model"
     */
    object?: string
    /**
     * Unix time, seconds
     */
    created?: number
    owned_by?: string
    [k: string]: unknown
  }[]
  [k: string]: unknown
}
/**
 * the upstream's embeddings, in OpenAI's format
 */
export interface EmbeddingList {
  /**
   * the object's type, "list"
   */
  object?: string
  data: {
    /**
     * the object's type, "embedding"
     */
    object?: string
    index: number
    embedding: number[] | string
    [k: string]: unknown
  }[]
  model?: string
  /**
   * tokens the request used
   */
  usage?: {
    prompt_tokens: number
    completion_tokens?: number
    total_tokens: number
    [k: string]: unknown
  }
  [k: string]: unknown
}
/**
 * OpenAI's chat completion, as the upstream sent it
 */
export interface ChatCompletion {
  id: string
  /**
   * the object's type, "chat.completion"
   */
  object?: string
  /**
   * Unix time, seconds
   */
  created?: number
  /**
   * the model that answered
   */
  model: string
  choices: {
    index: number
    message: {
      /**
       * the author, "assistant"
       */
      role: string
      content?: string | null
      refusal?: string | null
      tool_calls?: {
        id: string
        /**
         * the call's type, "function"
         */
        type?: string
        function: {
          name: string
          /**
           * the arguments as JSON text, as the model wrote them
           */
          arguments: string
          [k: string]: unknown
        }
        [k: string]: unknown
      }[]
      [k: string]: unknown
    }
    finish_reason?: string | null
    logprobs?: {
      [k: string]: unknown
    } | null
    [k: string]: unknown
  }[]
  /**
   * tokens the request used
   */
  usage?: {
    prompt_tokens: number
    completion_tokens?: number
    total_tokens: number
    [k: string]: unknown
  }
  system_fingerprint?: string | null
  [k: string]: unknown
}
export interface ScoutRun {
  id: string
  task_id: string
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING' | 'CANCELLED' | 'DEAD'
  status_url: string
  retry_of: string | null
  /**
   * {done, total, sources: [{source, status, reason}]} as the run goes
   */
  progress: {
    [k: string]: unknown
  }
  dossier: Dossier | null
  error: {
    code: string
    message: string
  } | null
  created_at: string
  finished_at: string | null
}
export interface Dossier {
  mode: 'full' | 'quick'
  subject: {
    ico: string | null
    name: string | null
    website: string | null
  }
  sources: {
    source: 'ares' | 'statutory_bodies' | 'sanctions' | 'pep' | 'insolvency' | 'vat' | 'website'
    status: 'ok' | 'failed' | 'not_applicable'
    reason: string | null
    origin: string | null
    ms: number
    checked_at: string
    /**
     * what the source said; null unless it answered
     */
    data: {
      [k: string]: unknown
    }
  }[]
  counts: {
    ok: number
    failed: number
    not_applicable: number
  }
  /**
   * no source failed
   */
  complete: boolean
  flags: {
    source: 'ares' | 'statutory_bodies' | 'sanctions' | 'pep' | 'insolvency' | 'vat' | 'website'
    code: string
    detail: string
  }[]
}
export interface ScrapeResult {
  status: 'OK' | 'BLOCKED'
  url: string
  final_url: string
  http_status: number
  content_type: string
  tier: 'fetch' | 'browser' | 'browser_wait'
  escalations: {
    tier: 'fetch' | 'browser' | 'browser_wait'
    reason: string
  }[]
  blocked?: {
    reason: string
    vendor?: string
  }
  metadata?: {
    title: string | null
    description: string | null
    language: string | null
    canonical_url: string | null
    site_name: string | null
    published_time: string | null
    robots: string[]
  }
  markdown?: string
  html?: string
  links?: {
    url: string
    text: string
  }[]
  json?: unknown
  refused_requests?: {
    host: string
    port: number
  }[]
}
export interface CrawlJob {
  job_id: string
  /**
   * the job status: QUEUED, RUNNING, SUCCEEDED, FAILED, DEAD, CANCELLED
   */
  status: string
  status_url: string
  progress: {
    pages_done: number
    pages_limit: number
    queued: number
    skipped_by_robots: number
  } | null
  start_url?: string
  pages?: {
    url: string
    depth: number
    status: 'OK' | 'BLOCKED' | 'ERROR'
    http_status: number | null
    title: string | null
    markdown: string | null
    error?: string
  }[]
  skipped_by_robots?: string[]
  stopped?: string
  duration_ms?: number
  error?: unknown
}
