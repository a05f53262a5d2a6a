import { apiKeyMask } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useRegenerateApiKey } from './hooks';

/**
 * The tenant API key with its regenerate icon (Account and SEO settings, spec 2 §2). The key is
 * shown once, right after it is made; afterwards only its last four characters.
 */
export function ApiKeyPanel({ hint, canRegenerate }: { hint: string | null; canRegenerate: boolean }) {
  const regenerate = useRegenerateApiKey();
  const [confirming, setConfirming] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);

  const run = () => {
    setConfirming(false);
    regenerate.mutate(undefined, { onSuccess: (answer) => setFresh(answer.apiKey) });
  };

  return (
    <>
      <Group align="flex-end" gap="xs">
        <TextInput label="API Key" value={apiKeyMask(hint)} readOnly style={{ flex: 1 }} />
        {canRegenerate ? (
          <Tooltip label={hint ? 'Regenerate API key' : 'Create API key'}>
            <ActionIcon
              variant="light"
              size="lg"
              mb={2}
              loading={regenerate.isPending}
              aria-label={hint ? 'Regenerate API key' : 'Create API key'}
              onClick={() => (hint ? setConfirming(true) : run())}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Regenerate API key"
        message="The current key stops working at once. Are you sure you want to continue?"
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
      <Modal opened={fresh !== null} onClose={() => setFresh(null)} title="Your new API key" centered>
        <Stack>
          <Alert color="yellow">Copy it now: it will not be shown again.</Alert>
          <Code block data-testid="new-api-key">
            {fresh}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={fresh ?? ''}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy key'}</Button>}
            </CopyButton>
            <Button variant="default" onClick={() => setFresh(null)}>
              Done
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Only its last four characters are kept on screen from now on.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
