/** The register entries the lending agents cite (data/reference/legal-basis.json). */
export const LENDING_LAW = [
  'cnb-ltv',
  'cnb-ltv-investment',
  'cnb-dti',
  'cnb-dti-investment',
  'cnb-dsti',
  'policy-bank-lending',
] as const
