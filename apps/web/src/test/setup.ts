import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { activateLocale } from '@/lib/i18n/index.ts';

// A screen behind a lazy import is compiled on its first use in a test file; on a loaded two-core machine that alone
// can take longer than Testing Library's default one second, so `findBy…` waits up to five before it fails.
configure({ asyncUtilTimeout: 5000 });

// The app's words come from the catalogs (lib/i18n): the tests read the English ones.
await activateLocale('en');
