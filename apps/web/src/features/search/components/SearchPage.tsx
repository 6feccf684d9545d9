/** /search: a placeholder page (spec §2); searching happens in the header's dropdown. */
export default function SearchPage() {
  return (
    <section className="page">
      <h1>Search</h1>
      <p className="muted">Use the search box at the top of the page to find a course by its title.</p>
    </section>
  );
}
