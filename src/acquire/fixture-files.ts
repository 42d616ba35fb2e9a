/**
 * Reads a fixtures folder of `mcpgen mock` (`--fixtures`): every `*.json`
 * file at its top (a symbolic link as the file it points to), but `manifest.json` (the snapshot a recording writes
 * beside its fixtures), in code-point order of the names, each parsed as
 * JSON, the keys its text gives twice found. What a fixture is, is the mock's
 * business (src/mock/fixtures.ts).
 * Synchronous: the in-process mock client reads its fixtures as it is made.
 */
import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { userError } from "../shared/errors.js";
import { findDuplicateKeys, readJsonFileSync, unreadableReason, type JsonFileKind } from "../shared/json-file.js";
import type { DuplicateKey } from "../shared/json-syntax.js";
import { MANIFEST_FILE } from "../shared/output-names.js";

/** A fixture file, to the messages about it. */
const FIXTURE_FILE: JsonFileKind = {
  name: "the fixture file",
  unreadableHint: "every *.json file of the fixtures folder but manifest.json is read as fixtures: make it readable, or move it out of the folder",
  syntaxHint: "a fixture file is JSON (docs/mock.md)",
  // A link in the folder to a pipe or a device (/dev/zero, a FIFO): reading it would block until a writer came, or never end.
  filesOnly: true,
};

export interface FixtureDocument {
  /** The file's path, as messages name it. */
  path: string;
  document: unknown;
  /** The keys its text gives twice in one object (the document has kept the last of each). */
  duplicates: DuplicateKey[];
}

/** The JSON documents of the folder's fixture files. A missing folder or a file that is not JSON is an error naming it. */
export function readFixtureFolder(dir: string): FixtureDocument[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      // A symbolic link is read as the file it points to (fixtures shared between folders); one that points nowhere,
      // or to a directory, is an error naming it, as an unreadable file is.
      .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(".json") && entry.name !== MANIFEST_FILE)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw userError(
      "input-unreadable",
      `cannot read the fixtures folder: ${code === "ENOENT" ? "no such directory" : code === "ENOTDIR" ? "it is a file, not a directory" : unreadableReason(error)}`,
      {
        file: dir,
        hint: "give a folder of fixture files (*.json), such as one mcpgen mock --record wrote",
      },
    );
  }
  return entries.map((entry) => {
    const path = join(dir, entry.name);
    const { document, text } = readJsonFileSync(path, FIXTURE_FILE);
    return { path, document, duplicates: findDuplicateKeys(text, FIXTURE_FILE) };
  });
}

/**
 * The JSON document of one fixture file, or undefined where there is none or it cannot be read as JSON: a recording
 * reads what an earlier one wrote there, and writes the file anew where it cannot.
 */
export function readFixtureFileIfAny(path: string): unknown {
  try {
    return readJsonFileSync(path, FIXTURE_FILE).document;
  } catch {
    return undefined;
  }
}
