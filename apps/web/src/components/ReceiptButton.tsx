import { useState } from 'react';
import { toast } from 'react-toastify';
import { useT } from '@/lib/i18n/index.ts';
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
  const t = useT();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadReceipt(reference);
    } catch (err) {
      toast.error(refusalMessage(err, t('receipt.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()} disabled={busy}>
      {busy ? t('receipt.downloading') : t('receipt.download')}
    </button>
  );
}
