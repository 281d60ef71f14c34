/**
 * A key just issued (created or rotated): shown once, with a copy button and the warning that it
 * cannot be shown again; `note` says more (the old key's grace period after a rotation).
 */
import { Alert, Button, Code, CopyButton, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function NewKey(props: {
  title: string
  value: string
  note?: string | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Alert
      variant="outline"
      color="red.9"
      title={props.title}
      data-testid="new-key"
      withCloseButton
      onClose={props.onClose}
      closeButtonLabel={t('common.close')}
    >
      <Stack gap="xs">
        <Text fw={700}>{t('keys.warning')}</Text>
        {props.note && <Text data-testid="new-key-note">{props.note}</Text>}
        <Code block data-testid="new-key-value" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {props.value}
        </Code>
        <CopyButton value={props.value}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant="filled" w="fit-content">
              {copied ? t('keys.copied') : t('keys.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  )
}
