/** Request fields the flows share, named as in the spec (amount, income, monthly_income, property_value, ico, name, address). */
import { Type } from 'typebox'
import { DeclaredOwnerSchema } from '../legal-aml/ubo-checks.ts'

export const F = {
  amount: Type.Number({ exclusiveMinimum: 0, description: 'loan or payment amount, CZK' }),
  income: Type.Number({
    exclusiveMinimum: 0,
    description: 'net annual income, CZK (used when monthly_income is absent)',
  }),
  monthly_income: Type.Number({
    exclusiveMinimum: 0,
    description: 'net monthly income of all applicants, CZK',
  }),
  property_value: Type.Number({
    exclusiveMinimum: 0,
    description: 'price or pledged value of the property, CZK',
  }),
  annual_rate_pct: Type.Number({ minimum: 0, maximum: 30, description: 'nominal interest rate, % p.a.' }),
  term_months: Type.Integer({ minimum: 12, maximum: 480 }),
  purpose: Type.Enum(['own_housing', 'investment']),
  age: Type.Integer({ minimum: 18, maximum: 100, description: 'age of the oldest applicant' }),
  birth_number: Type.String({ minLength: 9, maxLength: 11, description: 'rodné číslo' }),
  existing_monthly_payments: Type.Number({ minimum: 0, description: 'other instalments, CZK' }),
  existing_debt: Type.Number({ minimum: 0, description: 'other outstanding debt, CZK' }),
  ico: Type.String({
    pattern: '^\\s*\\d{1,8}\\s*$',
    description: 'IČO, 8 digits (shorter forms are zero-padded)',
  }),
  dic: Type.String({ minLength: 10, maxLength: 14, description: 'DIČ with the CZ prefix' }),
  name: Type.String({ minLength: 1, maxLength: 300, description: 'company or person name' }),
  buyer_name: Type.String({
    minLength: 2,
    maxLength: 300,
    description:
      'the buyer, the client of the AML step (identified, screened against the sanctions lists); not given: `name`',
  }),
  seller_name: Type.String({
    minLength: 1,
    maxLength: 300,
    description:
      'the seller as named in the contract, checked against the title deed (part A); not given: `name`',
  }),
  address: Type.String({ minLength: 3, maxLength: 300, description: 'one-line Czech address' }),
  email: Type.String({ minLength: 3, maxLength: 320 }),
  phone: Type.String({ minLength: 3, maxLength: 40 }),
  representative: Type.String({ minLength: 3, maxLength: 200, description: 'person acting for the company' }),
  account: Type.String({
    minLength: 4,
    maxLength: 42,
    description: 'Czech account ([prefix-]number/bank) or IBAN',
  }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  vs: Type.String({ pattern: '^\\d{1,10}$', description: 'variabilní symbol' }),
  message: Type.String({ maxLength: 60 }),
  due_date: Type.String({ format: 'date' }),
  area_m2: Type.Number({ minimum: 10, maximum: 1000, description: 'floor area, m²' }),
  disposition: Type.String({ pattern: '^(\\d\\+(kk|\\d)|atypické)$', description: 'e.g. 2+kk, 3+1' }),
  flood_zone: Type.Integer({ minimum: 1, maximum: 4, description: 'ČAP flood zone (4 = highest risk)' }),
  product: Type.Enum(
    [
      'current_account',
      'mortgage',
      'consumer_loan',
      'investment',
      'private_banking',
      'money_transfer',
      'crypto',
      'safe_deposit_box',
    ],
    { description: 'the product the client takes (CDD risk factor)' },
  ),
  channel: Type.Enum(['face_to_face', 'remote_verified', 'remote_unverified'], {
    description: 'how the client is onboarded (CDD risk factor)',
  }),
  beneficial_owners: Type.Array(Type.Union([DeclaredOwnerSchema.properties.name, DeclaredOwnerSchema]), {
    minItems: 1,
    maxItems: 50,
    description:
      'beneficial owners the client declares: a name, or the owner with its share, votes, controlled holding or control (a name alone is left to a person to assess)',
  }),
  lv_text: Type.String({
    minLength: 10,
    maxLength: 200_000,
    description: 'text of the title deed extract (list vlastnictví)',
  }),
  energy_class: Type.String({ pattern: '^[A-G]$', description: 'PENB energy class A–G' }),
  building_approved: Type.Boolean({ description: 'a use permit (kolaudace) exists' }),
  residential_properties_owned: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: 'residential properties the applicant already owns',
  }),
  to_let: Type.Boolean({ description: 'the property is bought to be let' }),
  pep: Type.Boolean({
    description:
      'the client (or its beneficial owner) is a politically exposed person, as the client declares; passed to the AML and due-diligence steps, which review when it is not given',
  }),
  country: Type.String({
    minLength: 2,
    maxLength: 60,
    description:
      'the client’s country of residence or seat: ISO code or name; passed to the AML step (EU high-risk third countries, AML Act § 9a), which reviews when it is not given',
  }),
  latitude: Type.Number({ minimum: 48.5, maximum: 51.1, description: 'WGS84, within Czechia' }),
  longitude: Type.Number({ minimum: 12, maximum: 18.9, description: 'WGS84, within Czechia' }),
}

export type FieldName = keyof typeof F

/** An input object of the named fields, `required` ones mandatory, the others optional. */
export function flowInput(required: FieldName[], optional: FieldName[]) {
  const props: Record<string, ReturnType<typeof Type.Optional> | (typeof F)[FieldName]> = {}
  for (const f of required) props[f] = F[f]
  for (const f of optional) props[f] = Type.Optional(F[f])
  return Type.Object(props, { additionalProperties: false })
}
