import { setTimeout as sleep } from 'node:timers/promises';

/** SQLSTATE of a transaction PostgreSQL rolled back to break a deadlock. */
export const DEADLOCK_DETECTED = '40P01';

/** Attempts of one transaction before its deadlock is reported as any other failure. */
const ATTEMPTS = 4;

const isDeadlock = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === DEADLOCK_DETECTED;

/**
 * Runs a transaction again when PostgreSQL chose it to break a deadlock: it was rolled back
 * whole, so running it again changes nothing twice. The other side of the deadlock has gone on
 * meanwhile; a short random pause keeps two retried loads from meeting again in step.
 */
export async function retryOnDeadlock<T>(
  transaction: () => Promise<T>,
  onRetry: (attempt: number) => void = () => {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= ATTEMPTS) throw error;
      onRetry(attempt);
      await sleep(20 + Math.random() * 80 * attempt);
    }
  }
}
