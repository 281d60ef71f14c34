/** Schemas of the proxy module's routes: the answers are relayed, described, not validated. */
import { Media } from '../../../../kit/schemas.ts'

/** What a proxied route answers: the service's own answer, any type, as it came. */
export const relayedAnswer = (service: string) => ({
  '2xx': Media('*/*', `the ${service} service's answer, relayed as it came`),
})
