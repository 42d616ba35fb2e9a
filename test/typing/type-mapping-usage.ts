// Type-level contract of the type mapping (type-checked by test/generated/typing.test.ts, never run).
import type { ArraysAndTuplesInput, CombinatorsInput, ObjectsInput, RefsInput, Tuples2020Input } from "../../golden/type-mapping/index.js";

export const arrays: ArraysAndTuplesInput = { mixedList: [{ a: "x" }, "s"], negatives: [-1], negativeEnum: [-1.5, -2], draft07Tuple: [1, 2] };
// @ts-expect-error an array of a union is not the union itself (server comments with brackets must not change that)
export const notAnArray: ArraysAndTuplesInput = { mixedList: { a: "x" } };
// @ts-expect-error a closed tuple has no third element
export const longTuple: ArraysAndTuplesInput = { draft07Tuple: [1, 2, 3] };

export const objects: ObjectsInput = { closed: { a: "x" }, empty: {}, typedMap: { k: 1 }, open: { anything: true } };
// @ts-expect-error a closed object without properties admits no property
export const notEmpty: ObjectsInput = { closed: { a: "x" }, empty: { x: 1 } };
// @ts-expect-error additionalProperties: false
export const extra: ObjectsInput = { closed: { a: "x", z: 1 } };

export const point: Tuples2020Input = { point: [1, 2] };
// @ts-expect-error minItems 2
export const shortPoint: Tuples2020Input = { point: [1] };

export const shape: CombinatorsInput = { shape: { kind: "circle", radius: 1 }, nullableString: null, both: { a: "x", b: 1 } };
// @ts-expect-error a discriminated oneOf branch needs its own properties
export const badShape: CombinatorsInput = { shape: { kind: "circle", side: 1 } };

export const tree: RefsInput = { tree: { value: "a", children: [{ value: "b", children: [] }] }, self: { tree: { value: "c" } } };
// @ts-expect-error recursive refs keep their types
export const badTree: RefsInput = { tree: { value: "a", children: [{ value: 1 }] } };
