import { Worker } from 'node:worker_threads';

/** What a worker module's `handle` answers: the result and the buffers to move, not copy. */
export interface WorkerReply<Result> {
  result: Result;
  transfer?: ArrayBuffer[];
}

type Reply<Result> = { id: number; result?: Result; error?: string };
type Pending<Result> = { resolve: (result: Result) => void; reject: (error: Error) => void };

/**
 * One worker thread running a module that exports `handle(request)`, started on the first
 * request and restarted after a crash. It does not keep the process alive while idle.
 */
export class WorkerClient<Request, Result> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending<Result>>();
  private nextId = 0;

  constructor(private readonly module: URL) {}

  request(request: Request, transfer: ArrayBuffer[] = []): Promise<Result> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request }, transfer);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./bootstrap.mjs', import.meta.url), {
      workerData: { module: this.module.href },
      // Parsing a file allocates many short-lived strings; a larger young generation collects
      // them at a fraction of the cost.
      resourceLimits: { maxYoungGenerationSizeMb: 96 },
    });
    worker.on('message', ({ id, result, error }: Reply<Result>) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) pending?.reject(new Error(error));
      else pending?.resolve(result as Result);
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker ${this.module.pathname} exited (${code})`)));
    return worker;
  }
}
