/**
 * Every integration driver, one per type (driver.ts). The turn job and the test button find a
 * type's driver here; a type without one answers "not supported" rather than failing silently.
 */
import type { IntegrationDriver, IntegrationType } from './driver.js';
import { n8nDriver } from './n8n.js';
import { openaiDriver } from './openai.js';
import { paymentSlipDriver } from './payment-slip.js';
import { typebotDriver } from './typebot.js';

export const drivers: IntegrationDriver[] = [n8nDriver, openaiDriver, typebotDriver, paymentSlipDriver];

const typesOf = (d: IntegrationDriver): readonly IntegrationType[] => (Array.isArray(d.type) ? d.type : [d.type as IntegrationType]);

/** Test seam: a driver put first for its types (a fake in a test); the returned function removes it. */
export function useDriver(driver: IntegrationDriver): () => void {
  drivers.unshift(driver);
  return () => {
    const i = drivers.indexOf(driver);
    if (i >= 0) drivers.splice(i, 1);
  };
}

export function driverFor(type: IntegrationType): IntegrationDriver | null {
  return drivers.find((d) => typesOf(d).includes(type)) ?? null;
}
