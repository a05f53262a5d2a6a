import { useState } from 'react';

/**
 * Which of a screen's actions is under way (its name, or null: the buttons show it as loading), and
 * `run`, which names the action while it runs.
 */
export function useRunning() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
