import { useSearchParams } from 'react-router';
import { CartContents } from '@/components/cart/CartContents.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './student-home.css';

/** `/home/cart`: the same working cart as the panel (DECISIONS §4). */
export function CartPage() {
  // `?team=1`: the course page's 'Buy for my team' opens the cart with the team's fields.
  const t = useT();
  const [params] = useSearchParams();
  return (
    <div className="page student-cart">
      <h1>{t('studentHome.cartTitle')}</h1>
      <div className="card student-cart-card">
        <CartContents forTeam={params.get('team') === '1'} />
      </div>
    </div>
  );
}
