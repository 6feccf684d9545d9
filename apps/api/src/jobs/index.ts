// Every job of the app registers itself when its module loads; the app imports this list once.
import './transcode.ts';
import './encrypt-ladder.ts';
import './notification-email.ts';
import './order-expiry.ts';
import './sandbox-events.ts';
import './account-export.ts';
import './qa-digest.ts';
import './announcements.ts';
import './sale-boundary.ts';
import './cohorts.ts';
import './instalments.ts';
import './gifts.ts';
