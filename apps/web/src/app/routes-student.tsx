import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { useSession } from '@/lib/session.ts';
import { RequireRole } from './guards.tsx';

// Student screens load on first visit so the home page's bundle stays small.
const CheckoutPage = lazy(() =>
  import('@/features/checkout/CheckoutPage.tsx').then((m) => ({ default: m.CheckoutPage })),
);
const MyCoursesPage = lazy(() =>
  import('@/features/my-courses/MyCoursesPage.tsx').then((m) => ({ default: m.MyCoursesPage })),
);
const PlayerPage = lazy(() =>
  import('@/features/player/PlayerPage.tsx').then((m) => ({ default: m.PlayerPage })),
);
const EditProfilePage = lazy(() =>
  import('@/features/profile/EditProfilePage.tsx').then((m) => ({ default: m.EditProfilePage })),
);
const ChangePasswordPage = lazy(() =>
  import('@/features/profile/ChangePasswordPage.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const CartPage = lazy(() =>
  import('@/features/student-home/CartPage.tsx').then((m) => ({ default: m.CartPage })),
);
const OrdersPage = lazy(() =>
  import('@/features/orders/OrdersPage.tsx').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() =>
  import('@/features/orders/OrderPage.tsx').then((m) => ({ default: m.OrderPage })),
);
const NotificationsPage = lazy(() => import('@/features/notifications/NotificationsPage.tsx'));
const QuizPage = lazy(() => import('@/features/quizzes/QuizPage.tsx').then((m) => ({ default: m.QuizPage })));
const WishlistPage = lazy(() => import('@/features/wishlist/WishlistPage.tsx'));
const DownloadsPage = lazy(() => import('@/features/downloads/DownloadsPage.tsx'));
const SecurityPage = lazy(() => import('@/features/security/SecurityPage.tsx'));
const SubscriptionsPage = lazy(() =>
  import('@/features/student-home/EmptyPages.tsx').then((m) => ({ default: m.SubscriptionsPage })),
);

// A page-level fallback keeps the frame (header, footer) on screen while a page's code loads.
const fallback = <p className="page-loading">Loading...</p>;
const open = (page: ReactNode) => <Suspense fallback={fallback}>{page}</Suspense>;
const student = (page: ReactNode) => <RequireRole role="user">{open(page)}</RequireRole>;

/** The bell leads to /home/notifications (spec §2); a tutor's notifications live in the tutor area. */
function TutorsToTheirArea({ children }: { children: ReactNode }) {
  return useSession().role === 'tutor' ? <Navigate to="/tutor/notifications" replace /> : children;
}

/** Student screens inside the shared frame. */
export function studentRoutes(): ReactNode {
  return (
    <>
      <Route path="/checkout" element={open(<CheckoutPage />)} />
      <Route path="/view-course/:id" element={open(<PlayerPage />)} />
      <Route path="/view-course/:id/quiz/:quizId" element={student(<QuizPage />)} />
      <Route path="/home/my-courses" element={student(<MyCoursesPage />)} />
      {/* Not guarded: what is stored on this device plays offline, even after the session's hour. */}
      <Route path="/home/downloads" element={open(<DownloadsPage />)} />
      <Route path="/home/cart" element={student(<CartPage />)} />
      <Route path="/home/orders" element={student(<OrdersPage />)} />
      <Route path="/home/orders/:reference" element={student(<OrderPage />)} />
      <Route
        path="/home/notifications"
        element={<TutorsToTheirArea>{student(<NotificationsPage />)}</TutorsToTheirArea>}
      />
      <Route path="/wishlist" element={student(<WishlistPage />)} />
      <Route path="/subscriptions" element={student(<SubscriptionsPage />)} />
      <Route path="/edit-profile" element={student(<EditProfilePage />)} />
      <Route path="/change-password" element={student(<ChangePasswordPage />)} />
      <Route path="/account-security" element={student(<SecurityPage role="user" />)} />
    </>
  );
}
