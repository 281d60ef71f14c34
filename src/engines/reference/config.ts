/**
 * The variable that points the reference tables of the operator's policy at the operator's own
 * files: one definition for the gateway and router (their agents) and the domain service (its
 * listing thresholds), so one setting serves all.
 */
import { env } from '../../kit/config.ts'

export const policySpec = {
  POLICY_DIR: env.optionalString({
    doc: "folder of the operator's policy files (scorecard, underwriting, tariff, claims triage, CDD weights …: see docs/policy.md) read in place of the shipped defaults; each is checked at start",
  }),
}
