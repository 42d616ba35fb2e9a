/**
 * `pull` bounds what a server can make it hold (issue 14, item 3): a gzip
 * bomb, an endless body and an endless stdout line stop at `--max-size`
 * with a clear error; a server that pages slowly forever stops at
 * `--max-time`; a stdio server's whole process group is stopped, so a
 * grandchild that ignores SIGTERM does not outlive the pull. Real servers
 * (plain HTTP on 127.0.0.1, real child processes); memory and time are
 * measured in this process, where the pull runs.
 */
import { readFileSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { boundedFetch, ResponseBudget } from "../../src/acquire/bounded-fetch.js";
import { McpgenError } from "../../src/shared/errors.js";
import { pull } from "../../src/commands/pull.js";
import { withinTimerRange, type LiveServerOptions } from "../../src/acquire/live-server.js";
import { observeTransport } from "../../src/acquire/observe-transport.js";
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { Secrets } from "../../src/acquire/sanitize.js";
import { runCli } from "../helpers/cli.js";
import { gzipBomb, hostileServer, peakMemoryGrowth, writeRepeatedly, type HostileServer } from "../helpers/hostile-servers.js";
import { fixture, readPid, tempDir } from "../helpers/pull.js";

const MB = 1024 * 1024;
/** Generous: the bomb alone would take gigabytes. */
const MEMORY_BOUND = 300 * MB;

const running: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(answer: Parameters<typeof hostileServer>[0]): Promise<HostileServer> {
  const server = await hostileServer(answer);
  running.push(server);
  return server;
}

/** A scratch directory holding one file of the user's; `out` inside it. What else is in it after the run is the question. */
async function scratch(prefix: string): Promise<{ root: string; out: string; others: () => Promise<string[]> }> {
  const root = await tempDir(prefix);
  await writeFile(join(root, "mine.txt"), "the user's\n");
  return { root, out: join(root, "out"), others: async () => (await readdir(root)).sort() };
}

async function pullError(options: Parameters<typeof pull>[0]): Promise<McpgenError> {
  const error = await pull(options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpgenError);
  return error as McpgenError;
}

/** True while `pid` runs; an exited process not yet reaped (a zombie, on Linux) does not. */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) [ZX] /s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

describe("pull over HTTP: the response size", () => {
  it("a 2 MB gzip answer inflating to 2 GB stops at --max-size, exit 1, with bounded memory", async () => {
    const server = await serve(async ({ id }, response, count) => {
      const bomb = gzipBomb(id, 2 * 1024 * MB);
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      count(bomb.head.length);
      response.write(bomb.head);
      await writeRepeatedly(response, bomb.member, bomb.members, count);
    });
    const { out, others } = await scratch("bomb");
    const { result, growth } = await peakMemoryGrowth(() => runCli(["pull", server.url.href, "--out", out]));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: ${server.url.href} (Streamable HTTP) sent more than 10 MB during tools/list: that is more than mcpgen reads from one server (after decompression), so mcpgen stopped reading\n  hint: if the server really lists that much, raise the limit with --max-size (e.g. --max-size 50MB, or "maxSize" in mcpgen.config.json)\n`,
    );
    expect(growth).toBeLessThan(MEMORY_BOUND);
    // mcpgen stopped reading: the server got through a small part of the bomb.
    expect(server.sent()).toBeLessThan(64 * MB);
    expect(await others()).toEqual(["mine.txt"]);
  });

  it("a 200 MB answer is not held whole, whatever the limit is set to", async () => {
    const chunk = Buffer.alloc(MB, "a");
    const server = await serve(async ({ id }, response, count) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"big","inputSchema":{"type":"object"},"description":"`);
      await writeRepeatedly(response, chunk, 200, count);
    });
    const { out, others } = await scratch("large");
    const { result: error, growth } = await peakMemoryGrowth(() => pullError({ target: server.url.href, outDir: out, maxResponseBytes: 3 * MB }));
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) sent more than 3 MB during tools\/list: /);
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(server.sent()).toBeLessThan(64 * MB);
    expect(await others()).toEqual(["mine.txt"]);
  });

  it("an answer streamed as endless server-sent events stops at the limit too", async () => {
    const event = Buffer.from(
      `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x".repeat(60_000) } })}\n\n`,
    );
    const server = await serve(async (_request, response, count) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      await writeRepeatedly(response, event, 100_000, count);
    });
    const { out, others } = await scratch("events");
    const { result: error, growth } = await peakMemoryGrowth(() =>
      pullError({ target: server.url.href, outDir: out, maxResponseBytes: 2 * MB, transport: "http" }),
    );
    expect(error.message).toContain("sent more than 2 MB during tools/list");
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(await others()).toEqual(["mine.txt"]);
  });
});

