/**
 * The issues of a failed ajv validation in the words and pointers of mcpgen's generated
 * validators (`{ path, message }`, a missing or unexpected property pointed at itself, an `enum`
 * naming its values): the mock compiles its validators with ajv in memory (validators.ts) and
 * answers as a scaffold does. Until issue 21 the generated validators were ajv's, worded by this
 * same code in their runtime.
 */
import type { ValidationIssue } from "./validators.js";

/** An ajv error, as `allErrors` collects them. */
export interface CompiledValidatorError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: { [key: string]: unknown };
  /** Set on the errors of a `propertyNames` schema: the property name that failed it. */
  propertyName?: string;
}

/** The issues of ajv's `errors`, a bare `propertyNames` error dropped where the errors of the name's schema say why. */
export function ajvIssues(errors: readonly CompiledValidatorError[]): ValidationIssue[] {
  const explained = new Set(errors.map((error) => error.propertyName).filter((name) => name !== undefined));
  return errors.filter((error) => !(error.keyword === "propertyNames" && explained.has(error.params["propertyName"] as string))).map(toIssue);
}

function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function toIssue(error: CompiledValidatorError): ValidationIssue {
  let path = error.instancePath;
  let message = error.keyword === "enum" || error.keyword === "const" ? allowedValuesMessage(error) : (error.message ?? errorMessage(error));
  // Point at the offending property itself rather than its parent object.
  // (`missingProperty` comes with `required` and with `dependentRequired`/`dependencies`.)
  const missing = error.params["missingProperty"];
  const additional = error.params["additionalProperty"] ?? error.params["unevaluatedProperty"];
  const badName = error.propertyName ?? (error.keyword === "propertyNames" ? error.params["propertyName"] : undefined);
  if (typeof missing === "string") {
    path = `${path}/${escapeToken(missing)}`;
    const dependency = error.params["property"];
    message = typeof dependency === "string" ? `is required when ${JSON.stringify(dependency)} is present` : "is required";
  } else if (typeof additional === "string") {
    path = `${path}/${escapeToken(additional)}`;
    message = "is not an allowed property";
  } else if (typeof badName === "string") {
    path = `${path}/${escapeToken(badName)}`;
    message = error.keyword === "propertyNames" ? "is not an allowed property name" : `is not an allowed property name (the name ${message})`;
  }
  return { path, message };
}
/** Allowed values named in an issue; the rest are counted. */
const ALLOWED_VALUES_SHOWN = 10;
/** Characters of one allowed value's JSON shown before it is cut. */
const ALLOWED_VALUE_CHARS = 60;

/**
 * `must be one of "metric", "imperial"` / `must be "fixed"`: the values an
 * `enum` or `const` allows, so that a person or a model can correct the call
 * without the schema at hand (ajv's "must be equal to one of the allowed
 * values" names none). Long lists and long values are cut, saying so.
 */
function allowedValuesMessage(error: CompiledValidatorError): string {
  const show = (value: unknown): string => {
    const json = JSON.stringify(value);
    const text = json === undefined ? String(value) : json;
    return text.length > ALLOWED_VALUE_CHARS ? `${text.slice(0, ALLOWED_VALUE_CHARS)}…` : text;
  };
  if (error.keyword === "const") return `must be ${show(error.params["allowedValue"])}`;
  const allowed = error.params["allowedValues"];
  if (!Array.isArray(allowed)) return errorMessage(error);
  if (allowed.length === 1) return `must be ${show(allowed[0])}`;
  const shown = allowed.slice(0, ALLOWED_VALUES_SHOWN).map(show).join(", ");
  const more = allowed.length - ALLOWED_VALUES_SHOWN;
  return more > 0 ? `must be one of ${shown}, … (${more} more)` : `must be one of ${shown}`;
}
/**
 * ajv's wording of an error, from its keyword and params: the compiled
 * validators leave the message out, which would otherwise be written into
 * them at every check (about a twelfth of their size).
 */
function errorMessage(error: CompiledValidatorError): string {
  const params = error.params;
  const param = (name: string) => String(params[name]);
  switch (error.keyword) {
    case "type":
      return `must be ${Array.isArray(params["type"]) ? params["type"].join(",") : param("type")}`;
    case "required":
      return `must have required property '${param("missingProperty")}'`;
    case "dependencies":
    case "dependentRequired":
      return `must have ${params["depsCount"] === 1 ? "property" : "properties"} ${param("deps")} when property ${param("property")} is present`;
    case "additionalProperties":
      return "must NOT have additional properties";
    case "unevaluatedProperties":
      return "must NOT have unevaluated properties";
    case "propertyNames":
      return "property name must be valid";
    case "maxLength":
    case "minLength":
      return `must NOT have ${error.keyword === "maxLength" ? "more" : "fewer"} than ${param("limit")} characters`;
    case "maxItems":
    case "minItems":
      return `must NOT have ${error.keyword === "maxItems" ? "more" : "fewer"} than ${param("limit")} items`;
    case "maxProperties":
    case "minProperties":
      return `must NOT have ${error.keyword === "maxProperties" ? "more" : "fewer"} than ${param("limit")} properties`;
    case "maximum":
    case "minimum":
    case "exclusiveMaximum":
    case "exclusiveMinimum":
      return `must be ${param("comparison")} ${param("limit")}`;
    case "multipleOf":
      return `must be multiple of ${param("multipleOf")}`;
    case "pattern":
      return `must match pattern "${param("pattern")}"`;
    case "format":
      return `must match format "${param("format")}"`;
    case "enum":
      return "must be equal to one of the allowed values";
    case "const":
      return "must be equal to constant";
    case "uniqueItems":
      return `must NOT have duplicate items (items ## ${param("j")} and ${param("i")} are identical)`;
    case "contains":
      return params["maxContains"] === undefined
        ? `must contain at least ${param("minContains")} valid item(s)`
        : `must contain at least ${param("minContains")} and no more than ${param("maxContains")} valid item(s)`;
    case "items":
    case "additionalItems":
    case "unevaluatedItems":
      return `must NOT have more than ${param("limit")} items`;
    case "anyOf":
      return "must match a schema in anyOf";
    case "oneOf":
      return "must match exactly one schema in oneOf";
    case "not":
      return "must NOT be valid";
    case "if":
      return `must match "${param("failingKeyword")}" schema`;
    case "false schema":
      return "boolean schema is false";
    default:
      return `must pass "${error.keyword}" keyword validation`;
  }
}
