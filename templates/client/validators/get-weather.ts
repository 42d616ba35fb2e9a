/**
 * Stand-in for a generated tool validator module (`validators/<file>.ts`),
 * for the templates beside it: `get_weather` of the sample manifest
 * (types.ts), hand-written the way mcpgen writes them.
 */
import { f, fR, fT, h, N, O, S, type Check } from "../../validator-runtime.js";

/** `city` required, a string; `units`, "metric" or "imperial". */
export const input: Check = (d, p, e) => {
  if (!O(d)) return !fT(e, p, "object") && !0;
  if (h(d, "city")) {
    if (!S(d["city"]) && fT(e, p + "/city", "string")) return !1;
  } else if (fR(e, p + "/city")) return !1;
  if (h(d, "units")) {
    const units = d["units"];
    if (
      units !== "metric" &&
      units !== "imperial" &&
      f(e, p + "/units", 'must be one of "metric", "imperial"')
    )
      return !1;
  }
  return !0;
};

/** `temperature` required, a number. */
export const output: Check = (d, p, e) => {
  if (!O(d)) return !fT(e, p, "object") && !0;
  if (h(d, "temperature")) {
    if (!N(d["temperature"]) && fT(e, p + "/temperature", "number")) return !1;
  } else if (fR(e, p + "/temperature")) return !1;
  return !0;
};
