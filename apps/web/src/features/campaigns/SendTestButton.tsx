import { Button } from '@mantine/core';
import { showSuccessToast } from '../../lib/notify';
import { campaignsApi } from './api';
import type { useRunning } from './useRunning';

type Running = ReturnType<typeof useRunning>;

/**
 * An email campaign's Send test (the editor's and the designer's): saves the campaign, then sends the
 * test to the signed-in user and toasts the server's answer.
 */
export function SendTestButton({
  campaignId,
  running: { busy, run },
  save,
}: {
  campaignId: string;
  running: Running;
  /** Saves what is on the screen: null (nothing sent) when it was refused. */
  save: () => Promise<unknown>;
}) {
  return (
    <Button
      variant="default"
      loading={busy === 'test'}
      onClick={() =>
        run('test', async () => {
          if (!(await save())) return;
          const answer = await campaignsApi.test(campaignId).catch(() => null);
          if (answer) showSuccessToast(answer.message);
        })
      }
    >
      Send test
    </Button>
  );
}
