/**
 * Czech number agreement for the agents' Czech texts: "1 platba", "2 platby", "5 plateb" — the noun
 * takes its form from the count (Intl's Czech plural rules: one for 1, few for 2–4, many for a
 * fraction, other for 0 and 5 and more), never the English "2 plateb".
 */
const rules = new Intl.PluralRules('cs')

/** The form of a noun for `n`: [one, few, other] (a fraction takes the genitive singular, as "few"). */
function formCs(n: number, forms: readonly [one: string, few: string, other: string]): string {
  const category = rules.select(n)
  if (category === 'one') return forms[0]
  if (category === 'few' || category === 'many') return forms[1]
  return forms[2]
}

/** The count and its noun: countCs(2, ['platba', 'platby', 'plateb']) → "2 platby". */
export function countCs(n: number, forms: readonly [one: string, few: string, other: string]): string {
  return `${n} ${formCs(n, forms)}`
}
