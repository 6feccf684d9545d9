import { useSearchParams } from 'react-router';
import { CartContents } from '@/components/cart/CartContents.tsx';
import './student-home.css';

/** `/home/cart`: the same working cart as the panel (DECISIONS §4). */
export function CartPage() {
  // `?team=1`: the course page's 'Buy for my team' opens the cart with the team's fields.
  const [params] = useSearchParams();
  return (
    <div className="page student-cart">
      <h1>My Cart</h1>
      <div className="card student-cart-card">
        <CartContents forTeam={params.get('team') === '1'} />
      </div>
    </div>
  );
}
