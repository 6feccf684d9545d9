import type { TAccountDetail, TAdminResponse, TStaffDto, TUserDto } from '@app/contract/accounts';
import type { Account, bankAccounts } from '../db/schema.ts';

type BankAccountRow = typeof bankAccounts.$inferSelect;

/** A student as the spec's `userDto`. */
export function toUserDto(a: Account): TUserDto {
  return { fullName: a.fullName, email: a.email, phoneNumber: a.phoneNumber, userName: a.userName };
}

/** A tutor and its bank accounts as the spec's `staffDto`. */
export function toStaffDto(a: Account, banks: BankAccountRow[]): TStaffDto {
  return {
    id: a.id,
    fullName: a.fullName,
    email: a.email,
    phoneNumber: a.phoneNumber,
    gender: a.gender === 'Female' ? 'Female' : 'Male',
    age: a.age ?? 0,
    category: a.category ?? '',
    certificateUrl: a.certificateUrl ?? '',
    accountDetailDtoList: banks.map(toAccountDetail),
  };
}

function toAccountDetail(b: BankAccountRow): TAccountDetail {
  return {
    accountName: b.accountName,
    accountNumber: b.accountNumber,
    bankName: b.bankName,
    currency: b.currency as TAccountDetail['currency'],
  };
}

/** An admin as `adminDto`. */
export function toAdminDto(a: Account): TAdminResponse['adminDto'] {
  return { id: a.id, fullName: a.fullName, email: a.email };
}
