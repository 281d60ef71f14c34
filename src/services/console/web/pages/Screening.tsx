import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, api } from '../api.ts'
import { PdfButton } from './PdfButton.tsx'
import { type Screening, ScreeningResult } from './ScreeningResult.tsx'

type Kind = 'person' | 'company'

export function ScreeningPage({ user }: { user: string }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<Kind>('person')
  const [fields, setFields] = useState<Record<string, string>>({})
  const [result, setResult] = useState<Screening | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      key={name}
      label={t(label)}
      name={name}
      value={fields[name] ?? ''}
      onChange={(e) => {
        const value = e.currentTarget.value
        setFields((f) => ({ ...f, [name]: value }))
      }}
      {...extra}
    />
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const names =
      kind === 'person'
        ? ['first_name', 'last_name', 'birth_date', 'nationality', 'country']
        : ['ico', 'company_name', 'country']
    const body = Object.fromEntries(
      names.map((n) => [n, (fields[n] ?? '').trim()]).filter(([, v]) => v !== ''),
    )
    setBusy(true)
    setError(null)
    try {
      setResult(await api<Screening>('POST', '/api/screenings', body))
    } catch (e) {
      setResult(null)
      setError(e instanceof ApiError ? e.message : t('common.error'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack>
      <div className="no-print">
        <Title order={2} mb="sm">
          {t('screening.title')}
        </Title>
        <form onSubmit={submit} aria-label={t('screening.title')}>
          <Stack maw={720}>
            <SegmentedControl
              aria-label={t('screening.kind')}
              value={kind}
              onChange={(v) => setKind(v as Kind)}
              data={[
                { value: 'person', label: t('screening.person') },
                { value: 'company', label: t('screening.company') },
              ]}
            />
            {kind === 'person' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field('first_name', 'screening.firstName')}
                {field('last_name', 'screening.lastName', { required: true })}
                {field('birth_date', 'screening.birthDate', { type: 'date' })}
                {field('nationality', 'screening.nationality')}
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {field('ico', 'screening.ico', { inputMode: 'numeric' })}
                {field('company_name', 'screening.companyName')}
              </SimpleGrid>
            )}
            <Group>
              <Button type="submit" loading={busy}>
                {t('screening.submit')}
              </Button>
              {result && (
                <Button variant="outline" onClick={() => window.print()}>
                  {t('screening.print')}
                </Button>
              )}
              {result && <PdfButton screeningId={result.screening_id} />}
            </Group>
          </Stack>
        </form>
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <>
          <Text className="print-only">
            Gatehouse — {t('screening.record')} — {user}
          </Text>
          <ScreeningResult screening={result} />
        </>
      )}
    </Stack>
  )
}
