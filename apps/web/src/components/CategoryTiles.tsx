import { Link } from '@/components/Link.tsx';
import { FEATURED_CATEGORY_TILES } from '@app/contract/catalogue';
import { categoryBlurb, categoryName } from '@/lib/i18n/categories.ts';
import { useT } from '@/lib/i18n/index.ts';
import './category-tiles.css';

/** The featured categories (the contract's, DECISIONS §5) as tiles, each linking to /category/{code}. */
export function CategoryTiles() {
  const t = useT();
  return (
    <ul className="category-tiles">
      {FEATURED_CATEGORY_TILES.map((c) => (
        <li key={c.code}>
          <Link to={`/category/${c.code}`} className="category-tile">
            <strong>{categoryName(t, c.code)}</strong>
            <span>{categoryBlurb(t, c.code, c.blurb)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
