import { describe, expect, it } from 'vitest';
import { startChunkPart } from './index.ts';

describe('the shell’s start-up files', () => {
  it('puts react-dom and its scheduler in a file of their own', () => {
    expect(
      startChunkPart('/repo/node_modules/.pnpm/react-dom@19/node_modules/react-dom/index.js'),
    ).toBe('react-dom');
    expect(startChunkPart('/repo/node_modules/.pnpm/s@0/node_modules/scheduler/index.js')).toBe(
      'react-dom',
    );
  });

  it('puts the other libraries together, and our own code apart', () => {
    expect(startChunkPart('/repo/node_modules/.pnpm/react@19/node_modules/react/index.js')).toBe(
      'libs',
    );
    expect(startChunkPart('/repo/shared-ui/src/index.ts')).toBe('app');
    expect(startChunkPart('C:\\repo\\shell\\src\\app.tsx')).toBe('app');
  });
});
