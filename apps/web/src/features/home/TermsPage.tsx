/** /terms-and-policy: a placeholder (spec §2). */
export default function TermsPage() {
  return (
    <section className="page">
      <h1>Terms and policy</h1>
      <p className="muted">Our terms of use and privacy policy will be published here.</p>
    </section>
  );
}
