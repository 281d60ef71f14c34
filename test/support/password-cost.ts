/**
 * The scrypt cost of test users' passwords: N = 2^10 is 1 MiB and about 2 ms per hash instead of
 * 32 MiB and 60 ms. Stored hashes carry their cost, so sign-in checks them at this cost too; what
 * the production cost writes is asserted in the store's and the console's own tests.
 */
import { PASSWORD_COST, type ScryptCost } from '../../src/services/console/passwords.ts'

export const TEST_PASSWORD_COST: ScryptCost = { ...PASSWORD_COST, N: 2 ** 10 }
