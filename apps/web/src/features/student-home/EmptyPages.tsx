import { Link } from 'react-router';
import './student-home.css';

function EmptyPage({ title, icon, message }: { title: string; icon: string; message: string }) {
  return (
    <div className="page student-empty">
      <h1>{title}</h1>
      <div className="empty-state card">
        <span className="student-empty-icon" aria-hidden="true">
          {icon}
        </span>
        <p>{message}</p>
        <Link to="/" className="btn">
          Browse courses
        </Link>
      </div>
    </div>
  );
}

/** `/home/notifications`. */
export function NotificationsPage() {
  return <EmptyPage title="Notifications" icon="🔔" message="You have no notifications yet." />;
}

/** `/wishlist`. */
export function WishlistPage() {
  return <EmptyPage title="Wishlist" icon="♡" message="Your wishlist is empty." />;
}

/** `/subscriptions`. */
export function SubscriptionsPage() {
  return <EmptyPage title="Subscriptions" icon="★" message="You have no subscriptions yet." />;
}
