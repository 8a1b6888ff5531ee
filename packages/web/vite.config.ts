import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// Loaded with `--configLoader runner` (see package.json) so the TypeScript domain package resolves.
import { WEB_BASE_PATH } from '@pharmalytics/domain';

const API_TARGET = process.env.PHARMALYTICS_API_URL ?? 'http://127.0.0.1:3000';
const PROXIED_PREFIXES = ['/v2', '/v3', '/identity', '/healthz'];

export default defineConfig({
  base: WEB_BASE_PATH,
  plugins: [
    react(),
    // Every text asset also as .br and .gz beside it: the server sends the one the browser
    // accepts, compressed once here at the highest levels rather than on every request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|topojson|geojson)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
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
            // Its own file, so that which pages download the chart library can be seen and tested.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
