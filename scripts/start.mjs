// `npm start`: builds the web app when it is missing or older than its sources, then starts
// the server (embedded database in ./data, demo world on first run).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

if (!existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@pharmalytics/web'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  // A larger young generation: loading files allocates many short-lived rows.
  ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'packages/server/src/main.ts')],
  { stdio: 'inherit', cwd: root },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
