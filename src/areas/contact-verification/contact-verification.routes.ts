import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { Customer } from '../customers/customers.schemas.js';
import { ContactVerificationConfirmRequest } from './contact-verification.schemas.js';

const tags = [TAGS.contactVerification];
const CustomerIdParam = z.object({ customerId: z.string().min(1).max(200).openapi({ param: { name: 'customerId', in: 'path' }, example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }) });
const ONLY =
  'Only for customers of a contact-verification region (contactVerificationRegions, the EEA by default); 409 for any other customer and for a channel already VERIFIED.';

function sendRoute(channel: 'email' | 'phone', operationId: string) {
  return createRoute({
    method: 'post',
    path: `/customers/{customerId}/verify-${channel}`,
    operationId,
    tags,
    summary: `Send ${channel === 'email' ? 'an e-mail' : 'a phone'} verification code`,
    description: `Sends (or re-sends, replacing the last) a one-time code to the customer's ${channel === 'email' ? 'email' : 'phoneNumber'}. ${ONLY} No message leaves the sandbox: the code is always 123456, valid for 10 minutes.`,
    request: { params: CustomerIdParam },
    responses: { 204: { description: 'Code sent' } },
  });
}

function confirmRoute(channel: 'email' | 'phone', operationId: string) {
  return createRoute({
    method: 'post',
    path: `/customers/{customerId}/verify-${channel}/confirm`,
    operationId,
    tags,
    summary: `Confirm the ${channel === 'email' ? 'e-mail' : 'phone'} verification code`,
    description: `contactVerification.${channel} becomes VERIFIED. ${ONLY} A wrong or expired code, or none sent to the current ${channel === 'email' ? 'email' : 'phoneNumber'}, is 400. With both channels VERIFIED the customer can start KYC.`,
    request: { params: CustomerIdParam, body: jsonBody(ContactVerificationConfirmRequest) },
    responses: { 200: jsonResponse(Customer, 'The customer') },
  });
}

export const sendEmailRoute = sendRoute('email', 'sendCustomerEmailVerification');
export const confirmEmailRoute = confirmRoute('email', 'confirmCustomerEmailVerification');
export const sendPhoneRoute = sendRoute('phone', 'sendCustomerPhoneVerification');
export const confirmPhoneRoute = confirmRoute('phone', 'confirmCustomerPhoneVerification');
