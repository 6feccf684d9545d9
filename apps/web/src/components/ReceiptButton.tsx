import { useState } from 'react';
import { toast } from 'react-toastify';
import { refusalMessage } from '@/lib/messages.ts';
import { downloadReceipt } from '@/lib/receipt.ts';

/** "Download receipt": fetches the order's PDF with the session's key and saves it; a failure is a toast. */
export function ReceiptButton({
  reference,
  className = 'btn btn-outline',
}: {
  reference: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadReceipt(reference);
    } catch (err) {
      toast.error(refusalMessage(err, 'The receipt could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()} disabled={busy}>
      {busy ? 'Downloading...' : 'Download receipt'}
    </button>
  );
}
