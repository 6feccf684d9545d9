/** A course's rating: the average to one decimal and the number of reviews, or 'New' when it has none. */
export function Rating({ average, count }: { average: number | null; count: number }) {
  if (average == null || !count) {
    return (
      <span className="rating rating-new" title="No reviews yet">
        New
      </span>
    );
  }
  const label = `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'student' : 'students'}`;
  return (
    <span className="rating" title={label}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true">
        ★ {average.toFixed(1)} <span className="rating-count">({count.toLocaleString('en-NG')})</span>
      </span>
    </span>
  );
}
