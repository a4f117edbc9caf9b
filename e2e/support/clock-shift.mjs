// Journeys only, loaded into a server with NODE_OPTIONS=--import (startServer's `clockShiftMs`):
// on SIGUSR2 this process's clock jumps forward by PROSA_E2E_CLOCK_SHIFT_MS, as if that much time
// had passed since the demo data was written (a plan's due date, invoices). `new Date()` and
// `Date.now()` follow; timers, the database's now() and the browser do not.
import process from 'node:process';

const shift = Number(process.env.PROSA_E2E_CLOCK_SHIFT_MS ?? 0);
let offset = 0;
const RealDate = Date;
function ShiftedDate(...args) {
  if (!new.target) return new RealDate(RealDate.now() + offset).toString();
  return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => RealDate.now() + offset;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;
process.on('SIGUSR2', () => {
  offset = shift;
});
