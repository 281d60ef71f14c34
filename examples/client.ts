import { GatehouseError, gatehouse, unwrap } from '@gatehouse/client'

const { GATEHOUSE_KEY } = process.env // unset: no key is sent
const gh = gatehouse({ apiKey: GATEHOUSE_KEY }) // urls: { aml: '…' } when not local
try {
  const screening = await unwrap(gh.aml.POST('/api/aml/screen/complete', { body: { name: 'Jan Novák' } }))
  console.log(screening.overall_risk.level, screening.screening_id)
} catch (error) {
  if (error instanceof GatehouseError) console.error(error.status, error.code, error.field, error.rule)
}
