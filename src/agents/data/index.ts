import { addressNormalizer } from './address_normalizer.ts'
import { aresLookup } from './ares_lookup.ts'
import { aresSearch } from './ares_search.ts'
import { cadastreLookup } from './cadastre_lookup.ts'
import { dicValidator } from './dic_validator.ts'
import { fxRates } from './fx_rates.ts'
import { geocoder } from './geocoder.ts'
import { icoValidator } from './ico_validator.ts'
import { insolvencyCheck } from './insolvency_check.ts'
import { legalFormDecoder } from './legal_form_decoder.ts'
import { listingStore } from './listing_store.ts'
import { mxLookup } from './mx_lookup.ts'
import { naceDecoder } from './nace_decoder.ts'
import { priceIndex } from './price_index.ts'
import { vatPayerCheck } from './vat_payer_check.ts'
import { viesCheck } from './vies_check.ts'

/** The data agents, one file each. */
export const dataAgents = [
  aresLookup,
  aresSearch,
  insolvencyCheck,
  icoValidator,
  dicValidator,
  legalFormDecoder,
  naceDecoder,
  addressNormalizer,
  priceIndex,
  listingStore,
  fxRates,
  vatPayerCheck,
  viesCheck,
  geocoder,
  cadastreLookup,
  mxLookup,
]
