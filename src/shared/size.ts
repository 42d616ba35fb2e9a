/** Sizes as users write them (`--max-size`, `maxSize` in mcpgen.config.json). Imports nothing: the CLI parses its flags with it. */

const UNITS: Readonly<Record<string, number>> = { "": 1, b: 1, k: 2 ** 10, kb: 2 ** 10, m: 2 ** 20, mb: 2 ** 20, g: 2 ** 30, gb: 2 ** 30 };

/** `10MB`, `512KB`, `1.5GB` or a number of bytes (binary units: 1 MB is 1,048,576 bytes); undefined when not a size above 0. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?b?)$/i.exec(text.trim());
  const bytes = match === null ? NaN : Math.floor(Number(match[1]) * UNITS[match[2]!.toLowerCase()]!);
  return bytes >= 1 ? bytes : undefined;
}
