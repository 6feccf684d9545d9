import { ZGiftPassOnRequest } from '@app/contract/gifts';

/** The pass-on form's fields, as the contract checks them. */
export const ZFullName = ZGiftPassOnRequest.shape.name;
export const ZEmail = ZGiftPassOnRequest.shape.email;
