import { Suspense, type ReactNode } from 'react';
import { lazyWithWords } from '@/lib/lazy-screen.ts';
import { Navigate, type RouteObject } from 'react-router';
import { useSession } from '@/lib/session.ts';
import { RequireRole } from './guards.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';

// Student screens load on first visit so the home page's bundle stays small.
const CheckoutPage = lazyWithWords(() =>
  import('@/features/checkout/CheckoutPage.tsx').then((m) => ({ default: m.CheckoutPage })),
);
const MyCoursesPage = lazyWithWords(() =>
  import('@/features/my-courses/MyCoursesPage.tsx').then((m) => ({ default: m.MyCoursesPage })),
);
const PlayerPage = lazyWithWords(() =>
  import('@/features/player/PlayerPage.tsx').then((m) => ({ default: m.PlayerPage })),
);
const EditProfilePage = lazyWithWords(() =>
  import('@/features/profile/EditProfilePage.tsx').then((m) => ({ default: m.EditProfilePage })),
);
const ChangePasswordPage = lazyWithWords(() =>
  import('@/features/profile/ChangePasswordPage.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const CartPage = lazyWithWords(() =>
  import('@/features/student-home/CartPage.tsx').then((m) => ({ default: m.CartPage })),
);
const OrdersPage = lazyWithWords(() =>
  import('@/features/orders/OrdersPage.tsx').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazyWithWords(() =>
  import('@/features/orders/OrderPage.tsx').then((m) => ({ default: m.OrderPage })),
);
const SavedCardsPage = lazyWithWords(() =>
  import('@/features/saved-cards/SavedCardsPage.tsx').then((m) => ({ default: m.SavedCardsPage })),
);
const NotificationsPage = lazyWithWords(() => import('@/features/notifications/NotificationsPage.tsx'));
const QuizPage = lazyWithWords(() =>
  import('@/features/quizzes/QuizPage.tsx').then((m) => ({ default: m.QuizPage })),
);
const WishlistPage = lazyWithWords(() => import('@/features/wishlist/WishlistPage.tsx'));
const DownloadsPage = lazyWithWords(() => import('@/features/downloads/DownloadsPage.tsx'));
const SecurityPage = lazyWithWords(() => import('@/features/security/SecurityPage.tsx'));
const WeekPage = lazyWithWords(() => import('@/features/cohorts/WeekPage.tsx'));
const LiveSessionPage = lazyWithWords(() => import('@/features/cohorts/LiveSessionPage.tsx'));
const CalendarFeedPage = lazyWithWords(() => import('@/features/cohorts/CalendarFeedPage.tsx'));
const AssignmentPage = lazyWithWords(() => import('@/features/assignments/AssignmentPage.tsx'));
const PeerReviewsPage = lazyWithWords(() => import('@/features/assignments/PeerReviewsPage.tsx'));
const MyGradesPage = lazyWithWords(() => import('@/features/assignments/MyGradesPage.tsx'));
const GiftRedeemPage = lazyWithWords(() =>
  import('@/features/gifts/GiftRedeemPage.tsx').then((m) => ({ default: m.GiftRedeemPage })),
);
const TeamPage = lazyWithWords(() =>
  import('@/features/teams/TeamPage.tsx').then((m) => ({ default: m.TeamPage })),
);
const TeamJoinPage = lazyWithWords(() =>
  import('@/features/teams/TeamJoinPage.tsx').then((m) => ({ default: m.TeamJoinPage })),
);
const SubscriptionsPage = lazyWithWords(() =>
  import('@/features/student-home/EmptyPages.tsx').then((m) => ({ default: m.SubscriptionsPage })),
);

// A page-level fallback keeps the frame (header, footer) on screen while a page's code loads.
const fallback = <PageLoading />;
const open = (page: ReactNode) => <Suspense fallback={fallback}>{page}</Suspense>;
const student = (page: ReactNode) => <RequireRole role="user">{open(page)}</RequireRole>;

/** The bell leads to /home/notifications (spec §2); a tutor's notifications live in the tutor area. */
function TutorsToTheirArea({ children }: { children: ReactNode }) {
  return useSession().role === 'tutor' ? <Navigate to="/tutor/notifications" replace /> : children;
}

/** Student screens inside the shared frame. */
export const studentRoutes: RouteObject[] = [
  { path: '/checkout', element: open(<CheckoutPage />) },
  // A gift's link (docs/payments.md, "Gifts"): open to guests, who sign up or log in there in one step.
  { path: '/gift/redeem', element: open(<GiftRedeemPage />) },
  // A team invite's link (docs/payments.md, "Team seats"): open to guests, who sign up or log in there in one step.
  { path: '/team/join', element: open(<TeamJoinPage />) },
  { path: '/home/team', element: student(<TeamPage />) },
  { path: '/view-course/:id', element: open(<PlayerPage />) },
  { path: '/view-course/:id/quiz/:quizId', element: student(<QuizPage />) },
  { path: '/home/my-courses', element: student(<MyCoursesPage />) },
  // Graded work (docs/assignments.md): an assignment's page, the peer reviews to do.
  { path: '/home/assignment/:id', element: student(<AssignmentPage />) },
  { path: '/home/reviews', element: student(<PeerReviewsPage />) },
  { path: '/home/grades/:courseId', element: student(<MyGradesPage />) },
  // Not guarded: what is stored on this device plays offline, even after the session's hour.
  { path: '/home/downloads', element: open(<DownloadsPage />) },
  { path: '/home/cart', element: student(<CartPage />) },
  { path: '/home/orders', element: student(<OrdersPage />) },
  { path: '/home/orders/:reference', element: student(<OrderPage />) },
  { path: '/home/payment-methods', element: student(<SavedCardsPage />) },
  {
    path: '/home/notifications',
    element: <TutorsToTheirArea>{student(<NotificationsPage />)}</TutorsToTheirArea>,
  },
  { path: '/wishlist', element: student(<WishlistPage />) },
  // Cohorts (docs/cohorts.md): the week ahead, a live class's page, the private calendar feed.
  { path: '/user/week', element: student(<WeekPage />) },
  { path: '/live/:sessionId', element: student(<LiveSessionPage />) },
  { path: '/user/calendar', element: student(<CalendarFeedPage />) },
  { path: '/subscriptions', element: student(<SubscriptionsPage />) },
  { path: '/edit-profile', element: student(<EditProfilePage />) },
  { path: '/change-password', element: student(<ChangePasswordPage />) },
  { path: '/account-security', element: student(<SecurityPage role="user" />) },
];
