import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
const ajv = new Ajv2020.default({ code: { source: true, esm: true, lines: true, optimize: 1 }, strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ type: "object", properties: { a: { type: "string", maxLength: 3, format: "date-time" }, b: { enum: [{x:1}, 2] }, c: {type:"array", uniqueItems: true}, u: {format: "uri", type: "string"}, e: {format:"email", type: "string"} }, required: ["a"] }, "t0");
ajv.addSchema({ type: "object", properties: { r: { $ref: "#/$defs/X" } }, $defs: { X: { type: "number" } } }, "t1");
console.log(standaloneCode.default(ajv, { t0: "t0", t1: "t1" }));
