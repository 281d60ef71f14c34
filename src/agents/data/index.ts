import type { Agent } from '../types.ts'
import { addressNormalizer } from './address_normalizer.ts'
import { dicValidator } from './dic_validator.ts'
import { icoValidator } from './ico_validator.ts'
import { legalFormDecoder } from './legal_form_decoder.ts'
import { listingStore } from './listing_store.ts'
import { naceDecoder } from './nace_decoder.ts'
import { priceIndex } from './price_index.ts'

/** The data agents, one file each. */
export const dataAgents: Agent[] = [
  icoValidator,
  dicValidator,
  legalFormDecoder,
  naceDecoder,
  addressNormalizer,
  priceIndex,
  listingStore,
]
