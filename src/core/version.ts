/** The API version this sandbox serves: the last segment of the base URL and the OpenAPI document's version. */
export const API_VERSION = '2025-10-13';
export const API_BASE_PATH = `/${API_VERSION}`;
export const ADMIN_BASE_PATH = '/__admin';
