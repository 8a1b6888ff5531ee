import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { WEB_BASE_PATH } from '@pharmalytics/domain';

const API_TARGET = process.env.PHARMALYTICS_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/v2', '/v3', '/identity', '/healthz'];

export default defineConfig({
  base: WEB_BASE_PATH,
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
