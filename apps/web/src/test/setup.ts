import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A screen behind a lazy import is compiled on its first use in a test file; on a loaded two-core machine that alone
// can take longer than Testing Library's default one second, so `findBy…` waits up to five before it fails.
configure({ asyncUtilTimeout: 5000 });
