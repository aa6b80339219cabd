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

  it('puts TanStack Query, the router and the other libraries in files of their own', () => {
    const pnpm = '/repo/node_modules/.pnpm';
    expect(
      startChunkPart(`${pnpm}/@tanstack+query-core@5/node_modules/@tanstack/query-core/x.js`),
    ).toBe('query');
    expect(startChunkPart(`${pnpm}/react-router@7/node_modules/react-router/dist/index.mjs`)).toBe(
      'router',
    );
    expect(startChunkPart(`${pnpm}/react@19/node_modules/react/index.js`)).toBe('libs');
    expect(startChunkPart(`${pnpm}/styled-components@6/node_modules/styled-components/x.js`)).toBe(
      'libs',
    );
  });

  it('puts the shared workspace packages apart from the shell’s own code', () => {
    expect(startChunkPart('/repo/shared-ui/src/index.ts')).toBe('shared');
    expect(startChunkPart('/repo/shared-auth/src/guards.tsx')).toBe('shared');
    expect(startChunkPart('/repo/shell/src/app.tsx')).toBe('app');
    expect(startChunkPart('C:\\repo\\shell\\src\\app.tsx')).toBe('app');
  });
});
