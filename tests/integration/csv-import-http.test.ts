import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvImports } from "../../database/schema";
import { type ImportPreview, type ImportSummary } from "../../app/lib/csv-import/plan";
import { ADMIN_IMPORT_PATH, CSV_COLUMNS, CSV_MAX_BYTES } from "../../app/lib/csv-import/read";
import { importBatchSize } from "../../app/services/imports.server";
import { csvImportApp, fixture, venuesCsv } from "../setup/csv-import";
import { nonAdmins } from "../setup/guard-runner";

// The CSV import over HTTP (issues 12 and 21): the endpoint streams progress and the summary,
// a file of line breaks stops at the row limit while the server answers, non-admins are refused.

let { t, http, admin, close, counts, venuesNamed } = {} as Awaited<ReturnType<typeof csvImportApp>>;
beforeAll(async () => ({ t, http, admin, close, counts, venuesNamed } = await csvImportApp()), 120_000);
afterAll(() => close?.());

describe("CSV import over HTTP", () => {
  const post = (
    cookie: string | undefined,
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array },
  ) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("file", new Blob([new Uint8Array(file.bytes)], { type: "text/csv" }), file.name);
    return http.fetch(ADMIN_IMPORT_PATH, { method: "POST", body, cookie });
  };

  it("previews as JSON, then streams progress and the summary as NDJSON", async () => {
    const file = {
      name: "http.csv",
      bytes: new TextEncoder().encode(
        'name,description,location,region,category\r\n"Over, the Wire",Desc,"9 Net St, Boulder, Colorado 80302",Foothills,Barn\r\n',
      ),
    };
    const res = await post(admin.cookie, { intent: "preview" }, file);
    expect(res.status).toBe(200);
    const { preview } = (await res.json()) as { preview: ImportPreview };
    expect(preview.counts).toEqual({ add: 1, update: 0, skip: 0 });

    const imported = await post(admin.cookie, { intent: "import", token: preview.token }, file);
    expect(imported.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await imported.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; summary?: ImportSummary });
    expect(lines.map((l) => l.type)).toEqual(["progress", "progress", "summary"]);
    expect(lines[2]!.summary).toMatchObject({ imported: 1, warnings: [] });
  });

  it("sends each progress line as its batch commits, before the next batches are written", async () => {
    const batch = importBatchSize(t.database.kind);
    const total = 4 * batch;
    const file = venuesCsv("Streamed", total);
    const res = await post(admin.cookie, { intent: "preview" }, file);
    const { preview } = (await res.json()) as { preview: ImportPreview };
    const imported = await post(admin.cookie, { intent: "import", token: preview.token }, file);
    // Not held back in a compression buffer (the route says no-transform).
    expect(imported.headers.get("content-encoding")).toBeNull();
    const reader = imported.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    let seen: { done: number; venues: number; record: number } | null = null;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += chunk.value;
      const progress = text
        .split("\n")
        .slice(0, -1) // the lines read whole so far
        .map((l) => JSON.parse(l) as { type: string; done?: number; summary?: ImportSummary })
        .find((l) => l.type === "progress" && l.done! > 0);
      // The database as it stands when the first batch's line arrives.
      if (progress && !seen) {
        const [record] = await t.db.select().from(csvImports).where(eq(csvImports.fileName, file.name));
        seen = { done: progress.done!, venues: await venuesNamed("Streamed"), record: record!.importedRows };
      }
    }
    expect(seen).not.toBeNull();
    expect(seen!.done).toBe(batch);
    expect(seen!.venues).toBeLessThan(total);
    expect(seen!.record).toBe(seen!.venues);
    const last = JSON.parse(text.trim().split("\n").at(-1)!) as { summary: ImportSummary };
    expect(last.summary).toMatchObject({ imported: total });
    expect(await venuesNamed("Streamed")).toBe(total);
  });

  it("refuses 10 MB of line breaks at the row limit, and answers /healthz meanwhile", async () => {
    const header = `${CSV_COLUMNS.join(",")}\n`;
    const file = {
      name: "line-breaks.csv",
      // A byte under the limit: busboy cuts a file at the limit itself.
      bytes: new TextEncoder().encode(header + "\n".repeat(CSV_MAX_BYTES - 1 - header.length)),
    };
    // Asked while the preview is in flight; which answers first is up to the scheduler, so only
    // the answers are checked (a blocked event loop would time the health check out).
    const previewing = post(admin.cookie, { intent: "preview" }, file).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { error: string; detail: string },
    }));
    const health = await http.fetch("/healthz");
    expect(health.status).toBe(200);
    const preview = await previewing;
    expect(preview).toEqual({
      status: 422,
      body: {
        ok: false,
        error: "Failed to parse CSV file",
        detail: "The file has more than 10,000 rows: split it into smaller files.",
      },
    });
  });

  it("says 'Failed to parse CSV file' for a broken file and 'Upload failed' without one", async () => {
    const broken = await post(
      admin.cookie,
      { intent: "preview" },
      await fixture("missing-category-column.csv"),
    );
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ error: "Failed to parse CSV file" });
    const body = new FormData();
    body.append("intent", "preview");
    const none = await http.fetch(ADMIN_IMPORT_PATH, { method: "POST", body, cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: "Upload failed" });
  });

  it("refuses guests, users and venue managers before reading the file, and writes nothing", async () => {
    const before = await counts();
    const file = await fixture("excel-utf8-bom-crlf.csv");
    for (const [cookie, status] of await nonAdmins(t)) {
      const res = await post(cookie, { intent: "import", token: "x" }, file);
      expect(res.status).toBe(status);
      await res.body?.cancel();
    }
    expect(await counts()).toEqual(before);
  });
});
