/**
 * Golden cases of the orchestrator agents: the routing and the five flows (orchestrator-flows.ts),
 * and the agents that serve them — the roll-up of verdicts, reports and explanations, the audit
 * log's hash chain and retention (AML Act § 16), the reading of a company's page (IČO, DIČ, E.164,
 * RFC 5322, the GDPR on a named person's contact), ARES quotas, cache times and dependency waves.
 * What an agent cannot recognise is `incomplete`, `review` or a 400 naming the field.
 */
import type { GoldenFile } from './format.ts'
import { mentions } from './format.ts'
import { flowCases } from './orchestrator-flows.ts'

const EVENTS = [
  {
    timestamp: '2026-11-20T09:15:00Z',
    actor: 'analyst@banka.cz',
    action: 'screening.run',
    subject: 'IČO 27074358',
    details: { result: 'no_match' },
  },
  {
    timestamp: '2026-11-20T09:16:30Z',
    actor: 'analyst@banka.cz',
    action: 'client.approve',
    subject: 'IČO 27074358',
  },
]
const FIRST_HASH = 'd678982209afb38c88cb5f4d6c1d7a1ca1bfea8fe1ad6e7828f6f76cd6bbd212'

const LOAN_RESULT = {
  verdict: 'review',
  decision: 'refer',
  ltv: 0.85,
  rules_applied: [
    {
      rule: 'ČNB LTV limit 80 %',
      source: 'ČNB doporučení',
      since: '2022-04-01',
      outcome: 'LTV 85 % exceeds 80 %',
    },
  ],
}

