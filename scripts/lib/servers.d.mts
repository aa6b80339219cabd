/** Types of servers.mjs for the TypeScript suites that share its helpers. */
export function freePort(): Promise<number>;
export function assertPortFree(port: number): Promise<void>;
export function waitForHealth(
  baseUrl: string,
  child: { exitCode: number | null },
  options?: { timeoutMs?: number; intervalMs?: number },
): Promise<void>;
