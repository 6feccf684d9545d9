import { z } from 'zod';
import { envelope } from './common.ts';
import { ZLoginResponse } from './accounts.ts';

// ---- two-factor sign-in (TOTP, RFC 6238) ---------------------------------------
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in challenge (the step between the password and the code) stays valid. */
export const CHALLENGE_TTL_MINUTES = 5;

/** A 6-digit code from the authenticator app, or a recovery code (`abcde-fghij`, any case, dash optional). */
export const ZTwoFactorCode = z
  .string({ error: 'The code is required' })
  .trim()
  .min(1, { error: 'The code is required' })
  .max(40, { error: 'The code is at most 40 characters' });

/** The login calls' answer when the account has two-factor sign-in on: the code comes next, with `challenge`. */
export const ZTwoFactorChallenge = envelope({
  twoFactorRequired: z.literal(true),
  /** A short-lived signed ticket naming the account; sent back with the code to `POST /login/2fa`. */
  challenge: z.string(),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** Login answers the token (accounts without two-factor sign-in: exactly as before), or the challenge. */
export const ZLoginAnswer = z.union([ZLoginResponse, ZTwoFactorChallenge]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

export const ZLogin2faRequest = z.object({
  challenge: z.string({ error: 'The sign-in challenge is required' }).min(1).max(2000),
  code: ZTwoFactorCode,
});
export type TLogin2faRequest = z.infer<typeof ZLogin2faRequest>;

export const ZTwoFactorStatusResponse = envelope({
  enabled: z.boolean(),
  /** The account must turn it on before anything else (an admin with REQUIRE_ADMIN_2FA=true). */
  required: z.boolean(),
  /** Unused recovery codes (0 while it is off). */
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatusResponse = z.infer<typeof ZTwoFactorStatusResponse>;

export const ZTwoFactorSetupResponse = envelope({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The `otpauth://` URI as a QR code: a `data:image/png;base64,…` URL. */
  qrCode: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

export const ZTwoFactorEnableRequest = z.object({ code: ZTwoFactorCode });
export type TTwoFactorEnableRequest = z.infer<typeof ZTwoFactorEnableRequest>;

/** Turning it off, or making new recovery codes: the password and a current code. */
export const ZTwoFactorConfirmRequest = z.object({
  password: z.string({ error: 'Your password is required' }).min(1, { error: 'Your password is required' }),
  code: ZTwoFactorCode,
});
export type TTwoFactorConfirmRequest = z.infer<typeof ZTwoFactorConfirmRequest>;

/** Shown once: only their hashes are kept. */
export const ZRecoveryCodesResponse = envelope({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

// ---- sessions ------------------------------------------------------------------
export const ZSessionDto = z.object({
  id: z.string(),
  /** "Chrome on Android", from the user agent. */
  browser: z.string(),
  /** The IP's first parts ("102.89.x.x"): a coarse place, no lookup. */
  place: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type TSessionDto = z.infer<typeof ZSessionDto>;
export const ZSessionListResponse = envelope({ sessions: z.array(ZSessionDto) });
export type TSessionListResponse = z.infer<typeof ZSessionListResponse>;

/** With `id`: that session; without: every session but the current one. */
export const ZSessionRevokeRequest = z
  .object({ id: z.string().trim().min(1).max(100, { error: 'id is at most 100 characters' }).optional() })
  .optional();
export type TSessionRevokeRequest = z.infer<typeof ZSessionRevokeRequest>;
export const ZSessionRevokeResponse = envelope({ revoked: z.number().int() });

// ---- data rights (NDPA 2023) ------------------------------------------------------
/** Days an export can be downloaded once it is ready. */
export const EXPORT_DAYS = 7;
export const ZDataExportDto = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'ready', 'failed', 'expired']),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  size: z.number().nullable(),
});
export type TDataExportDto = z.infer<typeof ZDataExportDto>;
export const ZDataExportResponse = envelope({ export: ZDataExportDto });
export const ZDataExportListResponse = envelope({ exports: z.array(ZDataExportDto) });
export type TDataExportListResponse = z.infer<typeof ZDataExportListResponse>;
export const ZDataExportParams = z.object({
  id: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(2_147_483_647),
});

export const ZAccountDeleteRequest = z.object({
  password: z.string({ error: 'Your password is required' }).min(1, { error: 'Your password is required' }),
});
export type TAccountDeleteRequest = z.infer<typeof ZAccountDeleteRequest>;

/** What a deleted person's reviews and posts show as their author. */
export const FORMER_STUDENT = 'Former student';
