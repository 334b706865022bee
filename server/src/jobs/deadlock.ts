/** PostgreSQL's code for a transaction chosen as a deadlock victim. */
const DEADLOCK_DETECTED = '40P01';

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DEADLOCK_DETECTED;
}

/**
 * Runs `work` again when PostgreSQL picked it as a deadlock victim: creating a queue attaches a partition to
 * pg-boss's job table, and two instances doing that at the same boot deadlock (one of them gets 40P01).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
