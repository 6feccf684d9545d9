import type { ReactNode } from 'react';
import { Route } from 'react-router';

// Public and auth screens inside the shared frame (issue: web frame). Placeholder until that work lands.
export function publicRoutes(): ReactNode {
  return <Route index element={<p>Welcome to DevLearn.</p>} />;
}
