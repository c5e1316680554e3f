import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests, and integration tests that drive the HTTP server
// against a real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Unit tests first (fast feedback), then integration tests with their own worker count.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/hostile/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two workers keep the 2-core machine busy without thrashing.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // The hostile-input suite measures time (every answer within 2 s, /api/health within
          // 100 ms while images are processed): it runs last, one file at a time, so the other
          // suites' load on this 2-core machine is not what it measures.
          name: 'hostile',
          include: ['tests/integration/hostile/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 600_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
