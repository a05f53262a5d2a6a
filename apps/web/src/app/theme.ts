import { createTheme } from '@mantine/core';

/** Kept close to Mantine's defaults so the plain-CSS public shell and Mantine screens match. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 rather than Mantine's 6: white on indigo-6 (and indigo-6 links on white) is 4.32:1,
  // under WCAG AA's 4.5:1; indigo-7 is 4.98:1.
  primaryShade: 7,
  defaultRadius: 'md',
});
