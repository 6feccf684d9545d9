import { Route, Routes } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';

// The admin area, lazy-loaded under /admin/* (issue: admin web). Placeholder until that work lands.
export default function AdminArea() {
  return (
    <Routes>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
