import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { SignedRequestHeaders, SignedRetryChallenge } from '../wallet-auth/signed-request.schemas.js';
import { Customer, CustomerCreateRequest, CustomerList, CustomerListQuery, CustomerUpdateRequest, EndUserTerms } from './customers.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.customers];
const CustomerIdParam = z.object({ customerId: z.string().min(1).max(200).openapi({ param: { name: 'customerId', in: 'path' }, example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }) });

export const createCustomerRoute = createRoute({
  operationId: 'createCustomer',
  method: 'post',
  path: '/customers',
  tags,
  summary: 'Create a customer',
  description:
    'Creates an individual or business customer and its internal account(s). Every invalid field is reported at once in `details.errors`. A customer whose region is in contactVerificationRegions (the EEA by default) needs email and phoneNumber (400 MISSING_MANDATORY_USER_INFO) and gets contactVerification with both channels PENDING. An endUserTermsConsent naming an unknown version is 400 END_USER_TERMS_VERSION_NOT_FOUND.',
  request: { body: jsonBody(CustomerCreateRequest) },
  responses: { 201: jsonResponse(Customer, 'The new customer') },
});

export const getEndUserTermsRoute = createRoute({
  method: 'get',
  path: '/customers/end-user-terms',
  operationId: 'getEndUserTerms',
  tags,
  summary: 'Get the current End User Terms',
  description: 'The current version and the URL where the sandbox serves its text. Consents (endUserTermsConsent) name this version.',
  responses: { 200: jsonResponse(EndUserTerms, 'The current End User Terms') },
});

export const listCustomersRoute = createRoute({
  operationId: 'listCustomers',
  method: 'get',
  path: '/customers',
  tags,
  summary: 'List customers',
  description: 'Newest first, cursor-paginated.',
  request: { query: CustomerListQuery },
  responses: { 200: jsonResponse(CustomerList, 'A page of customers') },
});

export const getCustomerRoute = createRoute({
  operationId: 'getCustomerById',
  method: 'get',
  path: '/customers/{customerId}',
  tags,
  summary: 'Get a customer',
  request: { params: CustomerIdParam },
  responses: { 200: jsonResponse(Customer, 'The customer (deleted ones carry isDeleted: true)') },
});

export const updateCustomerRoute = createRoute({
  operationId: 'updateCustomerById',
  method: 'patch',
  path: '/customers/{customerId}',
  tags,
  summary: 'Update a customer',
  description:
    'Only the fields sent change. `customerType` must be sent and must match the customer. A changed email or phoneNumber of a customer under contact verification is PENDING again. Changing the e-mail of a customer whose embedded wallet has an EMAIL_OTP credential is a signed retry (202, then the identical request with Service-Wallet-Signature and Request-Id); the credential follows the new e-mail.',
  request: { params: CustomerIdParam, headers: SignedRequestHeaders, body: jsonBody(CustomerUpdateRequest) },
  responses: {
    200: jsonResponse(Customer, 'The updated customer'),
    202: jsonResponse(SignedRetryChallenge, 'Signed-retry challenge (e-mail tied to an EMAIL_OTP credential)'),
  },
});

export const deleteCustomerRoute = createRoute({
  operationId: 'deleteCustomerById',
  method: 'delete',
  path: '/customers/{customerId}',
  tags,
  summary: 'Delete a customer',
  description: 'Marks the customer deleted and closes its internal accounts. Deleting twice is 410.',
  request: { params: CustomerIdParam },
  responses: { 200: jsonResponse(Customer, 'The deleted customer') },
});
