import { Alert, Anchor } from '@mantine/core';
import { useTenant } from '../session/session-store';

/**
 * The studio asks for its waiver before a member books or checks out by themselves (server answer
 * `waiver_required`): the refusal's words and the way to the waiver.
 */
export function WaiverNeeded({ message }: { message: string }) {
  const tenant = useTenant();
  return (
    <Alert color="yellow" title="Waiver needed" role="alert">
      {message}{' '}
      {tenant.waiverFormLink ? (
        <Anchor href={tenant.waiverFormLink} target="_blank" rel="noopener noreferrer">
          Sign the waiver
        </Anchor>
      ) : (
        'Ask the front desk for it.'
      )}
    </Alert>
  );
}
