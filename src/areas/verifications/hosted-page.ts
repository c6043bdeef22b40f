/**
 * The page behind a KYC link, served by the sandbox itself: plain HTML, no
 * script, every value escaped by hono's html template.
 */
import { html, raw } from 'hono/html';
import type { FieldError } from '../../core/errors.js';
import { DOCUMENT_TYPES } from '../documents/documents.schemas.js';
import { HOSTED_FIELDS, type HostedView } from './hosted-flow.service.js';
import type { Verification } from './verifications.schemas.js';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f6f8; color: #1c2330; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px; }
  label { display: block; margin-top: .75rem; font-weight: 600; }
  input, select { width: 100%; padding: .5rem; font: inherit; border: 1px solid #8a93a3; border-radius: 4px; box-sizing: border-box; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font: inherit; background: #1f4fd1; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  .errors { background: #fdecec; border-left: 4px solid #b3261e; padding: .5rem 1rem; }
  .status { font-size: 1.25rem; font-weight: 700; }
  small { color: #4a5364; }`;

function page(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main></body>
</html>`;
}

function valueAt(record: object, path: string): string {
  const value = path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);
  return typeof value === 'string' ? value : '';
}

function errorList(errors: FieldError[]) {
  if (errors.length === 0) return '';
  return html`<div class="errors" role="alert"><p>Please fix:</p><ul>${errors.map((e) => html`<li>${e.field}: ${e.message ?? 'invalid'}</li>`)}</ul></div>`;
}

export function formPage(view: HostedView, token: string, errors: FieldError[] = [], verification?: Verification) {
  const { customer } = view;
  const name = customer.customerType === 'INDIVIDUAL' ? customer.fullName ?? 'you' : customer.businessInfo.legalName;
  const identity = customer.customerType === 'INDIVIDUAL';
  const types = identity ? ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] : DOCUMENT_TYPES.filter((t) => !['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'SELFIE'].includes(t));
  const missing = verification?.errors ?? [];
  return page(
    'Verify your identity',
    html`<h1>Verify ${name}</h1>
<p><small>Sandbox verification page. Completing it submits the verification exactly as <code>POST /verifications</code> would.</small></p>
${errorList(errors)}
${missing.length > 0 ? html`<div class="errors" role="alert"><p>Still needed:</p><ul>${missing.map((e) => html`<li>${e.field ?? e.type}: ${e.reason}</li>`)}</ul></div>` : ''}
<form method="post" enctype="multipart/form-data">
${HOSTED_FIELDS[customer.customerType].map(([path, label]) => html`<label for="${path}">${label}</label><input id="${path}" name="${path}" value="${valueAt(customer, path)}">`)}
<label for="documentType">Document type</label>
<select id="documentType" name="documentType">${types.map((t) => html`<option value="${t}">${t}</option>`)}</select>
<label for="documentCountry">Issuing country (two-letter code)</label><input id="documentCountry" name="documentCountry" value="US">
<label for="file">Document (JPEG, PNG or PDF)</label><input id="file" name="file" type="file" accept="image/jpeg,image/png,application/pdf">
${view.documents.length > 0 ? html`<p>Documents on file: ${view.documents.map((d) => `${d.documentType} (${d.fileName})`).join(', ')}</p>` : ''}
${identity ? '' : html`<p>Beneficial owners: ${view.owners.length > 0 ? view.owners.map((o) => `${o.name} (${o.kycStatus})`).join(', ') : 'none yet; add them with POST /beneficial-owners'}</p>`}
<button type="submit">Submit verification</button>
</form>`,
  );
}

export function resultPage(verification: Verification, redirectUri: string | undefined) {
  const back = redirectUri ? `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}status=${verification.verificationStatus}` : undefined;
  return page(
    'Verification submitted',
    html`<h1>Verification submitted</h1>
<p class="status" role="status">${verification.verificationStatus}</p>
<p><small>${verification.id}</small></p>
${back ? html`<p><a href="${back}">Return to the app</a></p>` : ''}`,
  );
}

export function closedPage(message: string) {
  return page('Verification link', html`<h1>Verification link</h1><p role="alert">${message}</p>`);
}
