import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { markContractsPure } from './build/pure-contracts.ts';
import { tablerIconTags } from './build/tabler-icon-tags.ts';

const API_TARGET = 'http://127.0.0.1:3000';
const api: ProxyOptions = { target: API_TARGET, changeOrigin: false };

/**
 * API paths go to the server in dev. Keys starting with ^ are regular expressions so that
 * SPA routes such as /appsettings or /publicdonations are not mistaken for /app/ or /public/.
 * GET /login is the SPA login page; only the POST is the API.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/ping(\\?|$)': api,
  '^/refresh-access-token': api,
  '^/(public|rest|app|stemplate|snode|item|itemreport|api)/': api,
  '^/healthz': api,
  '^/login(\\?|$)': { ...api, bypass: (req) => (req.method === 'GET' ? '/index.html' : undefined) },
};

export default defineConfig({
  plugins: [react(), markContractsPure(), tablerIconTags()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-report.mjs to sum what each face loads first.
    manifest: true,
  },
});
