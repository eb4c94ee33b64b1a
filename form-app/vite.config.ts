import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The college is chosen at build time (TENANT); the dev server proxies the API. */
const tenant = process.env.TENANT ?? 'gallatin';
const api = process.env.ADMIT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: { __ADMIT_TENANT__: JSON.stringify(tenant) },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/public', '/dev', '/lookup', '/service', '/storage'].map((path) => [path, api]),
    ),
  },
});
