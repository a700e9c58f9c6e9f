/** Lets a repeated warning through at most once per interval, so an absent neighbour does not flood the log. */
export class WarningThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervalMs = 60_000) {}

  due(now = Date.now()): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }
}
