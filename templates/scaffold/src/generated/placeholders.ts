/** What the emitter fills in for the placeholders of server.ts, as the sample manifest has it. */
export const SERVER_INFO = { name: "weather", version: "1.0.0" };

export const INSTRUCTIONS: string | undefined = "Ask for the weather by city.";
