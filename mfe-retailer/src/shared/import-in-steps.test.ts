import { describe, expect, it } from 'vitest';
import { importInSteps } from './import-in-steps';

describe('importInSteps', () => {
  it('runs each step in a task of its own, in order, and answers the last', async () => {
    const seen: string[] = [];
    const step = (name: string) => async () => {
      seen.push(name);
      // Anything queued as a task after this step runs before the next step starts.
      setTimeout(() => seen.push(`task after ${name}`), 0);
      return name;
    };
    const page = await importInSteps([step('contracts')], step('page'));
    expect(page).toBe('page');
    expect(seen).toEqual(['contracts', 'task after contracts', 'page']);
  });

  it('stops at a step that fails, with its error', async () => {
    const late = { ran: false };
    await expect(
      importInSteps([() => Promise.reject(new Error('offline'))], async () => {
        late.ran = true;
      }),
    ).rejects.toThrow('offline');
    expect(late.ran).toBe(false);
  });
});
