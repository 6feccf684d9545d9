import { z } from 'zod';
import { envelope, ZId, ZPlainText, ZText } from './common.ts';
import { LOCALES } from './locales.ts';

export const TUTOR_CATEGORIES = ['Website development', 'Graphics Design'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const BANK_CURRENCIES = ['USD', 'EUR', 'GBP', 'Naira'] as const;
export const PASSWORD_MIN_LENGTH = 8;

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const ZPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { error: 'Password must be at most 200 characters' });

export const ZPhone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Enter a valid phone number' });

// ---- login -----------------------------------------------------------------
/** `userName` takes the account's email address (or its user name). */
export const ZLoginRequest = z.object({
  userName: ZText('User name'),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = envelope({
  token: z.string(),
  emailAddress: z.string(),
  userName: z.string(),
  /** The account's full name, for the header and the welcome line (beyond the spec's answer). */
  fullName: z.string(),
  /**
   * Only for an admin without two-factor sign-in: `suggested` (the app offers to turn it on), or `required`
   * (REQUIRE_ADMIN_2FA: every other admin call is refused until it is on).
   */
  twoFactorPrompt: z.enum(['suggested', 'required']).optional(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

// ---- sign-up ---------------------------------------------------------------
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

const signupShape = {
  fullName: ZText('Full name'),
  email: ZEmail,
  phoneNumber: ZPhone,
  password: ZPassword,
  confirmPassword: z.string({ error: 'Confirm password is required' }),
};

export const ZUserSignupRequest = z
  .object(signupShape)
  .refine(passwordsMatch, { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });
export type TUserSignupRequest = z.infer<typeof ZUserSignupRequest>;

export const ZTutorCategory = z.enum(TUTOR_CATEGORIES, {
  error: `Category must be one of: ${TUTOR_CATEGORIES.join(', ')}`,
});
export const ZGender = z.enum(GENDERS, { error: 'Gender must be Male or Female' });
export const ZAge = z.coerce
  .number({ error: 'Age must be a number' })
  .int({ error: 'Age must be a whole number' })
  .min(16, { error: 'Age must be at least 16' })
  .max(100, { error: 'Age must be at most 100' });

export const ZCertificateUrl = z
  .string({ error: 'Certificate URL is required' })
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'Certificate URL must be a web address (https://...)' }));

export const ZStaffSignupRequest = z
  .object({
    ...signupShape,
    category: ZTutorCategory,
    gender: ZGender,
    age: ZAge,
    certificateUrl: ZCertificateUrl,
  })
  .refine(passwordsMatch, { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });
export type TStaffSignupRequest = z.infer<typeof ZStaffSignupRequest>;

// ---- password reset --------------------------------------------------------
/** `otpId` is the email address the code is sent to; `sendSource` names the app asking (user, staff, admin). */
export const ZOtpRequest = z.object({
  otpId: ZEmail,
  otpType: z.literal('R', { error: "otpType must be 'R'" }).default('R'),
  notificationType: z.literal('M', { error: "notificationType must be 'M'" }).default('M'),
  sendSource: ZPlainText().max(50).optional(),
});
export type TOtpRequest = z.infer<typeof ZOtpRequest>;
export const ZOtpResponse = envelope({ status: z.literal('SUCCESS') });
export type TOtpResponse = z.infer<typeof ZOtpResponse>;

export const OTP_LENGTH = 6;
export const ZResetPasswordRequest = z.object({
  emailAddress: ZEmail,
  newPassword: ZPassword,
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .regex(/^[0-9]{6}$/, { error: 'OTP must be the 6 digits from the email' }),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

// ---- profile ---------------------------------------------------------------
export const ZUserDto = z.object({
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  userName: z.string(),
});
export type TUserDto = z.infer<typeof ZUserDto>;

export const ZUserUpdateRequest = z.object({
  fullName: ZText('Full name'),
  phoneNumber: ZPhone,
  email: ZEmail,
  userName: ZText('User name', 100).optional(),
});
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequest>;

export const ZChangePasswordRequest = z
  .object({
    oldPassword: z
      .string({ error: 'Old password is required' })
      .min(1, { error: 'Old password is required' }),
    newPassword: ZPassword,
    confirmPassword: z.string({ error: 'Confirm password is required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'New passwords do not match',
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZAccountDetail = z.object({
  accountName: ZText('Account name', 120),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^[0-9A-Za-z]{6,34}$/, { error: 'Account number must be 6 to 34 letters or digits' }),
  bankName: ZText('Bank name', 120),
  currency: z.enum(BANK_CURRENCIES, { error: `Currency must be one of: ${BANK_CURRENCIES.join(', ')}` }),
});
export type TAccountDetail = z.infer<typeof ZAccountDetail>;

export const ZStaffDto = z.object({
  id: ZId,
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  gender: ZGender,
  age: z.number(),
  category: z.string(),
  certificateUrl: z.string(),
  accountDetailDtoList: z.array(ZAccountDetail),
});
export type TStaffDto = z.infer<typeof ZStaffDto>;
export const ZStaffResponse = envelope({ staffDto: ZStaffDto });
export type TStaffResponse = z.infer<typeof ZStaffResponse>;

export const ZStaffUpdateRequest = z.object({
  fullName: ZText('Full name'),
  gender: ZGender,
  age: ZAge,
  accountDetailDtoList: z.array(ZAccountDetail).max(5, { error: 'At most 5 bank accounts' }),
});
export type TStaffUpdateRequest = z.infer<typeof ZStaffUpdateRequest>;

export const ZAdminDto = z.object({ id: ZId, fullName: z.string(), email: z.string() });
export const ZAdminResponse = envelope({ adminDto: ZAdminDto });
export type TAdminResponse = z.infer<typeof ZAdminResponse>;

// ---- the account's language (docs/i18n.md) ------------------------------------
/** One of the app's languages (`LOCALES`). */
export const ZLocale = z.enum(LOCALES, { error: `Language must be one of: ${LOCALES.join(', ')}` });
export const ZLanguageUpdateRequest = z.object({ language: ZLocale });
export type TLanguageUpdateRequest = z.infer<typeof ZLanguageUpdateRequest>;
/** The language saved on the caller's account; null until one is chosen. */
export const ZLanguageResponse = envelope({ language: ZLocale.nullable() });
export type TLanguageResponse = z.infer<typeof ZLanguageResponse>;

// ---- answers added by the accounts API ---------------------------------------
/** `POST /user/update`: the saved profile, so the client can refresh what it stored at login. */
export const ZUserUpdateResponse = envelope({ userDto: ZUserDto });
export type TUserUpdateResponse = z.infer<typeof ZUserUpdateResponse>;

/** A password change ends every older session; `token` is a fresh one-hour token for the caller. */
export const ZChangePasswordResponse = envelope({ token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** How long an emailed reset code stays valid, and how many wrong tries kill it. */
export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;