describe("the response budget", () => {
  const body = (bytes: number) => async () => new Response("a".repeat(bytes));

  it("reads a body of exactly the limit, and stops one byte past it, reporting once", async () => {
    const exceeded: unknown[] = [];
    const exact = new ResponseBudget(1000, (error) => exceeded.push(error));
    expect(await (await boundedFetch(exact, body(1000))("http://127.0.0.1/")).text()).toHaveLength(1000);
    expect(exceeded).toEqual([]);

    const over = new ResponseBudget(999, (error) => exceeded.push(error));
    await expect((await boundedFetch(over, body(1000))("http://127.0.0.1/")).text()).rejects.toBe(over.error);
    expect(exceeded).toEqual([over.error]);
    // Once over, nothing more is even asked for.
    await expect(boundedFetch(over, body(1))("http://127.0.0.1/")).rejects.toBe(over.error);
    expect(exceeded).toHaveLength(1);
  });

  it("counts every body of the pull together", async () => {
    const budget = new ResponseBudget(1500, () => {});
    const bounded = boundedFetch(budget, body(1000));
    expect(await (await bounded("http://127.0.0.1/")).text()).toHaveLength(1000);
    await expect((await bounded("http://127.0.0.1/")).text()).rejects.toBe(budget.error);
  });
});

