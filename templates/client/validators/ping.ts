/** Stand-in for a generated tool validator module: `ping`, any object. */
import type { Check } from "../../validator-runtime.js";

export const input: Check = () => true;
