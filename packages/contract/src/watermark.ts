// Zod-free: the server's watermark names and the web's for a downloaded lesson are masked the same way.

/** An email as the watermark shows it: enough for its owner to know it, not to read off a recording ("ad•••@g•••.com"). */
export function maskEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  return `${local.slice(0, Math.min(2, local.length - 1))}•••@${host.slice(0, 1)}•••${dot > 0 ? domain.slice(dot) : ''}`;
}
