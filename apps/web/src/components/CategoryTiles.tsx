import { Link } from 'react-router';
import './category-tiles.css';

/**
 * The six featured categories (DECISIONS §5). The codes are also FEATURED_CATEGORIES in @app/contract/courses;
 * copied here because importing that file would bring zod into the home page's bundle.
 */
export const FEATURED_CATEGORIES = [
  { code: 'SoftwareTester', label: 'Software Tester', blurb: 'Test plans, automation and quality.' },
  { code: 'BackendEngineer', label: 'Backend Engineer', blurb: 'APIs, databases and servers.' },
  { code: 'DevopsEngineer', label: 'DevOps Engineer', blurb: 'Cloud, pipelines and operations.' },
  { code: 'ProductOwner', label: 'Product Owner', blurb: 'Roadmaps, users and delivery.' },
  { code: 'FrontendEngineer', label: 'Frontend Engineer', blurb: 'Web interfaces that people enjoy.' },
  { code: 'MobileEngineer', label: 'Mobile Engineer', blurb: 'Android and iOS apps.' },
] as const;

/** A readable name for a category code (the code itself when it is not a featured one). */
export function categoryLabel(code: string): string {
  return FEATURED_CATEGORIES.find((c) => c.code === code)?.label ?? code;
}

/** The featured categories as tiles, each linking to /category/{code}. */
export function CategoryTiles() {
  return (
    <ul className="category-tiles">
      {FEATURED_CATEGORIES.map((c) => (
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
