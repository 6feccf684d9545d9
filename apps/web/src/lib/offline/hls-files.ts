/** Reading the server's HLS playlists and writing the local ones a downloaded lesson plays from. */

export type Variant = { height: number; url: string; info: string };

const uriLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The variants of a master playlist, their URLs made absolute against the master's. */
export function parseMaster(text: string, masterUrl: string): Variant[] {
  const lines = uriLines(text);
  const variants: Variant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => !l.startsWith('#'));
    if (!uri) return;
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    variants.push({ height, url: new URL(uri, masterUrl).href, info: line });
  });
  return variants;
}

/** The variant at `height`, else the tallest below it, else the smallest. */
export function pickVariant(variants: Variant[], height: number): Variant | undefined {
  const sorted = [...variants].sort((a, b) => a.height - b.height);
  return sorted.filter((v) => v.height <= height).pop() ?? sorted[0];
}

/**
 * A variant playlist's segments (absolute URLs), its AES-128 keys (the server's key URLs, by number) and the same
 * playlist pointing at local names `seg_<n>.ts` and `key_<n>`, so the stored copy plays from `/offline/<seriesId>/`
 * whatever the server's names and signatures were. The segments stay encrypted on the device.
 */
export function localVariant(
  text: string,
  variantUrl: string,
): { segments: string[]; keys: { n: number; url: string }[]; playlist: string } {
  const segments: string[] = [];
  const keys: { n: number; url: string }[] = [];
  const out = uriLines(text).map((line) => {
    if (line.startsWith('#EXT-X-KEY')) {
      return line.replace(/URI="([^"]+)"/, (_m, uri: string) => {
        keys.push({ n: keys.length, url: new URL(uri, variantUrl).href });
        return `URI="key_${keys.length - 1}"`;
      });
    }
    if (line.startsWith('#')) return line;
    segments.push(new URL(line, variantUrl).href);
    return `seg_${segments.length - 1}.ts`;
  });
  return { segments, keys, playlist: `${out.join('\n')}\n` };
}

/** A subtitle rendition of a master playlist (a lesson's captions in one language). */
export type Subtitles = { language: string; name: string; url: string };

const attr = (line: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1];

/** The subtitle renditions of a master playlist, their URLs made absolute against the master's. */
export function parseSubtitles(text: string, masterUrl: string): Subtitles[] {
  return uriLines(text)
    .filter((l) => l.startsWith('#EXT-X-MEDIA:') && l.includes('TYPE=SUBTITLES'))
    .flatMap((l) => {
      const uri = attr(l, 'URI');
      const language = attr(l, 'LANGUAGE');
      if (!uri || !language || !/^[a-z0-9-]{2,35}$/.test(language)) return [];
      return [{ language, name: attr(l, 'NAME') ?? language, url: new URL(uri, masterUrl).href }];
    });
}

/** A subtitle playlist's WebVTT file (absolute) and the same playlist pointing at the local `sub_<language>.vtt`. */
export function localSubtitles(
  text: string,
  playlistUrl: string,
  language: string,
): { file: string | null; playlist: string } {
  let file: string | null = null;
  const out = uriLines(text).map((line) => {
    if (line.startsWith('#')) return line;
    file ??= new URL(line, playlistUrl).href;
    return `sub_${language}.vtt`;
  });
  return { file, playlist: `${out.join('\n')}\n` };
}

/**
 * A master playlist with the one downloaded variant, so the player still knows its height, and the downloaded
 * captions as its subtitle renditions (`sub_<language>.m3u8`).
 */
export function localMaster(variant: Variant, subtitles: { language: string; name: string }[] = []): string {
  const media = subtitles.map(
    (s) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="${s.language}",NAME="${s.name}",DEFAULT=NO,` +
      `AUTOSELECT=NO,URI="sub_${s.language}.m3u8"\n`,
  );
  const info = variant.info.replace(/,SUBTITLES="[^"]*"/, '') + (subtitles.length ? ',SUBTITLES="subs"' : '');
  return `#EXTM3U\n#EXT-X-VERSION:3\n${media.join('')}${info}\nindex.m3u8\n`;
}
