/**
 * Rotating a key: the officer picks how long the old key keeps working beside the new one (the
 * grace period, 24 hours unless chosen otherwise; "at once" stops it on the next request).
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Grace periods offered, in hours (the gateway takes 0 to 720). */
const GRACE_HOURS = [0, 1, 24, 72, 168, 720] as const
const DEFAULT_GRACE_HOURS = 24

export function RotateDialog(props: {
  /** The key to rotate; the dialog is closed while it is null. */
  keyName: { name: string; prefix: string } | null
  busy: boolean
  onRotate: (graceHours: number) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_HOURS))
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.keyName !== null}
      onClose={props.onCancel}
      title={props.keyName ? t('keys.rotateTitle', { name: props.keyName.name }) : ''}
    >
      {props.keyName && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            props.onRotate(Number(grace))
          }}
        >
          <Stack>
            <Text>{t('keys.rotateExplain', { prefix: props.keyName.prefix })}</Text>
            <Select
              label={t('keys.grace')}
              description={t('keys.graceHint')}
              descriptionProps={{ c: 'dark.6' }}
              value={grace}
              allowDeselect={false}
              onChange={(v) => setGrace(v ?? String(DEFAULT_GRACE_HOURS))}
              data={GRACE_HOURS.map((h) => ({ value: String(h), label: t(`keys.graceOptions.h${h}`) }))}
              comboboxProps={{ withinPortal: false }}
            />
            <Group justify="flex-end">
              <Button variant="outline" onClick={props.onCancel}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={props.busy} data-testid="confirm-rotate">
                {t('keys.rotate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