export const orchestrator: GoldenFile = {
  service: 'orchestrator',
  cases: [
    ...flowCases,
    // ── scout ────────────────────────────────────────────────────────────────────────────────
    {
      agent: 'scout',
      title: 'A contact page: a valid IČO and DIČ, a mobile number and an e-mail',
      kind: 'positive',
      law: ['cz-111-2009-s24', 'cz-280-2009-s130', 'itu-e164', 'rfc-5322', 'eu-2016-679-art14'],
      worked:
        'IČO 27074358: sum 135, 135 mod 11 = 3, (11 − 3) mod 10 = 8 = the last digit → valid; DIČ CZ27074358 = CZ + that IČO (§ 130 daňového řádu); +420 602 123 456 is a Czech mobile number of 9 digits (E.164); info@firma.cz is a dot-atom address (RFC 5322). Two contact details: personal data when they name a person (GDPR Art. 6, 14).',
      input: {
        url: 'https://www.firma.cz/kontakt',
        lookup_ares: false,
        html: '<html><head><title>Kontakt | Firma s.r.o.</title></head><body><p>Firma s.r.o., IČO: 27074358, DIČ: CZ27074358</p><p>Tel.: +420 602 123 456, <a href="mailto:info@firma.cz">info@firma.cz</a></p></body></html>',
      },
      expect: {
        verdict: 'informational',
        fields: {
          icos: [{ ico: '27074358', valid: true }],
          dics: [{ dic: 'CZ27074358', valid: true }],
          phones: [{ e164: '+420602123456', type: 'mobile' }],
          emails: ['info@firma.cz'],
        },
        rules: [
          { basis: 'cz-111-2009-s24', outcome: '1 of 1 valid' },
          { basis: 'eu-2016-679-art14', outcome: '2 contact details' },
        ],
      },
    },
    {
      agent: 'scout',
      title: 'A page publishing an IČO that fails its checksum (27074357): review',
      kind: 'negative',
      law: ['cz-111-2009-s24'],
      worked:
        '27074357: the sum 135 gives check digit 8, not 7 → the number names no company; a person should look before the page is relied on → review.',
      input: { lookup_ares: false, html: '<p>IČ 27074357</p><p>obchod&#64;stavby-brno.cz</p>' },
      expect: {
        verdict: 'review',
        fields: { icos: [{ ico: '27074357', valid: false, reason: 'checksum digit should be 8, not 7' }] },
        rules: [{ basis: 'cz-111-2009-s24', outcome: '0 of 1 valid' }],
      },
    },
    {
      agent: 'scout',
      title: 'An address written with &#64; and a fixed-line number without the country code',
      kind: 'edge',
      law: ['rfc-5322', 'itu-e164'],
      worked:
        '"obchod&#64;stavby-brno.cz" is the entity for "@": decoded, a valid address. "541 123 456" has no country code: read as Czech (+420), 541 is a Brno fixed-line range → +420541123456.',
      input: { lookup_ares: false, html: '<p>obchod&#64;stavby-brno.cz, tel. 541 123 456</p>' },
      expect: {
        verdict: 'informational',
        fields: {
          emails: ['obchod@stavby-brno.cz'],
          phones: [{ e164: '+420541123456', type: 'landline' }],
        },
      },
    },
    {
      agent: 'scout',
      title: 'A page with nothing recognisable: incomplete',
      kind: 'unrecognised',
      law: ['cz-111-2009-s24', 'rfc-5322'],
      worked:
        'No e-mail, telephone number, IČO, DIČ or contact page: there is nothing the checks could judge, so the answer says it found nothing rather than passing the page.',
      input: { lookup_ares: false, html: '<html><body><p>Vítejte na našich stránkách.</p></body></html>' },
      expect: { verdict: 'incomplete', fields: { emails: [], phones: [], icos: [], dics: [] } },
    },
    // ── report_builder ───────────────────────────────────────────────────────────────────────
    {
      agent: 'report_builder',
      title: 'Two results, one to be reviewed: the report says review and lists both rules',
      kind: 'positive',
      law: ['method-verdict-rollup', 'method-report-layout'],
      worked:
        'The results carry clear and review; the roll-up lets the least favourable decide → review. Each result has one rule: 2 rules, each in the table with its source and date.',
      input: {
        title: 'Client check',
        language: 'en',
        results: [
          {
            source: 'data/ico_validator',
            output: {
              verdict: 'clear',
              valid: true,
              rules_applied: [
                { rule: 'IČO mod-11 check digit', source: 'zákon 111/2009 Sb., § 24', outcome: 'valid' },
              ],
            },
          },
          { source: 'banking/loan_assessment', output: LOAN_RESULT },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          rules_count: 2,
          markdown: mentions(
            '**refer for review** (review)',
            '| banking/loan_assessment | ČNB LTV limit 80 % |',
          ),
        },
      },
    },
    {
      agent: 'report_builder',
      title: "A flow result that is adverse: the report keeps the flow's verdict",
      kind: 'negative',
      law: ['method-verdict-rollup'],
      worked:
        "The flow result carries verdict adverse (a mistyped IČO): the report takes the flow's verdict as it is.",
      input: {
        title: 'Onboarding',
        language: 'en',
        flow_result: {
          flow: 'company_onboarding',
          verdict: 'adverse',
          steps: [
            {
              id: 'ico',
              service: 'data',
              agent: 'ico_validator',
              status: 'ok',
              ms: 0.3,
              output: { verdict: 'adverse', valid: false },
            },
          ],
        },
      },
      expect: { verdict: 'adverse', fields: { markdown: mentions('**adverse** (adverse)') } },
    },
    {
      agent: 'report_builder',
      title: 'A failed step: the report names its error and is incomplete',
      kind: 'edge',
      law: ['method-verdict-rollup', 'method-report-layout'],
      worked:
        'Results without a flow verdict: ico_validator clear, ares_lookup failed → a failed step makes the roll-up incomplete; the error is written under its step.',
      input: {
        title: 'Due diligence',
        language: 'en',
        results: [
          { source: 'data/ico_validator', output: { verdict: 'clear', valid: true } },
          { source: 'data/ares_lookup', status: 'failed' },
        ],
      },
      expect: { verdict: 'incomplete', fields: { markdown: mentions('| data/ares_lookup | failed |') } },
    },
    {
      agent: 'report_builder',
      title: 'A result with no verdict: incomplete, not clear',
      kind: 'unrecognised',
      law: ['method-verdict-rollup'],
      worked:
        'The only result carries { decision: "approve" } and no verdict of the shared vocabulary: nothing can be rolled up → incomplete.',
      input: {
        title: 'Legacy',
        language: 'en',
        results: [{ source: 'x/legacy', output: { decision: 'approve' } }],
      },
      expect: { verdict: 'incomplete' },
    },
    // ── result_aggregator ────────────────────────────────────────────────────────────────────
    {
      agent: 'result_aggregator',
      title: 'A clear check and a computation: clear (the computation does not vote)',
      kind: 'positive',
      law: ['method-verdict-rollup'],
      worked: 'Verdicts clear and informational: informational does not vote → clear.',
      input: {
        results: [
          { source: 'data/ico_validator', output: { verdict: 'clear' } },
          { source: 'banking/mortgage_calculator', output: { verdict: 'informational' } },
        ],
      },
      expect: { verdict: 'clear', fields: { counts: { clear: 1, informational: 1, missing: 0 } } },
    },
    {
      agent: 'result_aggregator',
      title: 'An adverse step beside a failed one: adverse',
      kind: 'negative',
      law: ['method-verdict-rollup'],
      worked: 'adverse ranks first: a missing source cannot make an adverse answer any better → adverse.',
      input: {
        results: [
          { source: 'data/insolvency_check', output: { verdict: 'adverse' } },
          { source: 'data/ares_lookup', status: 'failed' },
        ],
      },
      expect: { verdict: 'adverse', fields: { missing: ['data/ares_lookup'] } },
    },
    {
      agent: 'result_aggregator',
      title: 'Only computations: informational',
      kind: 'edge',
      law: ['method-verdict-rollup'],
      worked:
        'Two informational verdicts and nothing judged: informational (not clear — nothing was checked).',
      input: {
        results: [
          { source: 'banking/mortgage_calculator', output: { verdict: 'informational' } },
          { source: 'banking/currency_converter', output: { verdict: 'informational' } },
        ],
      },
      expect: { verdict: 'informational' },
    },
    {
      agent: 'result_aggregator',
      title: 'A result without a verdict beside a clear one: incomplete, never clear',
      kind: 'unrecognised',
      law: ['method-verdict-rollup'],
      worked:
        '{ decision: "approve" } carries no verdict of the vocabulary: the roll-up cannot read it (it never reads an agent’s own fields), so the whole is incomplete.',
      input: {
        results: [
          { source: 'data/ico_validator', output: { verdict: 'clear' } },
          { source: 'x/legacy', output: { decision: 'approve' } },
        ],
      },
      expect: { verdict: 'incomplete', fields: { counts: { clear: 1, silent: 1 } } },
    },
    // ── audit_logger ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'audit_logger',
      title: 'Two events chained with SHA-256 and kept 10 years',
      kind: 'positive',
      date_side: 'after',
      date_of: 'cz-253-2008-s16',
      law: ['method-audit-hash-chain', 'cz-253-2008-s16'],
      worked:
        'Entry 0 chains to 64 zeros: SHA-256("0…0\\n" + canonical JSON) = d6789822…; entry 1 chains to it. Records are kept 10 years (AML Act § 16 as reworded from 2017-01-01): 2026-11-20 → 2036-11-20.',
      input: { events: EVENTS },
      expect: {
        verdict: 'informational',
        fields: {
          entries: [
            { seq: 0, hash: FIRST_HASH, retain_until: '2036-11-20' },
            { seq: 1, prev_hash: FIRST_HASH },
          ],
        },
        rules: [{ basis: 'cz-253-2008-s16', outcome: '2036-11-20', since: '2017-01-01' }],
      },
    },
    {
      agent: 'audit_logger',
      title: 'Judged in 2016: the retention rests on § 16 as first worded',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-253-2008-s16',
      law: ['cz-253-2008-s16'],
      worked:
        'On 2016-06-01 zákon 368/2016 Sb. had not yet reworded § 16: the rule in force is the 2008 wording (since 2008-09-01); 10 years from 2016-05-31 → 2026-05-31.',
      now: '2016-06-01T10:00:00Z',
      input: { events: [{ timestamp: '2016-05-31T12:00:00Z', actor: 'system', action: 'client.approve' }] },
      expect: {
        verdict: 'informational',
        fields: { entries: [{ retain_until: '2026-05-31' }] },
        rules: [{ basis: 'cz-253-2008-s16', since: '2008-09-01' }],
      },
    },
    {
      agent: 'audit_logger',
      title: 'A recorded hash that does not match the second entry: adverse, breaks at entry 1',
      kind: 'negative',
      law: ['method-audit-hash-chain'],
      worked:
        'Entry 0 recomputes to the recorded d6789822…; entry 1 does not match the recorded hash (changed afterwards) → the chain breaks at 1 → adverse.',
      input: {
        events: EVENTS,
        expected_hashes: [FIRST_HASH, 'c3a7f0e3b0e1b2d0c1a8a0f6d4c98fa3a1d6f9a3c2b1e0d9c8b7a6f5e4d3c2b1'],
      },
      expect: {
        verdict: 'adverse',
        fields: { verification: { intact: false, first_mismatch: 1 } },
        rules: [{ basis: 'method-audit-hash-chain', outcome: 'breaks at entry 1' }],
      },
    },
    {
      agent: 'audit_logger',
      title: 'One recorded hash for two events: refused, naming expected_hashes',
      kind: 'unrecognised',
      law: [],
      worked: 'A chain is verified entry by entry; one hash for two events cannot say which it belongs to.',
      input: { events: EVENTS, expected_hashes: [FIRST_HASH] },
      expect: { refused: { status: 400, field: 'expected_hashes' } },
    },
    // ── rate_limiter ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'rate_limiter',
      title: 'Three IČOs on a weekday morning: the repeated one removed, two queries at 09:00',
      kind: 'positive',
      law: ['mf-ares-terms'],
      worked:
        'ARES forbids repeated identical queries: 3 − 1 duplicate = 2, within 500 a minute and 1 000 in the day window.',
      input: {
        source: 'ares',
        requests: ['27074358', '00064581', '27074358'],
        start: '2026-11-20T09:00:00+01:00',
      },
      expect: {
        verdict: 'informational',
        fields: { unique: 2, duplicates_removed: 1, finish_at: '2026-11-20T08:00:00.000Z' },
        rules: [{ basis: 'mf-ares-terms', outcome: '1 removed' }],
      },
    },
    {
      agent: 'rate_limiter',
      title: 'The same IČO asked three times: one query',
      kind: 'negative',
      law: ['mf-ares-terms'],
      worked: 'Three identical queries are two repeated ones the terms forbid: only one is sent.',
      input: {
        source: 'ares',
        requests: ['27082440', '27082440', '27082440'],
        start: '2026-11-20T10:00:00+01:00',
      },
      expect: { verdict: 'informational', fields: { unique: 1, duplicates_removed: 2 } },
    },
    {
      agent: 'rate_limiter',
      title: 'Queries at 07:59 fall in the overnight window opened the evening before',
      kind: 'edge',
      law: ['mf-ares-terms'],
      worked:
        'The overnight window runs 18:00–08:00: at 07:59 on 2026-11-20 (Prague, +01:00) it is the window opened on 2026-11-19 at 18:00, with room for 5 000.',
      input: { source: 'ares', requests: ['27074358', '00064581'], start: '2026-11-20T07:59:00+01:00' },
      expect: {
        verdict: 'informational',
        fields: {
          schedule: [{ window: '2026-11-19 18:00–08:00', count: 2 }],
          finish_at: '2026-11-20T06:59:00.000Z',
        },
      },
    },
    {
      agent: 'rate_limiter',
      title: 'A register without known quotas: refused, naming source',
      kind: 'unrecognised',
      law: [],
      worked: 'Only ARES has quotas on file; planning ISIR against made-up limits would be a guess.',
      input: { source: 'isir', requests: ['27074358'] },
      expect: { refused: { status: 400, field: 'source' } },
    },
    // ── cache_manager ────────────────────────────────────────────────────────────────────────
    {
      agent: 'cache_manager',
      title: 'An ARES record: reused for a day',
      kind: 'positive',
      law: ['method-source-cache', 'mf-ares'],
      worked: 'ARES policy: 86 400 s; fetched 2026-11-20T10:00Z → expires 2026-11-21T10:00Z.',
      input: { source: 'ares', params: { ico: '27074358' }, at: '2026-11-20T10:00:00Z' },
      expect: {
        verdict: 'informational',
        fields: {
          ttl_seconds: 86_400,
          expires_at: '2026-11-21T10:00:00.000Z',
          key: 'ares:{"ico":"27074358"}',
        },
      },
    },
    {
      agent: 'cache_manager',
      title: 'ČNB rates fetched on a Friday at 15:00 hold until Monday 14:30',
      kind: 'edge',
      law: ['cnb-fx-rates', 'method-source-cache'],
      worked:
        'ČNB declares rates each working day after 14:30. Friday 15:00 is after the day’s declaration; the next is Monday 14:30 (+01:00 = 13:30Z): 71.5 h = 257 400 s.',
      input: { source: 'cnb_rates', params: { date: '2026-11-20' }, at: '2026-11-20T15:00:00+01:00' },
      expect: {
        verdict: 'informational',
        fields: { ttl_seconds: 257_400, expires_at: '2026-11-23T13:30:00.000Z' },
      },
    },
    {
      agent: 'cache_manager',
      title: 'ČNB rates fetched on a Monday at 10:00 expire at that day’s 14:30, not a day later',
      kind: 'negative',
      law: ['cnb-fx-rates'],
      worked:
        'Before 14:30 on a working day the day’s rates are still to come: 10:00 → 14:30 = 4.5 h = 16 200 s.',
      input: { source: 'cnb_rates', params: { date: '2026-11-23' }, at: '2026-11-23T10:00:00+01:00' },
      expect: {
        verdict: 'informational',
        fields: { ttl_seconds: 16_200, expires_at: '2026-11-23T13:30:00.000Z' },
      },
    },
    {
      agent: 'cache_manager',
      title: 'A source without a cache policy: refused, naming source',
      kind: 'unrecognised',
      law: [],
      worked: 'RÚIAN has no policy on file: no reuse time can be said for it.',
      input: { source: 'ruian', params: { address: 'Husova 5' } },
      expect: { refused: { status: 400, field: 'source' } },
    },
    // ── task_scheduler ───────────────────────────────────────────────────────────────────────
    {
      agent: 'task_scheduler',
      title: 'Onboarding: validate, then three lookups in parallel, then decide; critical path 453 ms',
      kind: 'positive',
      law: ['method-dependency-waves'],
      worked:
        'Waves: [ico], [ares, sanctions, insolvency], [decision]. Critical path ico (1) → insolvency (450) → decision (2) = 453 ms.',
      input: {
        tasks: [
          { id: 'ico', duration_ms: 1 },
          { id: 'ares', after: ['ico'], duration_ms: 300 },
          { id: 'sanctions', after: ['ico'], duration_ms: 120 },
          { id: 'insolvency', after: ['ico'], duration_ms: 450 },
          { id: 'decision', after: ['ares', 'sanctions', 'insolvency'], duration_ms: 2 },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          waves: [['ico'], ['ares', 'sanctions', 'insolvency'], ['decision']],
          critical_path: ['ico', 'insolvency', 'decision'],
          makespan_ms: 453,
        },
      },
    },
    {
      agent: 'task_scheduler',
      title: 'Four lookups on two workers: the first wave split into two batches',
      kind: 'edge',
      law: ['method-dependency-waves'],
      worked: 'Waves [a, b, c], [d]; max_parallel 2 splits the first → batches [a, b], [c], [d].',
      input: { tasks: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', after: ['a'] }], max_parallel: 2 },
      expect: { verdict: 'informational', fields: { batches: [['a', 'b'], ['c'], ['d']] } },
    },
    {
      agent: 'task_scheduler',
      title: 'Two tasks waiting on each other: refused, naming tasks',
      kind: 'negative',
      law: [],
      worked: 'a waits on b and b on a: Kahn’s sort places neither → a cycle, no order exists.',
      input: {
        tasks: [
          { id: 'a', after: ['b'] },
          { id: 'b', after: ['a'] },
        ],
      },
      expect: { refused: { status: 400, field: 'tasks' } },
    },
    {
      agent: 'task_scheduler',
      title: 'A dependency on a task not in the list: refused, naming it',
      kind: 'unrecognised',
      law: [],
      worked: 'a waits on x, which is not a task: the plan cannot know when x ends.',
      input: { tasks: [{ id: 'a', after: ['x'] }] },
      expect: { refused: { status: 400, field: 'tasks/0/after' } },
    },
    // ── narrative_explainer ──────────────────────────────────────────────────────────────────
    {
      agent: 'narrative_explainer',
      title: 'A loan result explained with its rule, source and date',
      kind: 'positive',
      law: ['method-narrative-template'],
      worked:
        'The template: the verdict (review), then the one rule with its source and the date it took effect.',
      input: { subject: 'Mortgage 4.8 M CZK', language: 'en', result: LOAN_RESULT },
      expect: {
        verdict: 'informational',
        fields: {
          explained_verdict: 'review',
          text: 'Mortgage 4.8 M CZK: the result needs a review (verdict = review). Rule "ČNB LTV limit 80 %" (ČNB doporučení, in force since 2022-04-01): LTV 85 % exceeds 80 %.',
        },
      },
    },
    {
      agent: 'narrative_explainer',
      title: 'A partial result: the explanation names the source that failed',
      kind: 'negative',
      law: ['method-narrative-template'],
      worked: 'The result is incomplete with dns failed: the text says the answer is partial and names dns.',
      input: {
        subject: 'jan.novak@firma.cz',
        language: 'en',
        result: {
          verdict: 'incomplete',
          partial: true,
          sources: [{ name: 'dns', status: 'failed', error: 'ETIMEOUT' }],
        },
      },
      expect: {
        verdict: 'informational',
        fields: {
          explained_verdict: 'incomplete',
          text: mentions('The answer is partial: dns could not be reached.'),
        },
      },
    },
    {
      agent: 'narrative_explainer',
      title: 'A language model asked for but not configured: the template, and the model named as skipped',
      kind: 'edge',
      law: ['method-narrative-template'],
      worked: 'use_llm without LLM_BASE_URL: the model is not asked; the fixed template writes the text.',
      input: { subject: 'Mortgage', language: 'en', use_llm: true, result: LOAN_RESULT },
      expect: {
        verdict: 'informational',
        fields: { method: 'template', sources: [{ name: 'llm', status: 'skipped' }] },
      },
    },
    {
      agent: 'narrative_explainer',
      title: 'A result without a verdict: incomplete, nothing to explain as a judgement',
      kind: 'unrecognised',
      law: ['method-narrative-template'],
      worked:
        '{ decision: "approve" } carries no verdict of the shared vocabulary: the text says so and the answer is incomplete.',
      input: { subject: 'Legacy', language: 'en', result: { decision: 'approve' } },
      expect: {
        verdict: 'incomplete',
        fields: { explained_verdict: null, text: mentions('Legacy: the result carries no verdict.') },
      },
    },
  ],
}
