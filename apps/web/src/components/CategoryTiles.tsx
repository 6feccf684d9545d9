import { Link } from 'react-router';
import { FEATURED_CATEGORY_TILES } from '@app/contract/catalogue';
import './category-tiles.css';

/** The featured categories (the contract's, DECISIONS §5) as tiles, each linking to /category/{code}. */
export function CategoryTiles() {
  return (
    <ul className="category-tiles">
      {FEATURED_CATEGORY_TILES.map((c) => (
        <li key={c.code}>
          <Link to={`/category/${c.code}`} className="category-tile">
            <strong>{c.label}</strong>
            <span>{c.blurb}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
