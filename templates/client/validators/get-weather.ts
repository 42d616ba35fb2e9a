/**
 * Stand-in for a generated tool validator module (`validators/<file>.ts`),
 * for the templates beside it: `get_weather` of the sample manifest
 * (types.ts), hand-written the way mcpgen writes them (laid out here).
 */
import { fE, fR, fT, N, O, P, S, type Check } from "../../validator-runtime.js";

const units = ["metric", "imperial"];

/** `city` required, a string; `units`, "metric" or "imperial". */
export const input: Check = (d, p, e, _a, x1) =>
  O(d)
    ? ((x1 = P(d, d.city)) === void 0
        ? fR(e, p, "/city")
        : S(x1) || fT(e, 0, p, "/city")) &&
      ((x1 = d.units) === void 0 ||
        (S(x1)
          ? units.includes(x1) || fE(e, units, p, "/units")
          : fT(e, 0, p, "/units")))
    : fT(e, 5, p);

/** `temperature` required, a number. */
export const output: Check = (d, p, e, _a, x1) =>
  O(d)
    ? (x1 = P(d, d.temperature)) === void 0
      ? fR(e, p, "/temperature")
      : N(x1) || fT(e, 1, p, "/temperature")
    : fT(e, 5, p);
