import { Route, Routes } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';

// The tutor area, lazy-loaded under /tutor/* (issue: tutor web). Placeholder until that work lands.
export default function TutorArea() {
  return (
    <Routes>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
