/**
 * What follows a screening on its page: the case its hits opened (a link to it), and enrolling
 * the client in ongoing monitoring under the officer's client number, through the AML service's
 * monitor (the same subject as screened). Once enrolled, the card says so and under which number.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'
import { navigate } from '../router.ts'
import { ErrorAlert } from './ErrorAlert.tsx'

export function ScreeningFollowUp({
  caseId,
  subject,
}: {
  /** The case the screening's hits opened; null or absent when there is none. */
  caseId: string | null | undefined
  /** The subject as it was screened. */
  subject: Record<string, string>
}) {
  const { t } = useTranslation()
  const [reference, setReference] = useState('')
  const [enrolled, setEnrolled] = useState<string | null>(null)
  const enrol = useAction(async (ref: string) =>
    call('post', '/api/monitoring', { body: { subjects: [{ ...subject, reference: ref }] } }),
  )
  return (
    <Card withBorder className="no-print" data-testid="follow-up">
      <Stack gap="sm">
        {caseId && (
          <Text data-testid="case-link">
            {t('screening.caseOpened')}{' '}
            <Anchor
              href={`/cases/${caseId}`}
              onClick={(e) => {
                e.preventDefault()
                navigate(`/cases/${caseId}`)
              }}
            >
              {t('screening.openCase', { caseId })}
            </Anchor>
          </Text>
        )}
        <form
          aria-label={t('screening.monitor')}
          onSubmit={async (e) => {
            e.preventDefault()
            const ref = reference.trim()
            if (await enrol.run(ref)) setEnrolled(ref)
          }}
        >
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('screening.monitor')}
            </Title>
            {enrolled ? (
              <Group gap="xs" role="status" data-testid="enrolled">
                <Badge color="teal.9" autoContrast>
                  {t('screening.enrolledBadge')}
                </Badge>
                <Text size="sm">{t('screening.enrolled', { reference: enrolled })}</Text>
              </Group>
            ) : (
              <>
                <Text size="sm">{t('screening.monitorExplain')}</Text>
                <Group align="flex-end">
                  <TextInput
                    label={t('screening.monitorReference')}
                    required
                    maxLength={100}
                    value={reference}
                    onChange={(e) => setReference(e.currentTarget.value)}
                  />
                  <Button
                    type="submit"
                    variant="outline"
                    loading={enrol.busy}
                    disabled={reference.trim() === ''}
                  >
                    {t('screening.monitorButton')}
                  </Button>
                </Group>
              </>
            )}
            <ErrorAlert error={enrol.error} />
          </Stack>
        </form>
      </Stack>
    </Card>
  )
}
