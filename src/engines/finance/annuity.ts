/**
 * Loan maths: the annuity instalment M = P·r / (1 − (1 + r)^−n) with r the monthly rate
 * (annual nominal rate / 12, as Czech mortgage contracts quote it) and n months; the amortisation
 * schedule; and the inverse (the largest principal a given instalment repays).
 */

/** Rounds to haléře (2 decimals), half away from zero. */
export function round2(x: number): number {
  return (Math.sign(x) * Math.round(Math.abs(x) * 100 + Number.EPSILON)) / 100
}

/** Monthly instalment in CZK for `principal` CZK at `annualRatePct` % p.a. over `months`. */
export function annuityPayment(principal: number, annualRatePct: number, months: number): number {
  if (months <= 0) throw new RangeError('months must be positive')
  const r = annualRatePct / 100 / 12
  // A rate too small to change 1 + r in floating point (below ~1e-16 a month) is interest-free:
  // the formula would divide 0 by 0.
  const discount = 1 - (1 + r) ** -months
  if (r === 0 || discount === 0) return principal / months
  return (principal * r) / discount
}

/** Largest principal that `payment` CZK a month repays in `months` at `annualRatePct` % p.a. */
export function principalForPayment(payment: number, annualRatePct: number, months: number): number {
  const r = annualRatePct / 100 / 12
  const discount = 1 - (1 + r) ** -months
  if (r === 0 || discount === 0) return payment * months
  return (payment * discount) / r
}

interface ScheduleYear {
  year: number
  paid: number
  interest: number
  principal: number
  balance: number
}

export interface Schedule {
  monthlyPayment: number
  totalPaid: number
  totalInterest: number
  years: ScheduleYear[]
}

/**
 * Month-by-month amortisation at a payment rounded to haléře; the last instalment takes the
 * rounding remainder so the balance ends at exactly 0. Summarised per year of the loan.
 */
export function amortisation(principal: number, annualRatePct: number, months: number): Schedule {
  const r = annualRatePct / 100 / 12
  const payment = round2(annuityPayment(principal, annualRatePct, months))
  let balance = principal
  const years: ScheduleYear[] = []
  let totalPaid = 0
  let totalInterest = 0
  for (let m = 1; m <= months; m++) {
    const interest = round2(balance * r)
    let pay = payment
    if (m === months || pay > balance + interest) pay = round2(balance + interest)
    const towardsPrincipal = round2(pay - interest)
    balance = round2(balance - towardsPrincipal)
    totalPaid += pay
    totalInterest += interest
    const y = Math.ceil(m / 12)
    let row = years[y - 1]
    if (!row) {
      row = { year: y, paid: 0, interest: 0, principal: 0, balance: 0 }
      years.push(row)
    }
    row.paid = round2(row.paid + pay)
    row.interest = round2(row.interest + interest)
    row.principal = round2(row.principal + towardsPrincipal)
    row.balance = balance
  }
  return {
    monthlyPayment: payment,
    totalPaid: round2(totalPaid),
    totalInterest: round2(totalInterest),
    years,
  }
}

/**
 * RPSN-style annual percentage rate from the monthly cash flows (Newton on the monthly IRR,
 * annualised as (1+i)^12 − 1, the EU Consumer Credit Directive convention).
 */
export function aprFromCashflows(netAdvance: number, payment: number, months: number): number {
  let i = 0.005
  for (let k = 0; k < 100; k++) {
    let f = -netAdvance
    let df = 0
    for (let t = 1; t <= months; t++) {
      f += payment / (1 + i) ** t
      df -= (t * payment) / (1 + i) ** (t + 1)
    }
    const step = f / df
    i -= step
    if (Math.abs(step) < 1e-12) break
  }
  return ((1 + i) ** 12 - 1) * 100
}
