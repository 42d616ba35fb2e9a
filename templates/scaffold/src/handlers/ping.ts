/** A handler of the sample manifest's `ping` as a user writes one (not a template): the stand-in handlers.ts imports it. */
import { defineHandler } from "../generated/define.js";

export default defineHandler("ping", async () => "pong");
