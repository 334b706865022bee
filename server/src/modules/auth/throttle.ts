/**
 * Counts failed sign-ins per account and per address in a sliding window, so that an attacker is refused
 * before any password hashing is spent. Kept in memory: each server instance throttles on its own.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxPerAccount: number,
    private readonly maxPerAddress: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(account: string, address: string): boolean {
    return (
      this.count(`account:${account}`) >= this.maxPerAccount || this.count(`address:${address}`) >= this.maxPerAddress
    );
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`account:${account}`, `address:${address}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    if (this.failures.size > 100_000) this.prune();
  }

  recordSuccess(account: string): void {
    this.failures.delete(`account:${account}`);
  }

  private count(key: string): number {
    return this.recent(key).length;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
