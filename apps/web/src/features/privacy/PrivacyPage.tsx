import { Link } from 'react-router';

/** `/privacy`: what DevLearn keeps about people, why, for how long, and their rights (NDPA 2023). */
export default function PrivacyPage() {
  return (
    <article className="page container privacy-page">
      <h1>Privacy</h1>
      <p>
        DevLearn keeps only what it needs to sell and teach courses and to pay tutors. Under the Nigeria Data
        Protection Act 2023 you may get a copy of your data and have it erased, at any time, from your
        account's security page (students: <Link to="/account-security">Security and privacy</Link>).
      </p>
      <h2>What we keep and why</h2>
      <ul>
        <li>
          <strong>Your account</strong> (name, email, phone, password hash; for tutors gender, age, category
          and certificate link): to sign you in and show who wrote a course or review.
        </li>
        <li>
          <strong>Orders, receipts, refunds and the tutors' ledger</strong>: accounting law requires them.
          When you delete your account they stay, with your name, email and phone removed.
        </li>
        <li>
          <strong>Courses you own, your progress, quiz attempts and certificates</strong>: to let you watch
          and to certify what you completed.
        </li>
        <li>
          <strong>Reviews, questions and answers</strong>: they help other students. After a deletion they
          stay under 'Former student'.
        </li>
        <li>
          <strong>Signed-in devices</strong>: the browser and only the first parts of the network address, so
          you can see and end your sessions.
        </li>
        <li>
          <strong>Payout account</strong> (tutors): to pay you. It is deleted with your account; past payouts
          keep the amounts only.
        </li>
        <li>
          <strong>An audit log</strong> of sensitive actions (payouts, refunds, two-factor changes, sessions
          ended, exports and deletions): to prove who did what. After a deletion it no longer says where you
          were.
        </li>
      </ul>
      <h2>Your rights</h2>
      <ul>
        <li>
          <strong>A copy of your data</strong>: 'Export my data' builds a zip of JSON files. We tell you in
          the app and by email when it is ready; it can be downloaded for 7 days.
        </li>
        <li>
          <strong>Erasure</strong>: 'Delete my account' erases or anonymises your personal data at once and
          ends every session. Your certificates are revoked. A tutor whose courses students own must first ask
          an admin to transfer or archive them.
        </li>
      </ul>
      <p>We never sell your data, and card details never reach our servers (Paystack handles them).</p>
    </article>
  );
}
