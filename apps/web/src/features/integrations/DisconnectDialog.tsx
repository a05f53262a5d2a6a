import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';

/**
 * The confirm before disconnecting an OAuth-connected provider (Stripe, Zoom), in the words of
 * spec 2 §8 ("Would you really like to disconnect ... ?"); the server's answer is toasted.
 */
export function DisconnectDialog({
  provider,
  opened,
  onClose,
  disconnect,
}: {
  provider: string;
  opened: boolean;
  onClose: () => void;
  /** The provider's disconnect mutation (TanStack Query), answering the server's message. */
  disconnect: {
    isPending: boolean;
    mutate: (
      variables: undefined,
      options: { onSuccess: (answer: { message: string }) => void; onError: (failure: Error) => void },
    ) => void;
  };
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title={`Disconnect ${provider}`}
      message={`Would you really like to disconnect ${provider} ?`}
      confirmLabel="Disconnect"
      danger
      busy={disconnect.isPending}
      onCancel={onClose}
      onConfirm={() =>
        disconnect.mutate(undefined, {
          onSuccess: (answer) => {
            onClose();
            showSuccessToast(answer.message);
          },
          onError: (failure) => {
            onClose();
            showErrorToast(failure.message);
          },
        })
      }
    />
  );
}
