import { CartContents } from '@/components/cart/CartContents.tsx';
import './student-home.css';

/** `/home/cart`: the same working cart as the panel (DECISIONS §4). */
export function CartPage() {
  return (
    <div className="page student-cart">
      <h1>My Cart</h1>
      <div className="card student-cart-card">
        <CartContents />
      </div>
    </div>
  );
}