describe("pull: the overall deadline", () => {
  it("a server answering one page at a time, forever, stops at --max-time (each page well within --timeout)", async () => {
    const server = await serve(async ({ id, cursor }, response) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const page = Number(cursor ?? 0) + 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ jsonrpc: "2.0", id, result: { tools: [{ name: `tool_${page}`, inputSchema: { type: "object" } }], nextCursor: String(page) } }),
      );
    });
    const { out, others } = await scratch("slow");
    const result = await runCli(["pull", server.url.href, "--out", out, "--timeout", "5", "--max-time", "1.5"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) had not finished after 1\.5 s, the most mcpgen waits for one server; it was at tools\/list \(page \d+\)\n  hint: raise --max-time \(or "maxTime" in mcpgen\.config\.json\) if the server is only slow; a server that pages forever never finishes\n$/,
    );
    // Stopped at the deadline (the message says so), not after 500 pages (or 500 × --timeout).
    expect(await others()).toEqual(["mine.txt"]);
  });

  it("a pull stopped during the server/discover probe gives the probe up: its request is not left open (with the process) until --timeout", async () => {
    let dropped!: () => void;
    const givenUp = new Promise<string>((resolve) => (dropped = () => resolve("given up")));
    // Never answers; says when mcpgen drops the request.
    const http = createServer((_request, response) => response.on("close", () => dropped()));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    try {
      const target = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      const error = await pullError({ target, outDir: (await scratch("probe-given-up")).out, timeoutMs: 100_000, maxTimeMs: 500 });
      expect(error.message).toMatch(/had not finished after 0\.5 s, the most mcpgen waits for one server; it was at server\/discover\n/);
      const bound = new Promise((resolve) => setTimeout(resolve, 10_000, "still open").unref()); // far below the 100 s the probe would wait
      expect(await Promise.race([givenUp, bound])).toBe("given up");
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it("a --timeout longer than a timer can wait (about 25 days) is a long wait, not none", async () => {
    const server = await serve(({ id }, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ jsonrpc: "2.0", id, result: { tools: [{ name: "t", inputSchema: { type: "object" } }] } }));
    });
    const { out } = await scratch("long-timeout");
    // Node fires a timer of more than 2^31 - 1 ms at once: every request timed out ("did not answer within 3000000 s").
    const result = await runCli(["pull", server.url.href, "--out", out, "--timeout", "3000000", "--login-timeout", "3000000"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("a login timeout longer than a timer can wait is that longest wait too (the CLI run above needs no login)", () => {
    const longest = 2 ** 31 - 1;
    const options = { timeoutMs: 3_000_000_000, secrets: new Secrets(), oauth: { loginTimeoutMs: 3_000_000_000 } } as unknown as LiveServerOptions;
    const bounded = withinTimerRange(options);
    expect(bounded.timeoutMs).toBeLessThan(longest);
    expect(bounded.oauth?.loginTimeoutMs).toBe(longest);
    // Timeouts within range are left as they are.
    expect(withinTimerRange({ ...options, timeoutMs: 30_000, oauth: { loginTimeoutMs: 300_000 } } as unknown as LiveServerOptions)).toMatchObject({
      timeoutMs: 30_000,
      oauth: { loginTimeoutMs: 300_000 },
    });
  });

  it("the client's view of an observed transport keeps the handlers it sets as they are, and records each message once", async () => {
    const [mine, theirs] = InMemoryTransport.createLinkedPair();
    const attempt = { transport: "stdio", phase: "initialize", timeoutMs: 1000 } as unknown as Parameters<typeof observeTransport>[1];
    const { transport: view } = observeTransport(mine, attempt, new Set(["tools/list"]));
    const onclose = () => undefined;
    view.onclose = onclose;
    // The SDK restores a handler only if it finds the very function it put there.
    expect(view.onclose).toBe(onclose);
    expect(view.send).toBe(view.send);
    const received: unknown[] = [];
    view.onmessage = (message) => received.push(message);
    await view.start();
    await theirs.start();
    await theirs.send({ jsonrpc: "2.0", method: "notifications/message", params: {} });
    expect(received).toHaveLength(1);
    expect(attempt.received).toBe(1);
  });

  it("--max-time and --max-size are checked as usage", async () => {
    for (const [flag, value] of [
      ["--max-time", "soon"],
      ["--max-size", "lots"],
      ["--max-size", "0"],
    ]) {
      const result = await runCli(["pull", "http://127.0.0.1:9/mcp", "--out", "never", flag!, value!]);
      expect(result.code, `${flag} ${value}`).toBe(2);
      expect(result.stderr).toContain(`option '${flag} <`);
    }
  });
});

describe("pull over HTTP: an answer that is not JSON-RPC", () => {
  it("an event stream whose data is not JSON is reported as that at once, not as a timeout", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end("event: message\ndata: {not json\n\n");
    });
    const { out } = await scratch("http-sse-garbage");
    const error = await pullError({ target: server.url.href, outDir: out, timeoutMs: 20_000 });
    // The fault ends it, not the 20 s deadline: the error is the fault's.
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) answered tools\/list with event data that is not JSON \(/);
    expect(error.diagnostic.code).toBe("input-shape");
  });

  it.each(["ends", "is cut off"])(
    "an event stream that %s before its answer (no event ids to resume from) is reported at once, not as a timeout",
    async (how) => {
      const server = await serve((_request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write('event: message\ndata: {"jsonrpc":"2.0",');
        setTimeout(() => (how === "ends" ? response.end() : response.destroy()), 50);
      });
      const error = await pullError({ target: server.url.href, outDir: (await scratch("http-sse-cut")).out, timeoutMs: 20_000 });
      expect(error.message).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) answered tools\/list with an event stream that ended before the answer\n/,
      );
    },
  );

  it.each([
    [
      "a body that is not the gzip it says it is",
      (response: ServerResponse) => response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end("not gzip"),
      "a body that does not decompress as its Content-Encoding says (incorrect header check)",
    ],
    [
      "a chunk size that is no number",
      (response: ServerResponse) => response.socket?.end("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n"),
      "bytes that are not HTTP/1.1 (Invalid character in chunk size)",
    ],
  ] as const)("an answer fetch cannot read (%s) says what was wrong with it, where it said 'terminated'", async (_what, answer, said) => {
    const server = await serve((_request, response) => void answer(response));
    const error = await pullError({ target: server.url.href, outDir: (await scratch("http-malformed")).out, timeoutMs: 20_000 });
    expect(error.message).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:\\d+/mcp \\(Streamable HTTP\\) answered tools/list with ${said.replace(/[()]/g, "\\$&")}\\n  hint: the server, or a proxy in front of it, sent an answer HTTP clients cannot read`,
      ),
    );
  });

  it("event data that is JSON but no JSON-RPC message too", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end('event: message\ndata: {"hello":"world"}\n\n');
    });
    const error = await pullError({ target: server.url.href, outDir: (await scratch("http-sse-nonrpc")).out, timeoutMs: 20_000 });
    expect(error.message).toMatch(/answered tools\/list with event data that is JSON but not a JSON-RPC message/);
  });
});

describe("pull over HTTP: an answer with an id mcpgen never sent", () => {
  it("is ignored, as JSON-RPC has it: the real answer after it is the one read", async () => {
    const server = await serve(({ id }, response) => {
      const event = (message: object) => `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", ...message })}\n\n`;
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(
        event({ id: "never-sent", result: { tools: [{ name: "stray", inputSchema: { type: "object" } }] } }) +
          event({ id, result: { tools: [{ name: "real", inputSchema: { type: "object" } }] } }),
      );
    });
    const result = await pull({ target: server.url.href, outDir: (await scratch("http-stray-first")).out, timeoutMs: 20_000 });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["real"]);
  });

  it("when it is the only answer, the timeout says so", async () => {
    const server = await serve((_request, response) => {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ jsonrpc: "2.0", id: 999, error: { code: -32600, message: "Invalid request" } }));
    });
    const error = await pullError({ target: server.url.href, outDir: (await scratch("http-stray-only")).out, timeoutMs: 500 });
    expect(error.message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) did not answer tools\/list within 0\.5 s: it answered with the id 999, which mcpgen never sent, an error: Invalid request\n  hint: a JSON-RPC answer carries the id of the request it answers/,
    );
  });
});

