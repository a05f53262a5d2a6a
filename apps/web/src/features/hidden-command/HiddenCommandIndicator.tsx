import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api';
import { EMPTY_BUFFER, HIDDEN_COMMANDS, isTypingTarget, pressKey } from './command-buffer';

type Status = 'standby' | 'executed' | 'failed';

const COLOURS: Record<Status, string> = {
  standby: 'var(--mantine-color-gray-4)',
  executed: 'var(--mantine-color-green-6)',
  failed: 'var(--mantine-color-red-6)',
};

/**
 * Spec 1 §4 "Hidden command indicator": typing a command (e.g. "cache") outside any field runs it;
 * the dot shows standby, executed or failed in different colours.
 */
export function HiddenCommandIndicator() {
  const [status, setStatus] = useState<Status>('standby');
  const buffer = useRef(EMPTY_BUFFER);

  useEffect(() => {
    let reset: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const result = pressKey(buffer.current, event.key, Date.now());
      buffer.current = result.buffer;
      if (!result.command) return;
      apiRequest(HIDDEN_COMMANDS[result.command], { method: 'POST', silent: true })
        .then(() => setStatus('executed'))
        .catch(() => setStatus('failed'))
        .finally(() => {
          clearTimeout(reset);
          reset = setTimeout(() => setStatus('standby'), 3_000);
        });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(reset);
    };
  }, []);

  return (
    <span
      role="status"
      aria-label={`Command ${status}`}
      title={`Command ${status}`}
      style={{ width: 8, height: 8, borderRadius: '50%', background: COLOURS[status], display: 'inline-block' }}
    />
  );
}
