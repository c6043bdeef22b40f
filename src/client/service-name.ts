/**
 * The identifiers a sandbox started with --service-name speaks (the spec's
 * `Service` by default): what a client names its headers and reads its
 * fields by.
 */
import { DEFAULT_SERVICE_NAME, ServiceName, type NamedIdentifiers } from '../core/service-name.js';

export type ServiceIdentifiers = NamedIdentifiers & { name: string };

/** `serviceIdentifiers('Acme').walletSignatureHeader` is `Acme-Wallet-Signature`; throws for a name a sandbox would refuse. */
export function serviceIdentifiers(serviceName: string = DEFAULT_SERVICE_NAME): ServiceIdentifiers {
  const names = new ServiceName(serviceName);
  return {
    name: names.name,
    walletSignatureHeader: names.walletSignatureHeader,
    webhookSignatureHeader: names.webhookSignatureHeader,
    operationsStatusField: names.operationsStatusField,
    switchErrorCode: names.switchErrorCode,
    operationsNotEnabledCode: names.operationsNotEnabledCode,
  };
}

/** The two headers of a signed retry: the stamp (stampPayload) under the service's header name, and the challenge's requestId. */
export function signedRetryHeaders(stamp: string, requestId: string, serviceName: string = DEFAULT_SERVICE_NAME): Record<string, string> {
  return { [serviceIdentifiers(serviceName).walletSignatureHeader]: stamp, 'Request-Id': requestId };
}
