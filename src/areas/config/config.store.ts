/** The platform configuration: one document per tenant. */
import { defineDocument } from '../../store/spec.js';
import type { PlatformConfig } from './config.schemas.js';
import * as configSchemasModule from './config.schemas.js';
import { defaultConfig } from './config.service.js';
import { lazyModule } from '../../core/lazy-module.js';

/** Its schemas are built when a document is first read back or checked: a fresh tenant's first request needs none. */
const configSchemas = lazyModule(() => configSchemasModule);

declare module '../../store/spec.js' {
  interface TenantDocuments {
    config: PlatformConfig;
  }
}

export const configDocument = defineDocument('config', { schema: () => configSchemas().PlatformConfig, initial: ({ ids, nowIso }) => defaultConfig(ids, nowIso) });
