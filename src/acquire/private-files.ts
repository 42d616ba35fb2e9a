/**
 * Files of mcpgen's own under the user's config directory (logins, trusted
 * project configurations): readable by the user alone (mode 0600 in a 0700
 * directory) and replaced atomically, a temporary sibling then a rename. A
 * directory that others may enter or write to is tightened to 0700 before
 * anything in it is read or written; one owned by another user is refused
 * (its files could be anyone's, and mcpgen may not change its mode).
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";

/**
 * Makes sure `directory` is the user's alone before mcpgen trusts what is in
 * it: tightened to 0700 when it is theirs and others may enter or write to
 * it (a 0600 file in a world-writable directory can still be replaced or
 * deleted by anyone); an error when another user owns it. False when it does
 * not exist. No modes on Windows.
 */
export async function makePrivate(directory: string): Promise<boolean> {
  let info;
  try {
    info = await stat(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  if (!info.isDirectory()) throw new Error(`${directory} is not a directory`);
  if (process.platform === "win32" || typeof process.getuid !== "function") return true;
  if (info.uid !== process.getuid()) {
    throw new Error(
      `the directory ${directory} belongs to another user (uid ${info.uid}), so mcpgen does not use it: remove it, or set MCPGEN_CONFIG_DIR to a directory of yours`,
    );
  }
  if ((info.mode & 0o077) !== 0) await chmod(directory, 0o700);
  return true;
}

/** Writes `text` to `path` in the private directory `directory` (made so first), atomically, mode 0600. */
export async function writePrivateFile(directory: string, path: string, text: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await makePrivate(directory);
  const temp = `${path}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text, { encoding: "utf8", mode: 0o600, flag: "wx" });
    // The mode given to writeFile passes through the umask; make sure of it.
    await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
