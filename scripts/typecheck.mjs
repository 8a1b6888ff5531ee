// `npm run typecheck`: every TypeScript project, two at a time (tsc uses one core each; most
// machines this runs on have two or more).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const tsc = `${root}node_modules/typescript/bin/tsc`;
// Longest first, so that the two lanes end close together.
const projects = [
  'packages/server',
  'packages/web',
  'packages/uploader',
  'bench',
  'packages/domain',
  'packages/datagen',
  'e2e',
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`tsc -p ${project} failed:\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) {
    ok = (await check(project)) && ok;
  }
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
