import { captionLanguageLabel } from '@app/contract/caption-languages';
import type { Tx } from '../db/client.ts';
import { captions } from '../db/schema-captions.ts';
import { readCaptions } from '../lib/captions.ts';

/** The demo lessons' videos are 12 seconds long. */
const DEMO_SECONDS = 12;
const TIMES = [
  ['00:00:00,500', '00:00:03,200'],
  ['00:00:03,400', '00:00:06,400'],
  ['00:00:06,600', '00:00:09,200'],
  ['00:00:09,400', '00:00:11,800'],
] as const;

/** What each lesson of the demo student's course says, in English and Nigerian Pidgin, by lesson title. */
const LINES: Record<string, { en: string[]; pcm: string[] }> = {
  'Why Kubernetes': {
    en: [
      'Welcome to Kubernetes for Beginners.',
      'Why Kubernetes? Your app runs in containers, on many machines.',
      'Kubernetes restarts what crashes and spreads the load.',
      'Next, we meet pods and deployments.',
    ],
    pcm: [
      'Welcome to Kubernetes for Beginners o.',
      'Why Kubernetes? Your app dey run inside containers, for plenty machines.',
      'Kubernetes go restart anything wey crash, e go share di load well well.',
      'Next one, we go meet pods and deployments.',
    ],
  },
  'Pods and deployments': {
    en: [
      'A pod is the smallest thing Kubernetes runs: one or more containers.',
      'You rarely create pods by hand. A deployment does it for you.',
      'Ask the deployment for three copies, and it keeps three running.',
      'Type kubectl get pods to see them.',
    ],
    pcm: [
      'Pod na di smallest tin wey Kubernetes dey run: one or more containers.',
      'You no go dey create pods by hand. Deployment go do am for you.',
      'Tell di deployment say you want three copies, e go keep three dey run.',
      'Type kubectl get pods make you see dem.',
    ],
  },
  'Services and ingress': {
    en: [
      'Pods come and go, and their addresses change.',
      'A service gives them one steady name inside the cluster.',
      'An ingress lets traffic from the internet reach that service.',
      'One domain, many services, one ingress.',
    ],
    pcm: [
      'Pods dey come, dey go, and their address dey change.',
      'Service go give dem one steady name inside di cluster.',
      'Ingress dey allow traffic from internet reach dat service.',
      'One domain, plenty services, one ingress.',
    ],
  },
  'Rolling updates': {
    en: [
      'A new version is ready. How do we ship it without downtime?',
      'A rolling update replaces pods a few at a time.',
      'If the new pods fail their checks, Kubernetes stops the rollout.',
      'kubectl rollout undo takes you back to the last good version.',
    ],
    pcm: [
      'New version don ready. How we go ship am without downtime?',
      'Rolling update dey change di pods small small.',
      'If di new pods fail their checks, Kubernetes go stop di rollout.',
      'kubectl rollout undo go carry you back to di last version wey work.',
    ],
  },
};

/** An SRT of four cues, as a tutor's subtitling tool would write it (CRLF included). */
const srtOf = (lines: string[]) =>
  lines.map((text, i) => `${i + 1}\r\n${TIMES[i]![0]} --> ${TIMES[i]![1]}\r\n${text}\r\n`).join('\r\n');

/**
 * Captions in English and Pidgin on each lesson of the demo student's course, read through the same converter as
 * a tutor's upload.
 */
export async function addDemoCaptions(tx: Tx, lessons: { id: number; title: string }[]): Promise<void> {
  const rows = lessons.flatMap((lesson) => {
    const lines = LINES[lesson.title];
    if (!lines) return [];
    return (['en', 'pcm'] as const).map((language) => {
      const fileName = `${lesson.title.toLowerCase().replace(/\W+/g, '-')}.${language}.srt`;
      const read = readCaptions(srtOf(lines[language]), { fileName, durationSeconds: DEMO_SECONDS });
      return {
        seriesId: lesson.id,
        language,
        label: captionLanguageLabel(language),
        fileName,
        format: read.format,
        vtt: read.vtt,
        cues: read.cues,
      };
    });
  });
  if (rows.length) await tx.insert(captions).values(rows);
}
