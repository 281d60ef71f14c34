/** The API-key engine: key material, tiers, input rules, the store and the usage buffer. */
export * from './format.ts'
export * from './rules.ts'
export * from './store.ts'
export * from './tiers.ts'
export * from './usage-buffer.ts'
