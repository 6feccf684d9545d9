import { useRoutes, type RouteObject } from 'react-router';
import { NotFound } from '@/components/NotFound.tsx';
import { studentRoutes } from './routes-student.tsx';

/** Every path in the shared frame that is not a public screen: the student screens, else the unknown page. */
const otherRoutes: RouteObject[] = [...studentRoutes, { path: '*', element: <NotFound /> }];

/**
 * The frame's pages outside the public ones, matched here rather than in the first download's route table: the
 * student screens' table (each a lazy screen with its preload list) is only needed once someone leaves the public
 * pages.
 */
export default function OtherRoutes() {
  return useRoutes(otherRoutes);
}
