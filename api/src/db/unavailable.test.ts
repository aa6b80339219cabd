import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, however deeply it is wrapped', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // pg_terminate_backend, a restarting server, no connection slot left.
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('53300'))).toBe(true);
    const drizzle = new Error('Failed query: select 1', { cause: withCode('ECONNRESET') });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    const aggregate = new AggregateError([withCode('ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it('leaves every other failure a failure of ours', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    // A unique violation, a failed check constraint, a syntax error: bugs or conflicts, not outages.
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23514'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42601'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    const loop: { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
