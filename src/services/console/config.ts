/** The console's variables (beside the common ones and CONSOLE_PORT): the other services' URLs, sessions, the build. */
import { env } from '../../kit/config.ts'
import { operatorKeySpec } from '../../kit/operator-keys.ts'

const url = (name: string, port: number, what: string) =>
  env.string({ default: `http://127.0.0.1:${port}`, doc: `base URL of the ${what} (${name})` })

export const consoleSpec = {
  ...operatorKeySpec,
  GATEWAY_URL: url('gateway', 8000, 'gateway: API keys and their usage'),
  AML_URL: url('aml', 8300, 'aml service: screening and its audit trail'),
  ROUTER_URL: url('router', 8100, 'router'),
  KNOWLEDGE_URL: url('knowledge', 8200, 'knowledge service'),
  DOMAIN_URL: url('domain', 8400, 'domain service'),
  DISCOVERY_URL: url('discovery', 8080, 'discovery service'),
  CONSOLE_SESSION_HOURS: env.int({
    default: 8,
    min: 1,
    max: 24 * 30,
    doc: 'hours a console session lasts from sign-in (a working day by default)',
  }),
  CONSOLE_BUILD: env.oneOf(['auto', 'never'], {
    default: 'auto',
    doc: 'auto: build the web app at start when it is missing or older than its sources; never: serve what is built',
  }),
}
