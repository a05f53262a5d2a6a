import { defineConfig } from 'vitest/config';
import { tablerIconTags } from './build/tabler-icon-tags.ts';

export default defineConfig({
  // the icon picker's tags (a virtual module the app's build makes too)
  plugins: [tablerIconTags()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    environment: 'node',
  },
});
