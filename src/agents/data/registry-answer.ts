/** How a registry answer (engines/registries) is reported: fresh, cached, or stale because the register failed. */
import type { RegistryAnswer } from '../../engines/registries/index.ts'
import type { SourceStatus } from '../result.ts'

export function registryStatus(name: string, answer: RegistryAnswer<unknown>): SourceStatus {
  if (answer.source === 'PRIMARY') return { name, status: 'ok' }
  if (answer.source === 'CACHE') return { name, status: 'cached' }
  return {
    name,
    status: 'cached',
    error: `${answer.error ?? `${name} failed`}; answer from ${answer.fetched_at}`,
  }
}

/** A stale answer (the register failed) makes the result partial: it may not be current. */
export function isStale(answer: RegistryAnswer<unknown> | undefined): boolean {
  return answer?.source === 'FALLBACK'
}
