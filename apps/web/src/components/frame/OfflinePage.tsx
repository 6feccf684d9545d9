/** What the frame shows instead of a page while there is no connection (the shell itself comes from the cache). */
export function OfflinePage() {
  return (
    <section className="page empty-state" role="status">
      <h1>You are offline</h1>
      <p>
        DevLearn needs an internet connection to show courses. Check your mobile data or Wi-Fi, then try
        again.
      </p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}
