/** The platform configuration: one document per tenant. */
import { defineDocument } from '../../store/spec.js';
import { PlatformConfig } from './config.schemas.js';
import { defaultConfig } from './config.service.js';

declare module '../../store/spec.js' {
  interface TenantDocuments {
    config: PlatformConfig;
  }
}

export const configDocument = defineDocument('config', { schema: PlatformConfig, initial: ({ ids, nowIso }) => defaultConfig(ids, nowIso) });
