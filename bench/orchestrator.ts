/**
 * Orchestration overhead: `npm run bench:orchestrator` (optionally `-- 2000`, the runs per case).
 *
 * Runs the invoice payment and the loan application flows through the dispatcher (routing plan,
 * dependency waves, per-step timing, roll-up through result_aggregator) and, as the baseline, the
 * same agent calls made directly through the same dispatcher in the same waves, without the flow.
 * Prints the mean per run and the ratio flow / direct. Offline: every outside source points at a
 * closed loopback port, and these flows use no outside source.
 * Figures go to docs/benchmarks.md ("Orchestrator").
 */
import { agentSpec, createAgentDeps } from '../src/agents/deps.ts'
import { createDispatcher } from '../src/agents/dispatch.ts'
import { agents } from '../src/agents/index.ts'
import { parseEnv } from '../src/kit/config.ts'
import { createLogger } from '../src/kit/logger.ts'

const RUNS = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 1000

const env: Record<string, string> = { DNS_SERVERS: '127.0.0.1:9' }
for (const name of Object.keys(agentSpec))
  if (/_URL$/.test(name) && name !== 'LLM_BASE_URL') env[name] = 'http://127.0.0.1:9'
const d = createDispatcher(
  agents,
  createAgentDeps(parseEnv(agentSpec, env)),
  createLogger({ level: 'silent' }),
)

const invoice = {
  account: '19-2000145399/0800',
  amount: 12_100,
  vs: '2026110001',
  message: 'Faktura 2026110001',
}
const loan = {
  amount: 4_800_000,
  property_value: 6_000_000,
  monthly_income: 85_000,
  annual_rate_pct: 4.89,
  term_months: 360,
  age: 32,
}

const cases: { name: string; flow: () => Promise<unknown>; direct: () => Promise<unknown> }[] = [
  {
    name: 'invoice_payment_flow (2 waves, 2 calls + roll-up)',
    flow: () => d.call('orchestrator', 'invoice_payment_flow', invoice),
    direct: async () => {
      await d.call('banking', 'account_validator', { account: invoice.account })
      await d.call('banking', 'qr_payment', invoice)
    },
  },
  {
    name: 'loan_application_flow (1 wave, 5 calls + roll-up)',
    flow: () => d.call('orchestrator', 'loan_application_flow', loan),
    direct: () =>
      Promise.all([
        d.call('banking', 'loan_assessment', loan),
        d.call('banking', 'affordability_check', {
          monthly_income: 85_000,
          annual_rate_pct: 4.89,
          term_months: 360,
          property_value: loan.property_value,
          age: 32,
        }),
        d.call('banking', 'mortgage_calculator', {
          amount: loan.amount,
          annual_rate_pct: 4.89,
          term_months: 360,
        }),
        d.call('risk', 'credit_risk', {
          amount: loan.amount,
          monthly_income: 85_000,
          annual_rate_pct: 4.89,
          term_months: 360,
          property_value: loan.property_value,
        }),
        d.call('risk', 'collateral_stress', {
          loans: [{ id: 'applicant', amount: loan.amount, property_value: loan.property_value }],
        }),
      ]),
  },
]

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(50, RUNS); i++) await fn() // warm-up: JIT, caches, compiled schemas
  const started = performance.now()
  for (let i = 0; i < RUNS; i++) await fn()
  return (performance.now() - started) / RUNS
}

console.log(`orchestrator overhead, ${RUNS} runs per case, Node ${process.version}`)
console.log('| case | flow ms/run | direct ms/run | ratio |')
console.log('|---|---|---|---|')
for (const c of cases) {
  const direct = await time(c.direct)
  const flow = await time(c.flow)
  console.log(`| ${c.name} | ${flow.toFixed(3)} | ${direct.toFixed(3)} | ${(flow / direct).toFixed(2)} |`)
}
