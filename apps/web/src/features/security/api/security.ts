import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ApiError, callOp } from '@/lib/api.ts';
import { deviceId } from '@/lib/device.ts';
import { getToken } from '@/lib/session.ts';

export const securityKeys = {
  sessions: ['security', 'sessions'] as const,
  twoFactor: ['security', 'two-factor'] as const,
  exports: ['security', 'exports'] as const,
  devices: ['security', 'devices'] as const,
};

/** The devices the account watched or downloaded on (this browser marked by its device id). */
export const useDevices = () =>
  useQuery({ queryKey: securityKeys.devices, queryFn: () => callOp('deviceList', { deviceId: deviceId() }) });

export function useRemoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOp('deviceRemove', { id }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: securityKeys.devices }),
        qc.invalidateQueries({ queryKey: securityKeys.sessions }),
      ]),
  });
}

export const useSessions = () =>
  useQuery({ queryKey: securityKeys.sessions, queryFn: () => callOp('sessionList', {}) });

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => callOp('sessionRevoke', id ? { id } : {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

export const useTwoFactorStatus = (enabled = true) =>
  useQuery({ queryKey: securityKeys.twoFactor, queryFn: () => callOp('twoFactorStatus', {}), enabled });

export const useExports = () =>
  useQuery({
    queryKey: securityKeys.exports,
    queryFn: () => callOp('accountExportList', {}),
    // While one is being built, look again every few seconds.
    refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === 'queued') ? 4000 : false),
  });

/** Downloads an export's zip with the stored token (a link cannot carry the apiKey header). */
export async function downloadExport(id: number): Promise<void> {
  const res = await fetch(`${API_BASE}${fillPath(PLAIN_ROUTES.accountExportFile.path, { id })}`, {
    headers: { apiKey: getToken() ?? '' },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { responseDto?: { message?: string } } | null;
    throw new ApiError(res.status, body?.responseDto?.message ?? res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `devlearn-data-${id}.zip`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
