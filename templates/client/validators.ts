/**
 * Template of the generated `validators.ts`, the validators ajv compiles
 * from each manifest: the `emitted` region is the type every one of them is
 * exported with. The file is ajv's code, written as it is (never
 * formatted), and so is the region. Below it, hand-written validators of the
 * sample manifest's schemas (types.ts), with the errors ajv's would report.
 */
// prettier-ignore
// #region emitted
/** A compiled validator: true when the data is valid; otherwise its errors property says why (ajv's error objects, less the message: errorMessage in runtime.ts words it). */
export type Validator = {
  (data: unknown): boolean;
  errors?: ReadonlyArray<{ instancePath: string; keyword: string; message?: string; params: { [key: string]: unknown }; propertyName?: string }> | null;
};
// #endregion

type ValidatorError = NonNullable<Validator["errors"]>[number];

/** A validator from a function listing the errors of a value (none: valid). */
function validator(check: (data: unknown) => ValidatorError[]): Validator {
  const validate: Validator = (data) => {
    const errors = check(data);
    validate.errors = errors.length === 0 ? null : errors;
    return errors.length === 0;
  };
  return validate;
}

const isObject = (data: unknown): data is { [key: string]: unknown } =>
  typeof data === "object" && data !== null && !Array.isArray(data);

/** `get_weather`'s inputSchema: `city` required, a string; `units`, "metric" or "imperial". */
export const input0: Validator = validator((data) => {
  if (!isObject(data)) return [];
  if (data["city"] === undefined)
    return [
      {
        instancePath: "",
        keyword: "required",
        params: { missingProperty: "city" },
      },
    ];
  if (typeof data["city"] !== "string")
    return [
      { instancePath: "/city", keyword: "type", params: { type: "string" } },
    ];
  if (
    data["units"] !== undefined &&
    data["units"] !== "metric" &&
    data["units"] !== "imperial"
  )
    return [
      {
        instancePath: "/units",
        keyword: "enum",
        params: { allowedValues: ["metric", "imperial"] },
      },
    ];
  return [];
});

/** `get_weather`'s outputSchema: `temperature` required, a number. */
export const output0: Validator = validator((data) =>
  isObject(data) && typeof data["temperature"] === "number"
    ? []
    : [
        {
          instancePath: "",
          keyword: "required",
          params: { missingProperty: "temperature" },
        },
      ],
);

/** `ping`'s inputSchema: any object. */
export const input1: Validator = validator(() => []);
