import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerReady } from './router-ready.ts';

describe('routerReady', () => {
  it('resolves at once when the first location has no lazy route', async () => {
    const router = createMemoryRouter([{ path: '/', element: null }]);
    await routerReady(router);
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('waits until the lazy route of the first location has loaded', async () => {
    let loaded = false;
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          loaded = true;
          return { Component: () => null };
        },
      },
    ]);
    expect(router.state.initialized).toBe(false);
    await routerReady(router);
    expect(loaded).toBe(true);
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });
});
