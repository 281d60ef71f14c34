/**
 * The golden cases: for every agent, answers worked out by hand from the section of law (or the
 * standard, or the policy) the agent applies, each with the register entries it rests on
 * (data/reference/legal-basis.json) beside it, so a compliance reviewer can read the catalogue
 * (docs/golden-cases.md) and check each expectation against its source.
 *
 * One file per agent service (test/golden/<service>.ts) exports its cases; golden.test.ts runs
 * them all in process. A case is one call of one agent at a fixed clock with the recorded public
 * sources (test/sources), or with every source down (`sources: 'down'`), or with stand-ins for the
 * agents it calls (`stubs`).
 */
import type { Verdict } from '../../src/agents/result.ts'

/**
 * What the case shows:
 * - `positive`: the rule is met, the favourable answer;
 * - `negative`: the rule is broken, the unfavourable answer;
 * - `edge`: at a threshold, a boundary date, or an input the rule treats specially;
 * - `unrecognised`: an input the agent cannot recognise (an unknown function, bank code, document
 *   section, country …): it must answer `review` or `incomplete` with the reason, or refuse the
 *   input with a 4xx naming the field — never `clear` (the fail-closed walk).
 */
type CaseKind = 'positive' | 'negative' | 'edge' | 'unrecognised'

/** A number the answer must hold to within `within` (rounding in the worked figure). */
export interface Approx {
  approx: number
  within: number
}
export const approx = (value: number, within = 0.005): Approx => ({ approx: value, within })

/** Texts the answer's field must all contain (case-insensitive), e.g. a reason naming the rule. */
export interface Mentions {
  mentions: string[]
}
export const mentions = (...texts: string[]): Mentions => ({ mentions: texts })

type Expected =
  | {
      /** The verdict of the result contract. */
      verdict: Verdict
      /** Fields of the answer (a partial deep match; numbers exact unless `approx`). */
      fields?: Record<string, unknown>
      /**
       * Rules the answer must carry: the register id it cites and what its outcome says (a
       * substring, case-insensitive), and the `since` it must give when the case is about a date.
       */
      rules?: { basis: string; outcome?: string; since?: string }[]
      /** Register ids the answer must NOT cite (a rule that does not apply on the date). */
      not_cited?: string[]
    }
  | {
      /** The input is refused: the HTTP status and the field the error names. */
      refused: { status: number; field?: string }
    }

export interface GoldenCase {
  /** The agent's name within the file's service. */
  agent: string
  title: string
  kind: CaseKind
  /**
   * `before` / `after`: one of a pair of cases either side of the date a rule changed (the date
   * the rule's register entry gives).
   */
  date_side?: 'before' | 'after'
  /**
   * The register id whose change date the case sits beside (with `date_side`): the pair of cases
   * straddles the date that entry gives.
   */
  date_of?: string
  /** The register entries the expected answer rests on. */
  law: string[]
  /** How the expected answer follows from the cited section, with the figures worked out. */
  worked: string
  /** The clock of the call (ISO), default 2026-11-20T10:00:00Z. */
  now?: string
  /** `recorded` (default): the recorded public sources; `down`: every source on a closed port. */
  sources?: 'recorded' | 'down'
  /**
   * Stand-ins for agents the agent calls: "service/agent" → the answer to any input, or
   * `{ fails: kind }` for a stand-in whose upstream source fails that way (e.g. `timeout`).
   */
  stubs?: Record<string, unknown>
  /** The case needs the shared listings data (real-estate valuation); skipped without it. */
  needs_listings?: boolean
  input: Record<string, unknown>
  expect: Expected
}

export interface GoldenFile {
  service: string
  cases: GoldenCase[]
}
