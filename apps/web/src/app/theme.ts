import { createTheme } from '@mantine/core';

/** Kept close to Mantine's defaults so the plain-CSS public shell and Mantine screens match. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
});
