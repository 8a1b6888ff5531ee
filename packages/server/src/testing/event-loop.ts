import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** CPU time this thread has used so far, in ms (Linux, in steps of 10 ms). */
function threadCpuMs(): number {
  const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
}

export interface EventLoopReport {
  /** Longest time a 10 ms timer waited, in ms: includes waiting for a CPU on a busy machine. */
  maxDelayMs: number;
  /**
   * Most CPU time the thread spent between two ticks of that timer, in ms: how long the event
   * loop was held by work of its own, whatever other processes did to the wall clock.
   */
  longestTaskMs: number;
}

/**
 * Watches the event loop of this thread (a test's server runs on it) while `work` runs. The
 * delay by the wall clock grows with every other process on the machine; the CPU the thread
 * itself spent without yielding does not, so tests hold that one to a bound.
 */
export async function watchEventLoop(work: () => Promise<unknown>): Promise<EventLoopReport> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let longestTaskMs = 0;
  let lastCpu = threadCpuMs();
  const timer = setInterval(() => {
    const cpu = threadCpuMs();
    longestTaskMs = Math.max(longestTaskMs, cpu - lastCpu);
    lastCpu = cpu;
  }, 10);
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
    clearInterval(timer);
    longestTaskMs = Math.max(longestTaskMs, threadCpuMs() - lastCpu);
  }
  return { maxDelayMs: histogram.max / 1e6, longestTaskMs };
}
