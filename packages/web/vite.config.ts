import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Loaded with `--configLoader runner` (see package.json) so the TypeScript domain package resolves.
import { WEB_BASE_PATH } from '@pharmalytics/domain';

const API_TARGET = process.env.PHARMALYTICS_API_URL ?? 'http://127.0.0.1:3000';
const PROXIED_PREFIXES = ['/v2', '/v3', '/identity', '/healthz'];

export default defineConfig({
  base: WEB_BASE_PATH,
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  preview: {
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 30,
            },
            // The data grid (settings tables), ECharts (analytics) and MapLibre (store map) are
            // left out of the shared chunks: they load with the lazily loaded pages that use them.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion[\\/]|@popperjs[\\/])/,
              priority: 20,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](?!@mui[\\/]x-|echarts|zrender|maplibre-gl|react-map-gl|@vis\.gl|@maplibre|@mapbox)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
