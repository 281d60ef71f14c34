/**
 * Asks before a destructive action (revoking a key, removing a user): the message, Cancel, and
 * the action in red. Open while `message` is set; closing it any way cancels.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function ConfirmDialog(props: {
  title: string
  /** The question; the dialog is closed while it is null. */
  message: string | null
  action: string
  /** data-testid of the action's button. */
  testId: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.message !== null}
      onClose={props.onCancel}
      title={props.title}
    >
      {props.message !== null && (
        <Stack>
          <Text>{props.message}</Text>
          <Group justify="flex-end">
            <Button variant="outline" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
            <Button color="red.9" onClick={props.onConfirm} data-testid={props.testId}>
              {props.action}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
