// Deliberately wrong: proves the typing test's type-check can fail.
import type { GetWeatherOutput } from "../../golden/weather/index.js";

export const wrong: GetWeatherOutput = { temperature: "warm", conditions: "c", humidity: 1 };
