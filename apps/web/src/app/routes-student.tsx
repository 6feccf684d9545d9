import type { ReactNode } from 'react';

// Student screens inside the shared frame (issue: student web). Placeholder until that work lands.
export function studentRoutes(): ReactNode {
  return null;
}
