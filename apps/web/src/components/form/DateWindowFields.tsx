/** `YYYY-MM-DDTHH:mm` of a date in the browser's time, for a datetime-local field. */
export const localInput = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The Starts and Ends fields of something that runs for a while (a coupon, a sale), in the browser's time. */
export function DateWindowFields({
  startsAt,
  endsAt,
  onStartsAt,
  onEndsAt,
}: {
  startsAt: string;
  endsAt: string;
  onStartsAt: (value: string) => void;
  onEndsAt: (value: string) => void;
}) {
  return (
    <>
      <label>
        Starts
        <input type="datetime-local" value={startsAt} onChange={(e) => onStartsAt(e.target.value)} required />
      </label>
      <label>
        Ends
        <input type="datetime-local" value={endsAt} onChange={(e) => onEndsAt(e.target.value)} required />
      </label>
    </>
  );
}
