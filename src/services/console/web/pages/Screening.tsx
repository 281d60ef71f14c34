import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { PdfButton } from '../components/PdfButton.tsx'
import { ScreeningFollowUp } from '../components/ScreeningFollowUp.tsx'
import { ScreeningResult, subjectText } from '../components/ScreeningResult.tsx'
import { call } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'
import { label } from '../data/reasons.ts'
import type { Screening } from '../data/types.ts'

type Kind = 'person' | 'company'

const FIELDS: Record<Kind, string[]> = {
  person: ['first_name', 'last_name', 'birth_date', 'nationality', 'country'],
  company: ['ico', 'company_name', 'country'],
}

export function ScreeningPage({ user }: { user: string }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<Kind>('person')
  const [fields, setFields] = useState<Record<string, string>>({})
  const screen = useAction(async (body: Record<string, string>) => ({
    subject: body,
    // The console relays the AML service's answer, typed by the AML service's own document.
    screening: (await call('post', '/api/screenings', { body })) as Screening,
  }))
  const [shown, setShown] = useState<Awaited<ReturnType<typeof screen.run>>>(undefined)

  const field = (name: string, text: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      key={name}
      label={t(text)}
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
    const body = Object.fromEntries(
      FIELDS[kind].map((n) => [n, (fields[n] ?? '').trim()]).filter(([, v]) => v !== ''),
    )
    setShown(await screen.run(body))
  }

  const result = screen.error ? undefined : shown
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
              <Button type="submit" loading={screen.busy}>
                {t('screening.submit')}
              </Button>
              {result && (
                <Button variant="outline" onClick={() => window.print()}>
                  {t('screening.print')}
                </Button>
              )}
              {result && <PdfButton screeningId={result.screening.screening_id} />}
            </Group>
          </Stack>
        </form>
      </div>
      <ErrorAlert error={screen.error} />
      {/* Read out when a result arrives: who, and the level. */}
      <Text className="visually-hidden" role="status" aria-live="polite" data-testid="announce">
        {result
          ? t('screening.announce', {
              subject: subjectText(t, result.subject),
              level: label(t, 'level', result.screening.overall_risk.level),
            })
          : ''}
      </Text>
      {result && (
        <>
          <Text className="print-only">
            Gatehouse — {t('screening.record')} — {user}
          </Text>
          <ScreeningFollowUp
            key={result.screening.screening_id}
            caseId={result.screening.case_id}
            subject={result.subject}
          />
          <ScreeningResult screening={result.screening} subject={result.subject} />
        </>
      )}
    </Stack>
  )
}
