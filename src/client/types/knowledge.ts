/* Generated — do not edit: the knowledge service's routes (its /openapi.json) as openapi-fetch types, written by `npm run client:generate`. */
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
  '/rag/search': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            query: string
            collection?: string
            /**
             * default 10
             */
            limit?: number
            /**
             * default 10
             */
            top_k?: number
            /**
             * Metadata filter: every key must match; an array matches any of its values. Keys: document_id, language, source, title, or any metadata key given at upload.
             */
            filter?: {
              [k: string]:
                string | number | boolean | [string | number | boolean, ...(string | number | boolean)[]]
            }
            /**
             * hybrid (BM25 + dense, fused by reciprocal rank; default), keyword (BM25) or semantic (dense)
             */
            mode?: 'hybrid' | 'keyword' | 'semantic'
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                query: string
                collection: string | null
                /**
                 * hybrid, keyword or semantic
                 */
                mode: string
                limit: number
                count: number
                results: {
                  /**
                   * Chunk id
                   */
                  id: string
                  text: string
                  score: number
                  collection: string
                  document: {
                    id: string
                    title: string
                    source: string
                  }
                  section: string
                  page: number | null
                  position: number
                  citation: {
                    document_id: string
                    document_title: string
                    source: string
                    collection: string
                    /**
                     * Heading path of the passage
                     */
                    section: string
                    page: number | null
                    /**
                     * Position of the passage in its document
                     */
                    chunk: number
                    chunk_id: string
                    /**
                     * The passage's document's language: cs or en
                     */
                    language: string
                    /**
                     * Title › section › page, for people
                     */
                    label: string
                  }
                  /**
                   * Metadata given at upload
                   */
                  metadata: {
                    [k: string]: unknown
                  }
                  scores: {
                    keyword: {
                      rank: number
                      score: number
                    } | null
                    semantic: {
                      rank: number
                      score: number
                    } | null
                  }
                }[]
                /**
                 * Collection → the embedder its vectors come from (null: none yet)
                 */
                embedders: {
                  [k: string]: string | null
                }
                warnings?: string[]
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
  '/ask': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'application/json': {
            question?: string
            /**
             * alias of question
             */
            query?: string
            collection?: string
            /**
             * default 5
             */
            limit?: number
            /**
             * default 5
             */
            top_k?: number
            /**
             * Metadata filter: every key must match; an array matches any of its values. Keys: document_id, language, source, title, or any metadata key given at upload.
             */
            filter?: {
              [k: string]:
                string | number | boolean | [string | number | boolean, ...(string | number | boolean)[]]
            }
            /**
             * auto (generated when LLM_BASE_URL is set, else extractive; default), extractive or generated
             */
            answer_mode?: 'auto' | 'extractive' | 'generated'
          }
        }
      }
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                question: string
                collection: string | null
                answer: string | null
                answer_mode: 'none' | 'extractive' | 'generated'
                /**
                 * The language the question is asked in, and the answer given in (an extractive answer quoting only the other language says so first)
                 */
                language: 'cs' | 'en'
                found: boolean
                /**
                 * Why there is no answer
                 */
                message?: string
                /**
                 * The language model that wrote a generated answer
                 */
                model?: string
                warning?: string
                citations: {
                  n: number
                  /**
                   * Whether the answer cites it
                   */
                  cited: boolean
                  document_id: string
                  document_title: string
                  source: string
                  collection: string
                  /**
                   * Heading path of the passage
                   */
                  section: string
                  page: number | null
                  /**
                   * Position of the passage in its document
                   */
                  chunk: number
                  chunk_id: string
                  /**
                   * The passage's document's language: cs or en
                   */
                  language: string
                  /**
                   * Title › section › page, for people
                   */
                  label: string
                  text: string
                  score: number
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
  '/upload': {
    post: {
      parameters: {}
      requestBody: {
        content: {
          'multipart/form-data': {
            /**
             * The document (PDF, DOCX, HTML, Markdown, text …)
             */
            file: string
            /**
             * GET /rag/collections lists them
             */
            collection: string
            /**
             * A JSON object of strings, numbers, booleans or arrays of them, e.g. {"language":"cs","tags":["aml"]}
             */
            metadata?: string
            title?: string
            /**
             * Where it comes from; defaults to the file name
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
              data: UploadOutcome
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
              data: UploadOutcome
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
  '/rag/collections': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                count: number
                collections: CollectionReport[]
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
  '/rag/health': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                status: 'loading' | 'ok' | 'degraded'
                /**
                 * sqlite or postgres
                 */
                storage: string
                documents: number
                chunks: number
                collections: number
                /**
                 * The default embedder
                 */
                embedder: string
                llm: string
                /**
                 * Last change of the store this instance has indexed
                 */
                change_seq: number
                problems: string[]
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
  '/stats': {
    get: {
      parameters: {}
      responses: {
        200: {
          content: {
            'application/json': {
              success: true
              data: {
                documents: number
                chunks: number
                collections: CollectionReport[]
                embedder: {
                  default: string
                  /**
                   * Items: The embedder, described
                   */
                  available: {
                    id: string
                    [k: string]: unknown
                  }[]
                }
                index: {
                  chunks: number
                  vectors: number
                  bytes: number
                  change_seq: number
                }
                storage: string
                /**
                 * Whether queries are translated by the language model as well, and why (KB_QUERY_TRANSLATION)
                 */
                query_translation: {
                  enabled: boolean
                  reason: string
                }
                queries: {
                  search: number
                  ask: number
                }
                latency_ms: {
                  search: {
                    p50: number | null
                    p95: number | null
                    p99: number | null
                  }
                  ask: {
                    p50: number | null
                    p95: number | null
                    p99: number | null
                  }
                }
                uptime_seconds: number
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
  '/rag/documents': {
    get: {
      parameters: {
        query?: {
          collection?: string
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
                count: number
                limit: number
                offset: number
                documents: Document[]
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
  '/rag/documents/{id}': {
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
              data: Document
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
                deleted: true
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
export interface UploadOutcome {
  status: 'created' | 'replaced' | 'unchanged'
  document: {
    id: string
    collection: string
    title: string
    source: string
    format: string
    language: string
  }
  chunks: number
  /**
   * Ids of the documents this one replaced
   */
  replaced: string[]
}
export interface CollectionReport {
  name: string
  description: string
  documents: number
  chunks: number
  embedder: string | null
  dimensions: number | null
  /**
   * Whether this process can embed queries for it
   */
  embedder_available: boolean
}
export interface Document {
  id: string
  collection: string
  title: string
  source: string
  format: string
  language: string
  content_hash: string
  bytes: number
  pages: number | null
  chunks: number
  /**
   * Metadata given at upload
   */
  metadata: {
    [k: string]: unknown
  }
  created_at: string
  updated_at: string
}
