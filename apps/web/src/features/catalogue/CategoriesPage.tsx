import { CategoryTiles } from '@/components/CategoryTiles.tsx';
import './catalogue.css';
import { useT } from '@/lib/i18n/index.ts';

/** /categories: the static list of categories (spec §2). */
export default function CategoriesPage() {
  const t = useT();
  return (
    <section className="page">
      <header className="page-head">
        <h1>{t('nav.categories')}</h1>
        <p className="muted">{t('categories.subtitle')}</p>
      </header>
      <CategoryTiles />
    </section>
  );
}
