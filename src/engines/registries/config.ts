/**
 * The variables that point the register clients (ARES, ISIR) somewhere else than the public
 * endpoints: one definition for every service and the agents that read them, so one setting
 * serves all (a test points them at local fakes, an operator at a mirror).
 */
import { env } from '../../kit/config.ts'

export const registrySpec = {
  ARES_BASE_URL: env.url({
    protocols: ['https', 'http'],
    doc: 'ARES REST base (default https://ares.gov.cz/ekonomicke-subjekty-v-be/rest)',
  }),
  ISIR_URL: env.url({
    protocols: ['https', 'http'],
    doc: 'ISIR IsirWsCuzkService endpoint (default the Ministry of Justice one)',
  }),
}
