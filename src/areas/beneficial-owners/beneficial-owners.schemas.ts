import { z } from '@hono/zod-openapi';
import { Address, CountryCode, Email, IsoDate, ListQuery, PhoneNumber, Timestamp, listResponse } from '../../core/schemas.js';
import { IdType, KycStatus, ssnShape } from '../customers/identity.schemas.js';

export const OwnerRole = z.enum(['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER']).openapi('BeneficialOwnerRole');

const personalInfoFields = {
  firstName: z.string().min(1).max(255),
  middleName: z.string().min(1).max(255).optional(),
  lastName: z.string().min(1).max(255),
  birthDate: IsoDate,
  nationality: CountryCode,
  email: Email.optional(),
  phoneNumber: PhoneNumber.optional(),
  address: Address,
  idType: IdType,
  identifier: z.string().min(1).max(64),
  countryOfIssuance: CountryCode.optional(),
};

export const PersonalInfo = z.object(personalInfoFields).refine(...ssnShape).openapi('BeneficialOwnerPersonalInfo');

const ownerFields = {
  roles: z.array(OwnerRole).min(1).max(6),
  ownershipPercentage: z.number().int().min(0).max(100),
};

export const BeneficialOwnerCreate = z
  .object({ customerId: z.string().min(1).max(200), ...ownerFields, personalInfo: PersonalInfo })
  .openapi('BeneficialOwnerCreateRequest');

export const BeneficialOwnerUpdate = z
  .object({ roles: ownerFields.roles.optional(), ownershipPercentage: ownerFields.ownershipPercentage.optional(), personalInfo: z.object(personalInfoFields).partial().refine(...ssnShape).optional() })
  .openapi('BeneficialOwnerUpdateRequest');

export const BeneficialOwner = z
  .object({
    id: z.string().openapi({ example: 'BeneficialOwner:019542f5-b3e7-1d02-0000-000000000005' }),
    customerId: z.string(),
    ...ownerFields,
    personalInfo: PersonalInfo,
    kycStatus: KycStatus,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('BeneficialOwner');

export const BeneficialOwnerListQuery = ListQuery.extend({ customerId: z.string().min(1).max(200) });
export const BeneficialOwnerList = listResponse(BeneficialOwner, 'BeneficialOwnerListResponse');

export type BeneficialOwner = z.infer<typeof BeneficialOwner>;
export type BeneficialOwnerCreate = z.infer<typeof BeneficialOwnerCreate>;
export type BeneficialOwnerUpdate = z.infer<typeof BeneficialOwnerUpdate>;
