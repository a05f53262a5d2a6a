import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine's provider, mounted by the parts that use Mantine components (the signed-in faces,
 * the auth screens, dialogs, toasts). The public website shell is plain HTML and CSS, so a
 * visitor's first download carries no Mantine runtime (see docs/web-routes.md, bundle budget).
 */
export function MantineScope({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
