import type { Observable } from 'rxjs';

/** Runs one registered handler on an already JSON round-tripped payload. */
export type InProcessHandler = (data: unknown) => Observable<unknown>;

export interface InProcessRoute {
  handler: InProcessHandler;
  /** Event handlers (`@EventPattern`) answer nothing. */
  isEvent: boolean;
}

/**
 * The in-process "wire": a registry of handlers by pattern, shared by the server that
 * registers them and the clients that call them. One bus per application.
 */
export class InProcessBus {
  private readonly routes = new Map<string, InProcessRoute>();

  register(pattern: string, route: InProcessRoute): void {
    if (this.routes.has(pattern)) throw new Error(`A handler for "${pattern}" is already registered on this in-process bus`);
    this.routes.set(pattern, route);
  }

  unregister(pattern: string): void {
    this.routes.delete(pattern);
  }

  find(pattern: string): InProcessRoute | undefined {
    return this.routes.get(pattern);
  }

  get patterns(): string[] {
    return [...this.routes.keys()];
  }
}
