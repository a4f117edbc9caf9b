/** The raw-body JSON parser lives in platform/http (payment webhooks use it too). */
export { useRawJsonBody } from '../../platform/http/raw-body.js';
