// `npm start`: starts the server (embedded database in ./data, demo world on first run) and
// builds the web app when it is missing or older than its sources.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/domain/src',
  'packages/web/index.html',
]
  .map((p) => join(root, p))
  .filter(existsSync)
  .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs));

const building = !existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs;
const server = spawn(
  process.execPath,
  // A larger young generation: loading files allocates many short-lived rows.
  ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'packages/server/src/main.ts')],
  {
    stdio: 'inherit',
    cwd: root,
    env: building ? { ...process.env, WEB_APP_BUILDING: 'true' } : process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
let build;
server.on('exit', (code) => {
  build?.kill('SIGTERM');
  process.exit(code ?? 0);
});

// The build runs beside the server's start (the demo history begins loading meanwhile) into a
// directory of its own, put in place whole once done; until then the server answers its pages
// with 503 and a line saying the app is being prepared.
if (building) {
  console.log('Building the web app…');
  const next = join(root, 'node_modules/.cache/pharmalytics-web');
  build = spawn(
    'npm',
    ['run', 'build', '-w', '@pharmalytics/web', '--', '--outDir', next, '--emptyOutDir'],
    { stdio: 'inherit', cwd: root },
  );
  build.on('exit', (code, signal) => {
    if (signal) return; // stopped with the server
    if (code !== 0) {
      console.error('The web app did not build; the server stops.');
      server.kill('SIGTERM');
      return;
    }
    const dist = dirname(built);
    const previous = `${dist}.previous`;
    rmSync(previous, { recursive: true, force: true });
    if (existsSync(dist)) renameSync(dist, previous);
    renameSync(next, dist);
    rmSync(previous, { recursive: true, force: true });
    console.log('The web app is built.');
  });
}
