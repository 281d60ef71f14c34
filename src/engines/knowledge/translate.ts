/**
 * Query translation by the platform's language model (kit/llm.ts), when one is configured: the
 * question is translated into the other language (Czech ↔ English) and the translation searched
 * beside the term list's expansion, for the words the term list does not know. Off without
 * LLM_BASE_URL (or with KB_QUERY_TRANSLATION=off), and then it says why.
 *
 * A search never waits on the model for long: each translation has its own deadline (the whole
 * call, retries included), and a failure or timeout leaves the search to the term list, with a
 * warning. Translations are remembered (the last 1,000 questions), so a repeated question costs no
 * second call.
 */
import type { LlmClient } from '../../kit/llm.ts'
import type { Language } from './text.ts'

const NAMES: Record<Language, string> = { cs: 'Czech', en: 'English' }
const CACHE_SIZE = 1000
/** A translation longer than this is not a translation of a search query. */
const MAX_CHARS = 1000

export interface QueryTranslationSetting {
  enabled: boolean
  /** Why it is on or off, in a sentence (/stats). */
  reason: string
}

export class QueryTranslator {
  readonly setting: QueryTranslationSetting
  private readonly llm: LlmClient | undefined
  private readonly timeoutMs: number
  private readonly cache = new Map<string, string>()

  constructor(opts: { llm: LlmClient | undefined; mode: 'auto' | 'off'; timeoutMs: number }) {
    this.timeoutMs = opts.timeoutMs
    if (opts.mode === 'off') {
      this.setting = { enabled: false, reason: 'off: KB_QUERY_TRANSLATION=off' }
    } else if (!opts.llm?.configured) {
      this.setting = {
        enabled: false,
        reason:
          'off: no language model is configured (set LLM_BASE_URL); queries are expanded by the term list only',
      }
    } else {
      this.setting = {
        enabled: true,
        reason: `on: queries are translated by ${opts.llm.model} (at most ${opts.timeoutMs} ms each) besides the term list`,
      }
      this.llm = opts.llm
    }
  }

  /** `query` in `into`; throws when the model fails or takes longer than the deadline. */
  async translate(query: string, into: Language): Promise<string> {
    if (!this.llm) throw new Error(this.setting.reason)
    const key = `${into}\u0000${query}`
    const cached = this.cache.get(key)
    if (cached !== undefined) return cached
    const completion = await this.llm.chat(
      {
        messages: [
          {
            role: 'system',
            content: `Translate the user's search query into ${NAMES[into]}. It is about Czech law, anti-money-laundering, companies, real estate or the Gatehouse platform; use the terms those fields use in ${NAMES[into]}. Answer with the translation only, on one line.`,
          },
          { role: 'user', content: query },
        ],
        temperature: 0,
        max_tokens: 200,
      },
      { timeoutMs: this.timeoutMs, signal: AbortSignal.timeout(this.timeoutMs) },
    )
    const text = (completion.choices[0]?.message.content ?? '').trim().split('\n')[0]!.trim()
    if (text === '' || text.length > MAX_CHARS)
      throw new Error('the language model gave no usable translation')
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!)
    this.cache.set(key, text)
    return text
  }
}
