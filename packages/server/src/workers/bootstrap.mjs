// Entry of every worker thread: a worker starts without the parent's TypeScript loader, so it
// registers it, loads the module named in workerData and answers each request with its handler.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { handle } = await import(workerData.module);
parentPort.on('message', async ({ id, request }) => {
  try {
    const { result, transfer = [] } = await handle(request);
    parentPort.postMessage({ id, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
