import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useSession } from '../features/session/session-store';
import { cssVariablesResolver, themeFor } from './theme';

/**
 * Mantine's provider, mounted by the parts that use Mantine components (the signed-in faces,
 * the auth screens, dialogs, toasts). The public website shell is plain HTML and CSS, so a
 * visitor's first download carries no Mantine runtime (see docs/web-routes.md, bundle budget).
 * The primary colour is the studio's theme colour, in shades that read at AA (theme.ts).
 */
export function MantineScope({ children }: { children: ReactNode }) {
  const themeColor = useSession().tenant?.org.themeColor ?? null;
  const theme = useMemo(() => themeFor(themeColor), [themeColor]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
