import { numberFormat } from '@/lib/i18n/format.ts';

/** The learner's video choices, remembered in this browser. */
const QUALITY_KEY = 'devlearn.video.quality';
const SAVER_KEY = 'devlearn.video.dataSaver';
const SPEED_KEY = 'devlearn.video.speed';
const CAPTIONS_KEY = 'devlearn.video.captions';

export const QUALITIES = ['auto', 240, 360, 720] as const;
export type Quality = (typeof QUALITIES)[number];
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Data saver never goes above this height. */
export const SAVER_MAX_HEIGHT = 360;

type NetworkInfo = { saveData?: boolean; effectiveType?: string };

/** On by default when the browser asks to save data or reports a 2G/3G connection. */
function dataSaverDefault(nav: Navigator = navigator): boolean {
  const c = (nav as Navigator & { connection?: NetworkInfo }).connection;
  return !!c && (c.saveData === true || /^(slow-2g|2g|3g)$/.test(c.effectiveType ?? ''));
}

export function loadDataSaver(): boolean {
  const v = localStorage.getItem(SAVER_KEY);
  return v === null ? dataSaverDefault() : v === 'true';
}
export const saveDataSaver = (on: boolean) => localStorage.setItem(SAVER_KEY, String(on));

export function loadQuality(): Quality {
  const v = localStorage.getItem(QUALITY_KEY);
  const n = Number(v);
  return v !== null && (QUALITIES as readonly unknown[]).includes(n) ? (n as Quality) : 'auto';
}
export const saveQuality = (q: Quality) => localStorage.setItem(QUALITY_KEY, String(q));

export function loadSpeed(): number {
  const n = Number(localStorage.getItem(SPEED_KEY));
  return (SPEEDS as readonly number[]).includes(n) ? n : 1;
}
export const saveSpeed = (s: number) => localStorage.setItem(SPEED_KEY, String(s));

/** "≈ 1.4 MB" / "≈ 120 KB": what the lesson costs at a rendition (digits in the app's language, no grouping). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    return `≈ ${mb.format(bytes / 1024 / 1024)} MB`;
  }
  return `≈ ${numberFormat({ useGrouping: false }).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** The captions' language last chosen in the CC menu ('off': none); null before any choice. */
export const loadCaptionChoice = (): string | null => localStorage.getItem(CAPTIONS_KEY);
export const saveCaptionChoice = (language: string) => localStorage.setItem(CAPTIONS_KEY, language);