describe("pull over stdio: what a server can make it hold, and what it leaves running", () => {
  it("an answer over --max-size is reported as too large, not as something that is not JSON-RPC", async () => {
    const { root, out, others } = await scratch("stdio-huge");
    const pidFile = join(root, "pid");
    const { result: error, growth } = await peakMemoryGrowth(() =>
      pullError({
        command: [process.execPath, fixture("scripted-server.mjs"), "huge-page"],
        env: [`PID_FILE=${pidFile}`, `HUGE_BYTES=${8 * MB}`],
        outDir: out,
        maxResponseBytes: 2 * MB,
      }),
    );
    expect(error.message).toMatch(/ \(stdio\) sent more than 2 MB during tools\/list: that is more than mcpgen reads from one server/);
    expect(error.message).not.toContain("not a JSON-RPC message");
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(runs(await readPid(pidFile))).toBe(false);
    expect(await others()).toEqual(["mine.txt", "pid"]);
  });

  it("a grandchild that ignores SIGTERM does not outlive a pull that succeeded", async () => {
    const { root, out } = await scratch("grandchild");
    const grandchildFile = join(root, "grandchild");
    const result = await pull({
      command: [process.execPath, fixture("scripted-server.mjs"), "grandchild"],
      env: [`GRANDCHILD_PID_FILE=${grandchildFile}`],
      outDir: out,
      timeoutMs: 10_000,
    });
    expect(result.server.tools).toBe(1);
    expect(runs(await readPid(grandchildFile))).toBe(false);
  });

  it("nor one that failed: a server that never answers is stopped with everything it started", async () => {
    const { root, out, others } = await scratch("grandchild-silent");
    const grandchildFile = join(root, "grandchild");
    const error = await pullError({
      command: [process.execPath, fixture("scripted-server.mjs"), "grandchild-silent"],
      env: [`GRANDCHILD_PID_FILE=${grandchildFile}`],
      outDir: out,
      timeoutMs: 2_000,
    });
    // It answered the server/discover probe (with "method not found", as a 2025-era server does), then not initialize.
    expect(error.message).toContain("(stdio) did not answer initialize within 2 s");
    expect(runs(await readPid(grandchildFile))).toBe(false);
    expect(await others()).toEqual(["grandchild", "mine.txt"]);
  });
});

describe("pull in a project: maxTime and maxSize", () => {
  it("a target's maxSize applies to its pull", async () => {
    const chunk = Buffer.alloc(MB, "a");
    const server = await serve(async ({ id }, response, count) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"big","inputSchema":{"type":"object"},"description":"`);
      await writeRepeatedly(response, chunk, 40, count);
    });
    const root = await tempDir("project-size");
    await mkdir(join(root, "src"));
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "big", server: server.url.href, out: "src/big", maxSize: "1MB", maxTime: 20 }] }),
    );
    const result = await runCli(["pull"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("sent more than 1 MB during tools/list");
    expect((await readdir(root)).sort()).toEqual(["mcpgen.config.json", "src"]);
    expect(await readdir(join(root, "src"))).toEqual([]);
  });
});
