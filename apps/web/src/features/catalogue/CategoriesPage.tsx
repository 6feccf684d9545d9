import { CategoryTiles } from '@/components/CategoryTiles.tsx';
import './catalogue.css';

/** /categories: the static list of categories (spec §2). */
export default function CategoriesPage() {
  return (
    <section className="page">
      <header className="page-head">
        <h1>Categories</h1>
        <p className="muted">Pick a field to see its courses.</p>
      </header>
      <CategoryTiles />
    </section>
  );
}
